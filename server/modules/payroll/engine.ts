/**
 * One person's payslip from a plan: each component in dependency order,
 * its result rounded to the currency's minor unit by the company's rule
 * (half up unless settings say otherwise), then money as integer minor
 * units. gross = earnings; taxable = taxable earnings − pre-tax deductions;
 * net = gross − deductions; the employer's shares are computed last, from
 * everything, and cost the company without touching net. A person's one-off
 * adjustments count in gross and taxable like components of their kind, so
 * whatever reads those (tax) sees them.
 */
import { parseCodeReading, type ComponentKind, type OverrideMode, type PayslipLine, type PayslipTrace, type PayVariable } from "../../../contracts/payroll";
import type { ROUNDING_RULES } from "../../../contracts/settings";
import { FormulaError, PayDecimal, type Dec, type Scope } from "./formula";
import type { PayPlan, PlannedComponent } from "./plan";
import type { TableLookup } from "./rate-table";

/** The period's figures formulas read, gross and taxable aside (they are computed). */
export type PayInputs = Record<Exclude<PayVariable, "gross" | "taxable">, Dec>;

export interface PersonOverride {
  mode: OverrideMode;
  /** The amount or the rate (major units); null to exclude. */
  value: Dec | null;
}

/** A one-off line of one person's pay in one run, typed by the payroll office (money already: integer minor units). */
export interface PayAdjustment {
  id: number;
  name: string;
  kind: ComponentKind;
  amount: number;
  /** Earnings only: counts in taxable. */
  taxable: boolean;
  /** Deductions only: comes off taxable. */
  pre_tax: boolean;
}

/** The payslip line of an adjustment: a hyphen no component code has, so the two never mix. */
export const adjustmentCode = (id: number) => `ADJ-${id}`;
export const isAdjustmentCode = (code: string) => /^ADJ-\d+$/.test(code);

/** What one person's pay reads besides their variables: the office's one-off lines, and their month's other runs (mtd). */
export interface PersonExtras {
  adjustments?: readonly PayAdjustment[];
  /** By code (a component's, or basic, gross, taxable, net), in major units; a code not there is zero. */
  monthToDate?: ReadonlyMap<string, Dec>;
  /** The person's readings of code functions, by name (`leave_days("VL")`); a code not here reads 0. */
  codeReadings?: ReadonlyMap<string, Dec>;
  /** Keep how each line was worked out (a calculation does, a preview need not). */
  explain?: boolean;
}

export interface MoneyRules {
  /** The currency's minor digits: 2 for PHP, 0 for JPY. */
  digits: number;
  rounding: (typeof ROUNDING_RULES)[number];
}

export interface PayResult {
  lines: PayslipLine[];
  gross: number;
  deductions: number;
  net: number;
  taxable: number;
  /** Gross plus the employer's shares. */
  employer_cost: number;
  /** Every variable and component as computed (components rounded, in major units): what a preview shows. */
  values: ReadonlyMap<string, Dec>;
  /** How the lines were worked out, when asked for (PersonExtras.explain). */
  trace: PayslipTrace | null;
}

/** A formula failed for this person (a division by zero on their figures): which component, and why. */
export class PersonPayError extends Error {
  constructor(
    readonly code: string,
    readonly error: FormulaError,
  ) {
    super(`${code}: ${error.key}`);
  }
}

const MODES = {
  half_up: PayDecimal.ROUND_HALF_UP,
  half_even: PayDecimal.ROUND_HALF_EVEN,
  down: PayDecimal.ROUND_DOWN,
  up: PayDecimal.ROUND_UP,
} as const;

const ZERO = new PayDecimal(0);

export function roundMoney(amount: Dec, rules: MoneyRules): Dec {
  return amount.toDecimalPlaces(rules.digits, MODES[rules.rounding]);
}

