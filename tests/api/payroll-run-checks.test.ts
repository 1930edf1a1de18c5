/**
 * What creating a run refuses before anything is calculated: a pay date
 * before the period, and a regular run over days an approved or released
 * regular run already pays the same people for (a correction run is the way
 * to pay a difference). Runs of other people, or after the settled period,
 * are created as before. And what calculating one warns of: someone paid by
 * the day or hour with workdays scheduled and no attendance recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents } from "../support/pay-components";
import { CONFIRMED_OPEN, runTakenTo } from "../support/payroll-runs";
import { ADMIN, createPerson, type Person } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
const { must, refusal } = requestsTo(() => t);
const paidPerson = () => createPerson(t, admin, { pay_basis: "monthly", base_rate: 300_000, currency: "USD", hire_date: "2020-01-01", end_date: null });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await createPayComponents(t, admin);
});

afterAll(async () => {
  await t?.close();
});

describe("creating a run", () => {
  it("refuses a pay date before the period starts (422), and takes one on the period's first day", async () => {
    const person: Person = await paidPerson();
    const body = { period_start: "2027-03-01", period_end: "2027-03-31", people: { user_ids: [person.id] } };
    expect(await refusal(admin, "POST", "/api/payroll", { ...body, pay_date: "2027-02-28" })).toEqual({
      status: 422,
      message: "The pay date cannot be before the period starts.",
      errors: { pay_date: ["The pay date cannot be before the period starts."] },
    });
    await must(admin, "POST", "/api/payroll", { ...body, pay_date: "2027-03-01" }, 201);
  });

  it("refuses a regular run over days an approved or released run pays the same people for, naming that run (409)", async () => {
    const [paid, other] = [await paidPerson(), await paidPerson()];
    const settled = await runTakenTo(t, admin, "approved", { period_start: "2027-04-01", period_end: "2027-04-30", pay_date: "2027-04-30", people: { user_ids: [paid.id] }, name: "April 2027" });
    const overlapping = { period_start: "2027-04-16", period_end: "2027-05-15", pay_date: "2027-05-15" };
    // Everyone includes the person April 2027 pays; so does a list naming them among others.
    for (const people of ["all", { user_ids: [other.id, paid.id] }]) {
      expect(await refusal(admin, "POST", "/api/payroll", { ...overlapping, people })).toEqual({
        status: 409,
        message: "April 2027 already pays some of these people for part of this period: pay a difference with a correction run of it.",
      });
    }
    // Someone else, the days after, or a correction of the settled run once released: created.
    await must(admin, "POST", "/api/payroll", { ...overlapping, people: { user_ids: [other.id] } }, 201);
    await must(admin, "POST", "/api/payroll", { period_start: "2027-05-01", period_end: "2027-05-31", pay_date: "2027-05-31", people: { user_ids: [paid.id] } }, 201);
    await must(admin, "POST", `/api/payroll/release/${settled.id}`, CONFIRMED_OPEN);
    await must(admin, "POST", "/api/payroll", { period_start: "2027-04-01", period_end: "2027-04-30", pay_date: "2027-05-05", people: { user_ids: [paid.id] }, corrects_id: settled.id }, 201);
  });

  it("takes a regular run over a period whose earlier run is still being prepared: the calculation leaves those people to it", async () => {
    const person = await paidPerson();
    const people = { user_ids: [person.id] };
    await runTakenTo(t, admin, "calculated", { period_start: "2027-06-01", period_end: "2027-06-30", pay_date: "2027-06-30", people });
    await must(admin, "POST", "/api/payroll", { period_start: "2027-06-01", period_end: "2027-06-30", pay_date: "2027-06-30", people }, 201);
  });
});

describe("calculating a run", () => {
  it("warns of someone paid by the day with workdays scheduled and no time recorded, and still pays what is due", async () => {
    const daily = await createPerson(t, admin, { pay_basis: "daily", base_rate: 80_000, currency: "USD", hire_date: "2020-01-01", end_date: null });
    const monthly = await paidPerson();
    const schedule = await must(admin, "POST", "/api/schedules", { name: "Checks office", working_days: [1, 2, 3, 4, 5], start_time: "08:00", end_time: "17:00", unpaid_break_minutes: 60, grace_minutes: 10, overtime_after_minutes: 480 }, 201);
    await must(admin, "POST", `/api/schedules/${schedule.id}/assignments`, { user_ids: [daily.id, monthly.id], effective_from: "2026-01-01" }, 201);
    const run = await runTakenTo(t, admin, "calculated", { period_start: "2026-01-01", period_end: "2026-01-31", pay_date: "2026-01-31", people: { user_ids: [daily.id, monthly.id] } });
    // The monthly salary pays the month whatever was recorded: no warning for it.
    expect(run.warnings).toEqual([{ user_id: daily.id, user_name: expect.any(String), kind: "no_attendance", detail: null, message: null }]);
    expect(run.totals.people).toBe(2);
  });
});
