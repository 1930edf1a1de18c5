/**
 * The pay formula language: jsep only builds the tree, and this module walks
 * it over decimal.js, so a formula can do nothing but arithmetic on the
 * names it is given (no eval, no Function, no property access, no host).
 * Size and depth are bounded; every refusal is a FormulaError carrying a
 * message key and what the person needs to fix it (a position, a name).
 *
 *   numbers, + - * /, ( ), < <= > >= == !=, and/or (&& ||), not (!),
 *   min, max, round(x, digits), floor, ceil, clamp(x, lo, hi), if(cond, a, b),
 *   table("CODE", x), mtd("CODE"), and variables by name.
 */
import Decimal from "decimal.js";
import jsep from "jsep";
import { codeReading, PAY_CODE_FUNCTIONS, type PayCodeFunction } from "../../../contracts/payroll";

const isCodeFunction = (name: string): name is PayCodeFunction => (PAY_CODE_FUNCTIONS as readonly string[]).includes(name);

/** Exact decimals, rounding half up where a rounding is asked for (round()). */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof D>;
export { D as PayDecimal };

export const FORMULA_LIMITS = { length: 2000, depth: 32, nodes: 400, magnitude: new D("1e15") } as const;

jsep.addBinaryOp("and", 2);
jsep.addBinaryOp("or", 1);
jsep.addUnaryOp("not");

/** A refusal the person can act on: a message key and its values. */
export class FormulaError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const BINARY = new Set(["+", "-", "*", "/", "<", "<=", ">", ">=", "==", "!=", "&&", "||", "and", "or"]);
const UNARY = new Set(["-", "+", "!", "not"]);
/** Each function and how many arguments it takes: a Map, so "constructor" or "__proto__" is no function. */
const FUNCTIONS: ReadonlyMap<string, { min: number; max: number }> = new Map([
  ["min", { min: 1, max: 20 }],
  ["max", { min: 1, max: 20 }],
  ["round", { min: 1, max: 2 }],
  ["floor", { min: 1, max: 1 }],
  ["ceil", { min: 1, max: 1 }],
  ["clamp", { min: 3, max: 3 }],
  ["if", { min: 3, max: 3 }],
  ["table", { min: 2, max: 2 }],
  ["mtd", { min: 1, max: 1 }],
  ...PAY_CODE_FUNCTIONS.map((name) => [name, { min: 1, max: 1 }] as const),
]);

type Node = jsep.Expression;

/** A number as a person writes one: digits, a decimal point, an exponent. */
const isDecimal = (text: string) => /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text);

/** A formula checked for shape: what it names, ready to evaluate. */
export interface Formula {
  readonly tree: Node;
  /** The variables and components it reads. */
  readonly names: ReadonlySet<string>;
  /** The rate tables it reads, by code. */
  readonly tables: ReadonlySet<string>;
  /** What it reads of the month's other runs (mtd), by code. */
  readonly monthToDate: ReadonlySet<string>;
}

