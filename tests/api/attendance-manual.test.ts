/**
 * Days entered, corrected and removed by attendance administrators
 * (POST /api/attendance/manual, PUT and DELETE /api/attendance/{id}): who may,
 * the reason required and kept, days that make sense (no overlap, breaks
 * inside, nothing in the future), and the person told of each change.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { startTestApp, TestClock, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, createRole, EMPLOYEE, employeeSignedIn, lastActivityId, staffWith } from "../support/people";
import { createSample } from "../support/samples";

let t: TestApp;
let admin: string;
let clockerRole: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  clockerRole = await createRole(t, admin, ["attendance_access"]);
});
afterAll(() => t.close());

/** Hours before the test clock's start, as ISO instants (the test tables are written before the app starts). */
const START = new TestClock().now().getTime();
const hoursAgo = (hours: number) => new Date(START - hours * 3_600_000).toISOString();
const day = (userId: number, extra: Record<string, unknown> = {}) => ({ user_id: userId, clock_in_at: hoursAgo(30), clock_out_at: hoursAgo(21), reason: "Forgot to clock in: confirmed by the supervisor", ...extra });
const enter = (token: string | null, body: Record<string, unknown>) => call(t, token, { method: "POST", url: "/api/attendance/manual", payload: body });
const correct = (token: string | null, id: number, body: Record<string, unknown>) => call(t, token, { method: "PUT", url: `/api/attendance/${id}`, payload: body });
const remove = (token: string | null, id: number, body: Record<string, unknown> = { reason: "Entered twice" }) => call(t, token, { method: "DELETE", url: `/api/attendance/${id}`, payload: body });
const person = () => employeeSignedIn(t, admin, { role_id: clockerRole });

describe("who may", () => {
  it("is for attendance administrators: 401 signed out, 403 to an employee and to staff without attendance_admin_access", async () => {
    const me = await person();
    const reports = await staffWith(t, admin, ["attendance_reports_access", "attendance_access", "users_manage"]);
    const id = (await enter(admin, day(me.id))).json().data.id;
    for (const [token, status] of [[null, 401], [me.token, 403], [reports.token, 403], [await t.tokenFor(EMPLOYEE.email), 403]] as const) {
      expect((await enter(token, day(me.id, { clock_in_at: hoursAgo(60), clock_out_at: hoursAgo(55) }))).statusCode).toBe(status);
      expect((await correct(token, id, { clock_out_at: hoursAgo(20), reason: "x" })).statusCode).toBe(status);
      expect((await remove(token, id)).statusCode).toBe(status);
    }
    const holder = await staffWith(t, admin, ["attendance_admin_access"]);
    expect((await correct(holder.token, id, { clock_out_at: hoursAgo(20), reason: "Stayed late" })).statusCode).toBe(200);
    expect((await remove(holder.token, id)).statusCode).toBe(200);
  });
});