/** A rounded major-unit amount as integer minor units; beyond what a number holds exactly is refused. */
export function toMinor(amount: Dec, digits: number): number {
  const minor = amount.times(new PayDecimal(10).pow(digits));
  if (minor.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new FormulaError("payroll.formula.tooLarge");
  return minor.toNumber();
}

type Summed = Pick<PlannedComponent, "kind" | "taxable" | "pre_tax">;
const isEarning = (line: Summed) => line.kind === "earning";
const movesTaxable = (line: Summed) => (line.kind === "earning" && line.taxable) || (line.kind === "deduction" && line.pre_tax);
const taxableSign = (line: Summed) => (line.kind === "earning" ? 1 : -1);

export function computePay(
  plan: PayPlan,
  tables: ReadonlyMap<string, TableLookup>,
  inputs: PayInputs,
  overrides: ReadonlyMap<string, PersonOverride>,
  rules: MoneyRules,
  { adjustments = [], monthToDate = new Map(), codeReadings = new Map(), explain = false }: PersonExtras = {},
): PayResult {
  const values = new Map<string, Dec>([...Object.entries(inputs), ...codeReadings]);
  const readings: PayslipTrace["tables"] | null = explain ? [] : null;
  // The line being worked out, which a table reading belongs to.
  let line = "";
  const scope: Scope = {
    value(name) {
      const value = values.get(name);
      if (value !== undefined) return value;
      // leave_days("ML") of someone who never took any: nothing of it.
      if (parseCodeReading(name)) return ZERO;
      throw new FormulaError("payroll.formula.unknownName", { name });
    },
    table(code, x) {
      const lookup = tables.get(code);
      if (!lookup) throw new FormulaError("payroll.formula.unknownTable", { code });
      const result = lookup(x);
      readings?.push({ line, code, x: x.toString(), row: lookup.row(x), result: result.toString() });
      return result;
    },
    monthToDate: (code) => monthToDate.get(code) ?? ZERO,
  };
  const scale = new PayDecimal(10).pow(rules.digits);
  // The components' values, then the adjustments' amounts in major units (exact: a power of ten divides them).
  const sum = (picked: (line: Summed) => boolean, sign: (line: Summed) => number = () => 1) =>
    adjustments.reduce(
      (total, adjustment) => (picked(adjustment) ? total.plus(new PayDecimal(adjustment.amount).dividedBy(scale).times(sign(adjustment))) : total),
      plan.components.reduce((total, component) => (picked(component) ? total.plus(values.get(component.code)!.times(sign(component))) : total), ZERO),
    );
  const attempt = <T>(code: string, work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof FormulaError) throw new PersonPayError(code, error);
      throw error;
    }
  };

  for (const step of plan.steps) {
    if (step === "gross") values.set(step, sum(isEarning));
    else if (step === "taxable") values.set(step, sum(movesTaxable, taxableSign));
    else {
      const component = plan.byCode.get(step)!;
      const override = overrides.get(step);
      line = step;
      const amount = attempt(step, () => {
        if (override?.mode === "exclude") return ZERO;
        if (override?.mode === "amount") return override.value!;
        return component.compiled.value(scope, override?.mode === "rate" ? override.value! : undefined);
      });
      values.set(step, roundMoney(amount, rules));
    }
  }

  const lines: PayslipLine[] = [];
  let gross = 0;
  let deductions = 0;
  let employer = 0;
  // Each line fits a number exactly; a sum of them must too (a total a hair off its lines is worse than no payslip).
  const exact = (code: string, ...totals: number[]) => {
    if (!totals.every(Number.isSafeInteger)) throw new PersonPayError(code, new FormulaError("payroll.formula.tooLarge"));
  };
  for (const component of plan.components) {
    const amount = attempt(component.code, () => toMinor(values.get(component.code)!, rules.digits));
    if (amount === 0) continue;
    lines.push({ code: component.code, name: component.name, kind: component.kind, amount });
    if (component.kind === "earning") gross += amount;
    else deductions += amount;
    exact(component.code, gross, deductions, gross - deductions);
  }
  for (const adjustment of adjustments) {
    const code = adjustmentCode(adjustment.id);
    lines.push({ code, name: adjustment.name, kind: adjustment.kind, amount: adjustment.amount });
    if (adjustment.kind === "earning") gross += adjustment.amount;
    else deductions += adjustment.amount;
    exact(code, gross, deductions, gross - deductions);
  }
  for (const component of plan.components) {
    if (!component.employer || overrides.get(component.code)?.mode === "exclude") continue;
    line = employerLine(component.code);
    const amount = attempt(component.code, () => toMinor(roundMoney(component.employer!.value(scope), rules), rules.digits));
    if (amount === 0) continue;
    lines.push({ code: component.code, name: component.name, kind: "employer", amount });
    employer += amount;
    exact(component.code, employer, gross + employer);
  }
  const trace = readings && traceOf(plan, lines, values, monthToDate, overrides, readings);
  return { lines, gross, deductions, net: gross - deductions, taxable: toMinor(values.get("taxable")!, rules.digits), employer_cost: gross + employer, values, trace };
}

/** The key of a component's employer share among a trace's table readings. */
export const employerLine = (code: string) => `${code}/employer`;

/** What the payslip's lines read, as exact text: only the names, month-to-date amounts and overrides of lines it has. */
function traceOf(
  plan: PayPlan,
  lines: readonly PayslipLine[],
  values: ReadonlyMap<string, Dec>,
  monthToDate: ReadonlyMap<string, Dec>,
  overrides: ReadonlyMap<string, PersonOverride>,
  readings: PayslipTrace["tables"],
): PayslipTrace {
  const read: PayslipTrace["values"] = {};
  const monthly: PayslipTrace["month_to_date"] = {};
  const set: PayslipTrace["overrides"] = {};
  for (const paid of lines) {
    const component = plan.byCode.get(paid.code);
    if (!component) continue;
    const override = overrides.get(paid.code);
    if (paid.kind !== "employer" && override && override.mode !== "exclude") {
      set[paid.code] = { mode: override.mode, value: override.value!.toString() };
      if (override.mode === "amount") continue;
    }
    const compiled = paid.kind === "employer" ? component.employer! : component.compiled;
    for (const name of compiled.reads) read[name] = (values.get(name) ?? ZERO).toString();
    for (const code of compiled.monthToDate) monthly[code] = (monthToDate.get(code) ?? ZERO).toString();
  }
  return { formulas: plan.formulas.digest, values: read, month_to_date: monthly, tables: readings.filter((reading) => lines.some((paid) => reading.line === (paid.kind === "employer" ? employerLine(paid.code) : paid.code))), overrides: set };
}
