/**
 * The payroll engine's pure parts: rate tables (brackets and bands), the plan
 * (compiled components, refusals naming the component at fault, the order to
 * compute in) and one person's payslip (rounding per currency and rule,
 * overrides, employer shares, totals). Expected figures are worked by hand in
 * the comments, to the cent.
 */
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import type { BandRow, Calculation, ComponentKind, ProgressiveRow } from "../../contracts/payroll";
import { computePay, PersonPayError, roundMoney, toMinor, type MoneyRules, type PayAdjustment, type PayInputs, type PersonOverride } from "../../server/modules/payroll/engine";
import { FormulaError, PayDecimal, type Dec, type Scope } from "../../server/modules/payroll/formula";
import { compileCalculation, planPay, PlanError, type ComponentDef, type PayPlan } from "../../server/modules/payroll/plan";
import { tableLookup, type TableLookup } from "../../server/modules/payroll/rate-table";

const dec = (value: string | number) => new PayDecimal(value);
const PHP: MoneyRules = { digits: 2, rounding: "half_up" };
const JPY: MoneyRules = { digits: 0, rounding: "half_up" };

const fixed = (amount: string): Calculation => ({ type: "fixed", amount });
const percent = (rate: string, of: string): Calculation => ({ type: "percent", rate, of });
const formula = (expression: string): Calculation => ({ type: "formula", expression });

let nextId = 1;
function component(code: string, kind: ComponentKind, calculation: Calculation, extra: Partial<ComponentDef> = {}): ComponentDef {
  return { id: nextId++, code, name: `${code} name`, kind, taxable: false, pre_tax: false, calculation, employer_share: null, order: 100, ...extra };
}

/** Every variable, zero unless given. */
function inputs(given: Partial<Record<keyof PayInputs, string | number | Dec>> = {}): PayInputs {
  const zero = { basic: 0, daily_rate: 0, hourly_rate: 0, days_worked: 0, hours_worked: 0, overtime_hours: 0, late_minutes: 0, undertime_minutes: 0, absences: 0, paid_monthly: 1, paid_daily: 0, paid_hourly: 0 };
  return Object.fromEntries(Object.entries({ ...zero, ...given }).map(([name, value]) => [name, dec(value as string | number)])) as PayInputs;
}

const NO_TABLES = new Map<string, TableLookup>();
const NO_OVERRIDES = new Map<string, PersonOverride>();

/** Plans and computes in one go (the tables known to the plan are the ones given). */
function pay(definitions: ComponentDef[], given: PayInputs, options: { rules?: MoneyRules; tables?: Map<string, TableLookup>; overrides?: Map<string, PersonOverride> } = {}) {
  const tables = options.tables ?? NO_TABLES;
  return computePay(planPay(definitions, new Set(tables.keys())), tables, given, options.overrides ?? NO_OVERRIDES, options.rules ?? PHP);
}

function planRefusal(definitions: ComponentDef[], tableCodes: ReadonlySet<string> = new Set()) {
  try {
    planPay(definitions, tableCodes);
  } catch (error) {
    if (error instanceof PlanError) return { code: error.code, field: error.field, key: error.error.key, params: error.error.params, message: error.message };
    throw error;
  }
  throw new Error("the plan was accepted");
}

function personRefusal(work: () => unknown) {
  try {
    work();
  } catch (error) {
    if (error instanceof PersonPayError) return { code: error.code, key: error.error.key, message: error.message };
    throw error;
  }
  throw new Error("the payslip was computed");
}

// ---------------------------------------------------------------------------------------------
// Rate tables

/** Monthly income-tax brackets in the manner of the Philippine TRAIN law (each base continues the bracket below). */
const TAX_ROWS: ProgressiveRow[] = [
  { over: "0", base: "0", rate: "0" },
  { over: "20833", base: "0", rate: "0.15" },
  { over: "33333", base: "1875", rate: "0.20" },
  { over: "66667", base: "8541.80", rate: "0.25" },
  { over: "166667", base: "33541.80", rate: "0.30" },
  { over: "666667", base: "183541.80", rate: "0.35" },
];
const tax = tableLookup({ code: "TAX", kind: "progressive", rows: TAX_ROWS });

/** SSS-like salary credits: 4,000 below 4,250, then a band every 500 (4,250–4,749.99 → 4,500, …), 30,000 from 29,750 on. */
const MSC_ROWS: BandRow[] = [
  { from: "0", to: "4249.99", value: "4000" },
  ...Array.from({ length: 51 }, (_, k): BandRow => ({ from: String(4250 + 500 * k), to: `${4749 + 500 * k}.99`, value: String(4500 + 500 * k) })),
  { from: "29750", to: null, value: "30000" },
];
const msc = tableLookup({ code: "SSS_MSC", kind: "bands", rows: MSC_ROWS });

describe("rate tables", () => {
  it("progressive: base + rate × (x − over) of the last bracket x is above", () => {
    const at = (x: string) => tax(dec(x)).toString();
    expect(at("10000")).toBe("0");
    // Exactly on a bracket's `over`: still the bracket below (x must be above `over`).
    expect(at("20833")).toBe("0");
    // 0.15 × 0.01
    expect(at("20833.01")).toBe("0.0015");
    // 0.15 × (25,000 − 20,833) = 0.15 × 4,167 = 625.05
    expect(at("25000")).toBe("625.05");
    // 0.15 × (33,333 − 20,833) = 1,875: the next bracket's base, so the tax is continuous.
    expect(at("33333")).toBe("1875");
    // 1,875 + 0.20 × (50,000 − 33,333) = 1,875 + 3,333.40 = 5,208.40
    expect(at("50000")).toBe("5208.4");
    // 8,541.80 + 0.25 × (100,000 − 66,667) = 8,541.80 + 8,333.25 = 16,875.05
    expect(at("100000")).toBe("16875.05");
    // 183,541.80 + 0.35 × (1,000,000 − 666,667) = 183,541.80 + 116,666.55 = 300,208.35
    expect(at("1000000")).toBe("300208.35");
  });

  it("progressive: 0 at or below the first bracket, and for negative x", () => {
    const above1000 = tableLookup({ code: "T", kind: "progressive", rows: [{ over: "1000", base: "50", rate: "0.1" }] });
    expect(above1000(dec(500)).toString()).toBe("0");
    expect(above1000(dec(1000)).toString()).toBe("0");
    // 50 + 0.1 × 0.5
    expect(above1000(dec("1000.5")).toString()).toBe("50.05");
    expect(tax(dec(-5)).toString()).toBe("0");
    expect(tax(dec(0)).toString()).toBe("0");
  });

  it("bands: the value of the band holding x, both ends included", () => {
    const at = (x: string) => msc(dec(x)).toString();
    expect(at("0")).toBe("4000");
    expect(at("4249.99")).toBe("4000");
    expect(at("4250")).toBe("4500");
    expect(at("4749.99")).toBe("4500");
    // 25,000 is in 24,750–25,249.99
    expect(at("25000")).toBe("25000");
    // 12,903.2258… (a prorated month) is in 12,750–13,249.99
    expect(at("12903.2258064516")).toBe("13000");
    // Open-ended last band.
    expect(at("29750")).toBe("30000");
    expect(at("1000000")).toBe("30000");
  });

  it("names the row that answered, as written (what a payslip's explanation shows), and none where no row does", () => {
    expect(tax.row(dec("46800"))).toEqual({ over: "33333", base: "1875", rate: "0.20" });
    expect(tax.row(dec("20833"))).toEqual({ over: "0", base: "0", rate: "0" });
    expect(tax.row(dec("-5"))).toBeNull();
    expect(msc.row(dec("4249.995"))).toEqual({ from: "0", to: "4249.99", value: "4000" });
    expect(msc.row(dec("1000000"))).toEqual({ from: "29750", to: null, value: "30000" });
    expect(msc.row(dec(-1))).toBeNull();
  });

  it("bands: 0 in no band (below the first, above the last); x read to the bounds' decimals, rounded down", () => {
    expect(msc(dec(-1)).toString()).toBe("0");
    // 4,249.995 reads as 4,249.99: the row printed "… – 4,249.99" holds it, as the table means.
    expect(msc(dec("4249.995")).equals(msc(dec("4249.99")))).toBe(true);
    expect(msc(dec("4249.995")).toString()).not.toBe("0");
    const closed = tableLookup({ code: "B", kind: "bands", rows: [{ from: "100", to: "200", value: "7.5" }] });
    expect(closed(dec(99)).toString()).toBe("0");
    expect(closed(dec(100)).toString()).toBe("7.5");
    expect(closed(dec(200)).toString()).toBe("7.5");
    // Bounds in whole units: 200.01 reads as 200, still in the band; 201 is past it.
    expect(closed(dec("200.01")).toString()).toBe("7.5");
    expect(closed(dec(201)).toString()).toBe("0");
  });

  test.prop([fc.integer({ min: 0, max: 200_000_000 }), fc.integer({ min: 0, max: 200_000_000 })])("the tax brackets never decrease as x grows", (a, b) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    expect(tax(dec(low).dividedBy(100)).lessThanOrEqualTo(tax(dec(high).dividedBy(100)))).toBe(true);
  });

  test.prop([fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 49_999 })])("any x inside a band gets that band's value", (k, cents) => {
    // Band k: 4,250 + 500k up to 4,749.99 + 500k
    const x = dec(4250 + 500 * k).plus(dec(cents).dividedBy(100));
    expect(msc(x).toString()).toBe(String(4500 + 500 * k));
  });
});

