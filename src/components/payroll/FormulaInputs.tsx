import { Grid, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { isPayVariable, MONTH_TO_DATE_TOTALS, parseCodeReading } from "../../../contracts/payroll";
import { formatDecimal, formatMajor } from "../../i18n/numbers";
import { Code } from "../common/Code";

/** Inputs that are amounts of money; the other variables are counts (days, hours, minutes) or flags. Components and mtd() are money. */
const MONEY_VARIABLES = new Set(["basic", "daily_rate", "hourly_rate", "gross", "taxable"]);

const isMonthToDateTotal = (code: string) => (MONTH_TO_DATE_TOTALS as readonly string[]).includes(code);

export interface FormulaInput {
  /** A variable, a component's code, or `mtd("CODE")`. */
  name: string;
  /** Exact decimal text in major units. */
  value: string;
}

/**
 * What a calculation read, each with what it is and its value in the reader's format: a component's name comes from
 * `nameOf`, a variable's meaning from the formula reference. Shared by "Try it" and a payslip line's explanation.
 */
export function FormulaInputs({ inputs, currency, nameOf, label }: { inputs: readonly FormulaInput[]; currency: string; nameOf: (code: string) => string; label?: string }) {
  const { t, i18n } = useTranslation();
  // On a phone the meaning goes under the name rather than in a column of its own.
  const wide = Grid.useBreakpoint().sm !== false;
  if (inputs.length === 0) return <Typography.Text type="secondary">{t("payrollUi.formula.readNothing")}</Typography.Text>;
  const monthToDate = (name: string) => /^mtd\("(.+)"\)$/.exec(name)?.[1];
  const describe = (name: string) => {
    const code = monthToDate(name);
    if (code !== undefined) return t("payrollUi.formula.monthToDateOf", { what: isMonthToDateTotal(code) ? t(`payrollUi.formula.totals.${code}`) : nameOf(code) || code });
    const reading = parseCodeReading(name);
    if (reading) return t(`payrollUi.formula.readings.${reading.fn}`, { code: reading.code });
    return isPayVariable(name) ? t(`payrollUi.formula.variables.${name}`) : nameOf(name);
  };
  // Code functions read days, not money.
  const show = (name: string, value: string) =>
    (!isPayVariable(name) && parseCodeReading(name) === null) || MONEY_VARIABLES.has(name) ? formatMajor(value, currency, i18n.language, 4) : formatDecimal(value, i18n.language, 4);
  return (
    <Table
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={[...inputs]}
      aria-label={label}
      columns={[
        {
          key: "name",
          title: t("payrollUi.formula.inputName"),
          render: (_: unknown, row) => (
            <>
              <Code>{row.name}</Code>
              {!wide && (
                <Typography.Text type="secondary" style={{ display: "block", fontSize: 13 }}>
                  {describe(row.name)}
                </Typography.Text>
              )}
            </>
          ),
        },
        { key: "what", title: t("payrollUi.formula.inputWhat"), responsive: ["sm"], render: (_: unknown, row) => describe(row.name) },
        { key: "value", title: t("payrollUi.formula.inputValue"), align: "right", render: (_: unknown, row) => show(row.name, row.value) },
      ]}
    />
  );
}
