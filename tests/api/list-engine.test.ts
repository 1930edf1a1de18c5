/**
 * The list engine against a real database: in-memory PGlite by default, a
 * throw-away PostgreSQL under `npm run test:pg`. Every match mode is checked
 * against the same rule written in plain JavaScript over the rows inserted.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import { bigint, date, doublePrecision, integer, numeric, pgTable, real, serial, smallint, text } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PER_PAGE } from "../../contracts/list";
import { buildApp } from "../../server/app";
import type { Db } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { HttpError } from "../../server/lib/errors";
import { COUNT_CAP, defineListSpec, paged, parseListQuery, SEARCH_COUNT_CAP, type ListQueryOptions } from "../../server/lib/list";
import { startTestApp, testConfig, type TestApp } from "../support/api";

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

interface Person {
  id: number;
  name: string;
  email: string;
  access_level: number;
  is_active: boolean;
  created_at: Date;
}

const SPECIAL_NAMES = [
  "Annie Archer",
  "anna bell",
  "JOANNE CRUZ",
  "Hannah Stone",
  "Bob 100% Sure",
  "Bob 100x Sure",
  "snake_case Sam",
  "snakeXcase Sal",
  "Back\\slash Ben",
];

/**
 * 30 people. Three share each calendar day of January 2026: two at its first
 * instant (a tie the id must break) and one at its last millisecond.
 */
const PEOPLE: Omit<Person, "id">[] = Array.from({ length: 30 }, (_, index) => {
  const i = index + 1;
  const day = BASE + Math.floor(index / 3) * DAY;
  return {
    name: SPECIAL_NAMES[index] ?? `Worker ${i % 7}`,
    email: `person${i}@example.com`,
    access_level: i % 3,
    is_active: i % 4 !== 0,
    created_at: new Date(i % 3 === 0 ? day + DAY - 1 : day),
  };
});

const spec = defineListSpec({
  fields: {
    id: { column: users.id, kind: "number" },
    name: { column: users.name, kind: "text" },
    email: { column: users.email, kind: "text" },
    access_level: { column: users.access_level, kind: "number" },
    level: { column: users.access_level, kind: "choice", values: { super_admin: 0, employee: 1, staff: 2 } },
    active: { column: users.is_active, kind: "choice", values: { yes: true, no: false } },
    status: {
      column: sql`(case when ${users.is_active} then 'active' else 'inactive' end)`,
      kind: "choice",
      values: ["active", "inactive"],
    },
    created_at: { column: users.created_at, kind: "date" },
    created_on: { column: sql`((${users.created_at} at time zone 'UTC')::date)`, kind: "date", dateType: "date" },
  },
  sortable: ["id", "name", "email", "access_level", "created_at"],
  defaultSort: "-created_at",
  search: [users.name, users.email],
});

/** Columns of every numeric type, for values the database must never see raw. */
const numbers = pgTable("list_engine_numbers", {
  id: serial("id").primaryKey(),
  small: smallint("small"),
  whole: integer("whole"),
  big: bigint("big", { mode: "number" }),
  money: numeric("money", { precision: 14, scale: 2 }),
  ratio: real("ratio"),
  score: doublePrecision("score"),
  day: date("day"),
});
const NUMBER_ROWS = [
  { small: -2, whole: -2, big: -2, money: "-2.50", ratio: -2.5, score: -2.5, day: "2026-01-01" },
  { small: 0, whole: 0, big: 0, money: "0.00", ratio: 0, score: 0, day: "2026-01-02" },
  { small: 1, whole: 1, big: 1, money: "1.25", ratio: 1.25, score: 1.25, day: "2026-01-03" },
  { small: 2, whole: 2, big: 2, money: "2.00", ratio: 2, score: 2, day: "9999-12-31" },
  { small: 32767, whole: 2147483647, big: 9007199254740991, money: "999999999999.99", ratio: 1e30, score: 1e300, day: null },
  { small: null, whole: null, big: null, money: null, ratio: null, score: null, day: null },
];
const numberSpec = defineListSpec({
  fields: {
    small: { column: numbers.small, kind: "number" },
    whole: { column: numbers.whole, kind: "number" },
    big: { column: numbers.big, kind: "number" },
    money: { column: numbers.money, kind: "number" },
    ratio: { column: numbers.ratio, kind: "number" },
    score: { column: numbers.score, kind: "number" },
    day: { column: numbers.day, kind: "date" },
  },
  defaultSort: "small",
});

