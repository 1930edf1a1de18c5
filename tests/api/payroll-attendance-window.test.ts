/**
 * A run's attendance window (its cut-off): an office paying on the 15th and the month's end often closes attendance a few
 * days before, paying the days up to the cut-off and leaving the rest to the next run. The window is the period unless
 * given; the attendance variables read it; releasing a run whose window has not ended must be confirmed; the release
 * locks the window's days only; a run whose attendance stops before the window's end says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunRecord } from "../../contracts/payroll";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents } from "../support/pay-components";
import { CONFIRMED_OPEN, payslipOf as payslipIn, runTakenTo } from "../support/payroll-runs";
import { ADMIN, createPerson, type Person } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
const { must, refusal, send } = requestsTo(() => t);

// The test clock stands at 2026-03-02 09:00 UTC, the test company's zone.
const FEBRUARY = { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-28" };
const CUT_OFF = { attendance_start: "2026-01-29", attendance_end: "2026-02-25" };

/** A day's work of 8 hours, entered by the attendance administrator. */
const workDay = (person: Person, date: string) =>
  send(admin, "POST", "/api/attendance/manual", { user_id: person.id, clock_in_at: `${date}T01:00:00.000Z`, clock_out_at: `${date}T09:00:00.000Z`, reason: "Entered from the paper sheet" });

const calculated = (body: Record<string, unknown>) => runTakenTo(t, admin, "calculated", body);
const payslipOf = (run: RunRecord, person: Person) => payslipIn(t, admin, run, person);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await createPayComponents(t, admin);
});

afterAll(async () => {
  await t?.close();
});

describe("creating a run", () => {
  it("keeps the attendance window given, the period otherwise", async () => {
    const person = await createPerson(t, admin);
    const people = { user_ids: [person.id] };
    const plain: RunRecord = await must(admin, "POST", "/api/payroll", { ...FEBRUARY, people }, 201);
    expect(plain).toMatchObject({ attendance_start: "2026-02-01", attendance_end: "2026-02-28" });
    const cut: RunRecord = await must(admin, "POST", "/api/payroll", { ...FEBRUARY, ...CUT_OFF, people }, 201);
    expect(cut).toMatchObject(CUT_OFF);
    expect((await must(admin, "GET", `/api/payroll/${cut.id}`)) as RunRecord).toMatchObject(CUT_OFF);
  });

  it("refuses a window with one end, ending before it starts or after the period, or longer than a quarter (422 on the field)", async () => {
    const errors = async (window: Record<string, unknown>) => (await refusal(admin, "POST", "/api/payroll", { ...FEBRUARY, ...window })).errors;
    expect(await errors({ attendance_start: "2026-01-29" })).toEqual({ attendance_end: ["Value is required"] });
    expect(await errors({ attendance_start: "2026-02-20", attendance_end: "2026-02-10" })).toEqual({ attendance_end: ["The period cannot end before it starts."] });
    expect(await errors({ attendance_start: "2026-02-01", attendance_end: "2026-03-01" })).toEqual({
      attendance_end: ["Attendance closes by the period's last day at the latest: the days after it are the next run's."],
    });
    expect(await errors({ attendance_start: "2025-10-01", attendance_end: "2026-02-25" })).toEqual({ attendance_end: ["A pay period can be at most 92 days long."] });
  });
});

describe("a run with a cut-off", () => {
  it("pays the attendance of its window: the days before the period in it, not the period's days after it", async () => {
    const person = await createPerson(t, admin, { pay_basis: "hourly", base_rate: 1_000, currency: "USD", hire_date: "2025-01-01", end_date: null });
    // In the window: 30 January (before the period) and 10 February; after the cut-off: 26 February.
    for (const date of ["2026-01-30", "2026-02-10", "2026-02-26"]) expect((await workDay(person, date)).statusCode).toBe(201);
    const people = { user_ids: [person.id] };
    const cut = await calculated({ ...FEBRUARY, ...CUT_OFF, people });
    expect((await payslipOf(cut, person)).inputs.worked_minutes).toBe(2 * 8 * 60);

    // Released (its window ended on 25 February), it locks its window's days, not the days after the cut-off:
    // 26 February is the next run's to pay, and can still be corrected.
    await must(admin, "POST", `/api/payroll/${cut.id}/approve`);
    await must(admin, "POST", `/api/payroll/release/${cut.id}`);
    expect((await workDay(person, "2026-02-12")).statusCode).toBe(409);
    expect((await workDay(person, "2026-01-31")).statusCode).toBe(409);
    expect((await workDay(person, "2026-02-27")).statusCode).toBe(201);
  });

  it("is released only when confirmed while its window has not ended, the refusal naming the open days", async () => {
    const person = await createPerson(t, admin, { pay_basis: "monthly", base_rate: 300_000, currency: "USD", hire_date: "2025-01-01", end_date: null });
    const march = await calculated({ period_start: "2026-03-01", period_end: "2026-03-15", pay_date: "2026-03-13", attendance_start: "2026-02-26", attendance_end: "2026-03-10", people: { user_ids: [person.id] } });
    await must(admin, "POST", `/api/payroll/${march.id}/approve`);
    expect(await refusal(admin, "POST", `/api/payroll/release/${march.id}`)).toEqual({
      status: 409,
      message: "This run's attendance is still open from 2026-03-02 to 2026-03-10: time recorded on those days after the release is not paid by it. Confirm the release to go ahead.",
    });
    expect((await must(admin, "GET", `/api/payroll/${march.id}`)).status).toBe("approved");
    expect((await must(admin, "POST", `/api/payroll/release/${march.id}`, CONFIRMED_OPEN)).status).toBe("released");
  });
});

describe("the run's notices", () => {
  it("say when attendance stops before the window's end (the last day recorded), or when none is recorded at all", async () => {
    const person = await createPerson(t, admin, { pay_basis: "hourly", base_rate: 1_000, currency: "USD", hire_date: "2025-01-01", end_date: null });
    const people = { user_ids: [person.id] };
    const window = { period_start: "2026-01-01", period_end: "2026-01-20", pay_date: "2026-01-20" };
    const notice = async (run: RunRecord) => ((await must(admin, "GET", `/api/payroll/${run.id}`)) as RunRecord).notices.filter((one) => one.kind === "attendance_incomplete");
    const empty: RunRecord = await must(admin, "POST", "/api/payroll", { ...window, people }, 201);
    expect(await notice(empty)).toEqual([{ kind: "attendance_incomplete", detail: "", run_id: null }]);
    expect((await workDay(person, "2026-01-14")).statusCode).toBe(201);
    expect(await notice(empty)).toEqual([{ kind: "attendance_incomplete", detail: "2026-01-14", run_id: null }]);
    expect((await workDay(person, "2026-01-20")).statusCode).toBe(201);
    expect(await notice(empty)).toEqual([]);
  });
});
