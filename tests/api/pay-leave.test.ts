/**
 * Leave in pay, through the API as a payroll office runs February 2026 (20 workdays, Monday to Friday 09:00–18:00
 * with an hour's unpaid break) with the demo company's components:
 *
 * - A monthly salary already pays every day of the month (Labor Code art. 82–83 read with the DOLE Handbook on
 *   Workers' Statutory Monetary Benefits: monthly-paid employees are paid for all days of the month), so two days of
 *   approved paid vacation take nothing off it: 26,100.00 stays 26,100.00, and no day is an absence.
 * - Leave without pay comes off a monthly salary at the daily rate, one day's rate a day. The daily rate of a
 *   five-day-week monthly salary is the month × 12 / 261 (DOLE Handbook, equivalent monthly rate, 261 working days a
 *   year): the setting of 21.75 working days a month; 26,100.00 / 21.75 = 1,200.00 a day, 3 days 3,600.00.
 * - People paid by the day are paid for days worked, and for approved paid leave at the daily rate (service incentive
 *   leave "with pay", Labor Code art. 95): 800.00 a day, 18 days worked and 2 on leave 14,400.00 + 1,600.00.
 * - A regular holiday is paid to a daily-paid employee on leave with pay the workday before it (Omnibus Rules
 *   Implementing the Labor Code, Book III, Rule IV, sec. 6(a)): 800.00.
 * - A half day of leave leaves half the day's hours due: worked from 13:00 to 18:00 it is no undertime and not late.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendanceDay } from "../../contracts/attendance-reports";
import type { PayslipRecord } from "../../contracts/payroll";
import { DEMO_PAY_COMPONENTS } from "../../server/db/seed-payroll";
import { startTestApp, type TestApp } from "../support/api";
import { payslipOf, runTakenTo } from "../support/payroll-runs";
import { ADMIN, createPerson, type Person } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
const { must } = requestsTo(() => t);

let vacationer: Person;
let unpaid: Person;
let daily: Person;
let vacation: number;
let withoutPay: number;
let payslips: Map<number, PayslipRecord>;

const at = (date: string, time: string) => new Date(`${date}T${time}:00Z`).toISOString();

/** February 2026's workdays (Monday to Friday). */
const WORKDAYS = Array.from({ length: 28 }, (_, index) => `2026-02-${String(index + 1).padStart(2, "0")}`).filter((date) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()));
const HOLIDAY = "2026-02-18";

/** A full day worked, entered by the office, on every workday but `except` (and the holiday). */
async function workFebruary(person: Person, except: readonly string[], partial: Record<string, [string, string]> = {}) {
  for (const date of WORKDAYS.filter((day) => !except.includes(day) && day !== HOLIDAY)) {
    const [from, to] = partial[date] ?? ["09:00", "18:00"];
    await must(admin, "POST", "/api/attendance/manual", { user_id: person.id, clock_in_at: at(date, from), clock_out_at: at(date, to), reason: "Timesheet" }, 201);
  }
}

/** Leave asked for by HR for the person and approved by the administrator. */
async function approvedLeave(person: Person, type: number, start: string, end: string, half_day?: "morning" | "afternoon") {
  const request = await must(admin, "POST", "/api/leave-requests", { user_id: person.id, leave_type_id: type, start_date: start, end_date: end, half_day: half_day ?? null }, 201);
  return must(admin, "POST", `/api/leave-requests/${request.id}/approve`);
}