let t: TestApp;
let db: Db;
let app: FastifyInstance;
let people: Person[];

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  db = t.database.db;
  // The users table is growing first and last names (name then becomes generated): insert either way.
  const splitName = "first_name" in (getTableColumns(users) as Record<string, unknown>);
  const rows = PEOPLE.map((person) => {
    const { name, ...rest } = person;
    const names = splitName ? { first_name: name, last_name: "" } : { name };
    return { ...rest, ...names, password_hash: "not-a-real-hash", updated_at: person.created_at };
  });
  await db.insert(users).values(rows as never);
  const stored = await db.select({ id: users.id, email: users.email, name: users.name }).from(users);
  const byEmail = new Map(stored.map((row) => [row.email, row]));
  people = PEOPLE.map((person) => ({ ...person, id: byEmail.get(person.email)!.id }));
  expect(people.map((person) => byEmail.get(person.email)!.name)).toEqual(PEOPLE.map((person) => person.name));

  await db.execute(sql`create table list_engine_numbers (
    id serial primary key, small smallint, whole integer, big bigint, money numeric(14, 2),
    ratio real, score double precision, day date)`);
  await db.insert(numbers).values(NUMBER_ROWS);

  // A route like a resource's list route, so Fastify's own querystring parsing is part of the test.
  app = await buildApp({ database: t.database, config: testConfig(), clock: t.clock });
  app.get("/api/test/people", async (request) =>
    paged(app.ctx.db, parseListQuery(request.query, spec), {
      from: users,
      select: { id: users.id, name: users.name, created_at: users.created_at },
    }),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** GET /api/test/people with the parameters URL-encoded as a browser would. */
async function get(params: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const item of [value].flat()) query.append(key, item);
  const response = await app.inject({ method: "GET", url: `/api/test/people?${query}`, headers });
  return { status: response.statusCode, body: response.json() };
}

/** The ids a filter returns (all pages, in id order). */
async function idsOf(params: Record<string, string | string[]>): Promise<number[]> {
  const { status, body } = await get({ ...params, sort: "id", per_page: String(MAX_PER_PAGE) });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.map((row: { id: number }) => row.id);
}

const expected = (keep: (person: Person) => boolean) => people.filter(keep).map((person) => person.id);
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

describe("text match modes", () => {
  const lower = (text: string) => text.toLowerCase();
  const rules: Record<string, (value: string, needle: string) => boolean> = {
    startsWith: (value, needle) => lower(value).startsWith(lower(needle)),
    contains: (value, needle) => lower(value).includes(lower(needle)),
    notContains: (value, needle) => !lower(value).includes(lower(needle)),
    endsWith: (value, needle) => lower(value).endsWith(lower(needle)),
    equals: (value, needle) => lower(value) === lower(needle),
    notEquals: (value, needle) => lower(value) !== lower(needle),
  };
  const needles = ["ann", "ANN", "Annie Archer", "sure", "worker 3", "100%", "e_c", "\\", "%", "_", "x", "person1", "@EXAMPLE.com", "no such"];

  for (const [op, rule] of Object.entries(rules)) {
    it(`${op} on name and email, case-insensitively, wildcards literal`, async () => {
      for (const needle of needles) {
        expect(await idsOf({ [`filter[name][${op}]`]: needle }), `name ${op} ${needle}`).toEqual(expected((p) => rule(p.name, needle)));
        expect(await idsOf({ [`filter[email][${op}]`]: needle }), `email ${op} ${needle}`).toEqual(expected((p) => rule(p.email, needle)));
      }
    });
  }

  it("matches % _ and \\ literally (a wildcard would also find the look-alike rows)", async () => {
    const names = async (params: Record<string, string>) =>
      (await get({ ...params, sort: "id", per_page: "100" })).body.data.map((row: { name: string }) => row.name);
    expect(await names({ "filter[name][contains]": "100%" })).toEqual(["Bob 100% Sure"]);
    expect(await names({ "filter[name][contains]": "e_c" })).toEqual(["snake_case Sam"]);
    expect(await names({ "filter[name][contains]": "\\" })).toEqual(["Back\\slash Ben"]);
    expect(await names({ "filter[name][equals]": "bob 100% sure" })).toEqual(["Bob 100% Sure"]);
    expect(await names({ "filter[name][startsWith]": "%" })).toEqual([]);
    expect(await names({ "filter[name][contains]": "'; drop table users; --" })).toEqual([]);
  });
});

