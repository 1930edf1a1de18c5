/**
 * The demo company of a first start (server/db/seed.ts): about forty people
 * with the variety lists and payroll need, the built-in roles with their
 * permissions, each role's holder able to do what the role is for, and four
 * weeks of attendance at the office up to yesterday, its days stored. The
 * other API tests keep their own three-person company (tests/support/test-config.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_ROLE_DESCRIPTIONS } from "../../contracts/built-in-roles";
import { PERMISSIONS } from "../../contracts/permissions";
import type { ReportRow } from "../../contracts/attendance-reports";
import type { RoleRecord } from "../../contracts/roles";
import { attendanceBreaks, attendanceDays, attendanceRecords, holidays, scheduleAssignments, userWorkLocations, users, workLocations, workSchedules } from "../../server/db/schema";
import { DEMO_LOGINS, DEMO_ROLE_LOGINS, seedDemo } from "../../server/db/seed";
import { DEMO_OFFICE } from "../../server/db/seed-attendance";
import { distanceMetres } from "../../server/lib/geo";
import { startTestApp, testConfig, type TestApp } from "../support/api";
import { call, employeePayload, GOOD_PASSWORD } from "../support/people";

type Row = typeof users.$inferSelect;

let t: TestApp;
let people: Row[];
let roleList: RoleRecord[];
const login = (email: string) => [...DEMO_LOGINS, ...DEMO_ROLE_LOGINS].find((entry) => entry.email === email)!;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  await t.database.db.transaction((tx) => seedDemo(tx, testConfig().passwordHashing, t.clock.now()));
  people = await t.database.db.select().from(users);
  for (const { email, password } of [...DEMO_LOGINS, ...DEMO_ROLE_LOGINS]) token[email] = await t.tokenFor(email, password);
  const response = await call(t, token["admin@example.com"], { method: "GET", url: "/api/roles?per_page=100" });
  expect(response.statusCode, response.body).toBe(200);
  roleList = response.json().data;
});
afterAll(() => t.close());

const roleOf = (person: Row) => roleList.find((role) => role.id === person.role_id)?.name;
const person = (email: string) => people.find((row) => row.email === email)!;

describe("the demo company", () => {
  it("pays everyone into a bank account, so a released run's bank file has a line for each person paid", () => {
    for (const row of people) {
      expect(row.bank_name, row.email).toMatch(/\S/);
      expect(row.bank_account, row.email).toMatch(/^\d{10,12}$/);
    }
    expect(new Set(people.map((row) => row.bank_account)).size).toBe(people.length);
  });

  it("gives each team's leave to its head to decide, the heads to the managing director, and nobody to themselves", () => {
    const byId = new Map(people.map((row) => [row.id, row]));
    const director = people.find((row) => row.access_level === 0)!;
    expect(director.manager_id).toBeNull();
    for (const row of people.filter((candidate) => candidate.archived_at === null && candidate.id !== director.id)) {
      const head = byId.get(row.manager_id!)!;
      expect(head, row.email).toBeDefined();
      expect(head.id).not.toBe(row.id);
      // A department's head where it has one (the Manager role), else the director.
      if (head.id !== director.id) expect(head.department).toBe(row.department);
    }
    expect(byId.get(person("employee@example.com").manager_id!)!.email).toBe(DEMO_ROLE_LOGINS[1].email);
  });

  it("has about forty people across departments and positions, hired over several years", () => {
    expect(people.length).toBeGreaterThanOrEqual(35);
    expect(people.length).toBeLessThanOrEqual(50);
    expect(new Set(people.map((row) => row.department)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(people.map((row) => row.position)).size).toBeGreaterThanOrEqual(15);
    const years = new Set(people.map((row) => row.hire_date!.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(5);
    expect(new Set(people.map((row) => row.email)).size).toBe(people.length);
    expect(new Set(people.map((row) => row.employee_number)).size).toBe(people.length);
  });

  it("pays by the month and by the day, in integer minor units, full and part time", () => {
    const bases = new Set(people.map((row) => row.pay_basis));
    expect(bases).toContain("monthly");
    expect(bases).toContain("daily");
    expect(people.every((row) => Number.isInteger(row.base_rate) && row.base_rate > 0 && row.currency === "PHP")).toBe(true);
    const types = people.map((row) => row.employment_type);
    expect(types.filter((type) => type === "full_time").length).toBeGreaterThan(people.length / 2);
    expect(types.filter((type) => type === "part_time").length).toBeGreaterThanOrEqual(3);
  });

  it("has one archived, inactive person", () => {
    const archived = people.filter((row) => row.archived_at !== null);
    expect(archived).toHaveLength(1);
    expect(archived[0]).toMatchObject({ is_active: false, employment_status: "terminated" });
    expect(archived[0].end_date).not.toBeNull();
  });

  it("has a manager (staff, Manager role) at the head of every department but the directors'", () => {
    const managers = people.filter((row) => roleOf(row) === "Manager");
    expect(managers.length).toBeGreaterThanOrEqual(5);
    expect(managers.every((row) => row.access_level === 2 && /Manager$/.test(row.position ?? ""))).toBe(true);
    const departments = new Set(people.filter((row) => row.department !== "Management").map((row) => row.department));
    for (const department of departments) expect(managers.map((row) => row.department), department ?? "").toContain(department);
  });

  it("has the built-in roles with permissions that let their holders work", () => {
    const byName = Object.fromEntries(roleList.map((role) => [role.name, role]));
    expect(Object.keys(byName).sort()).toEqual(["Administrator", "Employee", "HR Officer", "Manager", "Payroll Officer"]);
    expect([...byName.Administrator.permissions].sort()).toEqual([...PERMISSIONS].sort());
    expect(byName["HR Officer"].permissions).toEqual(expect.arrayContaining(["users_view", "users_manage", "roles_view"]));
    expect(byName["HR Officer"].permissions).not.toContain("users_pay_view");
    expect(byName["Payroll Officer"].permissions).toEqual(expect.arrayContaining(["users_view", "users_pay_view", "payroll_view", "payroll_manage", "payslips_manage"]));
    expect(byName["Payroll Officer"].permissions.filter((name) => name.startsWith("roles_"))).toEqual([]);
    expect(byName.Manager.permissions).toEqual(expect.arrayContaining(["users_view", "attendance_reports_access"]));
    // Stored in English with a built-in key: the roles page shows them in the reader's language.
    expect(roleList.map((role) => role.description).sort()).toEqual(Object.values(BUILT_IN_ROLE_DESCRIPTIONS).sort());
  });

  it("keeps the three demo logins as they were, and adds a payroll officer and a manager", () => {
    expect(person("admin@example.com")).toMatchObject({ first_name: "Alex", last_name: "Admin", access_level: 0, employee_number: "E-0001" });
    expect(person("hr@example.com")).toMatchObject({ first_name: "Harper", last_name: "Reyes", access_level: 2, employee_number: "E-0002" });
    expect(person("employee@example.com")).toMatchObject({ first_name: "Emery", last_name: "Santos", access_level: 1, employee_number: "E-0003" });
    expect(roleOf(person("hr@example.com"))).toBe("HR Officer");
    expect(roleOf(person("employee@example.com"))).toBe("Employee");
    expect(roleOf(person("payroll@example.com"))).toBe("Payroll Officer");
    expect(roleOf(person("manager@example.com"))).toBe("Manager");
    expect(login("payroll@example.com").password).toBeTruthy();
  });

  it("lets nobody else sign in with a password anyone knows", async () => {
    const others = people.filter((row) => !token[row.email]).slice(0, 3);
    for (const other of others) {
      for (const password of ["Employee123!", GOOD_PASSWORD, "password"]) {
        const response = await t.app.inject({ method: "POST", url: "/api/login", payload: { email: other.email, password } });
        expect(response.statusCode).not.toBe(200);
      }
    }
  });
});

describe("the demo's attendance (seeded on Monday 2 March 2026, 17:00 in Manila)", () => {
  /** From the first day of last month to the day before the test clock's, in the company's zone. */
  const PERIOD = { from: "2026-02-01", to: "2026-03-01" };
  const atWork = () => people.filter((row) => row.archived_at === null && row.employment_status === "active");

  it("has the Makati office, the office hours from the period's start for everyone at work, and the year's holidays as proclaimed", async () => {
    const db = t.database.db;
    const [office] = await db.select().from(workLocations);
    expect(office).toMatchObject({ ...DEMO_OFFICE, active: true });
    const [schedule] = await db.select().from(workSchedules);
    expect(schedule).toMatchObject({ name: "Office hours", working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "18:00", unpaid_break_minutes: 60, grace_minutes: 10, overtime_after_minutes: 480 });
    const assignments = await db.select().from(scheduleAssignments);
    expect(assignments.map((row) => row.user_id).sort()).toEqual(atWork().map((row) => row.id).sort());
    expect(assignments.every((row) => row.schedule_id === schedule.id && row.effective_from === PERIOD.from)).toBe(true);
    // 2026 as proclaimed (Proclamation No. 1006, s. 2025; Eid'l Fitr and Eid'l Adha by Nos. 1189 and 1264, s. 2026):
    // 12 regular holidays, 8 special non-working days, EDSA's anniversary a special working day.
    const year = await db.select({ date: holidays.date, name: holidays.name, kind: holidays.kind }).from(holidays);
    const ofKind = (kind: string) => year.filter((holiday) => holiday.kind === kind).map((holiday) => holiday.date);
    expect(year).toHaveLength(21);
    expect(ofKind("regular")).toEqual(expect.arrayContaining(["2026-01-01", "2026-03-20", "2026-04-02", "2026-04-03", "2026-05-27", "2026-08-31", "2026-12-25", "2026-12-30"]));
    expect(ofKind("regular")).toHaveLength(12);
    expect(ofKind("special_non_working")).toEqual(expect.arrayContaining(["2026-02-17", "2026-04-04", "2026-08-21", "2026-11-01", "2026-11-02", "2026-12-08", "2026-12-24", "2026-12-31"]));
    expect(ofKind("special_working")).toEqual(["2026-02-25"]);

    const remote = people.filter((row) => row.clock_policy === "anywhere");
    expect(remote).toHaveLength(1);
    const placed = await db.select().from(userWorkLocations);
    expect(placed.every((row) => row.location_id === office.id)).toBe(true);
    expect(placed.map((row) => row.user_id).sort()).toEqual(people.filter((row) => row.archived_at === null && row.clock_policy === "onsite").map((row) => row.id).sort());
  });

  it("has closed clock records on the period's working days only, up to yesterday, at the office but for the remote person", async () => {
    const db = t.database.db;
    const records = await db.select().from(attendanceRecords);
    const working = atWork().length * 19;
    // Most people, most days: an occasional absence.
    expect(records.length).toBeGreaterThan(working * 0.9);
    expect(records.length).toBeLessThan(working);
    expect(records.every((row) => row.clock_out_at !== null && row.source === "clock" && row.work_date >= PERIOD.from && row.work_date <= PERIOD.to)).toBe(true);
    const weekdays = new Set(records.map((row) => new Date(`${row.work_date}T00:00:00Z`).getUTCDay()));
    expect([...weekdays].sort()).toEqual([1, 2, 3, 4, 5]);
    // Chinese New Year (17 February) is a special non-working day; EDSA's anniversary (25 February) a special working day, worked.
    expect(records.some((row) => row.work_date === "2026-02-17")).toBe(false);
    expect(records.some((row) => row.work_date === "2026-02-25")).toBe(true);

    const [office] = await db.select().from(workLocations);
    const remoteId = people.find((row) => row.clock_policy === "anywhere")!.id;
    for (const row of records) {
      const distance = distanceMetres({ latitude: row.in_latitude!, longitude: row.in_longitude! }, office);
      expect(row.in_distance_m).toBe(Math.round(distance));
      expect(row.in_accuracy_m).toBeGreaterThan(0);
      expect(row.remote).toBe(row.user_id === remoteId);
      if (row.user_id !== remoteId) expect(row).toMatchObject({ in_location_id: office.id, out_location_id: office.id });
      expect(row.in_location_id === office.id).toBe(distance <= office.radius_m);
    }
    expect(records.some((row) => row.user_id === remoteId && row.in_location_id === null)).toBe(true);

    const breaks = await db.select().from(attendanceBreaks);
    expect(breaks.length).toBeGreaterThan(records.length / 5);
    expect(breaks.every((row) => row.ended_at !== null)).toBe(true);
  });

  it("has every record's day derived and stored: mostly present, some late, one half day, a little overtime", async () => {
    const db = t.database.db;
    const days = await db.select().from(attendanceDays);
    const records = await db.select({ user_id: attendanceRecords.user_id, work_date: attendanceRecords.work_date }).from(attendanceRecords);
    expect(days.map((day) => `${day.user_id} ${day.work_date}`).sort()).toEqual(records.map((row) => `${row.user_id} ${row.work_date}`).sort());
    const count = (status: string) => days.filter((day) => day.status === status).length;
    expect(count("present")).toBeGreaterThan(days.length * 0.8);
    expect(count("late")).toBeGreaterThan(days.length * 0.03);
    expect(count("half_day")).toBe(1);
    const overtime = days.filter((day) => day.overtime_minutes > 0);
    expect(overtime.length).toBeGreaterThan(0);
    expect(overtime.length).toBeLessThan(days.length * 0.15);
  });

  it("answers the report over the period with present, late and absent days, and the employee's week", async () => {
    const response = await call(t, token["hr@example.com"], { method: "GET", url: `/api/attendance/reports?from=${PERIOD.from}&to=${PERIOD.to}&per_page=100` });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as ReportRow[];
    const total = (field: keyof ReportRow) => rows.reduce((sum, row) => sum + Number(row[field]), 0);
    expect(total("days_present")).toBeGreaterThan(atWork().length * 15);
    expect(total("days_late")).toBeGreaterThan(0);
    expect(total("late_minutes")).toBeGreaterThan(total("days_late") * 10);
    expect(total("days_absent")).toBeGreaterThan(0);
    expect(total("days_half")).toBe(1);
    expect(total("overtime_minutes")).toBeGreaterThan(0);
    const employee = rows.find((row) => row.employee_number === "E-0003")!;
    expect(employee.days_scheduled).toBe(19);
    expect(employee.worked_hours).toBeGreaterThan(100);

    // Today is left to clock: the demo employee starts the day clocked out, their week so far worked.
    const status = await call(t, token["employee@example.com"], { method: "GET", url: "/api/attendance/status" });
    expect(status.json().data).toMatchObject({ state: "out", record: null });
    // The week of Chinese New Year, a special non-working day.
    const week = await call(t, token["employee@example.com"], { method: "GET", url: "/api/attendance/weekly-summary?date=2026-02-20" });
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json().data).toMatchObject({ from: "2026-02-15", to: "2026-02-21" });
    expect(week.json().data.days.map((day: { status: string }) => day.status)).toEqual(expect.arrayContaining(["rest_day", "holiday"]));
    expect(week.json().data.totals.worked_minutes).toBeGreaterThan(0);
  });
});