const linesOf = (payslip: PayslipRecord) => Object.fromEntries(payslip.lines.map((line) => [line.code, line.amount]));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await must(admin, "PUT", "/api/settings/payroll", { working_days_per_month: "21.75", unworked_holiday_rule: "present_day_before" });
  for (const code of ["BASIC", "HOLIDAY_PAY", "LEAVE_PAY", "LATE", "ABSENT", "LWOP"]) {
    const { active: _active, ...component } = DEMO_PAY_COMPONENTS.find((candidate) => candidate.code === code)!;
    await must(admin, "POST", "/api/pay-components", component, 201);
  }
  const schedule = (await must(admin, "POST", "/api/schedules", { name: "Office", working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "18:00", unpaid_break_minutes: 60 }, 201)).id;
  await must(admin, "POST", "/api/holidays", { date: HOLIDAY, name: "A regular holiday", kind: "regular" }, 201);
  const { currency } = await must(admin, "GET", "/api/company-profile");
  const monthly = { pay_basis: "monthly", base_rate: 2_610_000, currency, hire_date: "2024-01-08" };
  vacationer = await createPerson(t, admin, monthly);
  unpaid = await createPerson(t, admin, monthly);
  daily = await createPerson(t, admin, { pay_basis: "daily", base_rate: 80_000, currency, hire_date: "2024-01-08" });
  await must(admin, "POST", `/api/schedules/${schedule}/assignments`, { user_ids: [vacationer.id, unpaid.id, daily.id], effective_from: "2026-01-01" }, 201);
  vacation = (await must(admin, "POST", "/api/leave-types", { code: "VL", name: "Vacation leave", paid: true, yearly_days: 15, unit: "half_day" }, 201)).id;
  withoutPay = (await must(admin, "POST", "/api/leave-types", { code: "LWOP", name: "Leave without pay", paid: false, yearly_days: 0, negative_days: 366 }, 201)).id;
  await t.app.ctx.jobs.idle();

  await approvedLeave(vacationer, vacation, "2026-02-09", "2026-02-10");
  await workFebruary(vacationer, ["2026-02-09", "2026-02-10"]);
  await approvedLeave(unpaid, withoutPay, "2026-02-09", "2026-02-11");
  await workFebruary(unpaid, ["2026-02-09", "2026-02-10", "2026-02-11"]);
  // The daily-paid person works a morning's leave's afternoon, and is on leave the day before the holiday.
  await workFebruary(daily, ["2026-02-16", "2026-02-17"], { "2026-02-20": ["13:00", "18:00"] });
  await approvedLeave(daily, vacation, "2026-02-16", "2026-02-17");
  await approvedLeave(daily, vacation, "2026-02-20", "2026-02-20", "morning");

  const run = await runTakenTo(t, admin, "calculated", { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", people: { user_ids: [vacationer.id, unpaid.id, daily.id] }, corrects_id: null });
  payslips = new Map(await Promise.all([vacationer, unpaid, daily].map(async (person) => [person.id, await payslipOf(t, admin, run, person)] as const)));
});

afterAll(async () => {
  await t?.close();
});

describe("leave in pay", () => {
  it("takes nothing off a monthly salary for approved paid vacation: no absence, no deduction", () => {
    const payslip = payslips.get(vacationer.id)!;
    expect(linesOf(payslip)).toEqual({ BASIC: 2_610_000 });
    expect(payslip.inputs.absences).toBe(0);
  });

  it("takes exactly a day's rate a day off a monthly salary for leave without pay, and counts no absence", () => {
    const payslip = payslips.get(unpaid.id)!;
    expect(linesOf(payslip)).toEqual({ BASIC: 2_610_000, LWOP: 360_000 });
    expect(payslip.inputs.absences).toBe(0);
    expect(payslip.net).toBe(2_250_000);
  });

  it("pays a daily-paid person their paid leave at the daily rate, the holiday after it, and half a day worked on a half day off", () => {
    const payslip = payslips.get(daily.id)!;
    // 16 full days and the half day worked (16.5 × 800.00), 2.5 days of paid leave, the regular holiday.
    expect(linesOf(payslip)).toEqual({ BASIC: 1_320_000, LEAVE_PAY: 200_000, HOLIDAY_PAY: 80_000 });
    expect(payslip.inputs).toMatchObject({ days_worked: 16.5, absences: 0, late_minutes: 0, undertime_minutes: 0 });
  });

  it("explains the leave a line read", async () => {
    const detail = await must(admin, "GET", `/api/payslips/${payslips.get(daily.id)!.id}`);
    const leavePay = detail.explanation.find((line: { code: string }) => line.code === "LEAVE_PAY");
    expect(leavePay.reads).toEqual(expect.arrayContaining([{ name: "paid_leave_days", value: "2.5" }]));
  });

  it("shows the leave in the person's days: a whole day as leave, a half day beside the hours worked", async () => {
    const days: AttendanceDay[] = await must(admin, "GET", `/api/attendance/user-attendance?user_id=${daily.id}&filter[date][dateAfter]=2026-02-15&filter[date][dateBefore]=2026-02-21&per_page=10`);
    const byDate = new Map(days.map((day) => [day.date, day]));
    expect(byDate.get("2026-02-16")).toMatchObject({ status: "leave", leave_code: "VL", leave_share: 1 });
    expect(byDate.get("2026-02-20")).toMatchObject({ status: "present", leave_code: "VL", leave_share: 0.5, late_minutes: 0, undertime_minutes: 0, scheduled_minutes: 240 });
  });

  it("reads leave_days() and leave_balance() by a type's code, 0 for a type not taken", async () => {
    const tried = await must(admin, "POST", "/api/pay-components/preview", {
      component: { code: "TRY", name: "Try", kind: "earning", calculation: { type: "formula", expression: 'leave_days("VL") * 100 + leave_balance("VL") + leave_days("ML")' } },
      user_id: daily.id,
      period_start: "2026-02-01",
      period_end: "2026-02-28",
    });
    // 2.5 days taken of the year's 15: 12.5 left.
    expect(tried.inputs).toEqual({ 'leave_balance("VL")': "12.5", 'leave_days("ML")': "0", 'leave_days("VL")': "2.5" });
    expect(tried.amount).toBe(26_250);
  });
});
