import { Flex, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { StorageInfo } from "../../../contracts/dashboard";
import { formatFileSize } from "../../i18n/fileSize";
import { formatCount } from "../../i18n/numbers";
import { dashboardPaths } from "../../api/dashboard";
import { WidgetCard } from "../../components/dashboard/WidgetCard";
import { Figures } from "../../components/payroll/Figures";

type StoredTable = StorageInfo["database"]["tables"][number];

/** Where the space goes: the database and its largest tables, the stored files, the mail outbox. */
export function StorageCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const size = (bytes: number) => formatFileSize(bytes, language);

  return (
    <WidgetCard<StorageInfo> path={dashboardPaths.storage} title={t("dashboard.storage.title")}>
      {(data) => (
        <Flex vertical gap={16}>
          <Figures
            compact
            label={t("dashboard.storage.title")}
            items={[
              { key: "database", label: t(`dashboard.storage.database.${data.database.engine}`), value: size(data.database.total_bytes) },
              { key: "files", label: t("dashboard.storage.files", { count: data.files.count, formatted: formatCount(data.files.count, language) }), value: size(data.files.bytes) },
              {
                key: "outbox",
                label: t("dashboard.storage.outbox", { count: data.outbox.count, formatted: formatCount(data.outbox.count, language) }),
                value: size(data.outbox.bytes),
                note: data.outbox.pending > 0 && t("dashboard.storage.pending", { count: data.outbox.pending, formatted: formatCount(data.outbox.pending, language) }),
              },
            ]}
          />
          <Table<StoredTable>
            caption={<Typography.Text strong>{t("dashboard.storage.tables")}</Typography.Text>}
            rowKey="name"
            size="small"
            dataSource={data.database.tables}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: "max-content" }}
            columns={[
              { key: "name", title: t("dashboard.storage.table"), render: (_, table) => <code>{table.name}</code> },
              { key: "bytes", title: t("dashboard.storage.size"), align: "right", render: (_, table) => <span style={{ whiteSpace: "nowrap" }}>{size(table.bytes)}</span> },
              { key: "rows", title: t("dashboard.storage.rows"), align: "right", render: (_, table) => (table.rows === null ? "—" : table.rows_exact ? formatCount(table.rows, language) : t("dashboard.storage.estimate", { rows: formatCount(table.rows, language) })) },
            ]}
          />
        </Flex>
      )}
    </WidgetCard>
  );
}