describe("number match modes", () => {
  const rules: Record<string, (a: number, b: number) => boolean> = {
    equals: (a, b) => a === b,
    notEquals: (a, b) => a !== b,
    lt: (a, b) => a < b,
    lte: (a, b) => a <= b,
    gt: (a, b) => a > b,
    gte: (a, b) => a >= b,
  };

  for (const [op, rule] of Object.entries(rules)) {
    it(`${op} on a smallint, including fractions and values beyond its range`, async () => {
      for (const value of ["0", "1", "2", "1.5", "-0.5", "2.0", "1e0", "-1", "3", "40000", "-40000", "1e300", "9223372036854775808"]) {
        expect(await idsOf({ [`filter[access_level][${op}]`]: value }), `${op} ${value}`).toEqual(
          expected((p) => rule(p.access_level, Number(value))),
        );
      }
    });
  }

  it("never hands the database a value its column type refuses, whatever the type", async () => {
    const values = ["0", "1", "1.25", "-2.5", "2.000001", "32767", "32768", "2147483648", "9007199254740991", "9223372036854775808", "1e30", "1e300", "-1e300", "1e-300", "123456789012.345"];
    const columns = ["small", "whole", "big", "money", "ratio", "score"] as const;
    const all = await db.select().from(numbers).orderBy(numbers.id);
    for (const column of columns) {
      for (const [op, rule] of Object.entries(rules)) {
        for (const value of values) {
          const list = parseListQuery({ [`filter[${column}][${op}]`]: value, per_page: "100", sort: "small" }, numberSpec);
          const rows = await db.select({ id: numbers.id }).from(numbers).where(list.where).orderBy(numbers.id);
          const want = all
            .filter((row) => {
              const stored = row[column];
              if (stored === null) return op === "notEquals";
              // real holds single precision: the stored value is the float4 nearest what was written.
              const number = column === "ratio" ? Math.fround(Number(stored)) : Number(stored);
              return rule(number, Number(value));
            })
            .map((row) => row.id);
          expect(rows.map((row) => row.id), `${column} ${op} ${value}`).toEqual(want);
        }
      }
    }
  });
});

describe("date match modes", () => {
  const rules: Record<string, (day: string, value: string) => boolean> = {
    dateIs: (day, value) => day === value,
    dateIsNot: (day, value) => day !== value,
    dateBefore: (day, value) => day < value,
    dateAfter: (day, value) => day > value,
  };
  const days = ["2026-01-01", "2026-01-03", "2026-01-10", "2025-12-31", "2026-02-01"];

  for (const [op, rule] of Object.entries(rules)) {
    it(`${op} on a timestamp takes the whole UTC day, first and last instant included`, async () => {
      for (const day of days) {
        expect(await idsOf({ [`filter[created_at][${op}]`]: day }), `${op} ${day}`).toEqual(expected((p) => rule(utcDay(p.created_at), day)));
      }
    });

    it(`${op} on a date compares the date`, async () => {
      for (const day of days) {
        expect(await idsOf({ [`filter[created_on][${op}]`]: day }), `${op} ${day}`).toEqual(expected((p) => rule(utcDay(p.created_at), day)));
      }
    });

    it(`${op} on a date column, far dates and empty values included`, async () => {
      const all = await db.select().from(numbers).orderBy(numbers.id);
      for (const day of ["2026-01-02", "9999-12-31", "1000-01-01"]) {
        const list = parseListQuery({ [`filter[day][${op}]`]: day }, numberSpec);
        const rows = await db.select({ id: numbers.id }).from(numbers).where(list.where).orderBy(numbers.id);
        const want = all.filter((row) => (row.day === null ? op === "dateIsNot" : rule(row.day, day))).map((row) => row.id);
        expect(rows.map((row) => row.id), `${op} ${day}`).toEqual(want);
      }
    });
  }

  it("starts the day in the time zone given", async () => {
    const manila = (instant: Date) => utcDay(new Date(instant.getTime() + 8 * 3_600_000));
    for (const [op, rule] of Object.entries(rules)) {
      const list = parseListQuery({ [`filter[created_at][${op}]`]: "2026-01-03", per_page: "100", sort: "id" }, spec, { timeZone: "Asia/Manila" });
      const result = await paged(db, list, { from: users, select: { id: users.id } });
      expect(result.data.map((row) => row.id), op).toEqual(expected((p) => rule(manila(p.created_at), "2026-01-03")));
    }
  });

  it("reads the extreme days without a database error", async () => {
    const options: ListQueryOptions[] = [{}, { timeZone: "Pacific/Kiritimati" }, { timeZone: "Pacific/Pago_Pago" }];
    for (const option of options) {
      for (const day of ["1000-01-01", "9999-12-31"]) {
        for (const op of Object.keys(rules)) {
          const list = parseListQuery({ [`filter[created_at][${op}]`]: day }, spec, option);
          await expect(paged(db, list, { from: users, select: { id: users.id } })).resolves.toBeDefined();
        }
      }
    }
  });
});

