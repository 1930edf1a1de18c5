/** Runs one page of a list and counts its rows, capped (see COUNT_CAP), into `{ data, meta }`. */
import { and, sql, type InferSelectModel, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { ListMeta, ListResponse } from "../../../contracts/list";
import type { ListQuery, PageQuery } from "./parse";

// Any drizzle PostgreSQL database or transaction (PGlite or node-postgres).
type AnyDb = PgDatabase<PgQueryResultHKT, any, any>;

/**
 * A count stops here, or ten pages past the page asked for if that is further:
 * an exact count(*) over 100,000 people costs more than the page itself, and
 * nobody pages through 500 pages; the pager shows "10,000+" and invites a filter.
 */
export const COUNT_CAP = 10_000;

/**
 * A free-text search counts to here: its matches are rechecked row by row
 * against the table (a trigram index only narrows them), so counting 10,000
 * of them took longer than the search (16 ms over 100,000 people); a search
 * that finds "1,000+" people is one to narrow, not to page through.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** How many rows a count of this page may stop at (see COUNT_CAP, SEARCH_COUNT_CAP). */
export function countBound(list: Pick<PageQuery, "offset" | "limit"> & { searched?: boolean }): number {
  return Math.max(list.searched ? SEARCH_COUNT_CAP : COUNT_CAP, list.offset + list.limit * 10);
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
