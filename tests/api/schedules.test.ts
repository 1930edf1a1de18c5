/**
 * Work schedules, their assignment to people and company holidays
 * (/api/schedules, /api/schedules/{id}/assignments, /api/schedules/my-schedule,
 * /api/holidays): who may, validation of times and days, the set-based
 * assignment, and one's own schedule and next shift in the company's zone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createRole, EMPLOYEE, employeeSignedIn, HR, staffWith, unique } from "../support/people";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

const shift = (overrides: Record<string, unknown> = {}) => ({ name: unique("Day shift "), working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "18:00", ...overrides });
const create = (token: string, body: Record<string, unknown> = shift()) => call(t, token, { method: "POST", url: "/api/schedules", payload: body });

describe("who may", () => {
  it("answers 401 anonymously and 403 to employees and staff without attendance_admin_access, on every call", async () => {
    const id = (await create(admin)).json().data.id;
    const employee = await t.tokenFor(EMPLOYEE.email);
    const reports = await staffWith(t, admin, ["attendance_access", "attendance_reports_access"]);
    const calls = [
      ["GET", "/api/schedules"],
      ["POST", "/api/schedules"],
      ["GET", `/api/schedules/${id}`],
      ["PUT", `/api/schedules/${id}`],
      ["DELETE", `/api/schedules/${id}`],
      ["GET", `/api/schedules/${id}/assignments`],
      ["POST", `/api/schedules/${id}/assignments`],
      ["DELETE", `/api/schedules/${id}/assignments/1`],
      ["GET", "/api/holidays"],
      ["POST", "/api/holidays"],
      ["GET", "/api/holidays/1"],
      ["PUT", "/api/holidays/1"],
      ["DELETE", "/api/holidays/1"],
    ] as const;
    for (const [method, url] of calls) {
      expect((await call(t, null, { method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(t, employee, { method, url })).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(t, reports.token, { method, url })).statusCode, `${method} ${url}`).toBe(403);
    }
    const hr = await t.tokenFor(HR.email);
    expect((await call(t, hr, { method: "GET", url: `/api/schedules/${id}` })).statusCode).toBe(200);
  });

  it("lets anyone clocking read their own schedule, and nobody else", async () => {
    expect((await call(t, null, { method: "GET", url: "/api/schedules/my-schedule" })).statusCode).toBe(401);
    const withoutClock = await employeeSignedIn(t, admin);
    expect((await call(t, withoutClock.token, { method: "GET", url: "/api/schedules/my-schedule" })).statusCode).toBe(403);
    const admins = await staffWith(t, admin, ["attendance_admin_access", "attendance_reports_access"]);
    expect((await call(t, admins.token, { method: "GET", url: "/api/schedules/my-schedule" })).statusCode).toBe(403);
    expect((await call(t, admin, { method: "GET", url: "/api/schedules/my-schedule" })).statusCode).toBe(200);
  });
});

describe("schedules", () => {
  it("creates with defaults, sorts the days, reads back and changes what is sent", async () => {
    const created = await create(admin, shift({ working_days: [5, 1, 3] }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ working_days: [1, 3, 5], unpaid_break_minutes: 60, grace_minutes: 0, overtime_after_minutes: 480, active: true, people_count: 0 });
    const id = created.json().data.id;
    const changed = await call(t, admin, { method: "PUT", url: `/api/schedules/${id}`, payload: { start_time: "22:00", end_time: "06:00" } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ start_time: "22:00", end_time: "06:00" });
  });

  it.each([
    ["start_time", "9:00", "Enter a time as HH:MM on the 24-hour clock, e.g. 09:00."],
    ["end_time", "24:00", "Enter a time as HH:MM on the 24-hour clock, e.g. 09:00."],
    ["end_time", "09:00", "The shift must end at another time than it starts."],
    ["working_days", [], "Choose at least one working day."],
    ["working_days", [1, 1], "Each working day may be chosen once."],
    ["working_days", [7], "Working days are 0 (Sunday) to 6 (Saturday)."],
    ["grace_minutes", -1, "Enter the grace period in whole minutes, from 0 to 120."],
    ["unpaid_break_minutes", 30.5, "Enter the unpaid break in whole minutes, from 0 to 240."],
    ["overtime_after_minutes", 1441, "Enter the overtime threshold in whole minutes, from 0 to 1,440."],
  ])("refuses %s = %j with a 422 naming the field", async (field, value, message) => {
    const response = await create(admin, shift({ [field]: value }));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field.replace(/\.\d+$/, "")] ?? Object.values(response.json().errors).flat()).toContain(message);
  });

  it("checks an update against the record as it will be, and refuses a second schedule of the same name", async () => {
    const body = shift({ start_time: "08:00", end_time: "10:00", unpaid_break_minutes: 0 });
    const id = (await create(admin, body)).json().data.id;
    const tooLong = await call(t, admin, { method: "PUT", url: `/api/schedules/${id}`, payload: { unpaid_break_minutes: 120 } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.unpaid_break_minutes).toEqual(["The unpaid break must be shorter than the shift."]);
    expect((await call(t, admin, { method: "PUT", url: `/api/schedules/${id}`, payload: { end_time: "08:00" } })).json().errors.end_time).toBeDefined();
    const twin = await create(admin, shift({ name: body.name.toUpperCase() }));
    expect(twin.statusCode).toBe(422);
    expect(twin.json().errors.name).toEqual(["Another schedule already has this name."]);
  });
});

describe("assignments", () => {
  it("assigns many people in one call, moves a person on the same date, counts the people, and refuses deleting a schedule in use", async () => {
    const [a, b] = await Promise.all([employeeSignedIn(t, admin), employeeSignedIn(t, admin)]);
    const day = (await create(admin)).json().data.id;
    const night = (await create(admin, shift({ start_time: "22:00", end_time: "06:00" }))).json().data.id;
    const assigned = await call(t, admin, { method: "POST", url: `/api/schedules/${day}/assignments`, payload: { user_ids: [a.id, b.id, a.id], effective_from: "2026-01-01" } });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(assigned.json().data).toHaveLength(2);
    expect(assigned.json().message).toBe("Schedule assigned to 2 people.");
    const moved = await call(t, admin, { method: "POST", url: `/api/schedules/${night}/assignments`, payload: { user_ids: [b.id], effective_from: "2026-01-01" } });
    expect(moved.json().data).toEqual([expect.objectContaining({ user_id: b.id, schedule_id: night, effective_from: "2026-01-01" })]);
    const list = await call(t, admin, { method: "GET", url: `/api/schedules/${day}/assignments` });
    expect(list.json().data.map((row: { user_id: number }) => row.user_id)).toEqual([a.id]);
    expect((await call(t, admin, { method: "GET", url: `/api/schedules/${day}` })).json().data.people_count).toBe(1);
    const refused = await call(t, admin, { method: "DELETE", url: `/api/schedules/${day}` });
    expect(refused.statusCode).toBe(409);
    const removed = await call(t, admin, { method: "DELETE", url: `/api/schedules/${day}/assignments/${list.json().data[0].id}` });
    expect(removed.json().data).toMatchObject({ outcome: "deleted" });
    expect((await call(t, admin, { method: "DELETE", url: `/api/schedules/${day}/assignments/${list.json().data[0].id}` })).statusCode).toBe(404);
  });

  it("names unknown people and bad dates with a 422, and answers 404 for a schedule that does not exist", async () => {
    const id = (await create(admin)).json().data.id;
    const unknown = await call(t, admin, { method: "POST", url: `/api/schedules/${id}/assignments`, payload: { user_ids: [2_000_000_000], effective_from: "2026-01-01" } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.user_ids).toEqual(["No such people: 2000000000."]);
    const badDate = await call(t, admin, { method: "POST", url: `/api/schedules/${id}/assignments`, payload: { user_ids: [1], effective_from: "2026-02-30" } });
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors.effective_from).toBeDefined();
    expect((await call(t, admin, { method: "POST", url: "/api/schedules/2000000000/assignments", payload: { user_ids: [1], effective_from: "2026-01-01" } })).statusCode).toBe(404);
  });
});

describe("my schedule", () => {
  it("answers the schedule in force today and the next shift, in the company's zone, skipping holidays", async () => {
    const role = await createRole(t, admin, ["attendance_access"]);
    const person = await employeeSignedIn(t, admin, { role_id: role });
    const none = await call(t, person.token, { method: "GET", url: "/api/schedules/my-schedule" });
    expect(none.json().data).toMatchObject({ schedule: null, next_shift: null });

    const zone = (await call(t, admin, { method: "GET", url: "/api/company-profile" })).json().data.time_zone as string;
    await call(t, admin, { method: "PUT", url: "/api/company-profile", payload: { time_zone: "Asia/Manila" } });
    try {
      const night = (await create(admin, shift({ working_days: [1, 2, 3, 4, 5], start_time: "22:00", end_time: "06:00" }))).json().data;
      await call(t, admin, { method: "POST", url: `/api/schedules/${night.id}/assignments`, payload: { user_ids: [person.id], effective_from: "2020-01-01" } });
      // The test clock starts on Monday 2026-03-02, 09:00 UTC: 17:00 in Manila, before Monday's night shift.
      const before = (await call(t, person.token, { method: "GET", url: "/api/schedules/my-schedule" })).json().data;
      expect(before).toMatchObject({ today: "2026-03-02", time_zone: "Asia/Manila", effective_from: "2020-01-01", schedule: { id: night.id } });
      expect(before.next_shift).toEqual({ date: "2026-03-02", starts_at: "2026-03-02T14:00:00.000Z", ends_at: "2026-03-02T22:00:00.000Z", start_time: "22:00", end_time: "06:00" });
      // 23:00 in Manila: Monday's shift is on until 06:00 Tuesday.
      t.clock.advanceMinutes(6 * 60);
      expect((await call(t, person.token, { method: "GET", url: "/api/schedules/my-schedule" })).json().data.next_shift).toMatchObject({ date: "2026-03-02" });
      // 07:00 Tuesday in Manila, Tuesday a holiday: the next shift is Wednesday's.
      await call(t, admin, { method: "POST", url: "/api/holidays", payload: { date: "2026-03-03", name: unique("Founders' day ") } });
      t.clock.advanceMinutes(8 * 60);
      // Sessions lapse over fourteen idle hours: both sign in again.
      admin = await t.tokenFor(ADMIN.email);
      const again = await t.tokenFor(person.email, person.password);
      const after = (await call(t, again, { method: "GET", url: "/api/schedules/my-schedule" })).json().data;
      expect(after).toMatchObject({ today: "2026-03-03", holiday: { date: "2026-03-03" } });
      expect(after.next_shift).toMatchObject({ date: "2026-03-04", starts_at: "2026-03-04T14:00:00.000Z" });
    } finally {
      await call(t, admin, { method: "PUT", url: "/api/company-profile", payload: { time_zone: zone } });
    }
  });
});

describe("holidays", () => {
  it("creates, refuses a second holiday on the same date with a 422 on the date, and refuses impossible dates", async () => {
    const created = await call(t, admin, { method: "POST", url: "/api/holidays", payload: { date: "2032-12-25", name: "Christmas" } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ date: "2032-12-25", name: "Christmas" });
    const twin = await call(t, admin, { method: "POST", url: "/api/holidays", payload: { date: "2032-12-25", name: "Again" } });
    expect(twin.statusCode).toBe(422);
    expect(twin.json().errors.date).toEqual(["Another holiday is already on this date."]);
    const impossible = await call(t, admin, { method: "POST", url: "/api/holidays", payload: { date: "2032-02-30", name: "Never" } });
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json().errors.date).toBeDefined();
    const list = await call(t, admin, { method: "GET", url: "/api/holidays?filter[date][dateAfter]=2032-12-24&filter[date][dateBefore]=2032-12-26" });
    expect(list.json().data.map((row: { name: string }) => row.name)).toEqual(["Christmas"]);
  });
});
