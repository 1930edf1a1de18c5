import { useMemo } from "react";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { minorToMajorText } from "../../../contracts/money";
import type { PayslipRecord } from "../../../contracts/payroll";
import type { ListColumn } from "../list";
import { Money } from "../common/Money";
import { formatDay, formatPeriod } from "./format";
import { RUN_STATUS_CHOICES, RunStatusTag } from "./RunStatusTag";
import { useRunName } from "./useRunName";

export type PayslipRow = PayslipRecord & { [key: string]: unknown };

const money = (field: "gross" | "deductions" | "net", titleKey: string, phone = false): ListColumn<PayslipRow> => ({
  field,
  titleKey,
  kind: "number",
  // The API compares amounts in minor units: a filter typed as 1000 would mean 10.00. Sorted, not filtered.
  filterable: false,
  phone,
  render: (row) => <Money minor={row[field]} currency={row.currency} />,
  exportValue: (row) => `${minorToMajorText(row[field], row.currency)} ${row.currency}`,
});

/**
 * Payslips' columns: the person (a button opening the payslip's lines), and
 * with `withRun` the run, its period, pay date and state (all payslips of all
 * runs); the money in the payslip's currency.
 */
export function usePayslipColumns({ open, withRun }: { open: (row: PayslipRow) => void; withRun: boolean }): ListColumn<PayslipRow>[] {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const nameOf = useRunName();
  return useMemo(() => {
    const person: ListColumn<PayslipRow> = {
      field: "user_name",
      titleKey: "payrollUi.payslips.columns.person",
      kind: "text",
      render: (row) => (
        <Button type="link" style={{ padding: 0, height: "auto", whiteSpace: "normal", textAlign: "start" }} onClick={() => open(row)} aria-label={t("payrollUi.payslips.openNamed", { name: row.user_name })}>
          {row.user_name}
        </Button>
      ),
    };
    const run: ListColumn<PayslipRow>[] = withRun
      ? [
          { field: "payroll_name", titleKey: "payrollUi.payslips.columns.run", kind: "text", sortable: false, filterable: false, render: (row) => nameOf(row.payroll_name), exportValue: (row) => nameOf(row.payroll_name) },
          {
            field: "period_start",
            titleKey: "payrollUi.payslips.columns.period",
            kind: "date",
            render: (row) => formatPeriod(row.period_start, row.period_end, language),
            exportValue: (row) => `${row.period_start} – ${row.period_end}`,
          },
          { field: "pay_date", titleKey: "payrollUi.payslips.columns.pay_date", kind: "date", render: (row) => formatDay(row.pay_date, language) },
          { field: "status", titleKey: "payrollUi.payslips.columns.status", kind: "choice", choices: RUN_STATUS_CHOICES, phone: true, render: (row) => <RunStatusTag status={row.status} /> },
        ]
      : [];
    // All runs' payslips leave the employee number to the drawer (and the search): the money stays in view.
    return [
      person,
      ...(withRun ? [] : [{ field: "employee_number", titleKey: "payrollUi.payslips.columns.employee_number", kind: "text" } satisfies ListColumn<PayslipRow>]),
      { field: "department", titleKey: "payrollUi.payslips.columns.department", kind: "text" },
      ...run,
      money("gross", "payrollUi.payslips.columns.gross"),
      money("deductions", "payrollUi.payslips.columns.deductions"),
      money("net", "payrollUi.payslips.columns.net", true),
    ];
  }, [open, withRun, t, language, nameOf]);
}
