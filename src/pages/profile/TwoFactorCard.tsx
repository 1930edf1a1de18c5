import { useState } from "react";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Flex, Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { disableTwoFactorBody, type TwoFactorSetup, type TwoFactorStatus } from "../../../contracts/two-factor";
import { meApi } from "../../api/me";
import { EnrolmentSecret, RecoveryCodes } from "../../components/auth/RecoveryCodes";
import { StateTag } from "../../components/common/StateTag";
import { useFormSubmit, zodRules } from "../../components/form";
import { formatDateTime } from "../../lib/dates";
import { toast, TOAST_LIFE } from "../../lib/toast";

const RULES = zodRules(disableTwoFactorBody.shape);

type Mode = "idle" | "enrol" | "disable" | "regenerate";

/**
 * The profile's two-factor sign-in: set up with an authenticator app (the QR
 * code and the key, confirmed with a first code; the recovery codes shown
 * once), new recovery codes, turned off with the password and a code.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: TwoFactorStatus }>({ url: meApi.twoFactorPath, method: "get" });
  const status = result.data?.data;
  const [mode, setMode] = useState<Mode>("idle");
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const close = async () => {
    setMode("idle");
    setSetup(null);
    await query.refetch();
  };
  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      setSetup(await meApi.startTwoFactor());
      setMode("enrol");
    } catch (failure) {
      setStartError(failure instanceof Error ? failure.message : null);
    } finally {
      setStarting(false);
    }
  };
  const done = (message: string, fresh?: string[]) => {
    toast("success", t("twoFactor.title"), message, TOAST_LIFE.long);
    if (fresh) setCodes(fresh);
    void close();
  };

  const body = () => {
    if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
    if (mode === "enrol" && setup)
      return (
        <>
          <Typography.Paragraph>{t("twoFactor.scan")}</Typography.Paragraph>
          <EnrolmentSecret qrCode={setup.qr_code} secret={setup.secret} />
          <CodeForm label={t("twoFactor.codeLabel")} submitLabel={t("twoFactor.confirm")} onCancel={() => void close()} submit={async ({ code }) => {
            const reply = await meApi.enableTwoFactor(setup.enrolment, code);
            done(reply.message, reply.data.recovery_codes);
          }} />
        </>
      );
    if (mode === "disable")
      return (
        <>
          <Typography.Paragraph strong>{t("twoFactor.disableTitle")}</Typography.Paragraph>
          <CodeForm withPassword danger label={t("twoFactor.codeOrRecovery")} submitLabel={t("twoFactor.disable")} onCancel={() => setMode("idle")} submit={async ({ code, password }) => {
            done((await meApi.disableTwoFactor(password ?? "", code)).message);
          }} />
        </>
      );
    if (mode === "regenerate")
      return (
        <>
          <Typography.Paragraph>{t("twoFactor.regenerateExplain")}</Typography.Paragraph>
          <CodeForm label={t("twoFactor.codeOrRecovery")} submitLabel={t("twoFactor.make")} onCancel={() => setMode("idle")} submit={async ({ code }) => {
            const reply = await meApi.newRecoveryCodes(code);
            done(reply.message, reply.data.recovery_codes);
          }} />
        </>
      );
    if (!status) return null;
    if (!status.enabled)
      return (
        <>
          <Typography.Paragraph>{t("twoFactor.explain")}</Typography.Paragraph>
          {status.required && <Alert type="warning" showIcon message={t("twoFactor.required")} style={{ marginBottom: 12 }} />}
          {startError && <Alert type="error" showIcon message={startError} style={{ marginBottom: 12 }} />}
          <Button type="primary" icon={<SafetyCertificateOutlined aria-hidden />} loading={starting} onClick={() => void start()}>
            {t("twoFactor.start")}
          </Button>
        </>
      );
    return (
      <>
        <Typography.Paragraph>
          {t("twoFactor.since", { date: formatDateTime(status.enabled_at!) })} · {t("twoFactor.codesLeft", { count: status.recovery_codes_left })}
        </Typography.Paragraph>
        {status.required && <Typography.Paragraph type="secondary">{t("twoFactor.required")}</Typography.Paragraph>}
        <Flex gap={8} wrap>
          <Button onClick={() => setMode("regenerate")}>{t("twoFactor.regenerate")}</Button>
          {!status.required && (
            <Button danger onClick={() => setMode("disable")}>
              {t("twoFactor.disable")}
            </Button>
          )}
        </Flex>
      </>
    );
  };

  return (
    <Card
      title={t("twoFactor.title")}
      style={{ marginTop: 16 }}
      loading={query.isLoading}
      extra={status && <StateTag tone={status.enabled ? "good" : "neutral"}>{t(status.enabled ? "twoFactor.on" : "twoFactor.off")}</StateTag>}
      data-testid="two-factor-card"
    >
      {body()}
    </Card>
  );
}

interface CodeValues {
  code: string;
  password?: string;
}

/** A code (and for turning off, the password) with its submit and cancel; the server's refusals on the fields. */
function CodeForm({ label, submitLabel, withPassword, danger, submit, onCancel }: { label: string; submitLabel: string; withPassword?: boolean; danger?: boolean; submit: (values: CodeValues) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { formProps, busy, error } = useFormSubmit<CodeValues>({ submit });
  return (
    <Form {...formProps} name="two-factor" layout="vertical" requiredMark={false} style={{ maxWidth: 360 }}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {withPassword && (
        <Form.Item name="password" label={t("twoFactor.password")} rules={RULES.password}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item name="code" label={label} rules={RULES.code}>
        <Input autoComplete="one-time-code" autoFocus={!withPassword} />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" danger={danger} htmlType="submit" loading={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t("twoFactor.cancel")}
        </Button>
      </Flex>
    </Form>
  );
}