describe("choice match modes and search", () => {
  it("maps choices to stored values (numbers, booleans) and to expressions", async () => {
    expect(await idsOf({ "filter[level][equals]": "staff" })).toEqual(expected((p) => p.access_level === 2));
    expect(await idsOf({ "filter[level][notEquals]": "super_admin" })).toEqual(expected((p) => p.access_level !== 0));
    expect(await idsOf({ "filter[active][equals]": "no" })).toEqual(expected((p) => !p.is_active));
    expect(await idsOf({ "filter[active][notEquals]": "no" })).toEqual(expected((p) => p.is_active));
    expect(await idsOf({ "filter[status][equals]": "inactive" })).toEqual(expected((p) => !p.is_active));
    expect(await idsOf({ "filter[status][notEquals]": "inactive" })).toEqual(expected((p) => p.is_active));
  });

  it("searches name and email, case-insensitively and literally", async () => {
    for (const needle of ["ANN", "person1", "100%", "_", "nobody"]) {
      const lowered = needle.toLowerCase();
      expect(await idsOf({ search: needle }), needle).toEqual(
        expected((p) => p.name.toLowerCase().includes(lowered) || p.email.includes(lowered)),
      );
    }
  });

  it("ands every filter, search and repeated values", async () => {
    expect(
      await idsOf({
        "filter[name][startsWith]": "worker",
        "filter[access_level][gte]": "1",
        "filter[active][equals]": "yes",
        "filter[created_at][dateAfter]": "2026-01-04",
      }),
    ).toEqual(expected((p) => p.name.startsWith("Worker") && p.access_level >= 1 && p.is_active && utcDay(p.created_at) > "2026-01-04"));
    expect(await idsOf({ "filter[name][notContains]": ["worker", "bob"] })).toEqual(
      expected((p) => !/worker|bob/i.test(p.name)),
    );
    expect(await idsOf({ search: "worker", "filter[email][endsWith]": "1@example.com" })).toEqual(
      expected((p) => p.name.startsWith("Worker") && p.email.endsWith("1@example.com")),
    );
  });

  it("reads the nested (qs-style) form the same as flat keys", async () => {
    const nested = parseListQuery({ filter: { name: { contains: "ann" }, access_level: { lt: "2" } }, sort: "id" }, spec);
    const flat = parseListQuery({ "filter[name][contains]": "ann", "filter[access_level][lt]": "2", sort: "id" }, spec);
    const run = async (list: typeof flat) => (await paged(db, list, { from: users, select: { id: users.id } })).data;
    expect(await run(nested)).toEqual(await run(flat));
    expect((await run(flat)).map((row) => row.id)).toEqual(expected((p) => /ann/i.test(p.name) && p.access_level < 2));
  });
});

