import { useState } from "react";
import { SafetyOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { meApi } from "../../api/me";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { failureMessage } from "../../components/form";
import { toast } from "../../lib/toast";

/**
 * An administrator removes a person's two-factor sign-in (a lost phone, no
 * recovery code left), after a question. `onDone` runs after the answer,
 * refused or not, so the page shows the state the server now holds.
 */
export function ResetTwoFactorButton({ person, onDone }: { person: { id: number; name: string }; onDone?: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      toast("success", (await meApi.resetTwoFactorOf(person.id)).message);
    } catch (failure) {
      toast("error", failureMessage(failure));
    } finally {
      setBusy(false);
      onDone?.();
    }
  };
  return (
    <ConfirmAction title={t("twoFactor.resetConfirm", { name: person.name })} description={t("twoFactor.resetExplains")} okText={t("twoFactor.reset")} danger onConfirm={reset}>
      <Button icon={<SafetyOutlined aria-hidden />} loading={busy}>
        {t("twoFactor.reset")}
      </Button>
    </ConfirmAction>
  );
}