/** Parses and checks a formula; throws FormulaError (syntax with its position, too long, too deep, unknown function, wrong arguments). */
export function parseFormula(expression: string): Formula {
  if (expression.trim() === "") throw new FormulaError("payroll.formula.empty");
  if (expression.length > FORMULA_LIMITS.length) throw new FormulaError("payroll.formula.tooLong", { max: FORMULA_LIMITS.length });
  let tree: Node;
  try {
    tree = jsep(expression);
  } catch (error) {
    const index = typeof (error as { index?: unknown }).index === "number" ? (error as { index: number }).index : 0;
    throw new FormulaError("payroll.formula.syntax", { position: index + 1 });
  }
  const names = new Set<string>();
  const tables = new Set<string>();
  const monthToDate = new Set<string>();
  let nodes = 0;
  const visit = (node: Node, depth: number): void => {
    if (++nodes > FORMULA_LIMITS.nodes || depth > FORMULA_LIMITS.depth) throw new FormulaError("payroll.formula.tooComplex", { max: FORMULA_LIMITS.depth });
    switch (node.type) {
      case "Literal":
        if (typeof node.value !== "number" || !isDecimal(String(node.raw))) throw new FormulaError("payroll.formula.notNumber", { text: String(node.raw) });
        // Refused when saved, not on every payslip of every run.
        if (new D(String(node.raw)).abs().greaterThan(FORMULA_LIMITS.magnitude)) throw new FormulaError("payroll.formula.tooLarge");
        return;
      case "Compound":
        // "basic 2": jsep reads two expressions side by side; a formula is one.
        throw new FormulaError("payroll.formula.missingOperator");
      case "Identifier":
        names.add(node.name as string);
        return;
      case "BinaryExpression":
        if (!BINARY.has(node.operator as string)) throw new FormulaError("payroll.formula.operator", { operator: String(node.operator) });
        visit(node.left as Node, depth + 1);
        visit(node.right as Node, depth + 1);
        return;
      case "UnaryExpression":
        if (!UNARY.has(node.operator as string)) throw new FormulaError("payroll.formula.operator", { operator: String(node.operator) });
        visit(node.argument as Node, depth + 1);
        return;
      case "CallExpression": {
        const callee = node.callee as Node;
        const name = callee.type === "Identifier" ? (callee.name as string) : "";
        const arity = FUNCTIONS.get(name);
        if (!arity) throw new FormulaError("payroll.formula.unknownFunction", { name: name || "?" });
        const args = node.arguments as Node[];
        if (args.length < arity.min || args.length > arity.max) throw new FormulaError("payroll.formula.arguments", { name, min: arity.min, max: arity.max });
        if (name === "table") {
          const [code, value] = args;
          if (code.type !== "Literal" || typeof code.value !== "string") throw new FormulaError("payroll.formula.tableCode");
          tables.add(code.value);
          visit(value, depth + 1);
          return;
        }
        if (name === "mtd") {
          const [code] = args;
          if (code.type !== "Literal" || typeof code.value !== "string") throw new FormulaError("payroll.formula.mtdCode");
          monthToDate.add(code.value);
          return;
        }
        if (isCodeFunction(name)) {
          const [code] = args;
          if (code.type !== "Literal" || typeof code.value !== "string") throw new FormulaError("payroll.formula.codeArgument", { name });
          names.add(codeReading(name, code.value));
          return;
        }
        // round(x, 11) would fail on every payslip: a written number of digits is checked now.
        if (name === "round" && args[1]?.type === "Literal" && typeof args[1].value === "number" && !(Number.isInteger(args[1].value) && args[1].value >= 0 && args[1].value <= 10)) {
          throw new FormulaError("payroll.formula.roundDigits");
        }
        for (const arg of args) visit(arg, depth + 1);
        return;
      }
      default:
        throw new FormulaError("payroll.formula.notAllowed", { what: node.type });
    }
  };
  visit(tree, 0);
  return { tree, names, tables, monthToDate };
}

/** What a formula reads while it is evaluated. */
export interface Scope {
  /** A variable's or component's value; throws FormulaError("payroll.formula.unknownName") for a name it does not know. */
  value(name: string): Dec;
  /** A rate table's result for x. */
  table(code: string, x: Dec): Dec;
  /** The amount of a component (or basic, gross, taxable, net) in the person's other runs paid in the same month. */
  monthToDate(code: string): Dec;
}

type Value = Dec | boolean;

const asNumber = (value: Value): Dec => (typeof value === "boolean" ? new D(value ? 1 : 0) : value);
const asBoolean = (value: Value): boolean => (typeof value === "boolean" ? value : !value.isZero());

/** A result too large for pay is refused rather than carried on (a runaway formula, not a salary). */
function bounded(value: Dec): Dec {
  if (!value.isFinite() || value.abs().greaterThan(FORMULA_LIMITS.magnitude)) throw new FormulaError("payroll.formula.tooLarge");
  return value;
}

