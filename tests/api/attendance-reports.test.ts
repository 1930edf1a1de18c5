/**
 * The attendance read calls (/api/attendance/history, user-attendance,
 * recent, stats, weekly-summary, weekly-attendance, reports, reports/export,
 * export, export-filtered): who may (an employee only ever sees their own
 * days), figures checked against a week worked out by hand, a record added
 * after the fact changing them, and CSV cells that cannot run as formulas.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendanceRecords } from "../../server/db/schema";
import { refreshDays } from "../../server/modules/attendance/day-store";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createRole, employeeSignedIn, staffWith, unique, type Person } from "../support/people";

let t: TestApp;
let admin: string;
let clocker: Person & { token: string };
let scheduleId: number;

const MANILA_OFFSET = "+08:00";
const at = (date: string, time: string) => new Date(`${date}T${time}:00${MANILA_OFFSET}`);

/** A record of a person on a Manila date, from one wall time to another (the next day when earlier). */
async function worked(userId: number, date: string, from: string, to: string) {
  const out = at(date, to);
  if (to <= from) out.setTime(out.getTime() + 86_400_000);
  await t.database.db.insert(attendanceRecords).values({ user_id: userId, work_date: date, clock_in_at: at(date, from), clock_out_at: out, source: "manual" });
  // Written around the API: its day is derived as every write derives it.
  await refreshDays(t.database.db, { userIds: [userId], dates: [date] }, t.clock.now());
}

// The test clock starts on Monday 2026-03-02, 09:00 UTC (17:00 in Manila); the week worked is the one before.
const WEEK = { from: "2026-02-23", to: "2026-03-01" };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await call(t, admin, { method: "PUT", url: "/api/company-profile", payload: { time_zone: "Asia/Manila", first_day_of_week: 1 } });
  const role = await createRole(t, admin, ["attendance_access"]);
  clocker = await employeeSignedIn(t, admin, { role_id: role, first_name: "=HYPERLINK(1)", last_name: unique("Cruz ") });
  const schedule = await call(t, admin, {
    method: "POST",
    url: "/api/schedules",
    payload: { name: unique("Office hours "), working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "18:00", unpaid_break_minutes: 60, grace_minutes: 15, overtime_after_minutes: 480 },
  });
  scheduleId = schedule.json().data.id;
  await call(t, admin, { method: "POST", url: `/api/schedules/${scheduleId}/assignments`, payload: { user_ids: [clocker.id], effective_from: "2026-01-01" } });
  await call(t, admin, { method: "POST", url: "/api/holidays", payload: { date: "2026-02-27", name: "Founders' day" } });
  await worked(clocker.id, "2026-02-23", "09:00", "19:30"); // 630 presence − 60 = 570 worked, 90 overtime
  await worked(clocker.id, "2026-02-24", "09:20", "18:00"); // late 20, 460 worked, no undertime (lateness is its own figure)
  await worked(clocker.id, "2026-02-25", "09:00", "12:00"); // 180 worked (gone before the break, 13:00–14:00): half day, 300 undertime
  // Thursday 26: no record, absent. Friday 27: holiday. Weekend: rest days.
});
afterAll(() => t.close());

const get = (token: string | null, url: string) => call(t, token, { method: "GET", url });

describe("who may", () => {
  const OWN = ["history", "recent", "stats", "weekly-summary", `export?from=${WEEK.from}&to=${WEEK.to}`];
  const ANYONE = [`user-attendance?user_id=1`, "weekly-attendance", `reports?from=${WEEK.from}&to=${WEEK.to}`, `reports/daily?from=${WEEK.from}&to=${WEEK.to}`, `reports/export?from=${WEEK.from}&to=${WEEK.to}`, `export-filtered?from=${WEEK.from}&to=${WEEK.to}`];

  it("answers 401 to anonymous callers on every call", async () => {
    for (const path of [...OWN, ...ANYONE]) expect((await get(null, `/api/attendance/${path}`)).statusCode, path).toBe(401);
  });

  it("lets an employee who clocks read their own days only, and nobody's without attendance_access", async () => {
    const withoutRole = await employeeSignedIn(t, admin);
    for (const path of OWN) {
      expect((await get(clocker.token, `/api/attendance/${path}`)).statusCode, path).toBe(200);
      expect((await get(withoutRole.token, `/api/attendance/${path}`)).statusCode, path).toBe(403);
    }
    for (const path of ANYONE) expect((await get(clocker.token, `/api/attendance/${path}`)).statusCode, path).toBe(403);
    // An employee whose role holds every attendance permission still reads only their own.
    const everything = await createRole(t, admin, ["attendance_access", "attendance_reports_access", "attendance_admin_access"]);
    const strong = await employeeSignedIn(t, admin, { role_id: everything });
    for (const path of ANYONE) expect((await get(strong.token, `/api/attendance/${path}`)).statusCode, path).toBe(403);
  });

  it("gives anyone's days and the reports to staff with attendance_reports_access and level 0, not to staff without it", async () => {
    const reporter = await staffWith(t, admin, ["attendance_reports_access"]);
    const others = await staffWith(t, admin, ["attendance_access", "attendance_admin_access", "users_manage"]);
    for (const path of ANYONE) {
      expect((await get(reporter.token, `/api/attendance/${path}`)).statusCode, path).toBe(200);
      expect((await get(admin, `/api/attendance/${path}`)).statusCode, path).toBe(200);
      expect((await get(others.token, `/api/attendance/${path}`)).statusCode, path).toBe(403);
    }
    // Reading anyone's does not make one a clocker: their own days need attendance_access.
    expect((await get(reporter.token, "/api/attendance/history")).statusCode).toBe(403);
  });
});

