/**
 * Time turned into pay by the kind of day it was worked on, through the API
 * as a payroll office would see it: holidays of each kind, attendance of a
 * daily-paid person (800.00 a day, 8 hours: 100.00 an hour) on a rest day,
 * a regular holiday, a special non-working day, overtime and a night shift,
 * and the formula variables a component reads from them, each tried with the
 * formula preview. The rates are the Philippine ones:
 *
 * - Rest day or special non-working day worked: 130 % of the daily rate for
 *   the first eight hours (Labor Code art. 93(a) and (c); DOLE Labor Advisory
 *   No. 12, s. 2025 on the 2026 holidays): 800 × 1.30 = 1,040.00.
 * - Regular holiday worked: 200 % (Labor Code art. 94(b); LA 12, s. 2025):
 *   800 × 2 = 1,600.00; unworked: 100 % to one present (or on paid leave) on
 *   the workday before it (Omnibus Rules, Book III, Rule IV, sec. 6(a)): 800.00.
 * - Overtime on an ordinary day: +25 % of the hourly rate (art. 87): 2 hours
 *   are 100 × 1.25 × 2 = 250.00.
 * - Night shift differential: +10 % of the hourly rate for each hour between
 *   22:00 and 06:00 (art. 86): a 22:00–07:00 shift with its hour's break
 *   has 7 such hours, 7 × 10.00 = 70.00, so the day pays 800 + 70 = 870.00.
 *   On a rest day or special day the premium is 10 % of that day's 130 % rate
 *   (13.00 an hour), on a regular holiday 10 % of its 200 % (20.00 an hour)
 *   (DOLE Handbook on Workers' Statutory Monetary Benefits, 2024, night shift
 *   differential table); hours after midnight take the next day's kind.
 * - A holiday that falls on the person's rest day (DOLE Labor Advisory No. 12,
 *   s. 2025): a special non-working day worked 150 % (800 × 1.50 = 1,200.00),
 *   a regular holiday worked 260 % (200 % + 30 % of it: 800 × 2.60 = 2,080.00).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PAY_COMPONENTS } from "../../server/db/seed-payroll";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createPerson, type Person } from "../support/people";

let t: TestApp;
let admin: string;
let daily: Person;
let nightWorker: Person;
let holidayNights: Person;

const REASON = "Timesheet signed by the supervisor";
/** A Manila wall time (UTC+8) as an instant. */
const at = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`).toISOString();

async function ok(method: "POST" | "PUT" | "GET", url: string, payload?: Record<string, unknown>, status = method === "POST" ? 201 : 200) {
  const response = await call(t, admin, { method, url, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json();
}

/** A record entered by the payroll office: from one wall time to another (the next day's when `out` is earlier), with breaks. */
async function enter(person: Person, date: string, from: string, to: string, breaks: [string, string][] = []) {
  const outDate = to <= from ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : date;
  await ok("POST", "/api/attendance/manual", {
    user_id: person.id,
    clock_in_at: at(date, from),
    clock_out_at: at(outDate, to),
    breaks: breaks.map(([start, end]) => ({ started_at: at(date, start), ended_at: at(date, end) })),
    reason: REASON,
  });
}

const FEBRUARY = { period_start: "2026-02-01", period_end: "2026-02-28" };

/** What a component gives for one person over a period (February 2026 unless given), and the variables it read. */
async function preview(person: Person, component: Record<string, unknown>, period = FEBRUARY) {
  const body = await ok("POST", "/api/pay-components/preview", { component, user_id: person.id, ...period }, 200);
  return body.data as { amount: number; inputs: Record<string, string> };
}

/** What a formula gives for one person over a period, and the variables it read. */
const tryFormula = (person: Person, expression: string, period = FEBRUARY) => preview(person, { code: "TRY", name: "Try", kind: "earning", calculation: { type: "formula", expression } }, period);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  // In Manila's time (night hours are the zone's), paid in the test company's own currency: the figures are the pesos of the examples.
  await ok("PUT", "/api/company-profile", { time_zone: "Asia/Manila" });
  const { currency } = (await ok("GET", "/api/company-profile")).data;
  const pay = { pay_basis: "daily", base_rate: 80_000, currency, hire_date: "2025-01-15" };
  daily = await createPerson(t, admin, pay);
  nightWorker = await createPerson(t, admin, pay);
  holidayNights = await createPerson(t, admin, pay);
  const schedule = async (name: string, start_time: string, end_time: string) =>
    (await ok("POST", "/api/schedules", { name, working_days: [1, 2, 3, 4, 5], start_time, end_time, unpaid_break_minutes: 60, grace_minutes: 10, overtime_after_minutes: 480 })).data.id;
  await ok("POST", `/api/schedules/${await schedule("Day kinds office", "08:00", "17:00")}/assignments`, { user_ids: [daily.id], effective_from: "2026-01-01" });
  await ok("POST", `/api/schedules/${await schedule("Day kinds night", "22:00", "07:00")}/assignments`, { user_ids: [nightWorker.id, holidayNights.id], effective_from: "2026-01-01" });

  // Mondays 2, 9 and 16 February are regular holidays here; Tuesday 17 February (Chinese New Year) a special non-working day.
  for (const [date, name] of [["2026-02-02", "Founding day"], ["2026-02-09", "Town fiesta"], ["2026-02-16", "Patron saint"]]) {
    await ok("POST", "/api/holidays", { date, name, kind: "regular" });
  }
  await ok("POST", "/api/holidays", { date: "2026-02-17", name: "Chinese New Year", kind: "special_non_working" });
  // Saturday 21 and Sunday 22 February, rest days of everyone here: a special day and a regular holiday.
  await ok("POST", "/api/holidays", { date: "2026-02-21", name: "Weekend special day", kind: "special_non_working" });
  await ok("POST", "/api/holidays", { date: "2026-02-22", name: "Weekend holiday", kind: "regular" });
  const lunch: [string, string][] = [["12:00", "13:00"]];
  await enter(daily, "2026-02-02", "08:00", "17:00", lunch); // regular holiday, worked 8 h
  await enter(daily, "2026-02-04", "08:00", "19:00"); // a workday with 2 h overtime
  await enter(daily, "2026-02-06", "08:00", "17:00"); // the workday before the 9th: present
  await enter(daily, "2026-02-08", "08:00", "17:00", lunch); // Sunday, a rest day, worked 8 h
  await enter(daily, "2026-02-17", "08:00", "17:00", lunch); // special non-working day, worked 8 h
  await enter(daily, "2026-02-21", "08:00", "17:00", lunch); // a special day on a rest day, worked 8 h
  await enter(daily, "2026-02-22", "08:00", "19:00", lunch); // a regular holiday on a rest day, worked 10 h: 2 h overtime
  // Friday the 13th: no record, so the 16th is not paid under the rule "present the workday before".
  await enter(nightWorker, "2026-02-10", "22:00", "07:00");
  // Friday 13 into Saturday (a rest day), and Sunday 15 (a rest day) into Monday 16 (a regular holiday).
  await enter(holidayNights, "2026-02-13", "22:00", "07:00");
  await enter(holidayNights, "2026-02-15", "22:00", "07:00");
});

afterAll(async () => {
  await t?.close();
});

describe("holidays of a kind", () => {
  it("are created with their kind, regular when none is given, listed and filtered by it, and refuse one they do not know", async () => {
    const made = await ok("POST", "/api/holidays", { date: "2026-06-24", name: "City day" });
    expect(made.data).toMatchObject({ date: "2026-06-24", kind: "regular" });
    await ok("PUT", `/api/holidays/${made.data.id}`, { kind: "special_working" });
    const special = await ok("GET", "/api/holidays?filter[kind][equals]=special_working&per_page=100");
    expect(special.data.map((holiday: { date: string }) => holiday.date)).toEqual(["2026-06-24"]);
    const refused = await call(t, admin, { method: "POST", url: "/api/holidays", payload: { date: "2026-06-25", name: "Wrong", kind: "public" } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.kind[0]).toBe("Choose a regular holiday, a special non-working day or a special working day.");
  });

});

describe("the hours and days a formula reads", () => {
  it("gives each kind of day its own hours", async () => {
    const tried = await tryFormula(daily, "rest_day_hours + regular_holiday_hours + special_holiday_hours + overtime_hours + night_hours");
    expect(tried.inputs).toMatchObject({ rest_day_hours: "8", regular_holiday_hours: "8", special_holiday_hours: "8", overtime_hours: "2", night_hours: "0" });
  });

  it("counts workdays worked apart from rest days and holidays worked: the 4th and the 6th", async () => {
    expect((await tryFormula(daily, "days_worked")).inputs.days_worked).toBe("2");
  });

  it("pays a rest day 1,040.00, a regular holiday 1,600.00, a special day 1,040.00 and 2 hours' overtime 250.00", async () => {
    expect((await tryFormula(daily, "hourly_rate * rest_day_hours * 1.30")).amount).toBe(104_000);
    expect((await tryFormula(daily, "hourly_rate * regular_holiday_hours * 2")).amount).toBe(160_000);
    expect((await tryFormula(daily, "hourly_rate * special_holiday_hours * 1.30")).amount).toBe(104_000);
    expect((await tryFormula(daily, "hourly_rate * overtime_hours * 1.25")).amount).toBe(25_000);
  });

  it("is what the demo company's components pay: its set-up follows the same rates", async () => {
    const demo = (code: string) => DEMO_PAY_COMPONENTS.find((component) => component.code === code)!;
    const pays = async (person: Person, code: string) => (await preview(person, demo(code))).amount;
    // The rest day and the special day together: 2 × 1,040.00; the special day on a rest day 1,200.00.
    expect(await pays(daily, "REST_DAY")).toBe(208_000 + 120_000);
    // The regular holiday 1,600.00; the one on a rest day 2,080.00.
    expect(await pays(daily, "HOLIDAY_WORK")).toBe(160_000 + 208_000);
    expect(await pays(daily, "HOLIDAY_PAY")).toBe(80_000);
    // The workday's 2 h at 125 % (250.00) and the rest-day holiday's 2 h at 130 % of its 260 % (2 × 100 × 3.38 = 676.00).
    expect(await pays(daily, "OT")).toBe(25_000 + 67_600);
    expect(await pays(nightWorker, "NIGHT")).toBe(7_000);
  });

  it("keeps a holiday on the person's rest day apart, paid 150 % (special) and 260 % (regular), its overtime at 130 % of that", async () => {
    const tried = await tryFormula(daily, "special_holiday_rest_day_hours + regular_holiday_rest_day_hours + regular_holiday_rest_day_overtime_hours");
    expect(tried.inputs).toMatchObject({ special_holiday_rest_day_hours: "8", regular_holiday_rest_day_hours: "8", regular_holiday_rest_day_overtime_hours: "2" });
    expect((await tryFormula(daily, "daily_rate * 1.50 * special_holiday_rest_day_hours / 8")).amount).toBe(120_000);
    expect((await tryFormula(daily, "daily_rate * 2.60 * regular_holiday_rest_day_hours / 8")).amount).toBe(208_000);
    // Counted apart, not again as a rest day or a holiday.
    expect((await tryFormula(daily, "rest_day_hours + special_holiday_hours + regular_holiday_hours")).inputs).toMatchObject({ rest_day_hours: "8", special_holiday_hours: "8", regular_holiday_hours: "8" });
  });

  it("pays an unworked regular holiday only after a workday present, unless the settings say always", async () => {
    const unworked = await tryFormula(daily, "daily_rate * regular_holidays_unworked");
    expect(unworked.inputs.regular_holidays_unworked).toBe("1");
    expect(unworked.amount).toBe(80_000);
    expect((await ok("PUT", "/api/settings/payroll", { unworked_holiday_rule: "always" })).data.unworked_holiday_rule).toBe("always");
    expect((await tryFormula(daily, "regular_holidays_unworked")).inputs.regular_holidays_unworked).toBe("2");
    await ok("PUT", "/api/settings/payroll", { unworked_holiday_rule: "present_day_before" });
  });

  it("counts a special non-working day on a workday, not worked, apart", async () => {
    expect((await tryFormula(nightWorker, "special_holidays_unworked")).inputs.special_holidays_unworked).toBe("1");
  });

  it("pays a 22:00–07:00 night shift 870.00: a day worked and 7 night hours at 10 %", async () => {
    const tried = await tryFormula(nightWorker, "daily_rate * days_worked + hourly_rate * night_hours * 0.10");
    expect(tried.inputs).toMatchObject({ days_worked: "1", night_hours: "7" });
    expect(tried.amount).toBe(87_000);
  });

  it("pays night hours on a rest day or holiday on that day's rate: 10 % of 130 % and of 200 %", async () => {
    // Friday 22:00–24:00 is a workday's night (2 h); Saturday 00:00–06:00 a rest day's, less the shift's unpaid hour in its
    // middle (02:00–03:00): 5 h. Sunday 22:00–24:00 is a rest day's (2 h), Monday 00:00–06:00 a regular holiday's (6 h).
    const tried = await tryFormula(holidayNights, "night_hours + rest_day_night_hours + regular_holiday_night_hours + special_holiday_night_hours");
    expect(tried.inputs).toMatchObject({ night_hours: "15", rest_day_night_hours: "7", regular_holiday_night_hours: "6", special_holiday_night_hours: "0" });
    // 8 hours at 10.00 (the workday's 2, and the 6 of the holiday at least), 7 rest-day hours at 13.00, 6 holiday hours at 20.00:
    // 2 × 10.00 + 7 × 13.00 + 6 × 20.00 = 20.00 + 91.00 + 120.00 = 231.00.
    const night = DEMO_PAY_COMPONENTS.find((component) => component.code === "NIGHT")!;
    expect((await preview(holidayNights, night)).amount).toBe(23_100);
  });

  it("reads the payroll settings and the period's place among the pay frequency's periods", async () => {
    const names = "overtime_multiplier + hours_per_day + working_days_per_month + periods_per_year + period_in_month + last_period_in_month";
    expect((await tryFormula(daily, names)).inputs).toEqual({
      overtime_multiplier: "1.25",
      hours_per_day: "8",
      working_days_per_month: "22",
      periods_per_year: "12",
      period_in_month: "1",
      last_period_in_month: "1",
    });
    await ok("PUT", "/api/settings/payroll", { pay_frequency: "semi_monthly" });
    const firstHalf = await tryFormula(daily, "periods_per_year + period_in_month + last_period_in_month", { period_start: "2026-02-01", period_end: "2026-02-15" });
    expect(firstHalf.inputs).toEqual({ periods_per_year: "24", period_in_month: "1", last_period_in_month: "0" });
    const secondHalf = await tryFormula(daily, "period_in_month + last_period_in_month", { period_start: "2026-02-16", period_end: "2026-02-28" });
    expect(secondHalf.inputs).toEqual({ period_in_month: "2", last_period_in_month: "1" });
    await ok("PUT", "/api/settings/payroll", { pay_frequency: "monthly" });
  });
});
