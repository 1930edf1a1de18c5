/**
 * The one list engine every resource reuses (architecture page: list queries).
 *
 * A resource declares which fields a client may filter and sort by
 * (`defineListSpec`); `parseListQuery` turns the raw querystring into a
 * drizzle WHERE, ORDER BY, LIMIT and OFFSET, refusing anything else with a 422;
 * `paged` runs the page and a count (capped, see COUNT_CAP) and answers `{ data, meta }`.
 *
 *   page=2  per_page=50  sort=-created_at,name  search=ann
 *   filter[name][contains]=ann  filter[hired_on][dateBefore]=2026-01-01
 *
 * Both querystring forms are read: Fastify's flat keys (`"filter[name][contains]"`)
 * and the nested objects a qs-style parser makes (`{ filter: { name: { contains } } }`).
 * A filter given twice (`...&filter[name][notContains]=a&filter[name][notContains]=b`)
 * must hold for every value. An empty filter value is no filter (a cleared box).
 *
 * User input reaches SQL only as bound parameters; field names and match modes
 * only select among the spec's own columns and this file's SQL. Values are
 * checked here so the database never sees one it would reject.
 */
import { and, asc, Column, desc, getTableColumns, is, or, sql, SQL, type AnyColumn, type InferSelectModel } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  OPS_BY_KIND,
  type FieldKind,
  type FilterOp,
  type ListMeta,
  type ListResponse,
} from "../../contracts/list";
import { HttpError, invalidField } from "./errors";

/** A column of the table (or a joined one), or any SQL expression over them. */
export type ListExpr = AnyColumn | SQL;

interface FieldBase {
  column: ListExpr;
  /** What ORDER BY uses; by default the column (text: lower(column), so case does not split names apart). */
  sortBy?: ListExpr;
}

export type ListField =
  | (FieldBase & { kind: "text" })
  | (FieldBase & { kind: "number" })
  | (FieldBase & {
      kind: "date";
      /** Read from a date or timestamp column; needed only for an SQL expression (default "timestamp"). */
      dateType?: "date" | "timestamp";
    })
  | (FieldBase & {
      kind: "choice";
      /** The values a client may send; a record maps each to the value stored (e.g. { active: true, inactive: false }). */
      values: readonly string[] | Readonly<Record<string, string | number | boolean>>;
    });

export interface ListSpecInput<F extends Record<string, ListField>> {
  fields: F;
  /** Fields a client may sort by (default: all). */
  sortable?: readonly (keyof F & string)[];
  /** Fields a client may filter by (default: all). */
  filterable?: readonly (keyof F & string)[];
  /** The order when the client gives none, in the `sort` parameter's words: "-created_at" or "name,-id". */
  defaultSort: string;
  /** Columns the free-text `search` parameter looks in (case-insensitive "contains" on any). */
  search?: readonly ListExpr[];
  /** A unique column appended to every ORDER BY so pages are stable (default: the id of the first column's table). */
  tiebreaker?: AnyColumn;
}

type NumberType = "integer" | "numeric" | "double" | "real" | "unknown";

interface CompiledField {
  name: string;
  kind: FieldKind;
  column: ListExpr;
  sortExpr: ListExpr;
  nullable: boolean;
  numberType: NumberType;
  /** For integer columns: the range the column's type holds. */
  range?: readonly [bigint, bigint];
  dateType: "date" | "timestamp";
  choices?: ReadonlyMap<string, string | number | boolean>;
}

interface SortKey {
  field: CompiledField;
  descending: boolean;
}

export interface ListSpec<F extends Record<string, ListField> = Record<string, ListField>> {
  readonly fields: F;
  /** @internal */ readonly compiled: ReadonlyMap<string, CompiledField>;
  /** @internal */ readonly sortable: ReadonlySet<string>;
  /** @internal */ readonly filterable: ReadonlySet<string>;
  /** @internal */ readonly defaultSort: readonly SortKey[];
  /** @internal */ readonly search: readonly ListExpr[];
  /** @internal */ readonly tiebreaker: AnyColumn;
}

/** What a select needs for one page. */
export interface PageQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export interface ListQuery extends PageQuery {
  page: number;
  perPage: number;
}

export interface ListQueryOptions {
  /** IANA zone in which a date filter's day starts on timestamp columns (default UTC). */
  timeZone?: string;
}

