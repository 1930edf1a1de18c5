import type { CrudFilter, CrudSort, DataProvider } from "@refinedev/core";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type ListMeta } from "../../contracts/list";
import { http } from "../lib/http";
import { apiPath, findResource } from "../resources";

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

/** The API's free-text search is its own `search=` parameter, not a filter on a column. */
export const SEARCH_FIELD = "search";

/** Builds page, per_page, sort and filter[field][op] parameters for a list call. */
export function listQuery(options: {
  currentPage?: number;
  pageSize?: number;
  sorters?: CrudSort[];
  filters?: CrudFilter[];
  dateFields?: readonly string[];
  /** The resource's own list parameters (ResourceDefinition.listParams): sent as field=value. */
  ownParams?: readonly string[];
}): URLSearchParams {
  const query = new URLSearchParams();
  query.set("page", String(options.currentPage ?? 1));
  query.set("per_page", String(Math.min(options.pageSize ?? DEFAULT_PER_PAGE, MAX_PER_PAGE)));
  const sort = (options.sorters ?? []).map((sorter) => (sorter.order === "desc" ? `-${sorter.field}` : sorter.field));
  if (sort.length) query.set("sort", sort.join(","));
  for (const filter of options.filters ?? []) {
    if (!("field" in filter) || filter.value === undefined || filter.value === null || filter.value === "") continue;
    if (filter.field === SEARCH_FIELD) {
      query.set("search", String(filter.value));
      continue;
    }
    if (options.ownParams?.includes(filter.field)) {
      if (filter.operator !== "eq") throw new Error(`The list parameter "${filter.field}" takes one value, not the operator "${filter.operator}".`);
      query.set(filter.field, String(filter.value));
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

/** A write's reply: the record and the server's word for what happened ("Employee created."), in the reader's language. */
interface WriteBody {
  data: never;
  message?: string;
}

/**
 * A mutation's response as Refine passes it to the notifications: the record,
 * and the server's `message` for the success toast (src/components/form/notifications.ts).
 */
export type WriteResponse<T = never> = { data: T; message?: string };

/** The server's messages of several writes, each said once ("Employee deleted." and, for some, "…archived…"). */
export function joinMessages(messages: (string | undefined)[]): string | undefined {
  const distinct = [...new Set(messages.filter((message): message is string => Boolean(message)))];
  return distinct.length ? distinct.join(" ") : undefined;
}

const deleteOne = async (resource: string, id: string | number): Promise<WriteResponse<{ id: string | number }>> => {
  const { data } = await http.delete<WriteBody | undefined>(`/${apiPath(resource)}/${encodeURIComponent(String(id))}`);
  return { data: data?.data ?? { id }, message: data?.message };
};

/** Maps Refine's calls to the spec's REST paths: /api/{path} and /api/{path}/{id}, the path from the resource list. */
export const dataProvider: DataProvider = {
  getApiUrl: () => "/api",
  getList: async ({ resource, pagination, sorters, filters, meta }) => {
    const query = listQuery({
      currentPage: pagination?.currentPage,
      pageSize: pagination?.pageSize,
      sorters,
      filters,
      dateFields: meta?.dateFields as string[] | undefined,
      ownParams: findResource(resource)?.listParams,
    });
    const { data } = await http.get<ListBody<never>>(`/${apiPath(resource)}`, { params: query });
    // totalCapped: the server stopped counting at total; the pager says "10,000+".
    return { data: data.data, total: data.meta.total, totalCapped: data.meta.total_capped === true };
  },
  getOne: async ({ resource, id }) => {
    const { data } = await http.get(`/${apiPath(resource)}/${encodeURIComponent(String(id))}`);
    return { data: data.data };
  },
  // Writes hand on the server's message: the success toast says it (the form kit's notifications).
  create: async ({ resource, variables }) => {
    const { data } = await http.post<WriteBody>(`/${apiPath(resource)}`, variables);
    return { data: data.data, message: data.message };
  },
  update: async ({ resource, id, variables }) => {
    const { data } = await http.put<WriteBody>(`/${apiPath(resource)}/${encodeURIComponent(String(id))}`, variables);
    return { data: data.data, message: data.message };
  },
  deleteOne: async ({ resource, id }) => deleteOne(resource, id) as never,
  // One call per record (the API has no bulk delete), and one message for all of them.
  deleteMany: async ({ resource, ids }) => {
    const replies = await Promise.all(ids.map((id) => deleteOne(resource, id)));
    return { data: replies.map((reply) => reply.data), message: joinMessages(replies.map((reply) => reply.message)) } as never;
  },
  custom: async ({ url, method, payload, query, headers }) => {
    const { data } = await http.request({ url, method, data: payload, params: query, headers });
    return { data };
  },
};
