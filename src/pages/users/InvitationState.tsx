import { MailOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { meApi } from "../../api/me";
import { StateTag } from "../../components/common/StateTag";
import { useToastAction } from "../../components/common/useToastAction";

/**
 * Whether a new person has chosen their password yet and, while they have
 * not, the way to send their invitation again (the earlier link then stops
 * working). `canResend` mirrors the server's users.invite.
 */
export function InvitationState({ person, canResend, onSent }: { person: { id: number; password_set?: boolean }; canResend: boolean; onSent?: () => void }) {
  const { t } = useTranslation();
  const { busy, run: resend } = useToastAction(() => meApi.resendInvitation(person.id), { onSuccess: onSent });
  if (person.password_set !== false) return <StateTag tone="good">{t("employees.invitation.passwordSet")}</StateTag>;
  return (
    <Space size="small" wrap>
      <StateTag tone="warning">{t("employees.invitation.pending")}</StateTag>
      {canResend && (
        <Button size="small" icon={<MailOutlined aria-hidden />} loading={busy} onClick={() => void resend()}>
          {t("employees.invitation.resend")}
        </Button>
      )}
    </Space>
  );
}
