import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  numeric,
  pgEnum,
  pgTable,
  PgDialect,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "../../contracts/list";
import { HttpError } from "../../server/lib/errors";
import { defineListSpec, escapeLike, listMeta, parseListQuery, type ListQueryOptions } from "../../server/lib/list";

/** A table of its own, so these tests do not follow the users schema around. */
const mood = pgEnum("probe_mood", ["calm", "busy"]);
const probe = pgTable("probe", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  nickname: text("nickname"),
  mood: mood("mood"),
  level: smallint("level").notNull(),
  count: integer("count"),
  amount: bigint("amount", { mode: "number" }).notNull(),
  price: numeric("price", { precision: 12, scale: 2 }),
  ratio: real("ratio"),
  score: doublePrecision("score"),
  hired_on: date("hired_on"),
  status: text("status").notNull(),
  active: boolean("active").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull(),
});

const spec = defineListSpec({
  fields: {
    id: { column: probe.id, kind: "number" },
    name: { column: probe.name, kind: "text" },
    nickname: { column: probe.nickname, kind: "text" },
    mood: { column: probe.mood, kind: "text" },
    level: { column: probe.level, kind: "number" },
    count: { column: probe.count, kind: "number" },
    amount: { column: probe.amount, kind: "number" },
    price: { column: probe.price, kind: "number" },
    ratio: { column: probe.ratio, kind: "number" },
    score: { column: probe.score, kind: "number" },
    computed: { column: sql`(${probe.level} * 2)`, kind: "number" },
    hired_on: { column: probe.hired_on, kind: "date" },
    created_at: { column: probe.created_at, kind: "date" },
    status: { column: probe.status, kind: "choice", values: ["active", "on_leave", "terminated"] },
    active: { column: probe.active, kind: "choice", values: { yes: true, no: false } },
    secret: { column: probe.name, kind: "text" },
  },
  sortable: ["id", "name", "level", "amount", "created_at", "hired_on", "status"],
  filterable: ["id", "name", "nickname", "mood", "level", "count", "amount", "price", "ratio", "score", "computed", "hired_on", "created_at", "status", "active"],
  defaultSort: "-created_at",
  search: [probe.name, probe.nickname],
});

const dialect = new PgDialect();
const render = (fragment: SQL | undefined) => {
  if (!fragment) return undefined;
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return { sql: text, params };
};
const where = (query: Record<string, unknown>, options?: ListQueryOptions) => render(parseListQuery(query, spec, options).where);
const orderBy = (query: Record<string, unknown>) => render(sql.join(parseListQuery(query, spec).orderBy, sql`, `))!.sql;