// ---------------------------------------------------------------------------------------------
// The plan

describe("compileCalculation", () => {
  const scope: Scope = {
    value: (name) => {
      const values: Record<string, string> = { basic: "25000", SSS: "1125" };
      if (!Object.hasOwn(values, name)) throw new FormulaError("payroll.formula.unknownName", { name });
      return dec(values[name]);
    },
    table: (_code, x) => x.times(2),
    monthToDate: () => dec(0),
  };

  it("fixed: the amount, reading nothing", () => {
    const compiled = compileCalculation(fixed("1500.25"));
    expect(compiled.reads).toEqual([]);
    expect(compiled.tables).toEqual([]);
    expect(compiled.value(scope).toString()).toBe("1500.25");
  });

  it("percent: rate × of, and a person's rate in place of its own", () => {
    const compiled = compileCalculation(percent("0.045", "basic"));
    expect(compiled.reads).toEqual(["basic"]);
    // 0.045 × 25,000 = 1,125
    expect(compiled.value(scope).toString()).toBe("1125");
    // 0.05 × 25,000 = 1,250
    expect(compiled.value(scope, dec("0.05")).toString()).toBe("1250");
  });

  it("formula: what it reads, the tables it reads, its value", () => {
    const compiled = compileCalculation(formula('table("TAX", basic - SSS) + 1'));
    expect([...compiled.reads].sort()).toEqual(["SSS", "basic"]);
    expect(compiled.tables).toEqual(["TAX"]);
    // (25,000 − 1,125) × 2 + 1
    expect(compiled.value(scope).toString()).toBe("47751");
  });

  it("throws the formula's own refusal for a formula that does not parse", () => {
    expect(() => compileCalculation(formula("basic *"))).toThrowError(FormulaError);
  });
});

