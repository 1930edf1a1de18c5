import { describe, expect, it } from "vitest";
import { MAX_PER_PAGE } from "../../contracts/list";
import { listQuery, SEARCH_FIELD } from "../../src/providers/data";

describe("list query of the data provider", () => {
  it("pages, caps the page size and sorts with a leading minus for descending", () => {
    const query = listQuery({ currentPage: 3, pageSize: 500, sorters: [{ field: "name", order: "asc" }, { field: "created_at", order: "desc" }] });
    expect(query.get("page")).toBe("3");
    expect(query.get("per_page")).toBe(String(MAX_PER_PAGE));
    expect(query.get("sort")).toBe("name,-created_at");
  });

  it("writes filters as filter[field][op] in the API's operator names", () => {
    const query = listQuery({
      filters: [
        { field: "name", operator: "startswith", value: "Al" },
        { field: "email", operator: "ncontains", value: "test" },
        { field: "base_rate", operator: "gte", value: 100000 },
        { field: "hired_on", operator: "lt", value: "2026-01-01" },
        { field: "department", operator: "eq", value: "" },
      ],
      dateFields: ["hired_on"],
    });
    expect(Object.fromEntries(query)).toMatchObject({
      "filter[name][startsWith]": "Al",
      "filter[email][notContains]": "test",
      "filter[base_rate][gte]": "100000",
      "filter[hired_on][dateBefore]": "2026-01-01",
    });
    expect(query.has("filter[department][equals]")).toBe(false);
  });

  it("refuses an operator the API does not know instead of sending it", () => {
    expect(() => listQuery({ filters: [{ field: "name", operator: "between", value: [1, 2] }] })).toThrow(/not supported/);
  });

  it("sends the free-text search as a plain search= parameter beside the column filters", () => {
    const query = listQuery({
      filters: [
        { field: SEARCH_FIELD, operator: "contains", value: "Tanaka 田中" },
        { field: "name", operator: "contains", value: "Al" },
      ],
    });
    expect(query.get("search")).toBe("Tanaka 田中");
    expect(query.get("filter[name][contains]")).toBe("Al");
    expect([...query.keys()].some((key) => key.startsWith("filter[search]"))).toBe(false);
    expect(listQuery({ filters: [{ field: SEARCH_FIELD, operator: "contains", value: "" }] }).has("search")).toBe(false);
  });
});