/** The 422 a query is refused with: the message key and each parameter's keys. */
function refusal(query: unknown, options?: ListQueryOptions) {
  try {
    parseListQuery(query, spec, options);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.statusCode).toBe(422);
    const errors = Object.fromEntries(Object.entries(http.fieldErrors ?? {}).map(([field, list]) => [field, list.map((item) => item.key)]));
    return { key: http.messageKey, params: http.params, errors, fieldErrors: http.fieldErrors };
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

describe("paging", () => {
  it("defaults to page 1 of DEFAULT_PER_PAGE rows in the default order, id breaking ties", () => {
    const list = parseListQuery({}, spec);
    expect(list).toMatchObject({ page: 1, perPage: DEFAULT_PER_PAGE, limit: DEFAULT_PER_PAGE, offset: 0, where: undefined });
    expect(orderBy({})).toBe('"probe"."created_at" desc, "probe"."id" desc');
  });

  it("reads page and per_page as the querystring gives them (strings) or as numbers", () => {
    expect(parseListQuery({ page: "3", per_page: "50" }, spec)).toMatchObject({ page: 3, perPage: 50, limit: 50, offset: 100 });
    expect(parseListQuery({ page: 2, per_page: 10 }, spec)).toMatchObject({ page: 2, perPage: 10, offset: 10 });
    expect(parseListQuery({ per_page: String(MAX_PER_PAGE) }, spec).perPage).toBe(MAX_PER_PAGE);
    expect(parseListQuery({ page: "", per_page: "" }, spec)).toMatchObject({ page: 1, perPage: DEFAULT_PER_PAGE });
  });

  it("treats a missing or non-object query as empty", () => {
    for (const query of [undefined, null, "page=2", 42, ["page"]]) expect(parseListQuery(query, spec).page).toBe(1);
  });

  it.each(["0", "-1", "1.5", "2.0", "1e3", " 2", "two", "0x10", "99999999999999999", 0, 1.5, -3, Number.NaN])(
    "refuses page=%j",
    (page) => {
      expect(refusal({ page })).toMatchObject({ key: "list.badPage", errors: { page: ["list.badPage"] } });
    },
  );

  it("refuses repeated or structured page parameters", () => {
    expect(refusal({ page: ["1", "2"] }).errors).toEqual({ page: ["list.badPage"] });
    expect(refusal({ page: { x: "1" } }).errors).toEqual({ page: ["list.badPage"] });
  });

  it.each(["0", String(MAX_PER_PAGE + 1), "1000000", "-5", "ten", "20.5"])("refuses per_page=%j with the cap in the message", (perPage) => {
    const error = refusal({ per_page: perPage });
    expect(error).toMatchObject({ key: "list.badPerPage", params: { max: MAX_PER_PAGE }, errors: { per_page: ["list.badPerPage"] } });
    expect(error.fieldErrors!.per_page[0].params).toEqual({ max: MAX_PER_PAGE });
  });

  it("computes meta like Laravel's paginator: at least one page", () => {
    expect(listMeta(1, 20, 0)).toEqual({ current_page: 1, per_page: 20, total: 0, last_page: 1, total_capped: false });
    expect(listMeta(2, 7, 30)).toEqual({ current_page: 2, per_page: 7, total: 30, last_page: 5, total_capped: false });
    expect(listMeta(9, 10, 30)).toEqual({ current_page: 9, per_page: 10, total: 30, last_page: 3, total_capped: false });
  });
});

describe("sort", () => {
  it("sorts by several fields, text case-insensitively, with the id tiebreak in the last key's direction", () => {
    expect(orderBy({ sort: "-created_at,name" })).toBe('"probe"."created_at" desc, lower("probe"."name") asc, "probe"."id" asc');
    expect(orderBy({ sort: "level,-amount" })).toBe('"probe"."level" asc, "probe"."amount" desc, "probe"."id" desc');
    expect(orderBy({ sort: " name , , -level" })).toMatch(/^lower\("probe"."name"\) asc/);
  });

  it("does not repeat the tiebreak when sorting by id, nor a field given twice", () => {
    expect(orderBy({ sort: "-id" })).toBe('"probe"."id" desc');
    expect(orderBy({ sort: "name,-name" })).toBe('lower("probe"."name") asc, "probe"."id" asc');
  });

  it("joins repeated sort parameters and falls back to the default for an empty one", () => {
    expect(orderBy({ sort: ["name", "-level"] })).toBe('lower("probe"."name") asc, "probe"."level" desc, "probe"."id" desc');
    expect(orderBy({ sort: "" })).toBe('"probe"."created_at" desc, "probe"."id" desc');
  });

  it.each(["nope", "-nope", "name,nope", "secret", "score", "--name", "+name", "__proto__", "constructor", "toString", "name;drop table probe"])(
    "refuses sort=%j (unknown or not sortable)",
    (sort) => {
      expect(refusal({ sort })).toMatchObject({ key: "list.unknownField", errors: { sort: ["list.unknownField"] } });
    },
  );

  it("refuses a structured sort", () => {
    expect(refusal({ sort: { name: "asc" } }).errors).toEqual({ sort: ["list.unknownField"] });
  });
});

describe("filters: reading the querystring", () => {
  it("reads Fastify's flat keys and qs-style nested objects alike", () => {
    const flat = where({ "filter[name][contains]": "ann", "filter[level][gte]": "2" });
    const nested = where({ filter: { name: { contains: "ann" }, level: { gte: "2" } } });
    expect(flat).toEqual(nested);
    expect(flat!.params).toEqual(["%ann%", "2"]);
  });

  it("applies a filter given several times to every value", () => {
    const query = where({ "filter[name][notContains]": ["a", "b"] });
    expect(query!.params).toEqual(["%a%", "%b%"]);
    expect(query!.sql).toMatch(/ and /);
  });

  it("treats an empty value as no filter (a cleared box), but still checks field and match mode", () => {
    expect(where({ "filter[name][contains]": "", "filter[level][gt]": "  ", "filter[hired_on][dateIs]": "" })).toBeUndefined();
    expect(refusal({ "filter[nope][contains]": "" }).errors).toEqual({ "filter[nope][contains]": ["list.unknownField"] });
    expect(refusal({ "filter[level][contains]": "" }).errors).toEqual({ "filter[level][contains]": ["list.badOperator"] });
  });

  it("leaves other parameters to the route", () => {
    expect(where({ include: "role", filters: "x", filter: {} })).toBeUndefined();
  });

  it.each([
    ["filter[nope][contains]", "list.unknownField"],
    ["filter[secret][contains]", "list.unknownField"], // declared but not filterable
    ["filter[__proto__][contains]", "list.unknownField"],
    ["filter[constructor][equals]", "list.unknownField"],
    ["filter[hasOwnProperty][equals]", "list.unknownField"],
    ["filter[][contains]", "list.unknownField"],
    ["filter[name][like]", "list.badOperator"],
    ["filter[name][lt]", "list.badOperator"],
    ["filter[name][dateIs]", "list.badOperator"],
    ["filter[level][contains]", "list.badOperator"],
    ["filter[created_at][equals]", "list.badOperator"],
    ["filter[status][contains]", "list.badOperator"],
    ["filter[status][lt]", "list.badOperator"],
    ["filter[name][__proto__]", "list.badOperator"],
    ["filter[name][]", "list.badOperator"],
    ["filter[name]", "list.badFilter"],
    ["filter[name][contains][x]", "list.badFilter"],
    ["filter[name][contains", "list.badFilter"],
    ["filter[na]me][contains]", "list.badFilter"],
  ])("refuses %s with %s, naming the parameter", (param, key) => {
    expect(refusal({ [param]: "x" })).toMatchObject({ key, errors: { [param]: [key] } });
  });

  it("refuses malformed nested filters", () => {
    expect(refusal({ filter: "name" }).errors).toEqual({ filter: ["list.badFilter"] });
    expect(refusal({ filter: ["name"] }).errors).toEqual({ filter: ["list.badFilter"] });
    expect(refusal({ filter: { name: "ann" } }).errors).toEqual({ "filter[name]": ["list.badFilter"] });
    expect(refusal({ filter: { name: { contains: { deeper: "x" } } } }).errors).toEqual({ "filter[name][contains]": ["list.badValue"] });
    expect(refusal({ filter: { nope: { equals: "x" } } }).errors).toEqual({ "filter[nope][equals]": ["list.unknownField"] });
  });

  it("names every bad parameter at once; the message is the first one's", () => {
    const error = refusal({ page: "0", per_page: "500", sort: "nope", "filter[nope][contains]": "x", "filter[level][gt]": "high" });
    expect(error.key).toBe("list.badPage");
    expect(error.errors).toEqual({
      page: ["list.badPage"],
      per_page: ["list.badPerPage"],
      sort: ["list.unknownField"],
      "filter[nope][contains]": ["list.unknownField"],
      "filter[level][gt]": ["list.badValue"],
    });
  });
});

describe("text filters", () => {
  const text = (op: string, value: string) => where({ [`filter[name][${op}]`]: value })!;

  it.each([
    ["startsWith", "Ann", 'lower("probe"."name") like lower($1::text)', "Ann%"],
    ["endsWith", "son", 'lower("probe"."name") like lower($1::text)', "%son"],
    ["contains", "nn", 'lower("probe"."name") like lower($1::text)', "%nn%"],
    ["notContains", "nn", 'not (lower("probe"."name") like lower($1::text))', "%nn%"],
    ["equals", "Ann", 'lower("probe"."name") = lower($1::text)', "Ann"],
    ["notEquals", "Ann", 'lower("probe"."name") <> lower($1::text)', "Ann"],
  ])("%s compares lower-cased, the value bound", (op, value, fragment, param) => {
    expect(text(op, value)).toEqual({ sql: fragment, params: [param] });
  });

  it("escapes %, _ and \\ so they match literally", () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
    expect(text("contains", "50%").params).toEqual(["%50\\%%"]);
    expect(text("startsWith", "a_b").params).toEqual(["a\\_b%"]);
    expect(text("equals", "a_b%").params).toEqual(["a_b%"]); // equality has no wildcards
  });

  it("keeps rows with no value for the negative modes on a nullable column", () => {
    expect(where({ "filter[nickname][notContains]": "x" })!.sql).toBe('("probe"."nickname" is null or not (lower("probe"."nickname") like lower($1::text)))');
    expect(where({ "filter[nickname][notEquals]": "x" })!.sql).toBe('("probe"."nickname" is null or lower("probe"."nickname") <> lower($1::text))');
    expect(where({ "filter[nickname][contains]": "x" })!.sql).toBe('lower("probe"."nickname") like lower($1::text)');
  });

  it("reads an enum column as text", () => {
    expect(where({ "filter[mood][startsWith]": "ca" })!.sql).toBe('lower(("probe"."mood")::text) like lower($1::text)');
  });

  it("never writes the value into the SQL", () => {
    const nasty = `'); drop table probe; --`;
    for (const op of ["startsWith", "contains", "notContains", "endsWith", "equals", "notEquals"]) {
      const query = text(op, nasty);
      expect(query.sql).not.toContain("drop");
      expect(query.params.join("")).toContain(nasty);
    }
  });

  it("keeps spaces as typed (text is not trimmed)", () => {
    expect(text("contains", " a ").params).toEqual(["% a %"]);
  });

  it("refuses a NUL character, which PostgreSQL cannot hold in text", () => {
    expect(refusal({ "filter[name][contains]": "a\u0000b" }).errors).toEqual({ "filter[name][contains]": ["list.badValue"] });
    expect(refusal({ search: "a\u0000" }).errors).toEqual({ search: ["list.badValue"] });
  });
});

