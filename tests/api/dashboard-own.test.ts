/**
 * The employee's dashboard calls (GET /api/dashboard/quick-stats) and the
 * staff widgets beside it (attendance-exceptions, awaiting-approval,
 * new-hires): who may call each, and every figure against fixtures worked
 * out by hand: minutes of a week, minor units of payslips (a withdrawn one,
 * another year's and an unreleased one left out), today's exceptions, and
 * nobody else's records in one's own figures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Permission } from "../../contracts/permissions";
import { attendanceRecords, notifications, payrollRuns, payslips, users, workLocations } from "../../server/db/schema";
import { refreshDays } from "../../server/modules/attendance/day-store";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../support/api";
import { insertEmployeeSignedIn, insertPerson, insertRole, insertStaffWith } from "../support/factories";
import { ADMIN, call, unique, type Person } from "../support/people";
import type { RunState } from "../support/payroll-runs";

let t: TestApp;
let admin: string;
let adminId: number;
let me: Person & { token: string };
let other: Person & { token: string };
let fridayOnly: Person & { token: string };
let loner: Person & { token: string };
let office: { id: number; name: string };
let late: number;
let noShow: number;
let leftEarly: number;
let roamer: number;
let awaiting: { early: number; later: number };
let hires: { first: number; later: number };

const MANILA = "+08:00";
const at = (date: string, time: string) => new Date(`${date}T${time}:00${MANILA}`);
// The test clock starts on Monday 2026-03-02, 09:00 UTC: moved to Wednesday 2026-03-04, 10:30 in Manila.
const TODAY = "2026-03-04";
const WEEK = { from: "2026-03-02", to: "2026-03-08" };

const get = (token: string | null, url: string) => call(t, token, { method: "GET", url });

async function schedule(name: string, days: number[], start: string, end: string): Promise<number> {
  const payload = { name: unique(name), working_days: days, start_time: start, end_time: end, unpaid_break_minutes: 60, grace_minutes: 15, overtime_after_minutes: 480 };
  const response = await call(t, admin, { method: "POST", url: "/api/schedules", payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function assign(scheduleId: number, userIds: number[]) {
  const response = await call(t, admin, { method: "POST", url: `/api/schedules/${scheduleId}/assignments`, payload: { user_ids: userIds, effective_from: "2026-01-01" } });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

type RecordFields = Partial<typeof attendanceRecords.$inferInsert>;

/** A record on a Manila date from one wall time to another (open without `to`), derived as every write derives its day. */
async function worked(userId: number, date: string, from: string, to: string | null, fields: RecordFields = { source: "manual" }) {
  await t.database.db.insert(attendanceRecords).values({ user_id: userId, work_date: date, clock_in_at: at(date, from), clock_out_at: to === null ? null : at(date, to), ...fields });
  await refreshDays(t.database.db, { userIds: [userId], dates: [date] }, t.clock.now());
}

/** A run in a state with its totals, straight into the database: amounts exactly as given. */
async function run(state: RunState, payDate: string, fields: Partial<typeof payrollRuns.$inferInsert> = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(payrollRuns)
    .values({ name: unique("Run "), kind: "regular", period_start: `${payDate.slice(0, 8)}01`, period_end: payDate, attendance_start: `${payDate.slice(0, 8)}01`, attendance_end: payDate, pay_date: payDate, people: "all", status: state, currency: "USD", ...fields })
    .returning({ id: payrollRuns.id });
  return row.id;
}

async function payslip(runId: number, userId: number, gross: number, deductions: number, { withdrawn = false, currency = "USD" } = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(payslips)
    .values({
      payroll_id: runId,
      user_id: userId,
      currency,
      gross,
      deductions,
      net: gross - deductions,
      employer_cost: gross,
      taxable: gross,
      lines: [],
      inputs: { pay_basis: "monthly", rate: gross, days_worked: 0, hours_worked: 0, overtime_hours: 0, late_minutes: 0, undertime_minutes: 0, absences: 0 },
      ...(withdrawn && { withdrawn_at: t.clock.now(), withdrawn_reason: "Issued in error" }),
    })
    .returning({ id: payslips.id });
  return row.id;
}

async function notice(userId: number, title: string, state: { read?: boolean; archived?: boolean } = {}) {
  const now = t.clock.now();
  await t.database.db.insert(notifications).values({ user_id: userId, type: "system", params: { title, message: `About ${title}` }, link: null, read_at: state.read ? now : null, archived_at: state.archived ? now : null, created_at: now });
}