describe("sorting", () => {
  const order = async (params: Record<string, string>) =>
    (await get({ per_page: "100", ...params })).body.data.map((row: { id: number }) => row.id);
  const byThen = (...keys: ((a: Person, b: Person) => number)[]) => (a: Person, b: Person) => {
    for (const key of keys) {
      const result = key(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
  const cmp = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = (compare: (a: Person, b: Person) => number, keep: (p: Person) => boolean = () => true) =>
    people.filter(keep).sort(compare).map((person) => person.id);

  it("defaults to newest first, the id breaking ties in the same direction", async () => {
    expect(await order({})).toEqual(sorted(byThen((a, b) => cmp(b.created_at, a.created_at), (a, b) => b.id - a.id)));
  });

  it("sorts ascending and descending with the id tiebreak", async () => {
    expect(await order({ sort: "created_at" })).toEqual(sorted(byThen((a, b) => cmp(a.created_at, b.created_at), (a, b) => a.id - b.id)));
    expect(await order({ sort: "access_level,-created_at" })).toEqual(
      sorted(byThen((a, b) => a.access_level - b.access_level, (a, b) => cmp(b.created_at, a.created_at), (a, b) => b.id - a.id)),
    );
    const workers = { "filter[name][startsWith]": "worker" };
    const isWorker = (p: Person) => p.name.startsWith("Worker");
    expect(await order({ ...workers, sort: "name" })).toEqual(sorted(byThen((a, b) => cmp(a.name, b.name), (a, b) => a.id - b.id), isWorker));
    expect(await order({ ...workers, sort: "-name" })).toEqual(sorted(byThen((a, b) => cmp(b.name, a.name), (a, b) => b.id - a.id), isWorker));
  });

  it("sorts text without regard to case (PGlite's C collation would put 'anna' after 'JOANNE')", async () => {
    const { body } = await get({ "filter[name][contains]": "ann", sort: "name" });
    expect(body.data.map((row: { name: string }) => row.name)).toEqual(["anna bell", "Annie Archer", "Hannah Stone", "JOANNE CRUZ"]);
  });
});

describe("paging", () => {
  it("walks every row exactly once, with Laravel's meta", async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const { status, body } = await get({ page: String(page), per_page: "7", sort: "-created_at" });
      expect(status).toBe(200);
      expect(body.meta).toEqual({ current_page: page, per_page: 7, total: 30, last_page: 5, total_capped: false });
      expect(body.data).toHaveLength(page < 5 ? 7 : 2);
      seen.push(...body.data.map((row: { id: number }) => row.id));
    }
    expect(seen).toEqual((await get({ per_page: "100", sort: "-created_at" })).body.data.map((row: { id: number }) => row.id));
    expect(new Set(seen).size).toBe(30);
  });

  it("counts right on a full last page, past the end, and under a filter", async () => {
    expect((await get({ page: "3", per_page: "10" })).body.meta).toEqual({ current_page: 3, per_page: 10, total: 30, last_page: 3, total_capped: false });
    const past = await get({ page: "9", per_page: "10" });
    expect(past.body).toEqual({ data: [], meta: { current_page: 9, per_page: 10, total: 30, last_page: 3, total_capped: false } });
    const workers = { "filter[name][startsWith]": "worker", per_page: "20" };
    expect((await get(workers)).body.meta).toEqual({ current_page: 1, per_page: 20, total: 21, last_page: 2, total_capped: false });
    expect((await get({ ...workers, page: "2" })).body.data).toHaveLength(1);
    expect((await get({ "filter[name][equals]": "nobody" })).body).toEqual({
      data: [],
      meta: { current_page: 1, per_page: 20, total: 0, last_page: 1, total_capped: false },
    });
  });

  it("answers 20 rows by default and caps per_page", async () => {
    expect((await get({})).body.data).toHaveLength(20);
    expect((await get({ per_page: String(MAX_PER_PAGE) })).status).toBe(200);
    const refused = await get({ per_page: String(MAX_PER_PAGE + 1) });
    expect(refused).toEqual({
      status: 422,
      body: { message: `Choose between 1 and ${MAX_PER_PAGE} rows per page.`, errors: { per_page: [`Choose between 1 and ${MAX_PER_PAGE} rows per page.`] } },
    });
  });

  it("answers a huge page number with an empty page, not a database error", async () => {
    const { status, body } = await get({ page: String(Number.MAX_SAFE_INTEGER), per_page: "100" });
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(30);
  });

  it("runs a custom page (rows and count your own) and keeps a scope the client cannot widen", async () => {
    const list = parseListQuery({ "filter[name][startsWith]": "worker", per_page: "5" }, spec);
    const custom = await paged(db, list, {
      rows: ({ where, orderBy, limit, offset }) =>
        db.select({ id: users.id, email: users.email }).from(users).where(where).orderBy(...orderBy).limit(limit).offset(offset),
      count: users,
    });
    expect(custom.meta).toEqual({ current_page: 1, per_page: 5, total: 21, last_page: 5, total_capped: false });
    expect(custom.data).toHaveLength(5);

    const scoped = await paged(db, list, { from: users, select: { id: users.id }, where: eq(users.is_active, true) });
    const activeWorkers = expected((p) => p.name.startsWith("Worker") && p.is_active);
    expect(scoped.meta.total).toBe(activeWorkers.length);

    const whole = await paged(db, parseListQuery({ per_page: "2" }, spec), { from: users });
    expect(whole.data[0]).toHaveProperty("password_hash");
    expect(whole.meta.total).toBe(30);
  });

  it("stops counting at COUNT_CAP, or ten pages past a deep page, and says so", async () => {
    const many = pgTable("list_engine_many", { id: serial("id").primaryKey() });
    const rows = COUNT_CAP + 250;
    await db.execute(sql`create table list_engine_many (id serial primary key)`);
    await db.execute(sql`insert into list_engine_many select from generate_series(1, ${rows})`);
    const manySpec = defineListSpec({ fields: { id: { column: many.id, kind: "number" } }, defaultSort: "id" });
    const page = (query: Record<string, string>) => paged(db, parseListQuery({ per_page: "20", ...query }, manySpec), { from: many });

    expect((await page({})).meta).toEqual({ current_page: 1, per_page: 20, total: COUNT_CAP, last_page: COUNT_CAP / 20, total_capped: true });
    // Deep in the list the pager still offers ten more pages.
    expect((await page({ page: "499" })).meta).toMatchObject({ total: 498 * 20 + 200, total_capped: true });
    // Near the end the count is exact again, full page or short.
    expect((await page({ page: "512" })).meta).toMatchObject({ total: rows, total_capped: false });
    expect((await page({ page: "513" })).data).toHaveLength(10);
    // A filter that keeps fewer rows than the cap is counted exactly.
    expect((await page({ "filter[id][gt]": String(rows - 500) })).meta).toMatchObject({ total: 500, last_page: 25, total_capped: false });
    expect((await page({ "filter[id][gt]": String(rows - COUNT_CAP - 1) })).meta).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect((await page({ "filter[id][gt]": String(rows - COUNT_CAP) })).meta).toMatchObject({ total: COUNT_CAP, total_capped: false });
  });

  it("stops counting a free-text search at SEARCH_COUNT_CAP, or ten pages past a deep page", async () => {
    const named = pgTable("list_engine_named", { id: serial("id").primaryKey(), name: text("name").notNull() });
    await db.execute(sql`create table list_engine_named (id serial primary key, name text not null)`);
    // Every name holds "ann"; one in three also "bob".
    await db.execute(sql`insert into list_engine_named (name) select 'Ann ' || n || case when n % 3 = 0 then ' Bob' else '' end from generate_series(1, ${SEARCH_COUNT_CAP * 3}) n`);
    const namedSpec = defineListSpec({ fields: { id: { column: named.id, kind: "number" } }, defaultSort: "id", search: [named.name] });
    const page = (query: Record<string, string>) => paged(db, parseListQuery({ per_page: "20", ...query }, namedSpec), { from: named });

    expect((await page({ search: "ann" })).meta).toEqual({ current_page: 1, per_page: 20, total: SEARCH_COUNT_CAP, last_page: SEARCH_COUNT_CAP / 20, total_capped: true });
    expect((await page({ search: "bob" })).meta).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: false });
    expect((await page({ search: "ann", page: "100" })).meta).toMatchObject({ total: 99 * 20 + 200, total_capped: true });
    // No search: the list's own cap, and every row counted here.
    expect((await page({})).meta).toMatchObject({ total: SEARCH_COUNT_CAP * 3, total_capped: false });
  });
});

