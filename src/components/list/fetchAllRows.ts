import type { BaseRecord, CrudFilter, CrudSort, DataProvider, MetaQuery } from "@refinedev/core";
import { MAX_PER_PAGE } from "../../../contracts/list";

/** A browser holds this many rows comfortably, and it is 100 calls at the API's largest page. */
export const EXPORT_ROW_CAP = 10_000;

export interface AllRows<T> {
  rows: T[];
  /** What the server counted for these filters (a lower bound when totalCapped). */
  total: number;
  /** The server stopped counting at total: there are more rows than that. */
  totalCapped: boolean;
  /** True when the list is longer than the cap and only the first rows were fetched. */
  capped: boolean;
}

export interface AllRowsQuery {
  resource: string;
  filters?: CrudFilter[];
  sorters?: CrudSort[];
  meta?: MetaQuery;
}

/**
 * Every row of a filtered, sorted list, page by page at the API's largest
 * page size. One page at a time: the server and the embedded database serve
 * other users meanwhile.
 */
export async function fetchAllRows<T extends BaseRecord>(
  provider: Pick<DataProvider, "getList">,
  query: AllRowsQuery,
  cap: number = EXPORT_ROW_CAP,
): Promise<AllRows<T>> {
  const rows: T[] = [];
  let total = 0;
  let totalCapped = false;
  for (let page = 1; rows.length < cap; page += 1) {
    const result = await provider.getList<T>({
      resource: query.resource,
      pagination: { currentPage: page, pageSize: MAX_PER_PAGE, mode: "server" },
      filters: query.filters,
      sorters: query.sorters,
      meta: query.meta,
    });
    total = result.total;
    totalCapped = result.totalCapped === true;
    rows.push(...result.data);
    // A short page ends the list even if the count moved while we read.
    if (result.data.length < MAX_PER_PAGE || (!totalCapped && rows.length >= total)) break;
  }
  return { rows: rows.slice(0, cap), total, totalCapped, capped: totalCapped || total > cap };
}