const INTEGER_RANGES: Record<string, readonly [bigint, bigint]> = {
  PgSmallInt: [-32768n, 32767n],
  PgSmallSerial: [-32768n, 32767n],
  PgInteger: [-2147483648n, 2147483647n],
  PgSerial: [-2147483648n, 2147483647n],
  PgBigInt53: [-9223372036854775808n, 9223372036854775807n],
  PgBigInt64: [-9223372036854775808n, 9223372036854775807n],
  PgBigSerial53: [-9223372036854775808n, 9223372036854775807n],
  PgBigSerial64: [-9223372036854775808n, 9223372036854775807n],
};
const NUMERIC_TYPES = new Set(["PgNumeric", "PgNumericNumber", "PgNumericBigInt"]);
const DATE_TYPES = new Set(["PgDate", "PgDateString"]);
const TIMESTAMP_TYPES = new Set(["PgTimestamp", "PgTimestampString"]);
const TEXT_TYPES = new Set(["PgText", "PgVarchar", "PgChar", "PgCustomColumn"]);
const ENUM_TYPES = new Set(["PgEnumColumn", "PgEnumObjectColumn"]);

function columnType(expr: ListExpr): string | undefined {
  return is(expr, Column) ? expr.columnType : undefined;
}

function compileField(name: string, field: ListField): CompiledField {
  const type = columnType(field.column);
  const fail = (why: string): never => {
    throw new Error(`defineListSpec: field "${name}": ${why}`);
  };
  const compiled: CompiledField = {
    name,
    kind: field.kind,
    column: field.column,
    sortExpr: field.sortBy ?? field.column,
    nullable: is(field.column, Column) ? !field.column.notNull : true,
    numberType: "unknown",
    dateType: "timestamp",
  };
  switch (field.kind) {
    case "text":
      if (type !== undefined && ENUM_TYPES.has(type)) {
        compiled.column = sql`(${field.column})::text`;
      } else if (type !== undefined && !TEXT_TYPES.has(type)) {
        fail(`kind "text" needs a text column, not ${type}`);
      }
      if (!field.sortBy) compiled.sortExpr = sql`lower(${compiled.column})`;
      break;
    case "number":
      if (type === undefined) break;
      if (type in INTEGER_RANGES) {
        compiled.numberType = "integer";
        compiled.range = INTEGER_RANGES[type];
      } else if (NUMERIC_TYPES.has(type)) compiled.numberType = "numeric";
      else if (type === "PgDoublePrecision") compiled.numberType = "double";
      else if (type === "PgReal") compiled.numberType = "real";
      else fail(`kind "number" needs a numeric column, not ${type}`);
      break;
    case "date":
      if (type === undefined) compiled.dateType = field.dateType ?? "timestamp";
      else if (DATE_TYPES.has(type)) compiled.dateType = "date";
      else if (TIMESTAMP_TYPES.has(type)) compiled.dateType = "timestamp";
      else fail(`kind "date" needs a date or timestamp column, not ${type}`);
      break;
    case "choice": {
      const entries: [string, string | number | boolean][] = Array.isArray(field.values)
        ? (field.values as readonly string[]).map((value) => [value, value])
        : Object.entries(field.values);
      if (entries.length === 0) fail(`kind "choice" needs at least one value`);
      compiled.choices = new Map(entries);
      break;
    }
    default:
      fail(`unknown kind "${(field as { kind: string }).kind}"`);
  }
  return compiled;
}

/** Reads `sort` ("name,-created_at"); undefined entries are errors (unknown or not sortable). */
function parseSort(value: string, compiled: ReadonlyMap<string, CompiledField>, sortable: ReadonlySet<string>) {
  const keys: SortKey[] = [];
  let bad = false;
  const seen = new Set<string>();
  for (const part of value.split(",")) {
    const entry = part.trim();
    if (entry === "") continue;
    const descending = entry.startsWith("-");
    const name = descending ? entry.slice(1) : entry;
    const field = sortable.has(name) ? compiled.get(name) : undefined;
    if (!field) {
      bad = true;
      continue;
    }
    if (seen.has(name)) continue;
    seen.add(name);
    keys.push({ field, descending });
  }
  return { keys, bad };
}

/**
 * Declares what one resource's list accepts. Mistakes here are the
 * programmer's, so they throw at start-up rather than answer a client.
 */