describe("figures", () => {
  it("derives each day of the week as worked out by hand", async () => {
    const page = (await get(admin, `/api/attendance/user-attendance?user_id=${clocker.id}&filter[date][dateAfter]=2026-02-22&filter[date][dateBefore]=2026-03-02&sort=date`)).json();
    expect(page.meta.total).toBe(7);
    const rows = page.data.map((day: Record<string, unknown>) => [day.date, day.status, day.worked_minutes, day.late_minutes, day.undertime_minutes, day.overtime_minutes]);
    expect(rows).toEqual([
      ["2026-02-23", "present", 570, 0, 0, 90],
      ["2026-02-24", "late", 460, 20, 0, 0],
      ["2026-02-25", "half_day", 180, 0, 300, 0],
      ["2026-02-26", "absent", 0, 0, 0, 0],
      ["2026-02-27", "holiday", 0, 0, 0, 0],
      ["2026-02-28", "rest_day", 0, 0, 0, 0],
      ["2026-03-01", "rest_day", 0, 0, 0, 0],
    ]);
    expect(page.data[0]).toMatchObject({ first_in: "2026-02-23T01:00:00.000Z", last_out: "2026-02-23T11:30:00.000Z", holiday: null, schedule_id: scheduleId });
  });

  it("sums the person's week in the report, and follows a record entered after the fact", async () => {
    const report = async () =>
      (await get(admin, `/api/attendance/reports?from=${WEEK.from}&to=${WEEK.to}&filter[name][contains]=${encodeURIComponent("Cruz")}&search=${encodeURIComponent(clocker.email)}`)).json().data[0];
    expect(await report()).toMatchObject({
      user_id: clocker.id,
      days_scheduled: 4,
      days_present: 3,
      days_late: 1,
      late_minutes: 20,
      days_half: 1,
      days_absent: 1,
      worked_minutes: 1210,
      worked_hours: 20.17,
      overtime_minutes: 90,
      undertime_minutes: 300,
    });
    await worked(clocker.id, "2026-02-26", "09:00", "18:00");
    expect(await report()).toMatchObject({ days_present: 4, days_absent: 0, worked_minutes: 1690 });
  });

  it("pages the caller's own history, newest first, and gives the week and the month", async () => {
    const history = (await get(clocker.token, "/api/attendance/history?per_page=3")).json();
    expect(history.data.map((day: { date: string }) => day.date)).toEqual(["2026-03-02", "2026-03-01", "2026-02-28"]);
    expect(history.data.every((day: { user_id: number }) => day.user_id === clocker.id)).toBe(true);
    // Monday 17:00 in Manila, no record yet: the day is not over, so not yet absent.
    expect(history.data[0].status).toBe("scheduled");
    const week = (await get(clocker.token, "/api/attendance/weekly-summary?date=2026-02-25")).json().data;
    expect(week).toMatchObject({ from: "2026-02-23", to: "2026-03-01", totals: { days_present: 4, late_minutes: 20 } });
    const recent = (await get(clocker.token, "/api/attendance/recent")).json().data;
    expect(recent.map((day: { date: string }) => day.date)).toEqual(["2026-03-02", "2026-03-01", "2026-02-28", "2026-02-27", "2026-02-26", "2026-02-25", "2026-02-24"]);
    expect((await get(clocker.token, "/api/attendance/stats")).json().data).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
  });

  it("counts everyone's week by state", async () => {
    const week = (await get(admin, "/api/attendance/weekly-attendance?date=2026-02-24")).json().data;
    expect(week.days[1]).toMatchObject({ date: "2026-02-24" });
    expect(week.days[1].late).toBeGreaterThanOrEqual(1);
  });
});

