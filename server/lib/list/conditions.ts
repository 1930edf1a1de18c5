/**
 * One filter value as SQL: the match modes of each field kind. User input
 * reaches SQL only as bound parameters; values are checked here so the
 * database never sees one it would reject. undefined: the value does not fit.
 */
import { sql, type SQL } from "drizzle-orm";
import type { FilterOp } from "../../../contracts/list";
import type { CompiledField } from "./spec";
import { zonedInstant } from "../time-zone";

/** Escapes LIKE's wildcards (and its escape character) so the user's text matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const FALSE = sql`false`;
const TRUE = sql`true`;

/** "is not" of a missing value is true: negative match modes keep rows whose field is empty. */
function orNull(field: CompiledField, condition: SQL): SQL {
  return field.nullable ? sql`(${field.column} is null or ${condition})` : condition;
}

/** Every row whose field has a value (an always-true comparison). */
function anyValue(field: CompiledField): SQL {
  return field.nullable ? sql`${field.column} is not null` : TRUE;
}

function textCondition(field: CompiledField, op: FilterOp, value: string): SQL {
  const column = sql`lower(${field.column})`;
  const like = (pattern: string) => sql`${column} like lower(${pattern}::text)`;
  switch (op) {
    case "startsWith":
      return like(`${escapeLike(value)}%`);
    case "endsWith":
      return like(`%${escapeLike(value)}`);
    case "contains":
      return like(`%${escapeLike(value)}%`);
    case "notContains":
      return orNull(field, sql`not (${like(`%${escapeLike(value)}%`)})`);
    case "equals":
      return sql`${column} = lower(${value}::text)`;
    case "notEquals":
      return orNull(field, sql`${column} <> lower(${value}::text)`);
    default:
      throw new Error(`unreachable text op ${op}`);
  }
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const COMPARE: Partial<Record<FilterOp, SQL>> = {
  equals: sql.raw("="),
  notEquals: sql.raw("<>"),
  lt: sql.raw("<"),
  lte: sql.raw("<="),
  gt: sql.raw(">"),
  gte: sql.raw(">="),
};

/**
 * A comparison on an integer column, rewritten so the bound is a whole number
 * the column's type holds: 1.5 is never sent to a smallint (the database would
 * refuse it), `< 1.5` becomes `< 2`, and a bound outside the type's range
 * becomes always-true or always-false.
 */
function integerCondition(field: CompiledField, op: FilterOp, text: string, number: number): SQL {
  const [min, max] = field.range!;
  const exact = /^[-+]?\d+$/.test(text);
  const whole = exact || Number.isInteger(number);
  const floor = exact ? BigInt(text) : BigInt(Math.floor(number));
  const ceil = exact ? BigInt(text) : BigInt(Math.ceil(number));
  const compare = (bound: bigint) => sql`${field.column} ${COMPARE[op]!} ${bound.toString()}`;
  switch (op) {
    case "equals":
      return whole && floor >= min && floor <= max ? compare(floor) : FALSE;
    case "notEquals":
      return whole && floor >= min && floor <= max ? orNull(field, compare(floor)) : TRUE;
    case "lt":
      return ceil > max ? anyValue(field) : ceil <= min ? FALSE : compare(ceil);
    case "lte":
      return floor >= max ? anyValue(field) : floor < min ? FALSE : compare(floor);
    case "gt":
      return floor < min ? anyValue(field) : floor >= max ? FALSE : compare(floor);
    case "gte":
      return ceil <= min ? anyValue(field) : ceil > max ? FALSE : compare(ceil);
    default:
      throw new Error(`unreachable number op ${op}`);
  }
}

function numberCondition(field: CompiledField, op: FilterOp, text: string): SQL | undefined {
  if (!NUMBER.test(text)) return undefined;
  const number = Number(text);
  if (!Number.isFinite(number)) return undefined;
  if (field.numberType === "integer") return integerCondition(field, op, text, number);
  // numeric takes the digits as written (no float rounding); the others a JS number.
  const plain = /^-?\d+(\.\d+)?$/.test(text) ? text : String(number);
  const condition =
    field.numberType === "numeric"
      ? sql`${field.column} ${COMPARE[op]!} ${plain}`
      : field.numberType === "double"
        ? sql`${field.column} ${COMPARE[op]!} ${String(number)}`
        : field.numberType === "real"
          ? // float4 refuses values beyond its range: compare in double precision.
            sql`(${field.column})::float8 ${COMPARE[op]!} ${String(number)}::float8`
          : sql`${field.column} ${COMPARE[op]!} ${plain}::numeric`;
  return op === "notEquals" ? orNull(field, condition) : condition;
}

/** YYYY-MM-DD, a real calendar day in the years 1000 to 9999. */
function parseDay(text: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return { year, month, day };
}

/** The instant a calendar day starts in a zone (UTC without one). */
function startOfDay(year: number, month: number, day: number, timeZone: string | undefined): number {
  const date = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return !timeZone || timeZone === "UTC" ? Date.UTC(year, month - 1, day) : zonedInstant(date, "00:00", timeZone).getTime();
}

/** An instant as PostgreSQL reads it (years beyond 9999 unsigned: "+010000" is refused). */
function timestampText(epoch: number): string {
  const date = new Date(epoch);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`
  );
}

function dateCondition(field: CompiledField, op: FilterOp, text: string, timeZone: string | undefined): SQL | undefined {
  const day = parseDay(text);
  if (!day) return undefined;
  const column = field.column;
  if (field.dateType === "date") {
    switch (op) {
      case "dateIs":
        return sql`${column} = ${text}`;
      case "dateIsNot":
        return orNull(field, sql`${column} <> ${text}`);
      case "dateBefore":
        return sql`${column} < ${text}`;
      case "dateAfter":
        return sql`${column} > ${text}`;
      default:
        throw new Error(`unreachable date op ${op}`);
    }
  }
  // A timestamp is on day d when it falls in [start of d, start of d+1).
  const start = timestampText(startOfDay(day.year, day.month, day.day, timeZone));
  const end = timestampText(startOfDay(day.year, day.month, day.day + 1, timeZone));
  switch (op) {
    case "dateIs":
      return sql`(${column} >= ${start} and ${column} < ${end})`;
    case "dateIsNot":
      return orNull(field, sql`(${column} < ${start} or ${column} >= ${end})`);
    case "dateBefore":
      return sql`${column} < ${start}`;
    case "dateAfter":
      return sql`${column} >= ${end}`;
    default:
      throw new Error(`unreachable date op ${op}`);
  }
}

function choiceCondition(field: CompiledField, op: FilterOp, text: string): SQL | undefined {
  if (!field.choices!.has(text)) return undefined;
  const stored = field.choices!.get(text)!;
  return op === "equals" ? sql`${field.column} = ${stored}` : orNull(field, sql`${field.column} <> ${stored}`);
}

/** The condition for one value: undefined when the value does not fit, null when it is empty (no filter). */
export function condition(field: CompiledField, op: FilterOp, value: string, timeZone: string | undefined): SQL | undefined | null {
  if (field.kind === "text") return value === "" ? null : textCondition(field, op, value);
  const text = value.trim();
  if (text === "") return null;
  switch (field.kind) {
    case "number":
      return numberCondition(field, op, text);
    case "date":
      return dateCondition(field, op, text, timeZone);
    case "choice":
      return choiceCondition(field, op, text);
  }
}

