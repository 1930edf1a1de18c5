import { useTranslation } from "react-i18next";
import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import { Flex, Progress, Typography, theme } from "antd";
import { PASSWORD_RULES, passwordStrength, type PasswordStrength } from "../../../contracts/password";

const METER: Record<PasswordStrength, { percent: number; color: "colorError" | "colorWarning" | "colorSuccess" }> = {
  weak: { percent: 33, color: "colorError" },
  medium: { percent: 66, color: "colorWarning" },
  strong: { percent: 100, color: "colorSuccess" },
};

/** The spec's strength meter; shared by every screen that sets a password. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const strength = passwordStrength(password);
  const meter = METER[strength];
  return (
    <Flex align="center" gap={8} data-testid="password-strength" data-strength={password ? strength : "none"}>
      <Progress
        percent={password ? meter.percent : 0}
        showInfo={false}
        strokeColor={token[meter.color]}
        size="small"
        style={{ flex: 1, margin: 0 }}
        aria-label={t("password.strength.label")}
      />
      <Typography.Text type="secondary" style={{ minWidth: 64, textAlign: "right", fontSize: 12 }}>
        {password ? t(`password.strength.${strength}`) : ""}
      </Typography.Text>
    </Flex>
  );
}

/** The live requirements checklist: each rule ticks as the password meets it. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div aria-live="polite" data-testid="password-checklist" style={{ marginBottom: 16 }}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {t("password.checklist.title")}
      </Typography.Text>
      <ul style={{ listStyle: "none", padding: 0, margin: "4px 0 0" }}>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} data-met={met} style={{ fontSize: 12, color: met ? token.colorSuccess : token.colorTextSecondary }}>
              {met ? <CheckCircleFilled /> : <CloseCircleOutlined />} {t(`password.checklist.${rule.id}`)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
