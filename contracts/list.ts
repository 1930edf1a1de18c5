/**
 * The list conventions both sides share (architecture page: list queries):
 * page, per_page, sort=field|-field, filter[field][op]=value over a
 * per-resource whitelist of fields, each of a kind that allows some ops.
 */
export const TEXT_OPS = ["startsWith", "contains", "notContains", "endsWith", "equals", "notEquals"] as const;
export const NUMERIC_OPS = ["equals", "notEquals", "lt", "lte", "gt", "gte"] as const;
export const DATE_OPS = ["dateIs", "dateIsNot", "dateBefore", "dateAfter"] as const;
export const CHOICE_OPS = ["equals", "notEquals"] as const;

export type FilterOp = (typeof TEXT_OPS)[number] | (typeof NUMERIC_OPS)[number] | (typeof DATE_OPS)[number];

/** text: the spec's text match modes; number: numeric; date: date; choice: one of fixed values (status, level). */
export type FieldKind = "text" | "number" | "date" | "choice";

export const OPS_BY_KIND: Record<FieldKind, readonly FilterOp[]> = {
  text: TEXT_OPS,
  number: NUMERIC_OPS,
  date: DATE_OPS,
  choice: CHOICE_OPS,
};

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export interface ListMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  /** The server stopped counting at `total`: there are more rows than that (the pager shows "10,000+"). */
  total_capped: boolean;
}

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
