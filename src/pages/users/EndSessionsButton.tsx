import { LogoutOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { meApi } from "../../api/me";
import { ConfirmAction } from "../../components/common/ConfirmAction";
import { useToastAction } from "../../components/common/useToastAction";

/** An administrator signs a person out on every device (a lost phone, a shared computer), after a question. */
export function EndSessionsButton({ person }: { person: { id: number; name: string } }) {
  const { t } = useTranslation();
  const { busy, run: end } = useToastAction(() => meApi.endSessionsOf(person.id));
  return (
    <ConfirmAction title={t("sessions.endAllConfirm", { name: person.name })} description={t("sessions.endAllExplains")} okText={t("sessions.endAll")} danger onConfirm={end}>
      <Button icon={<LogoutOutlined />} loading={busy}>
        {t("sessions.endAll")}
      </Button>
    </ConfirmAction>
  );
}
