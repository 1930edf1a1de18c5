import { SafetyOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { meApi } from "../../api/me";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { useToastAction } from "../../components/common/useToastAction";

/**
 * An administrator removes a person's two-factor sign-in (a lost phone, no
 * recovery code left), after a question. `onDone` runs after the answer,
 * refused or not, so the page shows the state the server now holds.
 */
export function ResetTwoFactorButton({ person, onDone }: { person: { id: number; name: string }; onDone?: () => void }) {
  const { t } = useTranslation();
  const { busy, run: reset } = useToastAction(() => meApi.resetTwoFactorOf(person.id), { onSettled: onDone });
  return (
    <ConfirmAction title={t("twoFactor.resetConfirm", { name: person.name })} description={t("twoFactor.resetExplains")} okText={t("twoFactor.reset")} danger onConfirm={reset}>
      <Button icon={<SafetyOutlined aria-hidden />} loading={busy}>
        {t("twoFactor.reset")}
      </Button>
    </ConfirmAction>
  );
}
