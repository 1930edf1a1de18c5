/**
 * What one resource's list accepts: the fields a client may filter and sort
 * by, each of a kind that allows some match modes (contracts/list.ts), the
 * default order and the free-text search columns. Mistakes in a spec are the
 * programmer's and throw at start-up.
 */
import { Column, getTableColumns, is, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, OPS_BY_KIND, type FieldKind } from "../../../contracts/list";

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

export interface CompiledField {
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

export interface SortKey {
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
export function parseSort(value: string, compiled: ReadonlyMap<string, CompiledField>, sortable: ReadonlySet<string>) {
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


/**
 * The list's querystring as a schema, for the API reference: page, per_page,
 * sort (any sortable field, `-` for descending), search and every
 * filter[field][mode] the spec allows. Values stay raw text (the engine
 * answers a bad one with its own 422), and other parameters pass through to
 * the route and the engine, which refuses unknown filters.
 */
export function listQuerySchema(spec: ListSpec, extra: Record<string, z.ZodType> = {}): z.ZodType {
  const raw = z.union([z.string(), z.array(z.string())]).optional();
  const filters: Record<string, z.ZodType> = {};
  for (const name of spec.filterable) {
    const field = spec.compiled.get(name)!;
    for (const op of OPS_BY_KIND[field.kind]) filters[`filter[${name}][${op}]`] = raw.describe(`${field.kind} filter on ${name}`);
  }
  const sortable = [...spec.sortable].join(", ");
  return z.looseObject({
    page: raw.describe("Page number, from 1"),
    per_page: raw.describe(`Rows per page, at most ${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE})`),
    sort: raw.describe(`Comma-separated fields, "-" before one for descending: ${sortable}`),
    ...(spec.search.length > 0 ? { search: raw.describe("Free text, matched anywhere in the searchable fields") } : {}),
    ...filters,
    ...extra,
  });
}