let payslipIds: { january: number; february: number };
let runIds: { january: number; february: number; march: number };

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advanceMinutes(2 * 24 * 60 - 390);
  admin = await t.tokenFor(ADMIN.email);
  adminId = (await get(admin, "/api/me")).json().data.id;
  await call(t, admin, { method: "PUT", url: "/api/company-profile", payload: { time_zone: "Asia/Manila", first_day_of_week: 1 } });
  const clockers = await insertRole(t, ["attendance_access"]);
  me = await insertEmployeeSignedIn(t, { role_id: clockers, first_name: "Mina", last_name: unique("Own ") });
  other = await insertEmployeeSignedIn(t, { role_id: clockers, first_name: "Otto", last_name: unique("Other ") });
  fridayOnly = await insertEmployeeSignedIn(t, { role_id: clockers });
  loner = await insertEmployeeSignedIn(t);

  const officeHours = await schedule("Office ", [1, 2, 3, 4, 5], "09:00", "18:00");
  const evening = await schedule("Evening ", [1, 2, 3, 4, 5], "14:00", "22:00");
  const fridays = await schedule("Fridays ", [5], "07:00", "15:00");
  late = (await insertPerson(t, { first_name: "Lara", last_name: unique("Late "), department: "Sales" })).id;
  noShow = (await insertPerson(t, { first_name: "Nico", last_name: unique("Absent "), department: "Support" })).id;
  roamer = (await insertPerson(t, { first_name: "Remy", last_name: unique("Remote "), clock_policy: "anywhere" })).id;
  leftEarly = (await insertPerson(t)).id;
  const dueLater = (await insertPerson(t)).id;
  const archived = (await insertPerson(t)).id;
  await assign(officeHours, [me.id, other.id, late, noShow, leftEarly, archived]);
  await assign(evening, [dueLater]);
  await assign(fridays, [fridayOnly.id]);
  await t.database.db.update(users).set({ archived_at: t.clock.now() }).where(eq(users.id, archived));
  const holiday = await call(t, admin, { method: "POST", url: "/api/holidays", payload: { date: "2026-03-06", name: "Founders' day" } });
  expect(holiday.statusCode, holiday.body).toBe(201);

  const [location] = await t.database.db.insert(workLocations).values({ name: unique("Makati office "), latitude: 14.5547, longitude: 121.0244, radius_m: 150 }).returning({ id: workLocations.id, name: workLocations.name });
  office = location;

  // Mine: Monday 09:00–18:30 (570 − 60 = 510 worked), Tuesday 09:20–18:00 (late 20, 520 − 60 = 460), today in since 09:05 (85 − 60 = 25 by 10:30).
  await worked(me.id, "2026-03-02", "09:00", "18:30");
  await worked(me.id, "2026-03-03", "09:20", "18:00");
  await worked(me.id, TODAY, "09:05", null);
  // Someone else's week on the same schedule: nothing of it is mine.
  await worked(other.id, "2026-03-02", "08:00", "20:00");
  await worked(other.id, TODAY, "09:00", null);
  // Today: in at 09:40 at the office (40 minutes late); a remote clock-in at 08:55 and clock-out at 10:00, both away from any location.
  await worked(late, TODAY, "09:40", null, { source: "clock", in_location_id: office.id, in_distance_m: 20, in_latitude: 14.5547, in_longitude: 121.0244, in_accuracy_m: 10 });
  // In at 09:30 and gone at 10:15: a closed day, stored, 30 minutes late.
  await worked(leftEarly, TODAY, "09:30", "10:15");
  await worked(roamer, TODAY, "08:55", "10:00", {
    source: "clock",
    remote: true,
    in_latitude: 14.6,
    in_longitude: 121.05,
    in_accuracy_m: 12,
    in_distance_m: 5300,
    out_latitude: 14.59,
    out_longitude: 121.04,
    out_accuracy_m: 12,
    out_distance_m: 4200,
  });

  // Payslips: January and February count this year; the March one is withdrawn, December 2025's is last year's, April's run is not released.
  runIds = { january: await run("released", "2026-01-31"), february: await run("released", "2026-02-28"), march: await run("released", "2026-03-03") };
  payslipIds = { january: await payslip(runIds.january, me.id, 500_000, 80_000), february: await payslip(runIds.february, me.id, 520_000, 85_000) };
  await payslip(runIds.march, me.id, 530_000, 85_000, { withdrawn: true });
  await payslip(runIds.march, other.id, 999_999, 111_111);
  // Someone else was paid in pesos in January, before the company moved to dollars.
  await payslip(await run("released", "2026-01-31", { currency: "PHP" }), other.id, 3_000_000, 250_000, { currency: "PHP" });
  await payslip(await run("released", "2025-12-31"), me.id, 480_000, 70_000);
  const calculatedAt = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000);
  const later = await run("calculated", "2026-04-30", { total_people: 2, total_gross: 1_060_000, total_net: 890_000, calculated_by: adminId, calculated_at: calculatedAt(30) });
  await payslip(later, me.id, 540_000, 90_000);
  const early = await run("calculated", "2026-03-31", { total_people: 40, total_gross: 12_345_678, total_net: 10_000_001, calculated_by: adminId, calculated_at: calculatedAt(600) });
  await run("draft", "2026-05-31");
  awaiting = { early, later };

  hires = {
    first: (await insertPerson(t, { first_name: "Hana", last_name: unique("New "), hire_date: "2026-03-01", department: "Finance", position: "Analyst" })).id,
    later: (await insertPerson(t, { first_name: "Hugo", last_name: unique("New "), hire_date: "2026-03-20", department: "Sales", position: "Rep" })).id,
  };
  await insertPerson(t, { hire_date: "2026-02-28" });
  await insertPerson(t, { hire_date: "2026-04-01" });
  await insertPerson(t, { hire_date: "2026-03-10", employment_status: "terminated" });
  const gone = await insertPerson(t, { hire_date: "2026-03-05" });
  await t.database.db.update(users).set({ archived_at: t.clock.now() }).where(eq(users.id, gone.id));

  // Seven notifications of mine (the third read, the sixth archived) and one of someone else's.
  for (let index = 1; index <= 7; index++) await notice(me.id, `Note ${index}`, { read: index === 3, archived: index === 6 });
  await notice(other.id, "Not yours");
}, 120_000);
afterAll(() => t.close());

