import { useState } from "react";
import { useCustom } from "@refinedev/core";
import { Alert, Flex, Skeleton, Table, Tabs, Typography, type TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { SHEET_ALL, SHEET_DEFAULT_PER_PAGE, type PayrollSheetReply, type SheetColumn, type SheetRow, type SheetTotals } from "../../../contracts/payroll-sheet";
import type { RunRecord } from "../../../contracts/payroll";
import { payrollSheetPaths } from "../../api/payroll-sheet";
import { Money } from "../../components/common/Money";
import { formatCount } from "../../i18n/numbers";
import { SheetActions } from "./SheetActions";

const TOTALS = ["gross", "deductions", "net", "employer_cost"] as const;

/** A component's header: its name, and its code beneath (an employer's share says so; the adjustments' columns have none). */
function ComponentTitle({ column }: { column: SheetColumn }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      <span>{column.kind === "employer" ? t("payrollSheetUi.employerShare", { name: column.name }) : column.name}</span>
      {column.code && (
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: "normal" }}>
          {column.code}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The grid's columns: who, a column per component of the run, then the totals; the person stays in view as it scrolls. */
function useColumns(reply: PayrollSheetReply | undefined, withDepartment: boolean): TableColumnsType<SheetRow> {
  const { t } = useTranslation();
  if (!reply) return [];
  const money = (minor: number) => <Money minor={minor} currency={reply.run.currency} />;
  return [
    {
      key: "person",
      title: t("payrollSheetUi.columns.person"),
      fixed: "left",
      render: (_, row) => (
        <Flex vertical>
          <span>{row.name}</span>
          {row.employee_number && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.employee_number}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    ...(withDepartment ? [{ key: "department", title: t("payrollSheetUi.columns.department"), render: (_: unknown, row: SheetRow) => row.department ?? "—" }] : []),
    ...reply.columns.map((column) => ({
      key: `component:${column.key}`,
      title: <ComponentTitle column={column} />,
      align: "right" as const,
      render: (_: unknown, row: SheetRow) => money(row.amounts[column.key] ?? 0),
    })),
    ...TOTALS.map((total) => ({
      key: total,
      title: t(`payrollSheetUi.columns.${total}`),
      align: "right" as const,
      render: (_: unknown, row: SheetRow) => <Typography.Text strong={total === "net"}>{money(row[total])}</Typography.Text>,
    })),
  ];
}

/** The sheet's totals under the grid, over every page: a cell per column, as the rows have them. */
function TotalsRow({ reply, totals, withDepartment }: { reply: PayrollSheetReply; totals: SheetTotals; withDepartment: boolean }) {
  const { t, i18n } = useTranslation();
  const cells = [
    ...reply.columns.map((column) => ({ key: column.key, minor: totals.amounts[column.key] ?? 0 })),
    ...TOTALS.map((total) => ({ key: total, minor: totals[total] })),
  ];
  const lead = withDepartment ? 2 : 1;
  return (
    <Table.Summary fixed="bottom">
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={lead}>
          <Typography.Text strong>{t("payrollSheetUi.totalsRow", { count: totals.people, formatted: formatCount(totals.people, i18n.language) })}</Typography.Text>
        </Table.Summary.Cell>
        {cells.map((cell, index) => (
          <Table.Summary.Cell key={cell.key} index={lead + index} align="right">
            <Typography.Text strong>
              <Money minor={cell.minor} currency={reply.run.currency} />
            </Typography.Text>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/**
 * The run as the payroll office's sheet: one row per person, a column per
 * component and the totals, for everyone or one department at a time (the
 * whole sheet's totals under every page); the files it downloads (XLSX, CSV,
 * the bank's, the payslips' ZIP) and, before approval, a sheet imported in
 * their place.
 */
export function PayrollSheet({ run, onImported }: { run: RunRecord; onImported: () => void }) {
  const { t, i18n } = useTranslation();
  const [sheet, setSheet] = useState(SHEET_ALL);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(SHEET_DEFAULT_PER_PAGE);
  const { result, query } = useCustom<{ data: PayrollSheetReply }>({
    url: payrollSheetPaths.grid(run.id, sheet),
    method: "get",
    config: { query: { page, per_page: perPage } },
    errorNotification: false,
    // Another tab or page keeps the grid in place until its rows come.
    queryOptions: { placeholderData: (previous) => previous },
  });
  const reply = result.data?.data;
  const withDepartment = sheet === SHEET_ALL;
  const columns = useColumns(reply, withDepartment);
  const count = (people: number) => formatCount(people, i18n.language);
  const everyone = reply?.departments.reduce((sum, department) => sum + department.people, 0) ?? 0;
  const choose = (next: string) => {
    setSheet(next);
    setPage(1);
  };
  const grid = reply && (
    <Table<SheetRow>
      size="small"
      rowKey="user_id"
      dataSource={reply.rows}
      columns={columns}
      loading={query.isFetching}
      aria-label={t("payrollSheetUi.gridLabel")}
      // A column per component: on a phone (and with many components) the grid scrolls sideways, the person kept in view.
      scroll={{ x: "max-content" }}
      pagination={{
        current: reply.meta.current_page,
        pageSize: reply.meta.per_page,
        total: reply.meta.total,
        showSizeChanger: reply.meta.total > SHEET_DEFAULT_PER_PAGE,
        pageSizeOptions: [SHEET_DEFAULT_PER_PAGE, 200, 500],
        hideOnSinglePage: reply.meta.total <= SHEET_DEFAULT_PER_PAGE,
        onChange: (next, size) => {
          setPage(size !== perPage ? 1 : next);
          setPerPage(size);
        },
      }}
      summary={() => <TotalsRow reply={reply} totals={reply.totals} withDepartment={withDepartment} />}
    />
  );
  return (
    <Flex vertical gap={12}>
      <SheetActions
        run={run}
        onImported={() => {
          onImported();
          void query.refetch();
        }}
      />
      {query.isLoading ? (
        <Skeleton active title={false} />
      ) : !reply ? (
        query.isError && <Alert type="error" showIcon message={query.error.message} />
      ) : (
        <Tabs
          size="small"
          activeKey={sheet}
          onChange={choose}
          aria-label={t("payrollSheetUi.departments")}
          items={[
            { key: SHEET_ALL, label: t("payrollSheetUi.all", { people: count(everyone) }) },
            ...reply.departments.map((department) => ({
              key: department.sheet,
              label: t("payrollSheetUi.department", { name: department.name ?? t("payrollSheetUi.noDepartment"), people: count(department.people) }),
            })),
          ].map((item) => ({ ...item, children: item.key === sheet ? grid : null }))}
        />
      )}
    </Flex>
  );
}
