/**
 * The administrator's dashboard: who may call each endpoint, and every figure
 * against a small company whose answers are worked out by hand below. The
 * test clock stands at Monday 2026-03-02 09:00 UTC; the company is in UTC.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../contracts/permissions";
import type { AdminCharts, AdminStats, ClockedInReply, StorageInfo } from "../../contracts/dashboard";
import { attendanceBreaks, attendanceMonths, attendanceRecords, files, mailOutbox, payrollRuns, users } from "../../server/db/schema";
import { basisPoints } from "../../server/modules/dashboard/admin-charts";
import { notify } from "../../server/modules/notifications/service";
import { startTestApp, type TestApp } from "../support/api";
import { insertEmployeeSignedIn, insertPerson, insertStaffWith } from "../support/factories";
import { ADMIN, call } from "../support/people";

let t: TestApp;
let admin: string;
const people: Record<"a" | "b" | "c" | "terminated" | "archived" | "later", number> = { a: 0, b: 0, c: 0, terminated: 0, archived: 0, later: 0 };
let statsBefore: AdminStats;
let storageBefore: StorageInfo;

const ENDPOINTS = ["admin-stats", "admin-dashboard", "storage-info", "clocked-in"] as const;
const get = async <T>(token: string | null, endpoint: string): Promise<T> => {
  const response = await call(t, token, { method: "GET", url: `/api/dashboard/${endpoint}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email, ADMIN.password);
  statsBefore = await get<AdminStats>(admin, "admin-stats");
  const db = t.database.db;

  people.a = (await insertPerson(t, { department: "Dash Alpha", hire_date: "2026-03-01" })).id;
  people.b = (await insertPerson(t, { department: "Dash Alpha", hire_date: "2026-02-28" })).id;
  people.c = (await insertPerson(t, { department: "Dash Beta", employment_status: "on_leave", hire_date: "2026-03-02" })).id;
  people.terminated = (await insertPerson(t, { department: "Dash Beta", employment_status: "terminated", hire_date: "2026-03-01" })).id;
  people.archived = (await insertPerson(t, { department: "Dash Beta", hire_date: "2026-03-01" })).id;
  people.later = (await insertPerson(t, { department: "Dash Beta", hire_date: "2026-03-20" })).id;
  await db.update(users).set({ archived_at: at("2026-03-01T12:00:00Z") }).where(eq(users.id, people.archived));

  // A and B follow a Monday-to-Friday 09:00-17:00 schedule. Thursday 26 February: B came at 09:30, A did not. Friday: A worked, B did not come.
  const schedule = await call(t, admin, { method: "POST", url: "/api/schedules", payload: { name: "Dash office", working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "17:00" } });
  expect(schedule.statusCode, schedule.body).toBe(201);
  const assigned = await call(t, admin, { method: "POST", url: `/api/schedules/${schedule.json().data.id}/assignments`, payload: { user_ids: [people.a, people.b], effective_from: "2026-02-23" } });
  expect(assigned.statusCode, assigned.body).toBe(201);
  const worked = await call(t, admin, {
    method: "POST",
    url: "/api/attendance/manual",
    payload: { user_id: people.a, clock_in_at: "2026-02-27T09:00:00Z", clock_out_at: "2026-02-27T17:00:00Z", reason: "Paper timesheet" },
  });
  expect(worked.statusCode, worked.body).toBe(201);
  const late = await call(t, admin, {
    method: "POST",
    url: "/api/attendance/manual",
    payload: { user_id: people.b, clock_in_at: "2026-02-26T09:30:00Z", clock_out_at: "2026-02-26T17:00:00Z", reason: "Paper timesheet" },
  });
  expect(late.statusCode, late.body).toBe(201);

  // Now: A clocked in at 07:30 from home; B at 08:00 at no known place, on a break since 08:45.
  const [, openB] = await db
    .insert(attendanceRecords)
    .values([
      { user_id: people.a, work_date: "2026-03-02", clock_in_at: at("2026-03-02T07:30:00Z"), remote: true },
      { user_id: people.b, work_date: "2026-03-02", clock_in_at: at("2026-03-02T08:00:00Z") },
    ])
    .returning({ id: attendanceRecords.id });
  await db.insert(attendanceBreaks).values({ record_id: openB.id, started_at: at("2026-03-02T08:45:00Z") });

  // Overtime of March (A 90 min, C 30 min, B none) and of February (C; not this month's).
  const month = (user_id: number, monthStart: string, overtime_minutes: number) => ({
    user_id,
    month: monthStart,
    days_present: 1,
    days_late: 0,
    days_half: 0,
    days_worked_scheduled: 1,
    late_minutes: 0,
    worked_minutes: 480 + overtime_minutes,
    overtime_minutes,
    undertime_minutes: 0,
  });
  await db.insert(attendanceMonths).values([month(people.a, "2026-03-01", 90), month(people.b, "2026-03-01", 0), month(people.c, "2026-03-01", 30), month(people.c, "2026-02-01", 500)]);

  // Runs: two released in February, one in April 2025 (the first month shown), one in March 2025 (too old),
  // one released in euros (not the company's currency) and one calculated: the current run.
  const run = (name: string, pay_date: string, status: "released" | "calculated", gross: number, net: number, employer_cost: number, currency = "USD") => ({
    name,
    kind: "regular" as const,
    period_start: `${pay_date.slice(0, 8)}01`,
    period_end: pay_date,
    attendance_start: `${pay_date.slice(0, 8)}01`,
    attendance_end: pay_date,
    pay_date,
    people: "all" as const,
    status,
    currency,
    total_people: 2,
    total_gross: gross,
    total_deductions: gross - net,
    total_net: net,
    total_employer_cost: employer_cost,
  });
  await db
    .insert(payrollRuns)
    .values([
      run("Feb A", "2026-02-13", "released", 50_001, 40_001, 55_001),
      run("Feb B", "2026-02-27", "released", 100_000, 80_000, 110_000),
      run("Apr 2025", "2025-04-30", "released", 7_000, 6_000, 7_700),
      run("Mar 2025", "2025-03-31", "released", 9_999, 8_888, 10_000),
      run("Euro", "2026-01-30", "released", 3_000, 2_000, 3_300, "EUR"),
      run("March", "2026-03-31", "calculated", 123_456, 100_000, 130_000),
    ]);

  // The manual entry above tells A by e-mail: the storage figures start once that mail is out.
  await t.app.ctx.jobs.idle();
  storageBefore = await get<StorageInfo>(admin, "storage-info");
  await db.insert(files).values({ kind: "profile_picture", mime_type: "image/png", size_bytes: 1234, sha256: "0".repeat(64), content: Buffer.alloc(1234) });
  await db.insert(mailOutbox).values({ to_address: "ab@c.de", subject: "Hi", body_text: "Hello", status: "pending" });
});
afterAll(() => t.close());

describe("quick stats", () => {
  it("counts the people on the books: active, on leave, and hired this calendar month", async () => {
    const { headcount } = await get<AdminStats>(admin, "admin-stats");
    // Active: A, B and the one starting on the 20th; on leave: C; hired in March: A, C and the 20th (not the terminated or archived one, not B in February).
    expect(headcount).toEqual({ active: statsBefore.headcount.active + 3, on_leave: statsBefore.headcount.on_leave + 1, new_this_month: statsBefore.headcount.new_this_month + 3 });
  });

  it("says who is in right now and how today stands", async () => {
    const stats = await get<AdminStats>(admin, "admin-stats");
    expect(stats.today).toBe("2026-03-02");
    // A and B are in, B on a break; both were due at 09:00 and came before it: nobody late, nobody absent yet.
    expect(stats.now).toEqual({ clocked_in: 2, on_break: 1, late: 0, absent: 0 });
  });

  it("shows the run on its way to release, with its totals", async () => {
    const { current_run } = await get<AdminStats>(admin, "admin-stats");
    expect(current_run).toMatchObject({ name: "March", status: "calculated", pay_date: "2026-03-31", total_people: 2, total_gross: 123_456, total_net: 100_000, total_employer_cost: 130_000, currency: "USD" });
  });

  it("counts the administrator's own unread notifications", async () => {
    const { unread_notifications } = await get<AdminStats>(admin, "admin-stats");
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    // Told as the app tells people: the bell's kept count hears of it.
    await notify(t.app.ctx, { recipients: [me.id], type: "system", params: { message: "one" } });
    await notify(t.app.ctx, { recipients: [people.a], type: "system", params: { message: "not mine" } });
    expect((await get<AdminStats>(admin, "admin-stats")).unread_notifications).toBe(unread_notifications + 1);
    const read = await call(t, admin, { method: "POST", url: "/api/notifications/mark-all-as-read" });
    expect(read.statusCode, read.body).toBe(200);
    expect((await get<AdminStats>(admin, "admin-stats")).unread_notifications).toBe(0);
  });
});

describe("charts", () => {
  let charts: AdminCharts;
  beforeAll(async () => {
    charts = await get<AdminCharts>(admin, "admin-dashboard");
  });

  it("counts people by department, terminated and archived people out", () => {
    const mine = charts.headcount_by_department.filter((row) => row.department?.startsWith("Dash "));
    expect(mine).toEqual([
      { department: "Dash Alpha", people: 2 },
      { department: "Dash Beta", people: 2 },
    ]);
    const counts = charts.headcount_by_department.map((row) => row.people);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });

  it("gives the attendance of the last 30 days, each day's rate out of the people due", () => {
    expect(charts.attendance_by_day).toHaveLength(30);
    expect(charts.attendance_by_day[0].date).toBe("2026-02-01");
    expect(charts.attendance_by_day.at(-1)!.date).toBe("2026-03-02");
    const day = (date: string) => charts.attendance_by_day.find((row) => row.date === date);
    // Wednesday: both due, neither came. Thursday: B late, A absent. Friday: A worked, B did not. Saturday: nobody due. Today: both in so far.
    expect(day("2026-02-25")).toEqual({ date: "2026-02-25", present: 0, late: 0, half_day: 0, absent: 2, rate_bp: 0, late_bp: null });
    expect(day("2026-02-26")).toEqual({ date: "2026-02-26", present: 0, late: 1, half_day: 0, absent: 1, rate_bp: 5000, late_bp: 10_000 });
    expect(day("2026-02-27")).toEqual({ date: "2026-02-27", present: 1, late: 0, half_day: 0, absent: 1, rate_bp: 5000, late_bp: 0 });
    expect(day("2026-02-28")).toEqual({ date: "2026-02-28", present: 0, late: 0, half_day: 0, absent: 0, rate_bp: null, late_bp: null });
    expect(day("2026-03-02")).toEqual({ date: "2026-03-02", present: 2, late: 0, half_day: 0, absent: 0, rate_bp: 10_000, late_bp: 0 });
  });

  it("sums released runs in the company's currency per month of pay, twelve months with the empty ones", () => {
    const { currency, months } = charts.payroll_cost_by_month;
    expect(currency).toBe("USD");
    expect(months.map((row) => row.month)).toEqual([
      "2025-04-01", "2025-05-01", "2025-06-01", "2025-07-01", "2025-08-01", "2025-09-01",
      "2025-10-01", "2025-11-01", "2025-12-01", "2026-01-01", "2026-02-01", "2026-03-01",
    ]);
    expect(months[0]).toEqual({ month: "2025-04-01", runs: 1, gross: 7_000, net: 6_000, employer_cost: 7_700 });
    expect(months[10]).toEqual({ month: "2026-02-01", runs: 2, gross: 150_001, net: 120_001, employer_cost: 165_001 });
    // January's run was in euros; March's is not released yet.
    expect(months[9]).toEqual({ month: "2026-01-01", runs: 0, gross: 0, net: 0, employer_cost: 0 });
    expect(months[11]).toEqual({ month: "2026-03-01", runs: 0, gross: 0, net: 0, employer_cost: 0 });
  });

  it("sums this month's overtime by department, largest first", () => {
    expect(charts.overtime_by_department.month).toBe("2026-03-01");
    expect(charts.overtime_by_department.departments.filter((row) => row.department?.startsWith("Dash "))).toEqual([
      { department: "Dash Alpha", overtime_minutes: 90, people: 1 },
      { department: "Dash Beta", overtime_minutes: 30, people: 1 },
    ]);
  });
});

describe("who is clocked in", () => {
  it("lists the open records, longest first, with the open break and the place", async () => {
    const reply = await get<ClockedInReply>(admin, "clocked-in");
    expect(reply.total).toBe(2);
    expect(reply.items.map(({ user_id, since, on_break_since, remote, location, department }) => ({ user_id, since, on_break_since, remote, location, department }))).toEqual([
      { user_id: people.a, since: "2026-03-02T07:30:00.000Z", on_break_since: null, remote: true, location: null, department: "Dash Alpha" },
      { user_id: people.b, since: "2026-03-02T08:00:00.000Z", on_break_since: "2026-03-02T08:45:00.000Z", remote: false, location: null, department: "Dash Alpha" },
    ]);
  });
});

describe("storage", () => {
  it("names the engine, sizes every table largest first, and counts files and the outbox", async () => {
    const storage = await get<StorageInfo>(admin, "storage-info");
    expect(storage.database.engine).toBe("pglite");
    expect(storage.database.total_bytes).toBeGreaterThan(0);
    const names = storage.database.tables.map((table) => table.name);
    for (const table of ["users", "attendance_records", "payroll_runs", "files", "mail_outbox"]) expect(names).toContain(table);
    const sizes = storage.database.tables.map((table) => table.bytes);
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    expect(storage.files).toEqual({ count: storageBefore.files.count + 1, bytes: storageBefore.files.bytes + 1234 });
    // "ab@c.de" + "Hi" + "Hello": 7 + 2 + 5 bytes.
    expect(storage.outbox).toEqual({ count: storageBefore.outbox.count + 1, bytes: storageBefore.outbox.bytes + 14, pending: storageBefore.outbox.pending + 1 });
    // A small table is counted exactly (a fresh one's planner estimate says 0 or nothing until it is analysed).
    const [people] = await t.database.db.select({ n: count() }).from(users);
    expect(storage.database.tables.find((table) => table.name === "users")).toMatchObject({ rows: people.n, rows_exact: true });
  });
});

describe("basisPoints", () => {
  it("is a share in basis points, rounded half up, and null out of nothing", () => {
    expect(basisPoints(0, 0)).toBeNull();
    expect(basisPoints(2, 3)).toBe(6667);
    expect(basisPoints(1, 3)).toBe(3333);
    expect(basisPoints(1, 8)).toBe(1250);
    // 1 in 20,000 is half a basis point, which rounds up.
    expect(basisPoints(1, 20_000)).toBe(1);
    expect(basisPoints(5, 5)).toBe(10_000);
  });
});

// Last: the callers it signs in are people too, and would move the counts above.
describe("who may read the administrator's dashboard", () => {
  it("refuses the anonymous caller every endpoint (401)", async () => {
    for (const endpoint of ENDPOINTS) expect((await call(t, null, { method: "GET", url: `/api/dashboard/${endpoint}` })).statusCode, endpoint).toBe(401);
  });

  it("refuses an employee every endpoint (403), whatever their role lists", async () => {
    const employee = await insertEmployeeSignedIn(t);
    for (const endpoint of ENDPOINTS) expect((await call(t, employee.token, { method: "GET", url: `/api/dashboard/${endpoint}` })).statusCode, endpoint).toBe(403);
  });

  it("keeps the administrator's endpoints from staff holding every permission, and shows who is clocked in to attendance_reports_access", async () => {
    const everything = await insertStaffWith(t, PERMISSIONS);
    for (const endpoint of ["admin-stats", "admin-dashboard", "storage-info"]) expect((await call(t, everything.token, { method: "GET", url: `/api/dashboard/${endpoint}` })).statusCode, endpoint).toBe(403);
    const reports = await insertStaffWith(t, ["attendance_reports_access"]);
    expect((await get<ClockedInReply>(reports.token, "clocked-in")).total).toBe(2);
    const others = await insertStaffWith(t, PERMISSIONS.filter((permission) => permission !== "attendance_reports_access"));
    expect((await call(t, others.token, { method: "GET", url: "/api/dashboard/clocked-in" })).statusCode).toBe(403);
  });
});
