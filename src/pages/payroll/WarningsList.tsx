import { ExclamationCircleOutlined, StopOutlined } from "@ant-design/icons";
import { Flex, Grid, Table, Typography, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { BLOCKING_WARNINGS, type RunWarning } from "../../../contracts/payroll";
import { StateTag } from "../../components/common/StateTag";

export const isBlocking = (warning: RunWarning) => BLOCKING_WARNINGS.includes(warning.kind);

/**
 * What the calculation found about people: each warning worded by its kind,
 * with the person and what it concerns. Blocking ones (a payslip that cannot
 * be paid as it stands) come first and say that they stop the approval.
 */
export function WarningsList({ warnings }: { warnings: RunWarning[] }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  if (warnings.length === 0) return <Typography.Paragraph>{t("payrollUi.warnings.none")}</Typography.Paragraph>;
  const severity = (warning: RunWarning) =>
    isBlocking(warning) ? (
      <StateTag tone="bad">
        <StopOutlined aria-hidden /> {t("payrollUi.warnings.blocking")}
      </StateTag>
    ) : (
      <StateTag tone="warning">
        <ExclamationCircleOutlined aria-hidden /> {t("payrollUi.warnings.notice")}
      </StateTag>
    );
  const kind = (warning: RunWarning) => t(`payrollUi.warnings.kinds.${warning.kind}`, { detail: warning.detail ?? "" });
  const detail = (warning: RunWarning) => warning.message ?? t(`payrollUi.warnings.explain.${warning.kind}`, { detail: warning.detail ?? "" });
  // A phone reads each warning in two columns that wrap: who and how serious, then what and why.
  const columns: TableColumnsType<RunWarning> = phone
    ? [
        {
          key: "person",
          title: t("payrollUi.warnings.columns.person"),
          render: (_, warning) => (
            <Flex vertical gap={4} align="start">
              <span>{warning.user_name}</span>
              {severity(warning)}
            </Flex>
          ),
        },
        {
          key: "kind",
          title: t("payrollUi.warnings.columns.kind"),
          render: (_, warning) => (
            <Flex vertical gap={4}>
              <strong>{kind(warning)}</strong>
              <span>{detail(warning)}</span>
            </Flex>
          ),
        },
      ]
    : [
        { key: "severity", title: t("payrollUi.warnings.columns.severity"), render: (_, warning) => severity(warning) },
        { key: "person", title: t("payrollUi.warnings.columns.person"), render: (_, warning) => warning.user_name },
        { key: "kind", title: t("payrollUi.warnings.columns.kind"), render: (_, warning) => kind(warning) },
        { key: "detail", title: t("payrollUi.warnings.columns.detail"), render: (_, warning) => detail(warning) },
      ];
  const sorted = [...warnings].sort((a, b) => Number(isBlocking(b)) - Number(isBlocking(a)) || a.user_name.localeCompare(b.user_name));
  return (
    <Table<RunWarning>
      size="small"
      rowKey={(warning) => `${warning.user_id}:${warning.kind}:${warning.detail ?? ""}`}
      dataSource={sorted}
      pagination={sorted.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={phone ? undefined : { x: "max-content" }}
      columns={columns}
    />
  );
}