describe("entering a day", () => {
  it("records a closed day with its breaks, logs the reason, and tells the person", async () => {
    const me = await person();
    const since = await lastActivityId(t, admin);
    const response = await enter(admin, day(me.id, { breaks: [{ started_at: hoursAgo(26), ended_at: hoursAgo(25) }] }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ message: "Day entered.", data: { user_id: me.id, source: "manual", worked_minutes: 8 * 60, breaks: [{ ended_at: hoursAgo(25) }] } });
    const [row] = (await activitiesAfter(t, admin, since)).filter((entry) => entry.subject_type === "attendance");
    expect(row).toMatchObject({ action: "attendance.entered", actor_id: 1, changes: { user_id: me.id, reason: "Forgot to clock in: confirmed by the supervisor", breaks: 1 } });
    const [told] = (await call(t, me.token, { method: "GET", url: "/api/notifications" })).json().data;
    expect(told).toMatchObject({ type: "attendance_corrected", title: "Your attendance was corrected", link: "/attendance/history", sender: { name: "Alex Admin" } });
    expect(told.message).toContain("Reason: Forgot to clock in: confirmed by the supervisor");
  });

  it.each([
    [{ reason: " " }, "reason", "Say why: the person is told, and the reason is kept."],
    [{ reason: undefined }, "reason", "Value is required"],
    [{ clock_out_at: hoursAgo(31) }, "clock_out_at", "The clock-out must come after the clock-in."],
    [{ clock_out_at: new Date(Date.now() + 86_400_000 * 400).toISOString() }, "clock_out_at", "A day cannot end in the future."],
    [{ breaks: [{ started_at: hoursAgo(31), ended_at: hoursAgo(29) }] }, "breaks", "Breaks must lie within the day, one after another, each ending after it starts."],
    [{ breaks: [{ started_at: hoursAgo(26), ended_at: hoursAgo(24) }, { started_at: hoursAgo(25), ended_at: hoursAgo(23) }] }, "breaks", "Breaks must lie within the day, one after another, each ending after it starts."],
    [{ clock_in_at: "yesterday at nine" }, "clock_in_at", "Enter a date and time with its time zone, such as 2026-03-02T09:00:00+08:00."],
    [{ user_id: 2147483647 }, "user_id", "This person does not exist."],
    [{ clock_in_at: hoursAgo(60) }, "clock_out_at", "A day can last at most 24 hours: enter each day on its own."],
    [{ clock_in_at: "0099-03-01T00:00:00Z" }, "clock_in_at", "Enter a date and time with its time zone, such as 2026-03-02T09:00:00+08:00."],
  ])("refuses %j with a 422 on %s", async (change, field, message) => {
    const me = await person();
    const response = await enter(admin, day(me.id, change));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it("refuses a day overlapping the person's time (409), an open day included", async () => {
    const me = await person();
    await enter(admin, day(me.id));
    const overlapping = await enter(admin, day(me.id, { clock_in_at: hoursAgo(22), clock_out_at: hoursAgo(20) }));
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toMatch(/^This overlaps the person's time on \d{4}-\d{2}-\d{2}\. Correct that day instead\.$/);
    // Another person's time does not count.
    expect((await enter(admin, day((await person()).id))).statusCode).toBe(201);
  });
});

describe("correcting and removing", () => {
  it("changes the times, replaces the breaks, keeps before and after with the reason, and tells the person", async () => {
    const me = await person();
    const id = (await enter(admin, day(me.id, { breaks: [{ started_at: hoursAgo(26), ended_at: hoursAgo(25) }] }))).json().data.id;
    const since = await lastActivityId(t, admin);
    const response = await correct(admin, id, { clock_out_at: hoursAgo(20), breaks: [], reason: "Stayed for the stock count" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ worked_minutes: 10 * 60, breaks: [] });
    const [row] = (await activitiesAfter(t, admin, since)).filter((entry) => entry.subject_type === "attendance");
    expect(row.changes).toMatchObject({ before: { clock_out_at: hoursAgo(21), breaks: 1 }, after: { clock_out_at: hoursAgo(20), breaks: 0 }, reason: "Stayed for the stock count" });
    const messages = (await call(t, me.token, { method: "GET", url: "/api/notifications" })).json().data.map((item: { message: string }) => item.message);
    expect(messages.some((text: string) => text.includes("Reason: Stayed for the stock count"))).toBe(true);
  });

  it("closes a day left open by giving its clock-out, and asks for it when it is missing", async () => {
    const me = await person();
    // From anywhere: no work location needed to open the day.
    await t.database.db.update(users).set({ clock_policy: "anywhere" }).where(eq(users.id, me.id));
    const open = (await call(t, me.token, { method: "POST", url: "/api/attendance/clock-in", payload: {} })).json().data;
    expect((await correct(admin, open.id, { reason: "No clock-out" })).json().errors.clock_out_at).toEqual(["This day is still open: give its clock-out time."]);
    t.clock.advanceMinutes(90);
    const closed = await correct(admin, open.id, { clock_out_at: t.clock.now().toISOString(), reason: "Forgot to clock out" });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.worked_minutes).toBe(90);
    expect((await call(t, me.token, { method: "GET", url: "/api/attendance/status" })).json().data.state).toBe("out");
  });

  it("removes a day with a reason, which is kept; a day that is not there is a 404", async () => {
    const me = await person();
    const id = (await enter(admin, day(me.id))).json().data.id;
    const since = await lastActivityId(t, admin);
    expect((await remove(admin, id, {})).json().errors.reason).toEqual(["Value is required"]);
    expect((await remove(admin, id)).json().message).toBe("Day removed.");
    expect((await remove(admin, id)).statusCode).toBe(404);
    expect((await correct(admin, id, { reason: "x" })).statusCode).toBe(404);
    const [row] = (await activitiesAfter(t, admin, since)).filter((entry) => entry.subject_type === "attendance");
    expect(row).toMatchObject({ action: "attendance.removed", changes: { user_id: me.id, reason: "Entered twice" } });
  });
});

describe("days a released payroll paid", () => {
  it("are locked: entering, correcting or removing one is a 409 naming the run; days outside its period and other people's still change", async () => {
    const me = await person();
    const paidDay = (await enter(admin, day(me.id))).json().data;
    const workDate: string = paidDay.work_date;
    await createSample(t, admin, "pay-components");
    const run = (await call(t, admin, { method: "POST", url: "/api/payroll", payload: { name: "March lock test", period_start: workDate, period_end: workDate, pay_date: workDate, people: { user_ids: [me.id] } } })).json().data.id;
    expect((await call(t, admin, { method: "POST", url: `/api/payslip/generate-payslips/${run}` })).statusCode).toBe(202);
    await t.app.ctx.jobs.idle();
    // Before the release, corrections still go in (the run is recalculated).
    expect((await correct(admin, paidDay.id, { clock_out_at: hoursAgo(22), reason: "Left earlier" })).statusCode).toBe(200);
    for (const step of [`/api/payroll/${run}/approve`, `/api/payroll/release/${run}`]) expect((await call(t, admin, { method: "POST", url: step })).statusCode).toBe(200);

    const locked = 'This day was paid in the released payroll “March lock test” and can no longer change: pay any difference with a correction run.';
    const corrected = await correct(admin, paidDay.id, { clock_out_at: hoursAgo(21), reason: "Stayed after all" });
    expect(corrected.statusCode).toBe(409);
    expect(corrected.json().message).toBe(locked);
    expect((await remove(admin, paidDay.id)).statusCode).toBe(409);
    expect((await enter(admin, day(me.id, { clock_in_at: hoursAgo(21), clock_out_at: hoursAgo(20) }))).json().message).toBe(locked);
    // Another day of theirs, and the same day of someone the run did not pay, are not locked.
    expect((await enter(admin, day(me.id, { clock_in_at: hoursAgo(60), clock_out_at: hoursAgo(55) }))).statusCode).toBe(201);
    expect((await enter(admin, day((await person()).id))).statusCode).toBe(201);
  });
});