const WIDGETS = [
  { path: "/api/dashboard/attendance-exceptions", permission: "attendance_reports_access" },
  { path: "/api/dashboard/awaiting-approval", permission: "payroll_release" },
  { path: "/api/dashboard/new-hires", permission: "users_view" },
] as const satisfies readonly { path: string; permission: Permission }[];

describe("who may", () => {
  it("answers 401 to anonymous callers on every call", async () => {
    for (const path of ["/api/dashboard/quick-stats", ...WIDGETS.map((widget) => widget.path)]) {
      const response = await get(null, path);
      expect(response.statusCode, path).toBe(401);
    }
  });

  it("gives every signed-in person their own quick stats, and an employee none of the widgets, whatever their role holds", async () => {
    const strong = await insertEmployeeSignedIn(t, { role_id: await insertRole(t, ["attendance_reports_access", "payroll_release", "users_view"]) });
    for (const token of [me.token, loner.token, strong.token, admin]) expect((await get(token, "/api/dashboard/quick-stats")).statusCode).toBe(200);
    for (const { path } of WIDGETS) {
      expect((await get(me.token, path)).statusCode, path).toBe(403);
      expect((await get(strong.token, path)).statusCode, path).toBe(403);
    }
  });

  it("gives each widget to staff holding its permission and to the administrator, not to staff without it", async () => {
    for (const widget of WIDGETS) {
      const holder = await insertStaffWith(t, [widget.permission]);
      const others = await insertStaffWith(t, ["attendance_reports_access", "payroll_release", "users_view", "payroll_manage", "attendance_admin_access"].filter((name) => name !== widget.permission) as Permission[]);
      expect((await get(holder.token, widget.path)).statusCode, widget.path).toBe(200);
      expect((await get(admin, widget.path)).statusCode, widget.path).toBe(200);
      expect((await get(others.token, widget.path)).statusCode, widget.path).toBe(403);
      // Staff have their own figures too.
      expect((await get(holder.token, "/api/dashboard/quick-stats")).statusCode).toBe(200);
    }
  });

  it("refuses a limit out of range with a 422 on it", async () => {
    for (const limit of ["0", "51", "x", "2.5"]) {
      const response = await get(admin, `/api/dashboard/new-hires?limit=${limit}`);
      expect(response.statusCode, limit).toBe(422);
      expect(response.json().errors).toHaveProperty("limit");
    }
  });
});