describe("refusals: a 422 naming the parameter, never a database error", () => {
  it.each([
    [{ page: "0" }, "page", "list.badPage"],
    [{ page: "abc" }, "page", "list.badPage"],
    [{ per_page: "0" }, "per_page", "list.badPerPage"],
    [{ sort: "password_hash" }, "sort", "list.unknownField"],
    [{ sort: "status" }, "sort", "list.unknownField"],
    [{ "filter[password_hash][contains]": "a" }, "filter[password_hash][contains]", "list.unknownField"],
    [{ "filter[name][gt]": "a" }, "filter[name][gt]", "list.badOperator"],
    [{ "filter[name][contains]": "a\u0000" }, "filter[name][contains]", "list.badValue"],
    [{ "filter[access_level][gt]": "one" }, "filter[access_level][gt]", "list.badValue"],
    [{ "filter[created_at][dateIs]": "2026-02-30" }, "filter[created_at][dateIs]", "list.badValue"],
    [{ "filter[level][equals]": "boss" }, "filter[level][equals]", "list.badValue"],
    [{ "filter[name]": "a" }, "filter[name]", "list.badFilter"],
  ])("%j → %s %s", async (query, param, key) => {
    const attempt = (async () => paged(db, parseListQuery(query, spec), { from: users }))();
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 422, messageKey: key, fieldErrors: { [param]: [{ key }] } });
  });

  it("answers in the spec's error shape, in the caller's language", async () => {
    expect(await get({ "filter[password_hash][contains]": "a", sort: "nope" })).toEqual({
      status: 422,
      body: {
        message: "You cannot filter or sort by this field.",
        errors: {
          sort: ["You cannot filter or sort by this field."],
          "filter[password_hash][contains]": ["You cannot filter or sort by this field."],
        },
      },
    });
    expect((await get({ "filter[name][lt]": "a" })).body.message).toBe("This match mode does not apply to this field.");
    expect((await get({ "filter[access_level][lt]": "a" })).body.message).toBe("This value does not fit the field.");
    const japanese = await get({ "filter[access_level][lt]": "a" }, { "accept-language": "ja" });
    expect(japanese.status).toBe(422);
    expect(japanese.body.message).not.toBe("This value does not fit the field.");
    expect(japanese.body.message).not.toMatch(/^list\./);
  });

  it("never answers 500 to hostile or odd querystrings", async () => {
    const urls = [
      "page=1e3", "page=-0", "page=%00", "per_page=1%00", "sort=name%00", "sort=-", "sort=,", "sort=name;select%201",
      "filter[name][contains]=%00", "filter[name][contains]=%ED%A0%80", "filter[name][contains]=%25%5F%5C",
      "filter[name][contains]=" + "x".repeat(5000), "filter[access_level][lt]=1e309", "filter[access_level][lt]=%20",
      "filter[created_at][dateIs]=0000-01-01", "filter[created_at][dateIs]=10000-01-01", "filter[created_on][dateIs]=2026-01-01",
      "filter[id][equals]=99999999999", "filter[id][gt]=-99999999999999999999", "filter=1", "filter[]=1", "filter[name][contains][]=a",
      "filter[__proto__][contains]=a", "filter[constructor][equals]=a", "filter[name][constructor]=a", "search=%00", "search=%25",
      "filter%5Bname%5D%5Bcontains%5D=ann", "page=1&page=2", "per_page=10&per_page=20", "sort=name&sort=-id",
    ];
    for (const url of urls) {
      const response = await app.inject({ method: "GET", url: `/api/test/people?${url}` });
      expect([200, 422], `${url} → ${response.statusCode} ${response.body}`).toContain(response.statusCode);
      if (response.statusCode === 422) expect(Object.keys(response.json().errors ?? {}).length, url).toBeGreaterThan(0);
    }
  });
});