describe("number filters", () => {
  const number = (field: string, op: string, value: string) => where({ [`filter[${field}][${op}]`]: value })!;

  it.each([
    ["equals", '"probe"."level" = $1'],
    ["notEquals", '"probe"."level" <> $1'],
    ["lt", '"probe"."level" < $1'],
    ["lte", '"probe"."level" <= $1'],
    ["gt", '"probe"."level" > $1'],
    ["gte", '"probe"."level" >= $1'],
  ])("%s on an integer column compares with the bound value", (op, fragment) => {
    expect(number("level", op, "2")).toEqual({ sql: fragment, params: ["2"] });
  });

  it("accepts signs, decimals and exponents, trimmed", () => {
    expect(number("level", "gte", " +3 ").params).toEqual(["3"]);
    expect(number("level", "gte", "-3").params).toEqual(["-3"]);
    expect(number("level", "equals", "3.0").params).toEqual(["3"]);
    expect(number("level", "equals", "1e2").params).toEqual(["100"]);
    expect(number("score", "lt", ".5").params).toEqual(["0.5"]);
  });

  it("never sends a fraction to an integer column: it moves the bound to a whole number", () => {
    expect(number("level", "lt", "1.5")).toEqual({ sql: '"probe"."level" < $1', params: ["2"] });
    expect(number("level", "lte", "1.5")).toEqual({ sql: '"probe"."level" <= $1', params: ["1"] });
    expect(number("level", "gt", "1.5")).toEqual({ sql: '"probe"."level" > $1', params: ["1"] });
    expect(number("level", "gte", "1.5")).toEqual({ sql: '"probe"."level" >= $1', params: ["2"] });
    expect(number("level", "gt", "-1.5")).toEqual({ sql: '"probe"."level" > $1', params: ["-2"] });
    expect(number("level", "equals", "1.5")).toEqual({ sql: "false", params: [] });
    expect(number("level", "notEquals", "1.5")).toEqual({ sql: "true", params: [] });
  });

  it("never sends a value outside the column type's range", () => {
    expect(number("level", "equals", "40000").sql).toBe("false");
    expect(number("level", "lt", "40000").sql).toBe("true");
    expect(number("count", "lt", "1e12").sql).toBe('"probe"."count" is not null');
    expect(number("level", "gt", "40000").sql).toBe("false");
    expect(number("level", "gte", "-40000").sql).toBe("true");
    expect(number("level", "lte", "-40000").sql).toBe("false");
    expect(number("level", "lte", "32766").sql).toBe('"probe"."level" <= $1');
    expect(number("level", "lte", "32767").sql).toBe("true");
    expect(number("level", "lte", "32768").sql).toBe("true");
    expect(number("amount", "equals", "9223372036854775807")).toEqual({ sql: '"probe"."amount" = $1', params: ["9223372036854775807"] });
    expect(number("amount", "equals", "9223372036854775808").sql).toBe("false");
    expect(number("amount", "gt", "1e300").sql).toBe("false");
    expect(number("amount", "gt", "-1e300").sql).toBe("true");
  });

  it("binds numeric columns as written, doubles as numbers, reals and expressions with a cast", () => {
    expect(number("price", "lt", "12345678901234.56")).toEqual({ sql: '"probe"."price" < $1', params: ["12345678901234.56"] });
    expect(number("price", "lt", "1e3")).toEqual({ sql: '"probe"."price" < $1', params: ["1000"] });
    expect(number("score", "gte", "1e300")).toEqual({ sql: '"probe"."score" >= $1', params: ["1e+300"] });
    expect(number("ratio", "gt", "1e300")).toEqual({ sql: '("probe"."ratio")::float8 > $1::float8', params: ["1e+300"] });
    expect(number("computed", "equals", "4")).toEqual({ sql: '("probe"."level" * 2) = $1::numeric', params: ["4"] });
    expect(number("price", "notEquals", "1").sql).toBe('("probe"."price" is null or "probe"."price" <> $1)');
  });

  it.each(["abc", "1,000", "1 000", "0x10", "NaN", "Infinity", "-Infinity", "1e999", "1e", "--1", "1..2", ".", "1_000", "٣"])(
    "refuses %j",
    (value) => {
      expect(refusal({ "filter[level][gt]": value }).errors).toEqual({ "filter[level][gt]": ["list.badValue"] });
      expect(refusal({ "filter[price][gt]": value }).errors).toEqual({ "filter[price][gt]": ["list.badValue"] });
    },
  );
});