describe("quick stats: one's own figures", () => {
  it("sums the week's minutes against the schedule, finds today's shift, the latest standing payslip, the year's pay and the notifications", async () => {
    const response = await get(me.token, "/api/dashboard/quick-stats");
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json().data;
    expect(stats.today).toBe(TODAY);
    // 510 + 460 + 85 worked (today's 85 minutes so far are short of half the shift: no break comes off them); Monday to Thursday scheduled (480 each), Friday a holiday.
    expect(stats.week).toEqual({ ...WEEK, worked_minutes: 1055, scheduled_minutes: 1920 });
    // Today's shift has not ended: it is the next one.
    expect(stats.next_shift).toEqual({
      date: TODAY,
      starts_at: "2026-03-04T01:00:00.000Z",
      ends_at: "2026-03-04T10:00:00.000Z",
      start_time: "09:00",
      end_time: "18:00",
      schedule_name: expect.stringMatching(/^Office /),
    });
    // March's payslip was withdrawn: February's is the latest.
    expect(stats.latest_payslip).toEqual({
      id: payslipIds.february,
      payroll_id: runIds.february,
      period_start: "2026-02-01",
      period_end: "2026-02-28",
      pay_date: "2026-02-28",
      net: 435_000,
      currency: "USD",
    });
    // January and February only: not the withdrawn one, not last year's, not the unreleased run's.
    expect(stats.year_to_date).toEqual({ year: 2026, totals: [{ currency: "USD", payslips: 2, gross: 1_020_000, deductions: 165_000, net: 855_000 }] });
    expect(stats.notifications.unread).toBe(5);
    expect(stats.notifications.recent.map((item: { title: string }) => item.title)).toEqual(["Note 7", "Note 5", "Note 4", "Note 3", "Note 2"]);
    expect(stats.notifications.recent[0]).toMatchObject({ type: "system", message: "About Note 7", read_at: null });
  });

  it("shows someone else only theirs", async () => {
    const stats = (await get(other.token, "/api/dashboard/quick-stats")).json().data;
    // Monday 08:00–20:00: 720 − 60 = 660; today in since 09:00: 90, no break yet.
    expect(stats.week).toEqual({ ...WEEK, worked_minutes: 750, scheduled_minutes: 1920 });
    expect(stats.latest_payslip).toMatchObject({ payroll_id: runIds.march, net: 888_888 });
    // Pesos and dollars are never added together: the currency paid last comes first.
    expect(stats.year_to_date).toEqual({
      year: 2026,
      totals: [
        { currency: "USD", payslips: 1, gross: 999_999, deductions: 111_111, net: 888_888 },
        { currency: "PHP", payslips: 1, gross: 3_000_000, deductions: 250_000, net: 2_750_000 },
      ],
    });
    expect(stats.notifications).toMatchObject({ unread: 1, recent: [expect.objectContaining({ title: "Not yours" })] });
  });

  it("skips days off and holidays to the next shift", async () => {
    const stats = (await get(fridayOnly.token, "/api/dashboard/quick-stats")).json().data;
    // Fridays only, and this Friday (March 6) is a holiday: the one after, 07:00 in Manila.
    expect(stats.next_shift).toMatchObject({ date: "2026-03-13", starts_at: "2026-03-12T23:00:00.000Z", start_time: "07:00", end_time: "15:00" });
  });

  it("answers zeros and nothing for a person with no schedule, payslip or notification", async () => {
    const stats = (await get(loner.token, "/api/dashboard/quick-stats")).json().data;
    expect(stats).toEqual({
      today: TODAY,
      week: { ...WEEK, worked_minutes: 0, scheduled_minutes: 0 },
      next_shift: null,
      latest_payslip: null,
      year_to_date: { year: 2026, totals: [] },
      notifications: { unread: 0, recent: [] },
    });
  });
});