/** Evaluates a parsed formula exactly; a division by zero or a result out of bounds is a FormulaError. */
export function evaluate(formula: Formula, scope: Scope): Dec {
  const walk = (node: Node): Value => {
    switch (node.type) {
      case "Literal":
        return bounded(new D(String(node.raw)));
      case "Identifier":
        return scope.value(node.name as string);
      case "UnaryExpression": {
        const value = walk(node.argument as Node);
        if (node.operator === "!" || node.operator === "not") return !asBoolean(value);
        return node.operator === "-" ? asNumber(value).negated() : asNumber(value);
      }
      case "BinaryExpression": {
        const operator = node.operator as string;
        // and/or decide on the left when they can, as people read them.
        if (operator === "&&" || operator === "and") return asBoolean(walk(node.left as Node)) && asBoolean(walk(node.right as Node));
        if (operator === "||" || operator === "or") return asBoolean(walk(node.left as Node)) || asBoolean(walk(node.right as Node));
        const left = asNumber(walk(node.left as Node));
        const right = asNumber(walk(node.right as Node));
        switch (operator) {
          case "+":
            return bounded(left.plus(right));
          case "-":
            return bounded(left.minus(right));
          case "*":
            return bounded(left.times(right));
          case "/":
            if (right.isZero()) throw new FormulaError("payroll.formula.divisionByZero");
            return bounded(left.dividedBy(right));
          case "<":
            return left.lessThan(right);
          case "<=":
            return left.lessThanOrEqualTo(right);
          case ">":
            return left.greaterThan(right);
          case ">=":
            return left.greaterThanOrEqualTo(right);
          case "==":
            return left.equals(right);
          default:
            return !left.equals(right);
        }
      }
      case "CallExpression": {
        const name = (node.callee as Node).name as string;
        const args = node.arguments as Node[];
        if (name === "if") return asBoolean(walk(args[0])) ? walk(args[1]) : walk(args[2]);
        if (name === "table") return bounded(scope.table((args[0] as Node).value as string, asNumber(walk(args[1]))));
        if (name === "mtd") return scope.monthToDate((args[0] as Node).value as string);
        if (isCodeFunction(name)) return scope.value(codeReading(name, (args[0] as Node).value as string));
        const values = args.map((arg) => asNumber(walk(arg)));
        switch (name) {
          case "min":
            return D.min(...values);
          case "max":
            return D.max(...values);
          case "floor":
            return values[0].floor();
          case "ceil":
            return values[0].ceil();
          case "clamp":
            return D.min(D.max(values[0], values[1]), values[2]);
          default: {
            // round(x, digits): half up, digits 0–10.
            const digits = values[1] ?? new D(0);
            if (!digits.isInteger() || digits.lessThan(0) || digits.greaterThan(10)) throw new FormulaError("payroll.formula.roundDigits");
            return values[0].toDecimalPlaces(digits.toNumber(), Decimal.ROUND_HALF_UP);
          }
        }
      }
      default:
        throw new FormulaError("payroll.formula.notAllowed", { what: node.type });
    }
  };
  return asNumber(walk(formula.tree));
}

/**
 * The order to compute things in, each after what it reads; a cycle is a
 * FormulaError naming it ("NET → TAX → NET"). `reads` maps each name to the
 * names it reads; names it does not list (plain variables) need nothing.
 */
export function dependencyOrder(reads: ReadonlyMap<string, readonly string[]>): string[] {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const path: string[] = [];
  const visit = (name: string): void => {
    const seen = state.get(name);
    if (seen === "done") return;
    if (seen === "visiting") {
      const cycle = [...path.slice(path.indexOf(name)), name];
      throw new FormulaError("payroll.formula.cycle", { cycle: cycle.join(" → ") });
    }
    state.set(name, "visiting");
    path.push(name);
    for (const next of reads.get(name) ?? []) if (reads.has(next)) visit(next);
    path.pop();
    state.set(name, "done");
    order.push(name);
  };
  for (const name of [...reads.keys()].sort()) visit(name);
  return order;
}
