/**
 * Reads page, per_page, sort, search and filter[field][op] from a raw
 * querystring into a WHERE, ORDER BY, LIMIT and OFFSET, refusing anything
 * else with a 422 that names every parameter that does not fit.
 *
 *   page=2  per_page=50  sort=-created_at,name  search=ann
 *   filter[name][contains]=ann  filter[hired_on][dateBefore]=2026-01-01
 *
 * Both querystring forms are read: Fastify's flat keys (`"filter[name][contains]"`)
 * and the nested objects a qs-style parser makes (`{ filter: { name: { contains } } }`).
 * A filter given twice must hold for every value. An empty filter value is no filter (a cleared box).
 */
import { and, asc, desc, or, sql, type SQL } from "drizzle-orm";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, OPS_BY_KIND, type FilterOp } from "../../../contracts/list";
import { HttpError, invalidField } from "../errors";
import { condition, escapeLike } from "./conditions";
import { parseSort, type ListSpec } from "./spec";

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
  /** A free-text search is part of the WHERE (its count stops sooner: SEARCH_COUNT_CAP). */
  searched: boolean;
}

export interface ListQueryOptions {
  /** IANA zone in which a date filter's day starts on timestamp columns (default UTC). */
  timeZone?: string;
}

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
  let searched = false;

  if (q.search !== undefined) {
    const text = scalar(q.search);
    if (text === undefined || text.includes("\0")) problems.add("search", "list.badValue");
    else if (text.trim() === "") {
      // An empty search box is no search.
    } else if (spec.search.length === 0) problems.add("search", "list.unknownField");
    else {
      const pattern = `%${escapeLike(text.trim())}%`;
      conditions.push(or(...spec.search.map((column) => sql`lower(${column}) like lower(${pattern}::text)`))!);
      searched = true;
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
      const built = value === undefined || value.includes("\0") ? undefined : condition(field, filter.op as FilterOp, value, options.timeZone);
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
    searched,
  };
}