describe("today's attendance exceptions", () => {
  it("lists who is late, absent past the grace and away from the work locations, latest first, nobody archived or not yet due", async () => {
    const response = await get(admin, "/api/dashboard/attendance-exceptions");
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json().data;
    expect(reply.date).toBe(TODAY);
    expect(reply.counts).toEqual({ late: 2, absent: 1, outside: 2 });
    expect(reply.total).toBe(5);
    expect(reply.items.map((item: { user_id: number; kind: string; at: string; minutes: number | null; distance_m: number | null; remote: boolean }) => [item.user_id, item.kind, item.at, item.minutes, item.distance_m, item.remote])).toEqual([
      [roamer, "clocked_out_outside", "2026-03-04T02:00:00.000Z", null, 4200, true],
      // Still in: judged now. Gone already: its stored day.
      [late, "late", "2026-03-04T01:40:00.000Z", 40, null, false],
      [leftEarly, "late", "2026-03-04T01:30:00.000Z", 30, null, false],
      // Due at 09:00, not in by 10:30: 90 minutes.
      [noShow, "absent", "2026-03-04T01:00:00.000Z", 90, null, false],
      [roamer, "clocked_in_outside", "2026-03-04T00:55:00.000Z", null, 5300, true],
    ]);
    expect(reply.items[1]).toMatchObject({ name: expect.stringMatching(/^Lara Late /), department: "Sales", employee_number: expect.stringMatching(/^EMP-/) });
  });

  it("caps the list at the limit asked, the total and counts still of all", async () => {
    const reply = (await get(admin, "/api/dashboard/attendance-exceptions?limit=2")).json().data;
    expect(reply.total).toBe(5);
    expect(reply.counts).toEqual({ late: 2, absent: 1, outside: 2 });
    expect(reply.items.map((item: { kind: string }) => item.kind)).toEqual(["clocked_out_outside", "late"]);
  });
});

describe("leave in today's exceptions", () => {
  it("counts nobody on approved leave today as absent", async () => {
    const type = (await call(t, admin, { method: "POST", url: "/api/leave-types", payload: { code: unique("T").toUpperCase(), name: unique("Time off "), paid: true, yearly_days: 10 } })).json().data.id;
    await t.app.ctx.jobs.idle();
    const asked = await call(t, admin, { method: "POST", url: "/api/leave-requests", payload: { user_id: noShow, leave_type_id: type, start_date: TODAY, end_date: TODAY, reason: "Called in sick" } });
    expect(asked.statusCode, asked.body).toBe(201);
    const before = (await get(admin, "/api/dashboard/attendance-exceptions")).json().data;
    // Asked for, not yet approved: still an absence.
    expect(before.counts.absent).toBe(1);
    expect((await call(t, admin, { method: "POST", url: `/api/leave-requests/${asked.json().data.id}/approve` })).statusCode).toBe(200);
    const after = (await get(admin, "/api/dashboard/attendance-exceptions")).json().data;
    expect(after.counts).toEqual({ ...before.counts, absent: 0 });
    expect(after.items.some((item: { user_id: number }) => item.user_id === noShow)).toBe(false);
  });
});

describe("runs awaiting approval", () => {
  it("lists the calculated runs, longest waiting first, with their totals in minor units and who calculated them", async () => {
    const reply = (await get(admin, "/api/dashboard/awaiting-approval")).json().data;
    expect(reply.total).toBe(2);
    expect(reply.items.map((item: { id: number }) => item.id)).toEqual([awaiting.early, awaiting.later]);
    expect(reply.items[0]).toMatchObject({
      period_start: "2026-03-01",
      period_end: "2026-03-31",
      pay_date: "2026-03-31",
      currency: "USD",
      people: 40,
      gross: 12_345_678,
      net: 10_000_001,
      calculated_by: { id: adminId, name: "Alex Admin" },
      calculated_at: "2026-03-03T16:30:00.000Z",
    });
    const capped = (await get(admin, "/api/dashboard/awaiting-approval?limit=1")).json().data;
    expect(capped).toMatchObject({ total: 2, items: [expect.objectContaining({ id: awaiting.early })] });
  });
});

describe("new hires", () => {
  it("lists the people hired this calendar month in the company's zone, latest first, on the books only", async () => {
    const reply = (await get(admin, "/api/dashboard/new-hires")).json().data;
    expect(reply).toMatchObject({ from: "2026-03-01", to: "2026-03-31", total: 2 });
    expect(reply.items).toEqual([
      { id: hires.later, name: expect.stringMatching(/^Hugo New /), employee_number: expect.stringMatching(/^EMP-/), department: "Sales", position: "Rep", hire_date: "2026-03-20" },
      { id: hires.first, name: expect.stringMatching(/^Hana New /), employee_number: expect.stringMatching(/^EMP-/), department: "Finance", position: "Analyst", hire_date: "2026-03-01" },
    ]);
    expect((await get(admin, "/api/dashboard/new-hires?limit=1")).json().data).toMatchObject({ total: 2, items: [expect.objectContaining({ id: hires.later })] });
  });
});