export function defineListSpec<F extends Record<string, ListField>>(input: ListSpecInput<F>): ListSpec<F> {
  const compiled = new Map<string, CompiledField>();
  for (const name of Object.keys(input.fields)) {
    if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) throw new Error(`defineListSpec: field name "${name}" is not a plain name`);
    compiled.set(name, compileField(name, input.fields[name]));
  }
  const names = (list: readonly string[] | undefined, what: string) => {
    for (const name of list ?? []) if (!compiled.has(name)) throw new Error(`defineListSpec: ${what} names unknown field "${name}"`);
    return new Set(list ?? compiled.keys());
  };
  const sortable = names(input.sortable, "sortable");
  const filterable = names(input.filterable, "filterable");

  const allFields = new Set(compiled.keys());
  const { keys: defaultSort, bad } = parseSort(input.defaultSort, compiled, allFields);
  if (bad || defaultSort.length === 0) throw new Error(`defineListSpec: defaultSort "${input.defaultSort}" names no declared field`);

  let tiebreaker = input.tiebreaker;
  if (!tiebreaker) {
    const first = [...compiled.values()].map((field) => field.column).find((column) => is(column, Column));
    const id = first ? (getTableColumns((first as AnyColumn).table as never) as Record<string, AnyColumn>).id : undefined;
    if (!id) throw new Error("defineListSpec: no id column found for the tiebreaker; pass `tiebreaker`");
    tiebreaker = id;
  }
  return {
    fields: input.fields,
    compiled,
    sortable,
    filterable,
    defaultSort,
    search: input.search ?? [],
    tiebreaker,
  };
}

/** Escapes LIKE's wildcards (and its escape character) so the user's text matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

// ---------------------------------------------------------------------------
// Reading the querystring

type Raw = unknown;
type FieldErrors = Record<string, { key: string; params?: Record<string, unknown> }[]>;

class Problems {
  readonly errors: FieldErrors = {};
  private first?: { key: string; params?: Record<string, unknown> };
  add(param: string, key: string, params?: Record<string, unknown>) {
    (this.errors[param] ??= []).push({ key, params });
    this.first ??= { key, params };
  }
  throwIfAny() {
    if (!this.first) return;
    const params = Object.keys(this.errors);
    if (params.length === 1 && this.errors[params[0]].length === 1) throw invalidField(params[0], this.first.key, this.first.params);
    throw new HttpError(422, this.first.key, this.first.params, this.errors);
  }
}

const isRecord = (value: Raw): value is Record<string, Raw> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A scalar parameter as text; arrays and objects are not scalars. */
function scalar(value: Raw): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return undefined;
}

/** A positive whole number written plainly ("2", not "2.0", "1e3" or " 2"). */
function positiveInteger(value: Raw): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
  if (typeof value !== "string" || !/^[0-9]{1,16}$/.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

const FLAT_FILTER = /^filter\[([^[\]]*)\]\[([^[\]]*)\]$/;

interface RawFilter {
  param: string;
  field: string;
  op: string;
  value: Raw;
}

/** Every filter in the query, from flat keys and from a nested `filter` object. */
function collectFilters(query: Record<string, Raw>, problems: Problems): RawFilter[] {
  const filters: RawFilter[] = [];
  for (const key of Object.keys(query)) {
    if (key === "filter") {
      const nested = query[key];
      if (!isRecord(nested)) {
        problems.add(key, "list.badFilter");
        continue;
      }
      for (const field of Object.keys(nested)) {
        const ops = nested[field];
        if (!isRecord(ops)) {
          problems.add(`filter[${field}]`, "list.badFilter");
          continue;
        }
        for (const op of Object.keys(ops)) filters.push({ param: `filter[${field}][${op}]`, field, op, value: ops[op] });
      }
    } else if (key.startsWith("filter[")) {
      const match = FLAT_FILTER.exec(key);
      if (!match) problems.add(key, "list.badFilter");
      else filters.push({ param: key, field: match[1], op: match[2], value: query[key] });
    }
  }
  return filters;
}

// ---------------------------------------------------------------------------
// Conditions

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

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffset(epoch: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(epoch))) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return local - (epoch - (((epoch % 1000) + 1000) % 1000));
}

