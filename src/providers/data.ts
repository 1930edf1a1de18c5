import type { CrudFilter, CrudSort, DataProvider } from "@refinedev/core";
import { http } from "../lib/http";
import type { ListMeta } from "../../contracts/list";

/** Refine's operators in the API's words (architecture page: list queries). */
const OPERATORS: Partial<Record<string, string>> = {
  eq: "equals",
  ne: "notEquals",
  lt: "lt",
  lte: "lte",
  gt: "gt",
  gte: "gte",
  contains: "contains",
  ncontains: "notContains",
  startswith: "startsWith",
  endswith: "endsWith",
};

/** On date fields the same comparisons use the API's date match modes. */
const DATE_OPERATORS: Partial<Record<string, string>> = { eq: "dateIs", ne: "dateIsNot", lt: "dateBefore", gt: "dateAfter" };

export const MAX_PAGE_SIZE = 100;

/** The API's free-text search is its own `search=` parameter, not a filter on a column. */
export const SEARCH_FIELD = "search";

/** Builds page, per_page, sort and filter[field][op] parameters for a list call. */
export function listQuery(options: {
  currentPage?: number;
  pageSize?: number;
  sorters?: CrudSort[];
  filters?: CrudFilter[];
  dateFields?: readonly string[];
}): URLSearchParams {
  const query = new URLSearchParams();
  query.set("page", String(options.currentPage ?? 1));
  query.set("per_page", String(Math.min(options.pageSize ?? 10, MAX_PAGE_SIZE)));
  const sort = (options.sorters ?? []).map((sorter) => (sorter.order === "desc" ? `-${sorter.field}` : sorter.field));
  if (sort.length) query.set("sort", sort.join(","));
  for (const filter of options.filters ?? []) {
    if (!("field" in filter) || filter.value === undefined || filter.value === null || filter.value === "") continue;
    if (filter.field === SEARCH_FIELD) {
      query.set("search", String(filter.value));
      continue;
    }
    const isDate = options.dateFields?.includes(filter.field);
    const op = (isDate ? DATE_OPERATORS[filter.operator] : undefined) ?? OPERATORS[filter.operator];
    if (!op) throw new Error(`The filter operator "${filter.operator}" is not supported by the API.`);
    query.set(`filter[${filter.field}][${op}]`, String(filter.value));
  }
  return query;
}

interface ListBody<T> {
  data: T[];
  meta: ListMeta;
}

/** Maps Refine's calls to the spec's REST paths: /api/{resource} and /api/{resource}/{id}. */
export const dataProvider: DataProvider = {
  getApiUrl: () => "/api",
  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const query = listQuery({
      currentPage: pagination?.currentPage,
      pageSize: pagination?.pageSize,
      sorters,
      filters,
      dateFields: meta?.dateFields as string[] | undefined,
    });
    const { data } = await http.get<ListBody<never>>(`/${resource}`, { params: query });
    // totalCapped: the server stopped counting at total; the pager says "10,000+".
    return { data: data.data, total: data.meta.total, totalCapped: data.meta.total_capped === true };
  },
  getOne: async ({ resource, id }) => {
    const { data } = await http.get(`/${resource}/${encodeURIComponent(String(id))}`);
    return { data: data.data };
  },
  create: async ({ resource, variables }) => {
    const { data } = await http.post(`/${resource}`, variables);
    return { data: data.data };
  },
  update: async ({ resource, id, variables }) => {
    const { data } = await http.put(`/${resource}/${encodeURIComponent(String(id))}`, variables);
    return { data: data.data };
  },
  deleteOne: async ({ resource, id }) => {
    const { data } = await http.delete(`/${resource}/${encodeURIComponent(String(id))}`);
    return { data: data?.data ?? { id } };
  },
  custom: async ({ url, method, payload, query, headers }) => {
    const { data } = await http.request({ url, method, data: payload, params: query, headers });
    return { data };
  },
};
