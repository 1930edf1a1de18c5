/** The pay formula language: exact arithmetic, its functions, and refusals with what to fix; never a crash or a hang on hostile input. */
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { dependencyOrder, evaluate, FormulaError, parseFormula, PayDecimal, type Scope } from "../../server/modules/payroll/formula";

const VALUES: Record<string, string> = { basic: "25000.50", days_worked: "22", late_minutes: "35", absences: "1", SSS: "1125.00" };
const scope: Scope = {
  value: (name) => {
    // Own names only: "valueOf" and the like are no variables.
    if (!Object.hasOwn(VALUES, name)) throw new FormulaError("payroll.formula.unknownName", { name });
    return new PayDecimal(VALUES[name]);
  },
  // A two-bracket table: 0 up to 20,000, then 15% of the excess.
  table: (code, x) => {
    if (code !== "TAX") throw new FormulaError("payroll.formula.unknownTable", { code });
    return x.lessThanOrEqualTo(20_000) ? new PayDecimal(0) : x.minus(20_000).times("0.15");
  },
  // The month's other runs paid SSS 875.00 on a basic of 25,000.00.
  monthToDate: (code) => new PayDecimal({ SSS: "875", basic: "25000" }[code] ?? 0),
};
const run = (expression: string) => evaluate(parseFormula(expression), scope).toString();
const refusal = (expression: string) => {
  try {
    run(expression);
  } catch (error) {
    if (error instanceof FormulaError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error(`${expression} was accepted`);
};

describe("evaluating", () => {
  it("computes exactly in decimals, never in binary floating point", () => {
    expect(run("0.1 + 0.2")).toBe("0.3");
    expect(run("basic / days_worked * 2")).toBe("2272.772727272727272727272727272727272728");
    expect(run("1500.00 - 0.01")).toBe("1499.99");
  });

  it("has the functions of the language", () => {
    expect(run("round(basic * 0.045, 2)")).toBe("1125.02");
    expect(run("round(2.5)")).toBe("3");
    expect(run("round(-2.5)")).toBe("-3");
    expect(run("min(3, 1, 2) + max(3, 1, 2)")).toBe("4");
    expect(run("floor(2.7) + ceil(2.1)")).toBe("5");
    expect(run("clamp(basic, 0, 20000)")).toBe("20000");
    expect(run("if(late_minutes > 30, 100, 0)")).toBe("100");
    expect(run("table(\"TAX\", basic)")).toBe("750.075");
    expect(run("(mtd(\"basic\") + basic) * 0.035 - mtd(\"SSS\")")).toBe("875.0175");
    expect(run("mtd(\"PAGIBIG\")")).toBe("0");
  });

  it("knows what a formula reads of the month's other runs, apart from the names it reads in this one", () => {
    const formula = parseFormula("table(\"TAX\", mtd(\"taxable\") + basic) - mtd(\"TAX\")");
    expect([...formula.monthToDate].sort()).toEqual(["TAX", "taxable"]);
    expect([...formula.names]).toEqual(["basic"]);
  });

  it("reads comparisons, and/or and not as people write them", () => {
    expect(run("if(absences >= 1 and late_minutes < 60, 1, 0)")).toBe("1");
    expect(run("if(absences == 0 or not (late_minutes != 35), 1, 0)")).toBe("1");
    expect(run("if(absences > 1 && late_minutes > 0 || days_worked == 22, 1, 0)")).toBe("1");
    // A condition's result counts as 1 or 0 in arithmetic.
    expect(run("(late_minutes > 30) * 50")).toBe("50");
  });

  it("computes only the branch if() takes", () => {
    expect(run("if(absences > 5, 1 / 0, 7)")).toBe("7");
  });
});

describe("refusing", () => {
  it("says where a formula stops making sense", () => {
    expect(refusal("basic +")).toEqual({ key: "payroll.formula.syntax", params: { position: 8 } });
    expect(refusal("")).toEqual({ key: "payroll.formula.empty", params: {} });
  });

  it("names what it does not know", () => {
    expect(refusal("bonus * 2")).toEqual({ key: "payroll.formula.unknownName", params: { name: "bonus" } });
    expect(refusal("sqrt(4)")).toEqual({ key: "payroll.formula.unknownFunction", params: { name: "sqrt" } });
    expect(refusal("table(\"NONE\", 1)")).toEqual({ key: "payroll.formula.unknownTable", params: { code: "NONE" } });
    expect(refusal("clamp(1, 2)")).toEqual({ key: "payroll.formula.arguments", params: { name: "clamp", min: 3, max: 3 } });
    expect(refusal("table(basic, 1)").key).toBe("payroll.formula.tableCode");
    expect(refusal("mtd(SSS)").key).toBe("payroll.formula.mtdCode");
    expect(refusal("mtd(1)").key).toBe("payroll.formula.mtdCode");
    expect(refusal("mtd(\"SSS\", 2)")).toEqual({ key: "payroll.formula.arguments", params: { name: "mtd", min: 1, max: 1 } });
  });

  it("allows nothing beyond arithmetic: no members, strings, arrays, other operators", () => {
    for (const expression of ["basic.constructor", "this", "[1, 2]", "'text'", "1 % 2", "1 << 2", "basic ? 1 : 2", "process", "(1, 2)"]) {
      const { key } = refusal(expression);
      expect(["payroll.formula.notAllowed", "payroll.formula.notNumber", "payroll.formula.operator", "payroll.formula.unknownName", "payroll.formula.syntax"], expression).toContain(key);
    }
  });

  it("refuses division by zero, runaway sizes and nesting, and round() to odd digits", () => {
    expect(refusal("basic / (absences - 1)").key).toBe("payroll.formula.divisionByZero");
    expect(refusal("1e10 * 1e10").key).toBe("payroll.formula.tooLarge");
    expect(refusal("1".repeat(3000)).key).toBe("payroll.formula.tooLong");
    expect(refusal(`${"min(".repeat(40)}1${")".repeat(40)}`).key).toBe("payroll.formula.tooComplex");
    expect(refusal("round(1, 2.5)").key).toBe("payroll.formula.roundDigits");
  });

  /** Names every JavaScript object answers to, which a table lookup by key would take for entries. */
  const BUILT_IN_NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Function.prototype), "__proto__", "prototype"])].filter((name) =>
    /^[A-Za-z_$][\w$]*$/.test(name),
  );

  test.prop([fc.constantFrom(...BUILT_IN_NAMES), fc.constantFrom("7.7", "basic", "1, 2", "")])("takes no built-in object name for a function (constructor(7.7), valueOf(), __proto__(1))", (name, args) => {
    expect(refusal(`${name}(${args})`)).toEqual({ key: "payroll.formula.unknownFunction", params: { name } });
  });

  test.prop([fc.string({ maxLength: 300 })])("answers any text with a value or a FormulaError, never another error", (text) => {
    try {
      run(text);
    } catch (error) {
      expect(error).toBeInstanceOf(FormulaError);
    }
  });

  test.prop([fc.array(fc.constantFrom("basic", "days_worked", "1.5", "0", "+", "-", "*", "/", "(", ")", "min(", ",", "if(", ">", "and"), { maxLength: 60 })])(
    "answers any mix of the language's own words with a value or a FormulaError",
    (words) => {
      try {
        run(words.join(" "));
      } catch (error) {
        expect(error).toBeInstanceOf(FormulaError);
      }
    },
  );
});

