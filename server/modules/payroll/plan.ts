/**
 * The active components made ready to compute: each calculation compiled
 * once, every name it reads checked (a variable or an active component's
 * code), every table it reads known, every mtd() code a component or a
 * total, and the order to compute them in, each
 * after what it reads, gross and taxable included (so an earning that reads
 * gross, or a pre-tax deduction that reads taxable, is a cycle). A plan is
 * built once per run and used for every person.
 */
import { createHash } from "node:crypto";
import { isPayVariable, MONTH_TO_DATE_TOTALS, parseCodeReading, type Calculation, type ComponentKind } from "../../../contracts/payroll";
import { dependencyOrder, evaluate, FormulaError, parseFormula, PayDecimal, type Dec, type Scope } from "./formula";

export interface ComponentDef {
  id: number;
  code: string;
  name: string;
  kind: ComponentKind;
  taxable: boolean;
  pre_tax: boolean;
  calculation: Calculation;
  employer_share: Calculation | null;
  order: number;
}

/** A calculation ready to evaluate; `rate` replaces a percentage's own (a person's override). */
export interface Compiled {
  reads: readonly string[];
  tables: readonly string[];
  /** Codes it reads of the month's other runs: no dependency in this run (they are already paid). */
  monthToDate: readonly string[];
  value(scope: Scope, rate?: Dec): Dec;
}

export interface PlannedComponent extends ComponentDef {
  compiled: Compiled;
  employer: Compiled | null;
}

export interface PayPlan {
  /** In payslip order (order, then code). */
  components: readonly PlannedComponent[];
  byCode: ReadonlyMap<string, PlannedComponent>;
  /** Codes, "gross" and "taxable", each after what it reads. */
  steps: readonly string[];
  /** The calculations as written, and their digest: what a payslip's explanation names. */
  formulas: FormulaSet;
}

export interface FormulaSet {
  digest: string;
  components: Record<string, Pick<ComponentDef, "name" | "kind" | "calculation" | "employer_share">>;
}

/** The same calculations give the same digest, so every run and recalculation with them shares one stored set. */
export function formulaSet(components: readonly ComponentDef[]): FormulaSet {
  const set: FormulaSet["components"] = {};
  for (const { code, name, kind, calculation, employer_share } of [...components].sort((a, b) => a.code.localeCompare(b.code))) set[code] = { name, kind, calculation, employer_share };
  return { digest: createHash("sha256").update(JSON.stringify(set)).digest("hex").slice(0, 32), components: set };
}

/** Which component and which of its calculations a refusal is about. */
export class PlanError extends Error {
  constructor(
    readonly code: string,
    readonly field: "calculation" | "employer_share",
    readonly error: FormulaError,
  ) {
    super(`${code}.${field}: ${error.key}`);
  }
}

export function compileCalculation(calculation: Calculation): Compiled {
  switch (calculation.type) {
    case "fixed": {
      const amount = new PayDecimal(calculation.amount);
      return { reads: [], tables: [], monthToDate: [], value: () => amount };
    }
    case "percent": {
      const rate = new PayDecimal(calculation.rate);
      const of = calculation.of;
      return { reads: [of], tables: [], monthToDate: [], value: (scope, override) => (override ?? rate).times(scope.value(of)) };
    }
    case "formula": {
      const formula = parseFormula(calculation.expression);
      return { reads: [...formula.names], tables: [...formula.tables], monthToDate: [...formula.monthToDate], value: (scope) => evaluate(formula, scope) };
    }
  }
}

function compile(def: ComponentDef, field: "calculation" | "employer_share", calculation: Calculation): Compiled {
  try {
    return compileCalculation(calculation);
  } catch (error) {
    if (error instanceof FormulaError) throw new PlanError(def.code, field, error);
    throw error;
  }
}

/** Throws a PlanError naming the component at fault: a formula that does not parse, an unknown name or table, a cycle. */
export function planPay(definitions: readonly ComponentDef[], tableCodes: ReadonlySet<string>): PayPlan {
  const components = [...definitions]
    .sort((a, b) => a.order - b.order || a.code.localeCompare(b.code))
    .map((def): PlannedComponent => ({ ...def, compiled: compile(def, "calculation", def.calculation), employer: def.employer_share ? compile(def, "employer_share", def.employer_share) : null }));
  const byCode = new Map(components.map((component) => [component.code, component]));

  for (const component of components) {
    for (const [field, compiled] of [["calculation", component.compiled], ["employer_share", component.employer]] as const) {
      if (!compiled) continue;
      const unknown = compiled.reads.find((name) => !isPayVariable(name) && !byCode.has(name) && parseCodeReading(name) === null);
      if (unknown !== undefined) throw new PlanError(component.code, field, new FormulaError("payroll.formula.unknownName", { name: unknown }));
      const table = compiled.tables.find((code) => !tableCodes.has(code));
      if (table !== undefined) throw new PlanError(component.code, field, new FormulaError("payroll.formula.unknownTable", { code: table }));
      const monthly = compiled.monthToDate.find((code) => !byCode.has(code) && !(MONTH_TO_DATE_TOTALS as readonly string[]).includes(code));
      if (monthly !== undefined) throw new PlanError(component.code, field, new FormulaError("payroll.formula.unknownMonthToDate", { code: monthly }));
    }
  }

  const reads = new Map<string, readonly string[]>(components.map((component) => [component.code, component.compiled.reads]));
  reads.set("gross", components.filter((c) => c.kind === "earning").map((c) => c.code));
  reads.set("taxable", components.filter((c) => (c.kind === "earning" && c.taxable) || (c.kind === "deduction" && c.pre_tax)).map((c) => c.code));
  let steps: string[];
  try {
    steps = dependencyOrder(reads);
  } catch (error) {
    if (!(error instanceof FormulaError)) throw error;
    // The cycle is blamed on its first component (gross and taxable are sums, nobody's formula).
    const cycle = String(error.params.cycle ?? "").split(" → ");
    throw new PlanError(cycle.find((name) => byCode.has(name)) ?? components[0]?.code ?? "", "calculation", error);
  }
  return { components, byCode, steps, formulas: formulaSet(definitions) };
}
