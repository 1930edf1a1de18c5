import { useCustom } from "@refinedev/core";
import { Alert, Skeleton, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { PayslipDownload } from "../../../contracts/payslips";
import { payslipPaths } from "../../api/payslips";
import { formatDateTime } from "../../lib/dates";

/**
 * Every download of the payslip's PDF, latest first: who, when, from which
 * address, and how (signed in, by a link, in the run's ZIP).
 */
export function PayslipDownloads({ payslipId }: { payslipId: number }) {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: PayslipDownload[] }>({ url: payslipPaths.downloads(payslipId), method: "get", errorNotification: false });
  const rows = result.data?.data;
  if (query.isLoading) return <Skeleton active title={false} />;
  if (query.isError) return <Alert type="error" showIcon message={query.error.message} />;
  if (!rows?.length) return <Typography.Paragraph>{t("payslipsAdmin.history.none")}</Typography.Paragraph>;
  return (
    <Table<PayslipDownload>
      size="small"
      rowKey="id"
      dataSource={rows}
      aria-label={t("payslipsAdmin.history.title")}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: "max-content" }}
      columns={[
        { key: "at", title: t("payslipsAdmin.history.at"), render: (_, row) => <time dateTime={row.at}>{formatDateTime(row.at)}</time> },
        { key: "who", title: t("payslipsAdmin.history.who"), render: (_, row) => row.user_name ?? t("payslipsAdmin.history.unknown") },
        {
          key: "how",
          title: t("payslipsAdmin.history.how"),
          render: (_, row) => t(row.kind === "run_zip" ? "payslipsAdmin.history.kinds.run_zip" : `payslipsAdmin.history.via.${row.via}`),
        },
        { key: "address", title: t("payslipsAdmin.history.address"), render: (_, row) => row.address ?? "—" },
      ]}
    />
  );
}