describe("date filters", () => {
  const dateOf = (field: string, op: string, value: string, options?: ListQueryOptions) =>
    where({ [`filter[${field}][${op}]`]: value }, options)!;

  it("compares a date column directly", () => {
    expect(dateOf("hired_on", "dateIs", "2026-03-02")).toEqual({ sql: '"probe"."hired_on" = $1', params: ["2026-03-02"] });
    expect(dateOf("hired_on", "dateIsNot", "2026-03-02").sql).toBe('("probe"."hired_on" is null or "probe"."hired_on" <> $1)');
    expect(dateOf("hired_on", "dateBefore", "2026-03-02").sql).toBe('"probe"."hired_on" < $1');
    expect(dateOf("hired_on", "dateAfter", "2026-03-02").sql).toBe('"probe"."hired_on" > $1');
  });

  it("reads a timestamp's day as [d, d+1) in UTC", () => {
    expect(dateOf("created_at", "dateIs", "2026-03-02")).toEqual({
      sql: '("probe"."created_at" >= $1 and "probe"."created_at" < $2)',
      params: ["2026-03-02T00:00:00Z", "2026-03-03T00:00:00Z"],
    });
    expect(dateOf("created_at", "dateIsNot", "2026-03-02")).toEqual({
      sql: '("probe"."created_at" < $1 or "probe"."created_at" >= $2)',
      params: ["2026-03-02T00:00:00Z", "2026-03-03T00:00:00Z"],
    });
    expect(dateOf("created_at", "dateBefore", "2026-03-02")).toEqual({ sql: '"probe"."created_at" < $1', params: ["2026-03-02T00:00:00Z"] });
    expect(dateOf("created_at", "dateAfter", "2026-03-02")).toEqual({ sql: '"probe"."created_at" >= $1', params: ["2026-03-03T00:00:00Z"] });
    expect(dateOf("created_at", "dateIs", "2024-02-29").params).toEqual(["2024-02-29T00:00:00Z", "2024-03-01T00:00:00Z"]);
    expect(dateOf("created_at", "dateIs", "2026-12-31").params).toEqual(["2026-12-31T00:00:00Z", "2027-01-01T00:00:00Z"]);
    expect(dateOf("created_at", "dateIs", "9999-12-31").params).toEqual(["9999-12-31T00:00:00Z", "10000-01-01T00:00:00Z"]);
  });

  it("starts the day in a given time zone, across daylight saving changes", () => {
    expect(dateOf("created_at", "dateIs", "2026-03-02", { timeZone: "Asia/Manila" }).params).toEqual([
      "2026-03-01T16:00:00Z",
      "2026-03-02T16:00:00Z",
    ]);
    // New York moves its clocks forward on 2026-03-08: a 23-hour day.
    expect(dateOf("created_at", "dateIs", "2026-03-08", { timeZone: "America/New_York" }).params).toEqual([
      "2026-03-08T05:00:00Z",
      "2026-03-09T04:00:00Z",
    ]);
    expect(dateOf("created_at", "dateIs", "2026-11-01", { timeZone: "America/New_York" }).params).toEqual([
      "2026-11-01T04:00:00Z",
      "2026-11-02T05:00:00Z",
    ]);
    expect(dateOf("created_at", "dateBefore", "2026-01-01", { timeZone: "Asia/Kolkata" }).params).toEqual(["2025-12-31T18:30:00Z"]);
    expect(dateOf("hired_on", "dateIs", " 2026-02-03 ").params).toEqual(["2026-02-03"]); // trimmed
    // The zone does not move a date column's comparison.
    expect(dateOf("hired_on", "dateIs", "2026-03-02", { timeZone: "Asia/Manila" }).params).toEqual(["2026-03-02"]);
  });

  it.each(["2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00", "2025-02-29", "2026-2-3", "26-02-03", "2026/02/03", "2026-02-03T00:00", "0999-12-31", "20260-01-01", "today"])(
    "refuses %j",
    (value) => {
      expect(refusal({ "filter[hired_on][dateIs]": value }).errors).toEqual({ "filter[hired_on][dateIs]": ["list.badValue"] });
      expect(refusal({ "filter[created_at][dateAfter]": value }).errors).toEqual({ "filter[created_at][dateAfter]": ["list.badValue"] });
    },
  );
});

