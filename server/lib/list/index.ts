/**
 * The one list engine every resource reuses (architecture page: list queries):
 * a spec of what a list accepts (spec.ts), the querystring read into SQL
 * (parse.ts, with each match mode in conditions.ts), one page and its capped
 * count (page.ts).
 */
export { escapeLike } from "./conditions";
export { parseListQuery, type ListQuery, type ListQueryOptions, type PageQuery } from "./parse";
export { COUNT_CAP, countRows, listMeta, paged, rowsOf, SEARCH_COUNT_CAP } from "./page";
export { defineListSpec, listQuerySchema, type ListField, type ListSpec } from "./spec";