describe("planPay", () => {
  it("lists components in payslip order: order, then code", () => {
    const plan = planPay(
      [component("ZETA", "earning", fixed("1"), { order: 1 }), component("BETA", "deduction", fixed("1"), { order: 5 }), component("ALPHA", "earning", fixed("1"), { order: 5 })],
      new Set(),
    );
    expect(plan.components.map((c) => c.code)).toEqual(["ZETA", "ALPHA", "BETA"]);
    expect(plan.byCode.get("BETA")?.kind).toBe("deduction");
  });

  it("puts each step after what it reads, gross and taxable included", () => {
    const plan = planPay(
      [
        component("NET_BONUS", "deduction", formula("gross * 0.01 + TAX")),
        component("TAX", "deduction", formula('table("TAX", taxable)')),
        component("SSS", "deduction", percent("0.045", "BASIC"), { pre_tax: true }),
        component("OT", "earning", formula("hourly_rate * overtime_hours * 1.25"), { taxable: true }),
        component("BASIC", "earning", percent("1", "basic"), { taxable: true }),
        component("RICE", "earning", fixed("1500")),
        // A non-taxable earning may read taxable: taxable does not read it.
        component("ALLOWANCE", "earning", formula("if(taxable > 20000, 0, 500)")),
      ],
      new Set(["TAX"]),
    );
    const steps = plan.steps;
    expect([...steps].sort()).toEqual(["ALLOWANCE", "BASIC", "NET_BONUS", "OT", "RICE", "SSS", "TAX", "gross", "taxable"]);
    const before = (a: string, b: string) => expect(steps.indexOf(a), `${a} before ${b} in ${steps.join(", ")}`).toBeLessThan(steps.indexOf(b));
    before("BASIC", "SSS");
    for (const earning of ["BASIC", "OT", "RICE", "ALLOWANCE"]) before(earning, "gross");
    for (const part of ["BASIC", "OT", "SSS"]) before(part, "taxable");
    before("taxable", "TAX");
    before("taxable", "ALLOWANCE");
    before("TAX", "NET_BONUS");
    before("gross", "NET_BONUS");
  });

  it("plans nothing to a plan of gross and taxable alone", () => {
    const plan = planPay([], new Set());
    expect(plan.components).toEqual([]);
    expect([...plan.steps].sort()).toEqual(["gross", "taxable"]);
  });

  test.prop([fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), "__proto__", "prototype")])("takes no built-in object name for a variable (toString, __proto__)", (name) => {
    expect(planRefusal([component("X", "earning", formula(`${name} * 2`))])).toMatchObject({ code: "X", key: "payroll.formula.unknownName", params: { name } });
  });

  it("refuses an unknown name, naming the component and the calculation", () => {
    expect(planRefusal([component("BONUS", "earning", formula("basic * bonus_rate"))])).toMatchObject({
      code: "BONUS",
      field: "calculation",
      key: "payroll.formula.unknownName",
      params: { name: "bonus_rate" },
      message: "BONUS.calculation: payroll.formula.unknownName",
    });
    // A percentage of something that is neither a variable nor an active component.
    expect(planRefusal([component("SSS", "deduction", percent("0.045", "BASIC"))])).toMatchObject({ code: "SSS", field: "calculation", key: "payroll.formula.unknownName", params: { name: "BASIC" } });
  });

  it("refuses an unknown name in an employer share as the employer share's", () => {
    const sss = component("SSS", "deduction", percent("0.045", "basic"), { employer_share: formula("basic * 0.095 + EC") });
    expect(planRefusal([sss])).toMatchObject({ code: "SSS", field: "employer_share", key: "payroll.formula.unknownName", params: { name: "EC" } });
  });

  it("refuses an unknown table, in a calculation or an employer share", () => {
    const tables = new Set(["SSS_MSC"]);
    expect(planRefusal([component("TAX", "deduction", formula('table("WTAX", taxable)'))], tables)).toMatchObject({ code: "TAX", field: "calculation", key: "payroll.formula.unknownTable", params: { code: "WTAX" } });
    const sss = component("SSS", "deduction", formula('table("SSS_MSC", basic) * 0.045'), { employer_share: formula('table("SSS_ER", basic)') });
    expect(planRefusal([sss], tables)).toMatchObject({ code: "SSS", field: "employer_share", key: "payroll.formula.unknownTable", params: { code: "SSS_ER" } });
    expect(() => planPay([sss], new Set(["SSS_MSC", "SSS_ER"]))).not.toThrow();
  });

  it("takes mtd() of a component or a payslip total, with no order between them (the month's other runs are paid), and refuses any other code", () => {
    const sss = component("SSS", "deduction", formula('(mtd("basic") + basic) * 0.05 - mtd("SSS")'));
    const tax = component("TAX", "deduction", formula('mtd("gross") + mtd("taxable") + mtd("net") + mtd("SSS") * 0'));
    expect(planPay([tax, sss], new Set()).steps).toEqual(expect.arrayContaining(["SSS", "TAX"]));
    expect(planRefusal([component("TAX", "deduction", formula('mtd("WTAX")'))])).toMatchObject({ code: "TAX", field: "calculation", key: "payroll.formula.unknownMonthToDate", params: { code: "WTAX" } });
    // A variable is no payslip figure: days_worked of the month is not kept.
    expect(planRefusal([component("A", "earning", formula('mtd("days_worked")'))])).toMatchObject({ key: "payroll.formula.unknownMonthToDate", params: { code: "days_worked" } });
  });

  it("computes a month's contribution less what the month's other runs took", () => {
    const sss = component("SSS", "deduction", formula('(mtd("basic") + basic) * 0.05 - mtd("SSS")'));
    const plan = planPay([component("BASIC", "earning", percent("1", "basic")), sss], new Set());
    const monthToDate = new Map([["basic", dec(25_000)], ["SSS", dec(1_250)]]);
    const second = computePay(plan, NO_TABLES, inputs({ basic: 25_000 }), NO_OVERRIDES, PHP, { monthToDate });
    expect(second.lines.find((line) => line.code === "SSS")?.amount).toBe(125_000);
    // With nothing paid yet this month, the whole month's falls on this run.
    const first = computePay(plan, NO_TABLES, inputs({ basic: 25_000 }), NO_OVERRIDES, PHP);
    expect(first.lines.find((line) => line.code === "SSS")?.amount).toBe(125_000);
  });

  it("refuses a formula that does not parse, naming the component and field", () => {
    expect(planRefusal([component("OT", "earning", formula("hourly_rate * (overtime_hours"))])).toMatchObject({ code: "OT", field: "calculation", key: "payroll.formula.syntax" });
    expect(planRefusal([component("SSS", "deduction", fixed("100"), { employer_share: formula("") })])).toMatchObject({ code: "SSS", field: "employer_share", key: "payroll.formula.empty" });
  });

  it("refuses a cycle between components, and a component reading itself", () => {
    const refused = planRefusal([component("A", "earning", formula("B + 1")), component("B", "earning", percent("0.5", "A"))]);
    expect(refused).toMatchObject({ code: "A", field: "calculation", key: "payroll.formula.cycle", params: { cycle: "A → B → A" } });
    expect(planRefusal([component("SELF", "deduction", formula("SELF * 2"))])).toMatchObject({ code: "SELF", key: "payroll.formula.cycle", params: { cycle: "SELF → SELF" } });
  });

  it("refuses an earning that reads gross (gross sums the earnings)", () => {
    const refused = planRefusal([component("BASIC", "earning", fixed("100")), component("BONUS", "earning", formula("gross * 0.1"))]);
    expect(refused).toMatchObject({ code: "BONUS", field: "calculation", key: "payroll.formula.cycle", params: { cycle: "BONUS → gross → BONUS" } });
    // Non-taxable too: gross counts every earning.
    expect(planRefusal([component("BONUS", "earning", percent("0.1", "gross"))]).key).toBe("payroll.formula.cycle");
  });

  it("refuses a pre-tax deduction, or a taxable earning, that reads taxable", () => {
    const sss = planRefusal([component("BASIC", "earning", fixed("100"), { taxable: true }), component("SSS", "deduction", formula("taxable * 0.045"), { pre_tax: true })]);
    expect(sss).toMatchObject({ code: "SSS", key: "payroll.formula.cycle", params: { cycle: "SSS → taxable → SSS" } });
    expect(planRefusal([component("BONUS", "earning", percent("0.1", "taxable"), { taxable: true })]).params).toEqual({ cycle: "BONUS → taxable → BONUS" });
    // The same deduction after tax is no cycle.
    expect(() => planPay([component("BASIC", "earning", fixed("100"), { taxable: true }), component("SSS", "deduction", formula("taxable * 0.045"))], new Set())).not.toThrow();
  });

  it("refuses a cycle through gross by way of another component, blaming a component rather than gross", () => {
    // E reads D, D reads gross, gross reads E.
    const refused = planRefusal([component("E", "earning", percent("0.5", "D")), component("D", "deduction", percent("0.1", "gross"))]);
    expect(refused.key).toBe("payroll.formula.cycle");
    expect(refused.params.cycle).toBe("D → gross → E → D");
    expect(["D", "E"]).toContain(refused.code);
  });

  it("lets an employer share read gross, taxable and its own component (they come last)", () => {
    const sss = component("SSS", "deduction", percent("0.045", "basic"), { pre_tax: true, employer_share: formula("SSS * 2 + gross * 0 + taxable * 0") });
    expect(() => planPay([component("BASIC", "earning", percent("1", "basic"), { taxable: true }), sss], new Set())).not.toThrow();
  });
});

// ---------------------------------------------------------------------------------------------
// Money