describe("choice filters", () => {
  it("accepts only the declared values", () => {
    expect(where({ "filter[status][equals]": "on_leave" })).toEqual({ sql: '"probe"."status" = $1', params: ["on_leave"] });
    expect(where({ "filter[status][notEquals]": "active" })).toEqual({ sql: '"probe"."status" <> $1', params: ["active"] });
    for (const value of ["Active", "retired", "active,on_leave", "toString", "__proto__"]) {
      expect(refusal({ "filter[status][equals]": value }).errors).toEqual({ "filter[status][equals]": ["list.badValue"] });
    }
  });

  it("maps the client's words to stored values", () => {
    expect(where({ "filter[active][equals]": "yes" })).toEqual({ sql: '"probe"."active" = $1', params: [true] });
    expect(where({ "filter[active][notEquals]": "no" })).toEqual({ sql: '"probe"."active" <> $1', params: [false] });
    expect(refusal({ "filter[active][equals]": "true" }).errors).toEqual({ "filter[active][equals]": ["list.badValue"] });
  });
});

describe("search", () => {
  it("looks for the text in any search column, case-insensitively and literally", () => {
    expect(where({ search: " 50%off " })).toEqual({
      sql: '(lower("probe"."name") like lower($1::text) or lower("probe"."nickname") like lower($2::text))',
      params: ["%50\\%off%", "%50\\%off%"],
    });
    expect(where({ search: "  " })).toBeUndefined();
  });

  it("ands search with filters", () => {
    expect(where({ search: "a", "filter[level][gt]": "1" })!.sql).toMatch(/^\(\(.* or .*\) and "probe"."level" > \$3\)$/);
  });

  it("is refused where the resource has no search, and when structured", () => {
    const plain = defineListSpec({ fields: { name: { column: probe.name, kind: "text" } }, defaultSort: "name" });
    expect(() => parseListQuery({ search: "x" }, plain)).toThrow(HttpError);
    expect(parseListQuery({ search: " " }, plain).where).toBeUndefined();
    expect(refusal({ search: ["a", "b"] }).errors).toEqual({ search: ["list.badValue"] });
  });
});

