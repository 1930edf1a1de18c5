import { useState } from "react";
import { SafetyOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { meApi } from "../../api/me";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { failureMessage } from "../../components/form";
import { toast } from "../../lib/toast";

/** An administrator removes a person's two-factor sign-in (a lost phone, no recovery code left), after a question. */
export function ResetTwoFactorButton({ person }: { person: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      const reply = await meApi.resetTwoFactorOf(person.id);
      toast(reply.data.reset ? "success" : "info", reply.message);
    } catch (failure) {
      toast("error", failureMessage(failure));
    } finally {
      setBusy(false);
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