/** The instant a calendar day starts in a zone. */
function startOfDay(year: number, month: number, day: number, timeZone: string | undefined): number {
  const midnight = Date.UTC(year, month - 1, day);
  if (!timeZone || timeZone === "UTC") return midnight;
  const first = midnight - zoneOffset(midnight, timeZone);
  const second = midnight - zoneOffset(first, timeZone);
  return second;
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
function condition(field: CompiledField, op: FilterOp, value: string, options: ListQueryOptions): SQL | undefined | null {
  if (field.kind === "text") return value === "" ? null : textCondition(field, op, value);
  const text = value.trim();
  if (text === "") return null;
  switch (field.kind) {
    case "number":
      return numberCondition(field, op, text);
    case "date":
      return dateCondition(field, op, text, options.timeZone);
    case "choice":
      return choiceCondition(field, op, text);
  }
}

// ---------------------------------------------------------------------------

/**
 * Reads page, per_page, sort, search and filter[field][op] from a raw
 * querystring against a spec. Throws a 422 HttpError naming every parameter
 * that does not fit; other query parameters are left to the route.
 */
export function parseListQuery(query: unknown, spec: ListSpec<any>, options: ListQueryOptions = {}): ListQuery {
  const q: Record<string, Raw> = isRecord(query) ? query : {};
  const problems = new Problems();

  let page = 1;
  if (q.page !== undefined && q.page !== "") {
    const value = positiveInteger(q.page);
    if (value === undefined) problems.add("page", "list.badPage");
    else page = value;
  }

  let perPage = DEFAULT_PER_PAGE;
  if (q.per_page !== undefined && q.per_page !== "") {
    const value = positiveInteger(q.per_page);
    if (value === undefined || value > MAX_PER_PAGE) problems.add("per_page", "list.badPerPage", { max: MAX_PER_PAGE });
    else perPage = value;
  }

  let sortKeys = spec.defaultSort;
  if (q.sort !== undefined) {
    const parts = (Array.isArray(q.sort) ? q.sort : [q.sort]).map(scalar);
    if (parts.some((part) => part === undefined)) problems.add("sort", "list.unknownField");
    else {
      const { keys, bad } = parseSort(parts.join(","), spec.compiled, spec.sortable);
      if (bad) problems.add("sort", "list.unknownField");
      else if (keys.length > 0) sortKeys = keys;
    }
  }

  const conditions: SQL[] = [];

  if (q.search !== undefined) {
    const text = scalar(q.search);
    if (text === undefined || text.includes("\0")) problems.add("search", "list.badValue");
    else if (text.trim() === "") {
      // An empty search box is no search.
    } else if (spec.search.length === 0) problems.add("search", "list.unknownField");
    else {
      const pattern = `%${escapeLike(text.trim())}%`;
      conditions.push(or(...spec.search.map((column) => sql`lower(${column}) like lower(${pattern}::text)`))!);
    }
  }

  for (const filter of collectFilters(q, problems)) {
    const field = spec.filterable.has(filter.field) ? spec.compiled.get(filter.field) : undefined;
    if (!field) {
      problems.add(filter.param, "list.unknownField");
      continue;
    }
    if (!(OPS_BY_KIND[field.kind] as readonly string[]).includes(filter.op)) {
      problems.add(filter.param, "list.badOperator");
      continue;
    }
    const values = Array.isArray(filter.value) ? filter.value : [filter.value];
    for (const raw of values) {
      const value = scalar(raw);
      const built = value === undefined || value.includes("\0") ? undefined : condition(field, filter.op as FilterOp, value, options);
      if (built === undefined) {
        problems.add(filter.param, "list.badValue");
        break;
      }
      if (built !== null) conditions.push(built);
    }
  }

  problems.throwIfAny();

  const orderBy = sortKeys.map((key) => (key.descending ? desc(key.field.sortExpr) : asc(key.field.sortExpr)));
  if (!sortKeys.some((key) => key.field.sortExpr === spec.tiebreaker)) {
    // Same direction as the last key, so one index (a, id) serves both directions.
    const last = sortKeys[sortKeys.length - 1];
    orderBy.push(last?.descending ? desc(spec.tiebreaker) : asc(spec.tiebreaker));
  }

  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    limit: perPage,
    offset: (page - 1) * perPage,
    page,
    perPage,
  };
}

// ---------------------------------------------------------------------------
// Running a page

// Any drizzle PostgreSQL database or transaction (PGlite or node-postgres).
type AnyDb = PgDatabase<PgQueryResultHKT, any, any>;

