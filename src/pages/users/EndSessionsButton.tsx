import { useState } from "react";
import { LogoutOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { meApi } from "../../api/me";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { failureMessage } from "../../components/form";
import { toast } from "../../lib/toast";

/** An administrator signs a person out on every device (a lost phone, a shared computer), after a question. */
export function EndSessionsButton({ person }: { person: { id: number; name: string } }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const end = async () => {
    setBusy(true);
    try {
      toast("success", (await meApi.endSessionsOf(person.id)).message);
    } catch (failure) {
      toast("error", failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmAction title={t("sessions.endAllConfirm", { name: person.name })} description={t("sessions.endAllExplains")} okText={t("sessions.endAll")} danger onConfirm={end}>
      <Button icon={<LogoutOutlined />} loading={busy}>
        {t("sessions.endAll")}
      </Button>
    </ConfirmAction>
  );
}
