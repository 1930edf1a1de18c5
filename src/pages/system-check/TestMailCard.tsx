import { useState } from "react";
import { MailOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Card, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { TestMailReply } from "../../../contracts/system-check";
import { useAuthState } from "../../auth/store";
import { usePolicy } from "../../auth/usePolicy";
import { LinkButton } from "../../components/common/LinkButton";
import { pagePath } from "../../resources";

type Outcome = { ok: true; reply: TestMailReply; message: string } | { ok: false; message: string };

/**
 * Sends a test e-mail to oneself and says what became of it: handed to the
 * SMTP server, kept in the outbox, still queued, or the SMTP server's refusal,
 * with the way to the outbox, which shows every message and its fate.
 */
export function TestMailCard() {
  const { t } = useTranslation();
  const { me } = useAuthState();
  const may = usePolicy();
  const { mutateAsync, mutation } = useCustomMutation<{ data: TestMailReply; message: string }>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async () => {
    setOutcome(null);
    try {
      const reply = await mutateAsync({ url: "/system/check/test-mail", method: "post", values: {}, successNotification: false, errorNotification: false });
      setOutcome({ ok: true, reply: reply.data.data, message: reply.data.message });
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof Error && error.message ? error.message : t("errors.other") });
    }
  };

  const tone = !outcome ? null : !outcome.ok ? "error" : outcome.reply.delivered ? "success" : "info";
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16, whiteSpace: "normal" }}>
          {t("systemCheck.testMail.title")}
        </Typography.Title>
      }
    >
      <Typography.Paragraph style={{ overflowWrap: "anywhere" }}>{t("systemCheck.testMail.intro", { email: me?.email ?? "" })}</Typography.Paragraph>
      <Flex wrap gap={8}>
        <Button type="primary" icon={<MailOutlined aria-hidden />} loading={mutation.isPending} onClick={() => void send()}>
          {t("systemCheck.testMail.send")}
        </Button>
        {may("settings.viewOutbox") && <LinkButton to={pagePath("system-settings", "list")}>{t("systemCheck.testMail.openOutbox")}</LinkButton>}
      </Flex>
      <div aria-live="polite" data-testid="test-mail-outcome">
        {outcome && tone && (
          <Alert
            type={tone}
            showIcon
            style={{ marginTop: 16, overflowWrap: "anywhere" }}
            message={outcome.message}
            description={t("systemCheck.testMail.outbox")}
          />
        )}
      </div>
    </Card>
  );
}