/**
 * A count stops here, or ten pages past the page asked for if that is further:
 * an exact count(*) over 100,000 people costs more than the page itself, and
 * nobody pages through 500 pages; the pager shows "10,000+" and invites a filter.
 */
export const COUNT_CAP = 10_000;

/** How many rows a count of this page may stop at (see COUNT_CAP). */
export function countBound(list: Pick<PageQuery, "offset" | "limit">): number {
  return Math.max(COUNT_CAP, list.offset + list.limit * 10);
}

/** The rows a count would count, as a query: one table filtered, or your own joins. */
export type CountQuery = PgSelect;

/**
 * `count(*)` of a query, reading at most `bound` + 1 rows (no bound: exact).
 * PGlite answers numbers and pg strings for int8: cast in SQL.
 */
export async function countUpTo(db: AnyDb, rows: CountQuery, bound?: number): Promise<number> {
  const counted = (bound === undefined ? rows : rows.limit(bound + 1)).as("counted");
  const [row] = await db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(counted);
  return row?.total ?? 0;
}

/** The rows of one table a WHERE keeps, for countUpTo. */
export function rowsOf(db: AnyDb, from: PgTable, where: SQL | undefined): CountQuery {
  return db.select({ one: sql`1` }).from(from).where(where).$dynamic();
}

/** Exact `count(*)` of one table's rows a WHERE keeps. */
export function countRows(db: AnyDb, from: PgTable, where: SQL | undefined): Promise<number> {
  return countUpTo(db, rowsOf(db, from, where));
}

/** A page from one table: an optional column selection and a scope the list never widens (e.g. one company). */
export interface TableSource<TTable extends PgTable, TFields extends SelectedFields | undefined> {
  from: TTable;
  select?: TFields;
  where?: SQL;
}

/** A page from any query (joins, computed columns): you run the rows; the count is a table or the rows your query would read. */
export interface CustomSource<T> {
  rows: (query: PageQuery) => Promise<T[]>;
  count: PgTable | ((where: SQL | undefined) => CountQuery);
}

type TableRow<TTable extends PgTable, TFields> = TFields extends SelectedFields
  ? SelectResultFields<TFields>
  : InferSelectModel<TTable>;

/** `total_capped`: the count stopped at `total` (see COUNT_CAP); there are more rows. */
export function listMeta(page: number, perPage: number, total: number, totalCapped = false): ListMeta {
  return { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)), total_capped: totalCapped };
}

/**
 * Runs one page and answers `{ data, meta }`. The count is skipped when the
 * page itself shows the total (a short page that is not past the end).
 */
export async function paged<T>(db: AnyDb, list: ListQuery, source: CustomSource<T>): Promise<ListResponse<T>>;
export async function paged<TTable extends PgTable, TFields extends SelectedFields | undefined = undefined>(
  db: AnyDb,
  list: ListQuery,
  source: TableSource<TTable, TFields>,
): Promise<ListResponse<TableRow<TTable, TFields>>>;
export async function paged(
  db: AnyDb,
  list: ListQuery,
  source: CustomSource<unknown> | TableSource<PgTable, SelectedFields | undefined>,
): Promise<ListResponse<unknown>> {
  let rows: unknown[];
  let countQuery: (where: SQL | undefined) => CountQuery;
  let where = list.where;
  if ("rows" in source) {
    rows = await source.rows({ where, orderBy: list.orderBy, limit: list.limit, offset: list.offset });
    const counter = source.count;
    countQuery = typeof counter === "function" ? counter : (w) => rowsOf(db, counter, w);
  } else {
    where = and(source.where, list.where);
    const select = source.select ? db.select(source.select) : db.select();
    rows = await select
      .from(source.from)
      .where(where)
      .orderBy(...list.orderBy)
      .limit(list.limit)
      .offset(list.offset);
    countQuery = (w) => rowsOf(db, source.from, w);
  }
  // A short page that is not past the end shows the total itself.
  if (rows.length < list.limit && (rows.length > 0 || list.offset === 0)) {
    return { data: rows, meta: listMeta(list.page, list.perPage, list.offset + rows.length) };
  }
  const bound = countBound(list);
  const counted = await countUpTo(db, countQuery(where), bound);
  return { data: rows, meta: listMeta(list.page, list.perPage, Math.min(counted, bound), counted > bound) };
}