describe("bad input", () => {
  it("answers 422s naming the field: a reversed or too long range, a bad date, an unknown person or filter", async () => {
    const reversed = await get(admin, "/api/attendance/reports?from=2026-03-01&to=2026-02-01");
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(["The end date must be on or after the start date."]);
    expect((await get(admin, "/api/attendance/reports?from=2026-01-01&to=2026-12-31")).json().errors.to).toEqual(["Choose a range of at most 93 days."]);
    expect((await get(admin, "/api/attendance/reports?from=2026-02-30&to=2026-03-01")).json().errors.from).toBeDefined();
    expect((await get(admin, "/api/attendance/reports")).statusCode).toBe(422);
    // Dates past the calendar's years are refused, not stepped through (9999-12-31 has no four-digit next day).
    for (const path of ["reports/daily?from=9999-12-31&to=9999-12-31", "reports?from=9999-12-01&to=9999-12-31", "weekly-attendance?date=9999-12-31"]) {
      const far = await get(admin, `/api/attendance/${path}`);
      expect(far.statusCode, path).toBe(422);
    }
    expect((await get(admin, "/api/attendance/user-attendance?user_id=2000000000")).json().errors.user_id).toEqual(["No such person."]);
    expect((await get(admin, "/api/attendance/user-attendance")).statusCode).toBe(422);
    expect((await get(clocker.token, "/api/attendance/history?filter[date][dateIs]=yesterday")).statusCode).toBe(422);
    expect((await get(clocker.token, "/api/attendance/history?filter[user_id][equals]=1")).statusCode).toBe(422);
  });
});

describe("exports", () => {
  it("streams the report as CSV with a BOM, translated headers and formula starts neutralised", async () => {
    const response = await get(admin, `/api/attendance/reports/export?from=${WEEK.from}&to=${WEEK.to}&search=${encodeURIComponent(clocker.email)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="attendance-report-${WEEK.from}-${WEEK.to}.csv"`);
    const lines = response.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Employee,Employee number,Department,Days scheduled,Days present,Days late,Late minutes,Half days,Absences,Leave days,Worked hours,Overtime minutes,Undertime minutes,Night minutes,Rest-day minutes,Rest-day overtime minutes,Regular holiday minutes,Regular holiday overtime minutes,Special day minutes,Special day overtime minutes,Special day on a rest day minutes,Special day on a rest day overtime minutes,Regular holiday on a rest day minutes,Regular holiday on a rest day overtime minutes");
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith("'=HYPERLINK(1)")).toBe(true);
  });

  it("gives the report as an XLSX workbook: numbers as numbers, a name starting with = as text, never a formula", async () => {
    const response = await call(t, admin, { method: "GET", url: `/api/attendance/reports/export?from=${WEEK.from}&to=${WEEK.to}&format=xlsx&search=${encodeURIComponent(clocker.email)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="attendance-report-${WEEK.from}-${WEEK.to}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Attendance reports");
    expect(sheet.getRow(1).getCell(1).value).toBe("Employee");
    expect(sheet.rowCount).toBe(2);
    const name = sheet.getRow(2).getCell(1);
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(String(name.value).startsWith("=HYPERLINK(1)")).toBe(true);
    const daysScheduled = sheet.getRow(2).getCell(4);
    expect(daysScheduled.type).toBe(ExcelJS.ValueType.Number);
    expect(daysScheduled.value).toBe(4);
  });

  it("refuses an unknown export format with a 422 on format", async () => {
    const response = await get(admin, `/api/attendance/reports/export?from=${WEEK.from}&to=${WEEK.to}&format=pdf`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.format).toEqual(["Choose CSV or XLSX."]);
  });

  it("exports one's own days, and anyone's for reports access", async () => {
    const mine = await get(clocker.token, `/api/attendance/export?from=${WEEK.from}&to=${WEEK.to}`);
    expect(mine.body.trim().split("\r\n")).toHaveLength(8);
    expect(mine.body).toContain("Half day");
    const filtered = await get(admin, `/api/attendance/export-filtered?from=${WEEK.from}&to=${WEEK.to}&search=${encodeURIComponent(clocker.email)}`);
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body.trim().split("\r\n")).toHaveLength(8);
  });
});