describe("each role's holder can do what the role is for", () => {
  const list = (email: string, query = "per_page=100") => call(t, token[email], { method: "GET", url: `/api/users?${query}` });
  const someEmployee = () => people.find((row) => row.access_level === 1 && row.archived_at === null && row.email !== "employee@example.com")!;

  it("the HR officer lists people and edits an employee, without seeing pay", async () => {
    const listed = await list("hr@example.com");
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().meta.total).toBe(people.filter((row) => row.archived_at === null).length);
    // One's own pay is one's own to see; everyone else's stays out.
    expect((listed.json().data as Record<string, unknown>[]).filter((row) => row.email !== "hr@example.com").some((row) => "base_rate" in row)).toBe(false);

    const target = someEmployee();
    const edited = await call(t, token["hr@example.com"], { method: "PUT", url: `/api/users/${target.id}`, payload: { position: "Senior Associate" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.position).toBe("Senior Associate");

    const { pay_basis, base_rate, currency, bank_name, bank_account, tax_id, social_insurance_id, ...withoutPay } = employeePayload({ access_level: 1, role_id: null });
    void [pay_basis, base_rate, currency, bank_name, bank_account, tax_id, social_insurance_id];
    const created = await call(t, token["hr@example.com"], { method: "POST", url: "/api/users", payload: withoutPay });
    expect(created.statusCode, created.body).toBe(201);

    const roles = await call(t, token["hr@example.com"], { method: "GET", url: "/api/roles" });
    expect(roles.statusCode).toBe(200);
  });

  it("the payroll officer sees everyone's pay but cannot edit people or manage roles", async () => {
    const listed = await list("payroll@example.com");
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().data as Record<string, unknown>[];
    expect(rows.filter((row) => row.email !== "payroll@example.com").every((row) => typeof row.base_rate === "number" && typeof row.pay_basis === "string")).toBe(true);

    const target = someEmployee();
    const edit = await call(t, token["payroll@example.com"], { method: "PUT", url: `/api/users/${target.id}`, payload: { position: "Changed" } });
    expect(edit.statusCode).toBe(403);
    const createRole = await call(t, token["payroll@example.com"], { method: "POST", url: "/api/roles", payload: { name: "Mine", permissions: [] } });
    expect(createRole.statusCode).toBe(403);
    const readRoles = await call(t, token["payroll@example.com"], { method: "GET", url: "/api/roles" });
    expect(readRoles.statusCode).toBe(403);
  });

  it("the manager looks up the team by department, without pay, and changes nobody", async () => {
    const listed = await list("manager@example.com", "per_page=100&filter[department][equals]=Operations");
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().data as Record<string, unknown>[];
    expect(rows.length).toBe(people.filter((row) => row.department === "Operations" && row.archived_at === null).length);
    expect(rows.filter((row) => row.email !== "manager@example.com").some((row) => "base_rate" in row)).toBe(false);

    const edit = await call(t, token["manager@example.com"], { method: "PUT", url: `/api/users/${someEmployee().id}`, payload: { position: "Changed" } });
    expect(edit.statusCode).toBe(403);
  });

  it("the employee sees only their own record", async () => {
    const listed = await list("employee@example.com");
    expect(listed.statusCode).toBe(403);
    const own = await call(t, token["employee@example.com"], { method: "GET", url: `/api/users/${person("employee@example.com").id}` });
    expect(own.statusCode, own.body).toBe(200);
  });
});
