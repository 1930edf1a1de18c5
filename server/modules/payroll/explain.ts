/**
 * A payslip's lines explained from what its calculation kept (PayslipTrace) and the formula set it used: for each line, the
 * calculation it followed or what was set for the person, the values it read, its month-to-date amounts and its table rows.
 * Nothing is computed again: the figures are those the calculation had.
 */
import type { Calculation, LineExplanation, PayslipLine, PayslipTrace } from "../../../contracts/payroll";
import { employerLine, isAdjustmentCode } from "./engine";
import { parseFormula } from "./formula";
import type { FormulaSet } from "./plan";

/** The names a calculation reads and its mtd() codes, in the order written. */
function namesRead(calculation: Calculation): { names: string[]; monthToDate: string[] } {
  if (calculation.type === "fixed") return { names: [], monthToDate: [] };
  if (calculation.type === "percent") return { names: [calculation.of], monthToDate: [] };
  const formula = parseFormula(calculation.expression);
  return { names: [...formula.names], monthToDate: [...formula.monthToDate] };
}

export function explainLines(lines: readonly PayslipLine[], trace: PayslipTrace, components: FormulaSet["components"]): LineExplanation[] {
  return lines.map((line): LineExplanation => {
    const none = { code: line.code, kind: line.kind, calculation: null, override: null, reads: [], month_to_date: [], tables: [] };
    // A one-off line of the payroll office's: typed, not worked out.
    if (isAdjustmentCode(line.code)) return { ...none, source: "adjustment" };
    const employer = line.kind === "employer";
    const override = employer ? undefined : trace.overrides[line.code];
    if (override?.mode === "amount") return { ...none, source: "override_amount", override: override.value };
    const component = components[line.code];
    const calculation = (employer ? component?.employer_share : component?.calculation) ?? null;
    // Every calculated line's component is in its set; were one missing, the line would say only that it was calculated.
    if (!calculation) return { ...none, source: "calculation" };
    const { names, monthToDate } = namesRead(calculation);
    const key = employer ? employerLine(line.code) : line.code;
    return {
      code: line.code,
      kind: line.kind,
      source: override ? "override_rate" : "calculation",
      calculation,
      override: override?.value ?? null,
      reads: names.filter((name) => name in trace.values).map((name) => ({ name, value: trace.values[name] })),
      month_to_date: monthToDate.map((code) => ({ code, value: trace.month_to_date[code] ?? "0" })),
      tables: trace.tables.filter((reading) => reading.line === key).map(({ line: _line, ...reading }) => reading),
    };
  });
}