describe("defineListSpec (a programmer's mistakes throw at start-up)", () => {
  it("finds the id tiebreak of the first column's table, or takes one given", () => {
    const custom = defineListSpec({
      fields: { total: { column: sql`1`, kind: "number" } },
      defaultSort: "total",
      tiebreaker: probe.name,
    });
    expect(render(sql.join(parseListQuery({}, custom).orderBy, sql`, `))!.sql).toBe('1 asc, "probe"."name" asc');
    expect(() => defineListSpec({ fields: { total: { column: sql`1`, kind: "number" } }, defaultSort: "total" })).toThrow(/tiebreaker/);
  });

  it("refuses kinds that do not fit the column, unknown names and a default sort it cannot read", () => {
    expect(() => defineListSpec({ fields: { n: { column: probe.level, kind: "text" } }, defaultSort: "n" })).toThrow(/text column/);
    expect(() => defineListSpec({ fields: { n: { column: probe.name, kind: "number" } }, defaultSort: "n" })).toThrow(/numeric column/);
    expect(() => defineListSpec({ fields: { n: { column: probe.name, kind: "date" } }, defaultSort: "n" })).toThrow(/date or timestamp/);
    expect(() => defineListSpec({ fields: { n: { column: probe.name, kind: "choice", values: [] } }, defaultSort: "n" })).toThrow(/at least one/);
    expect(() => defineListSpec({ fields: { n: { column: probe.name, kind: "text" } }, defaultSort: "-m" })).toThrow(/defaultSort/);
    expect(() => defineListSpec({ fields: { n: { column: probe.name, kind: "text" } }, defaultSort: "" })).toThrow(/defaultSort/);
    expect(() =>
      defineListSpec({ fields: { n: { column: probe.name, kind: "text" } }, sortable: ["m" as "n"], defaultSort: "n" }),
    ).toThrow(/unknown field "m"/);
    expect(() => defineListSpec({ fields: { "a]b": { column: probe.name, kind: "text" } }, defaultSort: "a]b" })).toThrow(/plain name/);
  });

  it("lets a field sort by another expression", () => {
    const raw = defineListSpec({ fields: { name: { column: probe.name, kind: "text", sortBy: probe.name } }, defaultSort: "name" });
    expect(render(sql.join(parseListQuery({}, raw).orderBy, sql`, `))!.sql).toBe('"probe"."name" asc, "probe"."id" asc');
  });
});