describe("roundMoney and toMinor", () => {
  const round = (amount: string, digits: number, rounding: MoneyRules["rounding"]) => roundMoney(dec(amount), { digits, rounding }).toString();

  it("rounds to the currency's digits by the company's rule", () => {
    // Halfway, 2 digits
    expect(["half_up", "half_even", "down", "up"].map((rule) => round("10.005", 2, rule as MoneyRules["rounding"]))).toEqual(["10.01", "10", "10", "10.01"]);
    expect(round("10.015", 2, "half_even")).toBe("10.02");
    expect(round("10.0051", 2, "half_even")).toBe("10.01");
    // Not halfway: only down and up differ from nearest
    expect(["half_up", "half_even", "down", "up"].map((rule) => round("10.0012", 2, rule as MoneyRules["rounding"]))).toEqual(["10", "10", "10", "10.01"]);
    expect(["half_up", "half_even", "down", "up"].map((rule) => round("10.0099", 2, rule as MoneyRules["rounding"]))).toEqual(["10.01", "10.01", "10", "10.01"]);
    // 0 digits (JPY)
    expect(["half_up", "half_even", "down", "up"].map((rule) => round("1500.5", 0, rule as MoneyRules["rounding"]))).toEqual(["1501", "1500", "1500", "1501"]);
    expect(round("1501.5", 0, "half_even")).toBe("1502");
  });

  it("rounds negative amounts symmetrically: down toward zero, up away from it", () => {
    expect(["half_up", "half_even", "down", "up"].map((rule) => round("-10.005", 2, rule as MoneyRules["rounding"]))).toEqual(["-10.01", "-10", "-10", "-10.01"]);
  });

  it("turns major units into integer minor units", () => {
    expect(toMinor(dec("1234.56"), 2)).toBe(123456);
    expect(toMinor(dec("0.01"), 2)).toBe(1);
    expect(toMinor(dec("-7.5"), 2)).toBe(-750);
    expect(toMinor(dec("150000"), 0)).toBe(150000);
    expect(toMinor(dec("90071992547409.91"), 2)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses an amount beyond what a number holds exactly", () => {
    expect(() => toMinor(dec("90071992547409.92"), 2)).toThrowError(expect.objectContaining({ key: "payroll.formula.tooLarge" }));
    expect(() => toMinor(dec("-1e16"), 0)).toThrowError(FormulaError);
  });

  test.prop([fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 6 }), fc.constantFrom(0, 2, 3), fc.constantFrom("half_up", "half_even", "down", "up") as fc.Arbitrary<MoneyRules["rounding"]>])(
    "a rounded amount has the currency's digits, within a unit (half a unit to nearest), on the rule's side",
    (units, scale, digits, rounding) => {
      const amount = dec(units).dividedBy(dec(10).pow(scale));
      const rounded = roundMoney(amount, { digits, rounding });
      const unit = dec(10).pow(-digits);
      expect(Number.isInteger(toMinor(rounded, digits))).toBe(true);
      const gap = rounded.minus(amount).abs();
      expect(gap.lessThan(unit)).toBe(true);
      if (rounding === "half_up" || rounding === "half_even") expect(gap.lessThanOrEqualTo(unit.dividedBy(2))).toBe(true);
      if (rounding === "down") expect(rounded.abs().lessThanOrEqualTo(amount.abs())).toBe(true);
      if (rounding === "up") expect(rounded.abs().greaterThanOrEqualTo(amount.abs())).toBe(true);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// One person's payslip

describe("computePay", () => {
  it("computes a Philippine-style payslip: earnings, pre-tax contributions, bracket tax, employer shares", () => {
    const definitions = [
      component("BASIC", "earning", percent("1", "basic"), { taxable: true, order: 10 }),
      component("OT", "earning", formula("hourly_rate * 1.25 * overtime_hours"), { taxable: true, order: 20 }),
      component("RICE", "earning", fixed("1500.00"), { order: 30 }),
      component("LATE", "deduction", formula("daily_rate / 8 / 60 * late_minutes"), { pre_tax: true, order: 40 }),
      component("SSS", "deduction", formula('table("SSS_MSC", basic) * 0.045'), { pre_tax: true, order: 50, employer_share: formula('table("SSS_MSC", basic) * 0.095') }),
      component("PHIC", "deduction", percent("0.025", "basic"), { pre_tax: true, order: 60, employer_share: percent("0.025", "basic") }),
      component("TAX", "deduction", formula('table("TAX", taxable)'), { order: 70 }),
    ];
    const tables = new Map([
      ["SSS_MSC", msc],
      ["TAX", tax],
    ]);
    // 25,000.00 a month, 22 working days, 8 hours a day.
    const daily = dec(25000).dividedBy(22); // 1,136.3636…
    const result = pay(definitions, inputs({ basic: "25000", daily_rate: daily, hourly_rate: daily.dividedBy(8), overtime_hours: 3, late_minutes: 35, days_worked: 22 }), { tables });

    // BASIC  25,000.00
    // OT     142.045454… × 1.25 × 3 = 532.670454… → 532.67
    // RICE   1,500.00
    // LATE   1,136.3636… / 8 / 60 × 35 = 2.3674242… × 35 = 82.859848… → 82.86
    // SSS    band 24,750–25,249.99 → 25,000 × 4.5% = 1,125.00 (employer 9.5%: 2,375.00)
    // PHIC   25,000 × 2.5% = 625.00 (employer the same)
    // gross    = 25,000 + 532.67 + 1,500 = 27,032.67
    // taxable  = 25,000 + 532.67 − 82.86 − 1,125 − 625 = 23,699.81 (RICE is not taxable)
    // TAX      = 0.15 × (23,699.81 − 20,833) = 0.15 × 2,866.81 = 430.0215 → 430.02
    // deductions = 82.86 + 1,125 + 625 + 430.02 = 2,262.88
    // net        = 27,032.67 − 2,262.88 = 24,769.79
    // employer_cost = 27,032.67 + 2,375 + 625 = 30,032.67
    expect(result.lines).toEqual([
      { code: "BASIC", name: "BASIC name", kind: "earning", amount: 2_500_000 },
      { code: "OT", name: "OT name", kind: "earning", amount: 53_267 },
      { code: "RICE", name: "RICE name", kind: "earning", amount: 150_000 },
      { code: "LATE", name: "LATE name", kind: "deduction", amount: 8_286 },
      { code: "SSS", name: "SSS name", kind: "deduction", amount: 112_500 },
      { code: "PHIC", name: "PHIC name", kind: "deduction", amount: 62_500 },
      { code: "TAX", name: "TAX name", kind: "deduction", amount: 43_002 },
      { code: "SSS", name: "SSS name", kind: "employer", amount: 237_500 },
      { code: "PHIC", name: "PHIC name", kind: "employer", amount: 62_500 },
    ]);
    expect(result).toMatchObject({ gross: 2_703_267, taxable: 2_369_981, deductions: 226_288, net: 2_476_979, employer_cost: 3_003_267 });
  });

  it("prorates through basic: 25,000.00 a month for 16 of 31 days, SSS on the band of the prorated pay", () => {
    const definitions = [
      component("BASIC", "earning", percent("1", "basic"), { taxable: true, order: 1 }),
      component("SSS", "deduction", formula('table("SSS_MSC", basic) * 0.045'), { pre_tax: true, order: 2, employer_share: formula('table("SSS_MSC", basic) * 0.095') }),
      component("TAX", "deduction", formula('table("TAX", taxable)'), { order: 3 }),
    ];
    // basic = 25,000 × 16 / 31 = 12,903.225806… → 12,903.23
    // SSS: band 12,750–13,249.99 → 13,000 × 4.5% = 585.00; employer 13,000 × 9.5% = 1,235.00
    // taxable = 12,903.23 − 585 = 12,318.23, below 20,833: tax 0 (and no line)
    const result = pay(definitions, inputs({ basic: dec(25000).times(16).dividedBy(31) }), { tables: new Map([["SSS_MSC", msc], ["TAX", tax]]) });
    expect(result.lines.map((line) => [line.code, line.kind, line.amount])).toEqual([
      ["BASIC", "earning", 1_290_323],
      ["SSS", "deduction", 58_500],
      ["SSS", "employer", 123_500],
    ]);
    expect(result).toMatchObject({ gross: 1_290_323, taxable: 1_231_823, deductions: 58_500, net: 1_231_823, employer_cost: 1_413_823 });
  });

  it("rounds each component before anything reads or sums it", () => {
    // Three earnings of 0.005 → 0.01 each (half up), so gross is 0.03 (not 0.015 → 0.02).
    const definitions = ["A", "B", "C"].map((code) => component(code, "earning", fixed("0.005"), { taxable: true }));
    // D reads A's rounded 0.01: 0.01 × 150 = 1.50 (not 0.005 × 150 = 0.75)
    definitions.push(component("D", "deduction", formula("A * 150")));
    const result = pay(definitions, inputs());
    expect(result).toMatchObject({ gross: 3, taxable: 3, deductions: 150, net: -147, employer_cost: 3 });
  });

  it("rounds to the currency's digits: JPY has none", () => {
    const definitions = [
      component("BASIC", "earning", percent("1", "basic"), { taxable: true }),
      component("HEALTH", "deduction", percent("0.0499", "basic"), { employer_share: percent("0.0499", "basic") }),
    ];
    // basic ¥333,333; health 4.99% = 16,633.3167 → ¥16,633 (and the employer the same)
    const result = pay(definitions, inputs({ basic: 333_333 }), { rules: JPY });
    expect(result.lines.map((line) => line.amount)).toEqual([333_333, 16_633, 16_633]);
    expect(result).toMatchObject({ gross: 333_333, net: 316_700, taxable: 333_333, employer_cost: 349_966 });
    // The same in PHP keeps the centavos: 16,633.3167 → 16,633.32
    expect(pay(definitions, inputs({ basic: 333_333 })).lines[1].amount).toBe(1_663_332);
  });

  it("applies the company's rounding rule to each line", () => {
    const definitions = [component("PAY", "earning", fixed("10.005"), { taxable: true, order: 1 }), component("FEE", "deduction", fixed("0.015"), { order: 2 })];
    const amounts = (digits: number, rounding: MoneyRules["rounding"]) => pay(definitions, inputs(), { rules: { digits, rounding } }).lines.map((line) => line.amount);
    expect(amounts(2, "half_up")).toEqual([1001, 2]);
    expect(amounts(2, "half_even")).toEqual([1000, 2]);
    expect(amounts(2, "down")).toEqual([1000, 1]);
    expect(amounts(2, "up")).toEqual([1001, 2]);
    // 0 digits: 10.005 → 10 (11 rounding up); 0.015 → 0 (1 up), a zero line left out.
    expect(amounts(0, "half_up")).toEqual([10]);
    expect(amounts(0, "up")).toEqual([11, 1]);
  });

  it("leaves out zero lines, employer shares included, and still counts them as 0", () => {
    const definitions = [
      component("BASIC", "earning", percent("1", "basic"), { taxable: true, order: 1 }),
      component("NIGHT", "earning", formula("hourly_rate * 0.1 * overtime_hours"), { order: 2 }),
      component("TINY", "earning", fixed("0.004"), { order: 3 }),
      component("LOAN", "deduction", fixed("0"), { order: 4, employer_share: fixed("0.00") }),
      component("SSS", "deduction", percent("0.045", "basic"), { order: 5, employer_share: formula("NIGHT * 3") }),
    ];
    const result = pay(definitions, inputs({ basic: 1000, hourly_rate: "5.68" }));
    // BASIC 1,000.00; SSS 45.00; NIGHT, TINY (0.004 → 0.00), LOAN and both employer shares are 0.
    expect(result.lines.map((line) => `${line.code}:${line.kind}:${line.amount}`)).toEqual(["BASIC:earning:100000", "SSS:deduction:4500"]);
    expect(result).toMatchObject({ gross: 100_000, deductions: 4_500, net: 95_500, employer_cost: 100_000 });
  });

  it("keeps a negative line (an adjustment) and counts it", () => {
    const definitions = [component("BASIC", "earning", fixed("1000"), { taxable: true }), component("ADJ", "earning", fixed("-250.50"), { taxable: true })];
    expect(pay(definitions, inputs())).toMatchObject({ gross: 74_950, taxable: 74_950, net: 74_950, lines: [{ code: "ADJ", amount: -25_050 }, { code: "BASIC", amount: 100_000 }] });
  });

  it("taxable = taxable earnings − pre-tax deductions; net = gross − all deductions", () => {
    const definitions = [
      component("BASIC", "earning", fixed("20000"), { taxable: true }),
      component("DEMINIMIS", "earning", fixed("2000")),
      component("PAGIBIG", "deduction", fixed("200"), { pre_tax: true }),
      component("LOAN", "deduction", fixed("1000")),
      // Reads gross and taxable after both are complete.
      component("CHECK", "deduction", formula("(gross - taxable) / 100")),
    ];
    // gross 22,000; taxable 20,000 − 200 = 19,800; CHECK (22,000 − 19,800) / 100 = 22.00
    // deductions 200 + 1,000 + 22 = 1,222; net 22,000 − 1,222 = 20,778
    expect(pay(definitions, inputs())).toMatchObject({ gross: 2_200_000, taxable: 1_980_000, deductions: 122_200, net: 2_077_800, employer_cost: 2_200_000 });
  });

  describe("overrides", () => {
    const definitions = () => [
      component("BASIC", "earning", percent("1", "basic"), { taxable: true, order: 1 }),
      component("ALLOW", "earning", fixed("1000"), { order: 2 }),
      component("SSS", "deduction", percent("0.045", "basic"), { pre_tax: true, order: 3, employer_share: percent("0.095", "basic") }),
      // Reads SSS: sees the override's result.
      component("SSS_EXTRA", "deduction", percent("0.1", "SSS"), { order: 4 }),
    ];
    const given = inputs({ basic: "25000" });
    const lines = (overrides: [string, PersonOverride][]) => {
      const result = pay(definitions(), given, { overrides: new Map(overrides) });
      return { result, amounts: Object.fromEntries(result.lines.map((line) => [`${line.code}/${line.kind}`, line.amount])) };
    };

    it("computes without overrides", () => {
      // SSS 1,125.00; SSS_EXTRA 112.50; employer 2,375.00
      expect(lines([]).amounts).toEqual({ "BASIC/earning": 2_500_000, "ALLOW/earning": 100_000, "SSS/deduction": 112_500, "SSS_EXTRA/deduction": 11_250, "SSS/employer": 237_500 });
    });

    it("amount: the amount instead of the calculation, rounded like any result; the employer share stays", () => {
      const { result, amounts } = lines([["SSS", { mode: "amount", value: dec("800.125") }]]);
      // 800.125 → 800.13; SSS_EXTRA 80.013 → 80.01
      expect(amounts).toMatchObject({ "SSS/deduction": 80_013, "SSS_EXTRA/deduction": 8_001, "SSS/employer": 237_500 });
      // taxable 25,000 − 800.13 = 24,199.87
      expect(result.taxable).toBe(2_419_987);
    });

    it("rate: another rate for a percentage", () => {
      // 5% of 25,000 = 1,250.00; SSS_EXTRA 125.00; the employer's 9.5% unchanged
      expect(lines([["SSS", { mode: "rate", value: dec("0.05") }]]).amounts).toMatchObject({ "SSS/deduction": 125_000, "SSS_EXTRA/deduction": 12_500, "SSS/employer": 237_500 });
    });

    it("rate on a fixed amount has no rate to replace: the amount stands", () => {
      expect(lines([["ALLOW", { mode: "rate", value: dec("0.5") }]]).amounts["ALLOW/earning"]).toBe(100_000);
    });

    it("exclude: no line, no employer share, and 0 for whoever reads it", () => {
      const { result, amounts } = lines([["SSS", { mode: "exclude", value: null }]]);
      expect(amounts).toEqual({ "BASIC/earning": 2_500_000, "ALLOW/earning": 100_000 });
      expect(result).toMatchObject({ gross: 2_600_000, deductions: 0, net: 2_600_000, taxable: 2_500_000, employer_cost: 2_600_000 });
    });

    it("exclude an earning: gross without it", () => {
      expect(lines([["ALLOW", { mode: "exclude", value: null }]]).result).toMatchObject({ gross: 2_500_000, net: 2_500_000 - 112_500 - 11_250 });
    });
  });

  describe("a formula failing for one person", () => {
    const definitions = [
      component("BASIC", "earning", percent("1", "basic"), { taxable: true }),
      component("PERDAY", "earning", formula("basic / days_worked")),
      component("SSS", "deduction", fixed("100"), { employer_share: formula("basic / absences") }),
    ];
    const plan: PayPlan = planPay(definitions, new Set());

    it("is a PersonPayError naming the component, for their figures only", () => {
      expect(personRefusal(() => computePay(plan, NO_TABLES, inputs({ basic: 1000, days_worked: 0, absences: 1 }), NO_OVERRIDES, PHP))).toEqual({
        code: "PERDAY",
        key: "payroll.formula.divisionByZero",
        message: "PERDAY: payroll.formula.divisionByZero",
      });
      // The same plan serves the next person: 1,000 / 20 = 50.00
      expect(computePay(plan, NO_TABLES, inputs({ basic: 1000, days_worked: 20, absences: 4 }), NO_OVERRIDES, PHP)).toMatchObject({ gross: 105_000, employer_cost: 130_000 });
    });

    it("names the component when its employer share fails", () => {
      expect(personRefusal(() => computePay(plan, NO_TABLES, inputs({ basic: 1000, days_worked: 20, absences: 0 }), NO_OVERRIDES, PHP))).toMatchObject({ code: "SSS", key: "payroll.formula.divisionByZero" });
    });

    it("does not fail for an excluded component", () => {
      const overrides = new Map<string, PersonOverride>([
        ["PERDAY", { mode: "exclude", value: null }],
        ["SSS", { mode: "exclude", value: null }],
      ]);
      expect(computePay(plan, NO_TABLES, inputs({ basic: 1000 }), overrides, PHP)).toMatchObject({ gross: 100_000, net: 100_000 });
    });

    it("refuses an amount too large for exact minor units, naming the component", () => {
      const big = new Map<string, PersonOverride>([["SSS", { mode: "amount", value: dec("1e14") }]]);
      expect(personRefusal(() => computePay(plan, NO_TABLES, inputs({ basic: 1000, days_worked: 1, absences: 1 }), big, PHP))).toMatchObject({ code: "SSS", key: "payroll.formula.tooLarge" });
    });
  });

  describe("adjustments", () => {
    // BASIC 20,000.00 (taxable), TAX 20% of taxable, UNION 1% of gross: 4,000.00 of tax and 200.00 of union fee without adjustments.
    const definitions = () => [
      component("BASIC", "earning", fixed("20000"), { taxable: true, order: 1 }),
      component("TAX", "deduction", formula("taxable * 0.2"), { order: 2 }),
      component("UNION", "deduction", formula("gross * 0.01"), { order: 3 }),
    ];
    const adjustment = (id: number, kind: ComponentKind, amount: number, flags: { taxable?: boolean; pre_tax?: boolean } = {}): PayAdjustment => ({
      id,
      name: `Adjustment ${id}`,
      kind,
      amount,
      taxable: false,
      pre_tax: false,
      ...flags,
    });
    const withAdjustments = (adjustments: PayAdjustment[], rules = PHP) =>
      computePay(planPay(definitions(), new Set()), NO_TABLES, inputs(), NO_OVERRIDES, rules, { adjustments });
    const amounts = (result: ReturnType<typeof withAdjustments>) => Object.fromEntries(result.lines.map((line) => [`${line.kind}:${line.code}`, line.amount]));

    it("without any, the payslip is the one computed without the argument", () => {
      const plain = computePay(planPay(definitions(), new Set()), NO_TABLES, inputs(), NO_OVERRIDES, PHP);
      expect(withAdjustments([])).toEqual(plain);
      expect(plain).toMatchObject({ gross: 2_000_000, taxable: 2_000_000, deductions: 420_000, net: 1_580_000 });
    });

    it("a taxable earning adds to gross and taxable: the tax read from taxable rises with it, and its line carries the name typed", () => {
      const result = withAdjustments([adjustment(7, "earning", 150_000, { taxable: true })]);
      // gross 21,500; taxable 21,500; TAX 4,300.00; UNION 215.00; net 21,500 − 4,515 = 16,985
      expect(amounts(result)).toEqual({ "earning:BASIC": 2_000_000, "deduction:TAX": 430_000, "deduction:UNION": 21_500, "earning:ADJ-7": 150_000 });
      expect(result.lines).toContainEqual({ code: "ADJ-7", name: "Adjustment 7", kind: "earning", amount: 150_000 });
      expect(result).toMatchObject({ gross: 2_150_000, taxable: 2_150_000, deductions: 451_500, net: 1_698_500, employer_cost: 2_150_000 });
    });

    it("a pre-tax deduction comes off taxable: less tax, gross unchanged", () => {
      const result = withAdjustments([adjustment(8, "deduction", 100_000, { pre_tax: true })]);
      // taxable 19,000; TAX 3,800.00; UNION 200.00; deductions 1,000 + 3,800 + 200 = 5,000; net 15,000
      expect(amounts(result)).toEqual({ "earning:BASIC": 2_000_000, "deduction:TAX": 380_000, "deduction:UNION": 20_000, "deduction:ADJ-8": 100_000 });
      expect(result).toMatchObject({ gross: 2_000_000, taxable: 1_900_000, deductions: 500_000, net: 1_500_000 });
    });

    it("a non-taxable earning moves gross (and what reads gross) but not the tax; a plain deduction only net", () => {
      const result = withAdjustments([adjustment(9, "earning", 50_000), adjustment(10, "deduction", 30_000)]);
      // gross 20,500; taxable 20,000: TAX 4,000.00; UNION 205.00; deductions 300 + 4,000 + 205 = 4,505; net 15,995
      expect(amounts(result)).toMatchObject({ "deduction:TAX": 400_000, "deduction:UNION": 20_500, "earning:ADJ-9": 50_000, "deduction:ADJ-10": 30_000 });
      expect(result).toMatchObject({ gross: 2_050_000, taxable: 2_000_000, deductions: 450_500, net: 1_599_500 });
    });

    it("reads each flag for its own kind only: an earning marked pre-tax or a deduction marked taxable moves no taxable", () => {
      const result = withAdjustments([adjustment(11, "earning", 50_000, { pre_tax: true }), adjustment(12, "deduction", 30_000, { taxable: true })]);
      expect(result).toMatchObject({ gross: 2_050_000, taxable: 2_000_000 });
    });

    it("counts in the currency's minor units: 1,500 yen is 1,500 in a currency without decimals", () => {
      const result = withAdjustments([adjustment(13, "earning", 1_500, { taxable: true })], JPY);
      // gross ¥21,500; TAX ¥4,300; UNION ¥215
      expect(result).toMatchObject({ gross: 21_500, taxable: 21_500, deductions: 4_515, net: 16_985 });
    });

    it("refuses totals beyond what a number holds exactly, naming the adjustment", () => {
      const plan = planPay([component("BASIC", "earning", fixed("20000"))], new Set());
      expect(personRefusal(() => computePay(plan, NO_TABLES, inputs(), NO_OVERRIDES, PHP, { adjustments: [adjustment(14, "earning", Number.MAX_SAFE_INTEGER)] }))).toMatchObject({
        code: "ADJ-14",
        key: "payroll.formula.tooLarge",
      });
    });
  });

  describe("properties", () => {
    const RULES = ["half_up", "half_even", "down", "up"] as const;
    /** A decimal as people type it: up to 6 decimals. */
    const decimalText = (min: number, max: number) => fc.tuple(fc.integer({ min, max }), fc.integer({ min: 0, max: 6 })).map(([units, scale]) => dec(units).dividedBy(dec(10).pow(scale)).toFixed());
    const rateText = fc.integer({ min: 0, max: 10_000 }).map((units) => dec(units).dividedBy(10_000).toFixed());

    const spec = fc.record({
      kind: fc.constantFrom<ComponentKind>("earning", "deduction"),
      flag: fc.boolean(),
      calculation: fc.oneof(
        decimalText(-100_000_000, 10_000_000_000).map(fixed),
        fc.tuple(rateText, fc.constantFrom("basic", "days_worked", "hourly_rate", "overtime_hours")).map(([rate, of]) => percent(rate, of)),
        // A percentage of an earlier component (resolved below), so the set has no cycle.
        fc.tuple(rateText, fc.nat()).map(([rate, index]) => percent(rate, `#${index}`)),
      ),
      employer: fc.option(rateText, { nil: null }),
      order: fc.integer({ min: 0, max: 3 }),
      override: fc.option(
        fc.oneof(
          decimalText(-1_000_000, 1_000_000_000).map((value): PersonOverride => ({ mode: "amount", value: dec(value) })),
          rateText.map((value): PersonOverride => ({ mode: "rate", value: dec(value) })),
          fc.constant<PersonOverride>({ mode: "exclude", value: null }),
        ),
        { nil: null },
      ),
    });

    const scenario = fc.record({
      specs: fc.array(spec, { maxLength: 12 }),
      // Tax on taxable and a union fee on gross, each after everything else.
      withTax: fc.boolean(),
      basicMinor: fc.integer({ min: 0, max: 100_000_000 }),
      prorate: fc.integer({ min: 1, max: 31 }),
      daysWorked: fc.integer({ min: 0, max: 62 }),
      overtimeMinutes: fc.integer({ min: 0, max: 3000 }),
      digits: fc.constantFrom(0, 2),
      rounding: fc.constantFrom(...RULES),
      seed: fc.nat(),
    });
    type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

    function build(s: Scenario) {
      const definitions = s.specs.map((item, index) => {
        let calculation = item.calculation;
        if (calculation.type === "percent" && calculation.of.startsWith("#")) calculation = index === 0 ? percent(calculation.rate, "basic") : percent(calculation.rate, `C${Number(calculation.of.slice(1)) % index}`);
        return component(`C${index}`, item.kind, calculation, {
          id: index + 1,
          taxable: item.kind === "earning" && item.flag,
          pre_tax: item.kind === "deduction" && item.flag,
          order: item.order,
          employer_share: item.employer === null ? null : percent(item.employer, "basic"),
        });
      });
      if (s.withTax) {
        definitions.push(component("TAX", "deduction", formula('table("TAX", taxable)'), { id: 100, order: 9 }));
        definitions.push(component("UNION", "deduction", formula("max(gross, 0) * 0.005"), { id: 101, order: 9, employer_share: formula('table("SSS_MSC", max(gross, 0)) * 0.01') }));
      }
      const overrides = new Map<string, PersonOverride>();
      s.specs.forEach((item, index) => {
        if (item.override) overrides.set(`C${index}`, item.override);
      });
      // A prorated basic, as basic-pay gives it: unrounded.
      const basic = dec(s.basicMinor).dividedBy(100).times(s.prorate).dividedBy(31);
      const given = inputs({ basic, daily_rate: basic.dividedBy(22), hourly_rate: basic.dividedBy(22 * 8), days_worked: dec(s.daysWorked).dividedBy(2), overtime_hours: dec(s.overtimeMinutes).dividedBy(60) });
      return { definitions, overrides, given, rules: { digits: s.digits, rounding: s.rounding } as MoneyRules };
    }
    const tables = new Map([
      ["TAX", tax],
      ["SSS_MSC", msc],
    ]);
    const computeScenario = (s: Scenario, definitions?: ComponentDef[]) => {
      const built = build(s);
      return computePay(planPay(definitions ?? built.definitions, new Set(tables.keys())), tables, built.given, built.overrides, built.rules);
    };

    test.prop([scenario])("lines add up: earnings = gross, gross − deductions = net, gross + employer shares = employer cost; all integers, none 0", (s) => {
      const { definitions } = build(s);
      const result = computeScenario(s);
      const total = (kind: string) => result.lines.filter((line) => line.kind === kind).reduce((sum, line) => sum + line.amount, 0);
      expect(total("earning")).toBe(result.gross);
      expect(total("deduction")).toBe(result.deductions);
      expect(result.net).toBe(total("earning") - total("deduction"));
      expect(result.employer_cost).toBe(result.gross + total("employer"));
      const byCode = new Map(definitions.map((d) => [d.code, d]));
      const taxable = result.lines.reduce((sum, line) => {
        const def = byCode.get(line.code)!;
        if (line.kind === "earning" && def.taxable) return sum + line.amount;
        if (line.kind === "deduction" && def.pre_tax) return sum - line.amount;
        return sum;
      }, 0);
      expect(result.taxable).toBe(taxable);
      for (const amount of [result.gross, result.deductions, result.net, result.taxable, result.employer_cost, ...result.lines.map((line) => line.amount)]) expect(Number.isSafeInteger(amount)).toBe(true);
      for (const line of result.lines) {
        expect(line.amount).not.toBe(0);
        expect(line.kind === "employer" || line.kind === byCode.get(line.code)!.kind).toBe(true);
      }
      // One line per component and kind; excluded components have none.
      expect(new Set(result.lines.map((line) => `${line.code}/${line.kind}`)).size).toBe(result.lines.length);
      s.specs.forEach((item, index) => {
        if (item.override?.mode === "exclude") expect(result.lines.some((line) => line.code === `C${index}`)).toBe(false);
      });
    });

    test.prop([scenario])("the same input gives the same payslip, whatever order the components come in", (s) => {
      const first = computeScenario(s);
      expect(computeScenario(s)).toEqual(first);
      const { definitions } = build(s);
      // A deterministic shuffle from the seed.
      const shuffled = definitions.map((d, i) => ({ d, key: (s.seed * 31 + i * 17) % 97 })).sort((a, b) => a.key - b.key).map(({ d }) => d);
      expect(computeScenario(s, shuffled)).toEqual(first);
    });

    test.prop([scenario])("a fixed line is its amount rounded; a percentage line its rate × what it reads, rounded", (s) => {
      const { definitions, overrides, given, rules } = build(s);
      const result = computeScenario(s);
      const amounts = new Map(result.lines.filter((line) => line.kind !== "employer").map((line) => [line.code, line.amount]));
      const major = (code: string) => dec(amounts.get(code) ?? 0).dividedBy(dec(10).pow(rules.digits));
      for (const def of definitions) {
        if (!def.code.startsWith("C")) continue;
        const override = overrides.get(def.code);
        let expected: Dec;
        if (override?.mode === "exclude") expected = dec(0);
        else if (override?.mode === "amount") expected = override.value!;
        else if (def.calculation.type === "fixed") expected = dec(def.calculation.amount);
        else if (def.calculation.type === "percent") {
          const of = def.calculation.of;
          const base = of.startsWith("C") ? major(of) : given[of as keyof PayInputs];
          expected = (override?.mode === "rate" ? override.value! : dec(def.calculation.rate)).times(base);
        } else continue;
        // `|| 0`: −0.1 rounds to −0, which is no line (a zero line is left out).
        expect(amounts.get(def.code) ?? 0, def.code).toBe(toMinor(roundMoney(expected, rules), rules.digits) || 0);
      }
    });

    test.prop([scenario, fc.array(fc.record({ kind: fc.constantFrom<ComponentKind>("earning", "deduction"), amount: fc.integer({ min: 1, max: 100_000_000 }), flag: fc.boolean() }), { maxLength: 4 })])(
      "adjustments add their own lines and move gross, deductions and taxable by their amounts, the components' lines unchanged when nothing reads gross or taxable",
      (s, typed) => {
        const plain = { ...s, withTax: false };
        const { definitions, overrides, given, rules } = build(plain);
        const adjustments = typed.map((item, index): PayAdjustment => ({ id: index + 1, name: `A${index}`, kind: item.kind, amount: item.amount, taxable: item.flag, pre_tax: item.flag }));
        const plan = planPay(definitions, new Set(tables.keys()));
        const without = computePay(plan, tables, given, overrides, rules);
        const adjusted = computePay(plan, tables, given, overrides, rules, { adjustments });
        const total = (kind: ComponentKind, taxed = false) => adjustments.filter((a) => a.kind === kind && (!taxed || a.taxable)).reduce((sum, a) => sum + a.amount, 0);
        expect(adjusted.lines.filter((line) => !line.code.startsWith("ADJ-"))).toEqual(without.lines);
        expect(adjusted.lines.filter((line) => line.code.startsWith("ADJ-")).map((line) => [line.kind, line.amount])).toEqual(adjustments.map((a) => [a.kind, a.amount]));
        expect(adjusted.gross).toBe(without.gross + total("earning"));
        expect(adjusted.deductions).toBe(without.deductions + total("deduction"));
        expect(adjusted.net).toBe(adjusted.gross - adjusted.deductions);
        expect(adjusted.taxable).toBe(without.taxable + total("earning", true) - total("deduction", true));
      },
    );
  });
});

describe("computePay's trace (a payslip's explanation)", () => {
  const definitions = () => [
    component("BASIC", "earning", formula("basic"), { taxable: true, order: 1 }),
    component("BONUS", "earning", fixed("0"), { order: 2 }),
    component("SSS", "deduction", formula('table("SSS_MSC", BASIC) * 0.05 - mtd("SSS")'), { order: 3, employer_share: formula('table("SSS_MSC", BASIC) * 0.10') }),
    component("TAX", "deduction", formula('table("TAX", taxable)'), { order: 4 }),
    component("ALLOW", "earning", fixed("100"), { order: 5 }),
  ];
  const tables = new Map([
    ["SSS_MSC", msc],
    ["TAX", tax],
  ]);
  const given = inputs({ basic: "25000", hourly_rate: "143.75" });
  const traced = (overrides = NO_OVERRIDES) =>
    computePay(planPay(definitions(), new Set(tables.keys())), tables, given, overrides, PHP, { monthToDate: new Map([["SSS", dec("600")]]), explain: true }).trace!;

  it("keeps what the paid lines read, each table reading under its line, the mtd amounts and the formula set's digest", () => {
    const trace = traced();
    // BONUS pays nothing, so it is no line and nothing of it is kept; hourly_rate is read by no line.
    expect(trace.values).toEqual({ basic: "25000", BASIC: "25000", taxable: "25000" });
    expect(trace.month_to_date).toEqual({ SSS: "600" });
    // SSS: MSC 25,000 (24,750–25,249.99) × 5 % − 600 = 650; the employer's 10 % = 2,500; TAX: 0.15 × (25,000 − 20,833) = 625.05.
    expect(trace.tables).toEqual([
      { line: "SSS", code: "SSS_MSC", x: "25000", row: { from: "24750", to: "25249.99", value: "25000" }, result: "25000" },
      { line: "TAX", code: "TAX", x: "25000", row: { over: "20833", base: "0", rate: "0.15" }, result: "625.05" },
      { line: "SSS/employer", code: "SSS_MSC", x: "25000", row: { from: "24750", to: "25249.99", value: "25000" }, result: "25000" },
    ]);
    expect(trace.formulas).toMatch(/^[0-9a-f]{32}$/);
    expect(trace.overrides).toEqual({});
  });

  it("keeps the person's overrides, and no reading of a line whose amount was set", () => {
    const trace = traced(new Map([["SSS", { mode: "amount", value: dec("700") }]]));
    expect(trace.overrides).toEqual({ SSS: { mode: "amount", value: "700" } });
    expect(trace.month_to_date).toEqual({});
    expect(trace.tables.map((reading) => reading.line)).toEqual(["TAX", "SSS/employer"]);
  });

  it("gives one digest to the same calculations, another when one changes, and none unless asked", () => {
    const digest = (defs: ComponentDef[]) => planPay(defs, new Set(tables.keys())).formulas.digest;
    expect(digest(definitions())).toBe(digest(definitions().reverse()));
    const changed = definitions().map((def) => (def.code === "ALLOW" ? { ...def, calculation: fixed("120") } : def));
    expect(digest(changed)).not.toBe(digest(definitions()));
    expect(pay(definitions(), given, { tables }).trace).toBeNull();
  });
});
