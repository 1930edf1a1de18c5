import { useId } from "react";
import { Flex, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import type { LineKind, PayslipLine } from "../../../contracts/payroll";
import type { YearToDate } from "../../../contracts/payslips";
import { Money } from "../common/Money";

/** The sections of a payslip, in the order people read them: what is earned, what is taken, what the employer adds. */
export const PAYSLIP_SECTIONS: readonly LineKind[] = ["earning", "deduction", "employer"];

export interface PayslipLinesProps {
  kind: LineKind;
  /** The section's lines (the caller filters by kind). */
  lines: PayslipLine[];
  currency: string;
  /** Given, each line shows its year-to-date amount beside this payslip's. */
  yearToDate?: YearToDate["lines"];
  /** The section title's level in the page's outline. */
  headingLevel?: 2 | 3 | 4 | 5;
}

/** A row of the section: this payslip's amount (none for a line paid earlier in the year only) and, when shown, its year to date. */
type Row = { code: string; name: string; amount: number | null; toDate?: number | null };

/** This payslip's lines, then those paid earlier in the year only, each with its year-to-date amount. */
function rowsOf(kind: LineKind, lines: PayslipLine[], yearToDate: YearToDate["lines"] | undefined): Row[] {
  if (!yearToDate) return lines.map(({ code, name, amount }) => ({ code, name, amount }));
  // A deduction and the employer's share of the same contribution share a code: kind tells them apart.
  const toDate = yearToDate.filter((line) => line.kind === kind);
  const current = new Set(lines.map((line) => line.code));
  return [
    ...lines.map(({ code, name, amount }) => ({ code, name, amount, toDate: toDate.find((line) => line.code === code)?.amount ?? null })),
    ...toDate.filter((line) => !current.has(line.code)).map(({ code, name, amount }) => ({ code, name, amount: null, toDate: amount })),
  ];
}

const sum = (amounts: (number | null | undefined)[]) => amounts.reduce<number>((total, amount) => total + (amount ?? 0), 0);

/** One section of a payslip's lines with its total (and year to date); none says so in words. */
export function PayslipLines({ kind, lines, currency, yearToDate, headingLevel = 2 }: PayslipLinesProps) {
  const { t } = useTranslation();
  const title = t(`payrollUi.payslips.sections.${kind}`);
  const id = useId();
  const rows = rowsOf(kind, lines, yearToDate);
  const amount = (minor: number | null | undefined) => (minor === null || minor === undefined ? "—" : <Money minor={minor} currency={currency} />);
  const columns: ColumnsType<Row> = [
    {
      key: "name",
      title: t("payrollUi.payslips.component"),
      render: (_, row) => (
        <Flex vertical>
          <span>{row.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.code}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: "amount", title: t("payrollUi.payslips.amount"), align: "right", render: (_, row) => amount(row.amount) },
    ...(yearToDate ? [{ key: "ytd", title: t("payslipView.yearToDate"), align: "right" as const, render: (_: unknown, row: Row) => amount(row.toDate) }] : []),
  ];
  const totals = [sum(rows.map((row) => row.amount)), ...(yearToDate ? [sum(rows.map((row) => row.toDate))] : [])];
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={headingLevel} id={id} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {rows.length === 0 ? (
        <Typography.Paragraph>{t(`payrollUi.payslips.noLines.${kind}`)}</Typography.Paragraph>
      ) : (
        <Table<Row>
          size="small"
          pagination={false}
          rowKey="code"
          dataSource={rows}
          aria-label={title}
          columns={columns}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t("payrollUi.payslips.total")}</Typography.Text>
              </Table.Summary.Cell>
              {totals.map((total, index) => (
                <Table.Summary.Cell key={index} index={index + 1} align="right">
                  <Typography.Text strong>
                    <Money minor={total} currency={currency} />
                  </Typography.Text>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
        />
      )}
    </section>
  );
}
