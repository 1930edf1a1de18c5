import { useCustom } from "@refinedev/core";
import { Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { OutboxRecord } from "../../../contracts/settings";
import { formatDateTime } from "../../lib/dates";
import { StateTag, type StateTone } from "../../components/common/StateTag";
import { VISUALLY_HIDDEN } from "../../components/common/visuallyHidden";

const STATUS_TONES: Record<OutboxRecord["status"], StateTone> = { pending: "info", logged: "neutral", sent: "good", failed: "bad" };
const RECENT = 20;

/**
 * The latest messages of the mail outbox (level 0 only: they may hold live
 * reset links). Without SMTP this is where the mail is; with it, what failed and why.
 */
export function OutboxCard() {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: OutboxRecord[] }>({ url: "/settings/system/outbox", method: "get", config: { query: { per_page: RECENT } } });
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 16 }}>{t("settings.system.outbox")}</Typography.Title>
      <Table<OutboxRecord>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        pagination={false}
        dataSource={result.data?.data ?? []}
        scroll={{ x: true }}
        expandable={{
          // The expand buttons' column says what they open (a header without words reads as nothing).
          columnTitle: <span style={VISUALLY_HIDDEN}>{t("settings.system.outboxFields.body")}</span>,
          expandedRowRender: (mail) => <Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }}>{mail.body_text || t("settings.system.bodyDelivered")}</Typography.Paragraph>,
        }}
        columns={[
          { key: "created_at", title: t("settings.system.outboxFields.created_at"), render: (_, mail) => formatDateTime(mail.created_at) },
          { key: "to", title: t("settings.system.outboxFields.to_address"), dataIndex: "to_address" },
          { key: "subject", title: t("settings.system.outboxFields.subject"), dataIndex: "subject" },
          {
            key: "status",
            title: t("settings.system.outboxFields.status"),
            render: (_, mail) => <StateTag tone={STATUS_TONES[mail.status]}>{t(`settings.system.outboxStatuses.${mail.status}`)}</StateTag>,
          },
        ]}
      />
    </>
  );
}