describe("dependency order", () => {
  it("puts each component after what it reads", () => {
    const reads = new Map([
      ["NET", ["gross", "TAX"]],
      ["TAX", ["taxable"]],
      ["taxable", ["BASIC", "SSS"]],
      ["gross", ["BASIC"]],
      ["BASIC", ["basic"]],
      ["SSS", ["basic"]],
    ]);
    const order = dependencyOrder(reads);
    const before = (a: string, b: string) => order.indexOf(a) < order.indexOf(b);
    expect(before("BASIC", "gross") && before("gross", "NET") && before("SSS", "taxable") && before("taxable", "TAX") && before("TAX", "NET")).toBe(true);
  });

  it("names a cycle, including one through taxable", () => {
    const reads = new Map([
      ["TAX", ["taxable"]],
      ["taxable", ["BASIC", "TAX"]],
      ["BASIC", []],
    ]);
    expect(() => dependencyOrder(reads)).toThrowError(expect.objectContaining({ key: "payroll.formula.cycle", params: { cycle: "TAX → taxable → TAX" } }));
  });
});

describe("refused when saved rather than on every payslip", () => {
  it.each([
    ["basic 2", "payroll.formula.missingOperator"],
    ["round(basic, 11)", "payroll.formula.roundDigits"],
    ["round(basic, 1.5)", "payroll.formula.roundDigits"],
    ["1e999999999 * 0", "payroll.formula.tooLarge"],
    ["basic + 10000000000000000", "payroll.formula.tooLarge"],
  ])("%s → %s", (expression, key) => {
    expect(() => parseFormula(expression)).toThrow(expect.objectContaining({ key }));
  });

  it("still takes round with a computed number of digits (checked when computed) and numbers within bounds", () => {
    expect(() => parseFormula("round(basic, days_worked)")).not.toThrow();
    expect(() => parseFormula("basic + 1000000000000000")).not.toThrow();
  });
});
