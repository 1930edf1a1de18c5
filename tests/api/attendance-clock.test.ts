/**
 * Clocking in and out with breaks (/api/attendance/...): who may (the role's
 * attendance_access, employees included), the state rules and their 409s,
 * the geofence for onsite people (refusals naming the nearest location and
 * the distance), remote clocking, the company-zone work date, the evidence
 * kept, and one record however many taps arrive at once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendanceBreaks, attendanceRecords, users } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, createRole, EMPLOYEE, employeeSignedIn, lastActivityId, staffWith, unique } from "../support/people";

let t: TestApp;
let admin: string;
let clockerRole: number;

/** A site in Makati; positions are given in metres north of its centre (about 111,195 m a degree). */
const SITE = { latitude: 14.5547, longitude: 121.0244, radius_m: 150 };
const north = (metres: number, accuracy = 10) => ({ latitude: SITE.latitude + metres / 111_195.08, longitude: SITE.longitude, accuracy });
let siteName: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  clockerRole = await createRole(t, admin, ["attendance_access"]);
  siteName = unique("Makati office ");
  const created = await call(t, admin, { method: "POST", url: "/api/locations", payload: { name: siteName, ...SITE } });
  expect(created.statusCode, created.body).toBe(201);
});
afterAll(() => t.close());

/** An employee (level 1) whose role grants attendance_access, signed in. */
const clocker = () => employeeSignedIn(t, admin, { role_id: clockerRole });
const post = (token: string | null, path: string, payload?: object, headers: Record<string, string> = {}) =>
  call(t, token, { method: "POST", url: `/api/attendance/${path}`, payload, headers });
const status = async (token: string) => (await call(t, token, { method: "GET", url: "/api/attendance/status" })).json().data;

describe("who may", () => {
  const ROUTES = [
    ["GET", "status"],
    ["GET", "today"],
    ["POST", "clock-in"],
    ["POST", "clock-out"],
    ["POST", "break/start"],
    ["POST", "break/end"],
    ["POST", "validate-location"],
  ] as const;

  it("refuses nobody signed in (401), and anyone whose role lacks attendance_access (403), employee or staff", async () => {
    const withoutRole = await employeeSignedIn(t, admin);
    const staff = await staffWith(t, admin, ["attendance_reports_access", "attendance_admin_access", "users_manage"]);
    for (const [method, path] of ROUTES) {
      const payload = method === "POST" ? north(0) : undefined;
      expect((await call(t, null, { method, url: `/api/attendance/${path}`, payload })).statusCode).toBe(401);
      expect((await call(t, withoutRole.token, { method, url: `/api/attendance/${path}`, payload })).statusCode).toBe(403);
      expect((await call(t, staff.token, { method, url: `/api/attendance/${path}`, payload })).statusCode).toBe(403);
    }
    const [records] = await Promise.all([t.database.db.select().from(attendanceRecords).where(eq(attendanceRecords.user_id, withoutRole.id))]);
    expect(records).toEqual([]);
  });

  it("lets the demo employee (role Employee), staff holding attendance_access and level 0 clock in", async () => {
    for (const token of [await t.tokenFor(EMPLOYEE.email), (await staffWith(t, admin, ["attendance_access"])).token, admin]) {
      const response = await post(token, "clock-in", north(0));
      expect(response.statusCode, response.body).toBe(201);
      expect((await post(token, "clock-out", north(0))).statusCode).toBe(200);
    }
  });
});

describe("the day's states", () => {
  it("goes in, on a break, back, and out; each wrong step is a 409 saying the state, and changes nothing", async () => {
    const me = await clocker();
    expect(await status(me.token)).toEqual({ state: "out", record: null });
    for (const path of ["clock-out", "break/start", "break/end"]) {
      const refused = await post(me.token, path, path === "clock-out" ? north(0) : undefined);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("You are clocked out: clock in first.");
    }

    const opened = await post(me.token, "clock-in", north(20));
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ message: "Clocked in.", data: { user_id: me.id, clock_out_at: null, remote: false, in_location: { name: siteName }, in_distance_m: 20, breaks: [] } });
    expect((await status(me.token)).state).toBe("in");
    expect((await post(me.token, "clock-in", north(0))).json().message).toBe("You are already clocked in.");
    expect((await post(me.token, "break/end")).json().message).toBe("You are clocked in, not on a break.");

    t.clock.advanceMinutes(120);
    expect((await post(me.token, "break/start")).statusCode).toBe(200);
    expect((await status(me.token)).state).toBe("on_break");
    expect((await post(me.token, "break/start")).json().message).toBe("You are already on a break.");
    expect((await post(me.token, "clock-in", north(0))).json().message).toBe("You are on a break: end it first.");
    t.clock.advanceMinutes(30);
    const back = await post(me.token, "break/end");
    expect(back.json().data.breaks).toHaveLength(1);
    expect(back.json().data.worked_minutes).toBe(120);

    // A second break, left open: clocking out ends it.
    t.clock.advanceMinutes(60);
    await post(me.token, "break/start");
    t.clock.advanceMinutes(15);
    const closed = await post(me.token, "clock-out", north(500));
    expect(closed.statusCode, closed.body).toBe(200);
    const record = closed.json().data;
    expect(record.breaks).toHaveLength(2);
    expect(record.breaks.every((entry: { ended_at: string | null }) => entry.ended_at !== null)).toBe(true);
    // 225 minutes in all, 45 of them on breaks.
    expect(record.worked_minutes).toBe(180);
    // Leaving is never refused; where it happened is kept.
    expect(record).toMatchObject({ out_location: null, out_distance_m: 500 });
    expect(await status(me.token)).toEqual({ state: "out", record: null });
  });

  it("writes one activity row per clock event", async () => {
    const me = await clocker();
    const since = await lastActivityId(t, admin);
    await post(me.token, "clock-in", north(0));
    await post(me.token, "break/start");
    await post(me.token, "break/end");
    await post(me.token, "clock-out", north(0));
    const rows = (await activitiesAfter(t, admin, since)).filter((row) => row.subject_type === "attendance");
    expect(rows.map((row) => [row.action, row.actor_id])).toEqual([
      ["attendance.clocked_in", me.id],
      ["attendance.break_started", me.id],
      ["attendance.break_ended", me.id],
      ["attendance.clocked_out", me.id],
    ]);
  });
});

describe("where", () => {
  it("refuses an onsite clock-in outside every location, naming the nearest and the distance", async () => {
    const me = await clocker();
    const refused = await post(me.token, "clock-in", north(420));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.latitude).toEqual([`You are 420 m from ${siteName}, outside its 150 m area. Clock in when you are there.`]);
    expect((await status(me.token)).state).toBe("out");
  });

  it("widens the area by the device's accuracy, up to the allowance, and refuses a position too vague to tell", async () => {
    const me = await clocker();
    expect((await post(me.token, "clock-in", north(190, 45))).statusCode).toBe(201);
    // Clocking out with no position at all (a browser that refused to give one).
    expect((await post(me.token, "clock-out")).statusCode).toBe(200);
    expect((await post(me.token, "clock-in", north(210, 500))).statusCode).toBe(422);
    const vague = await post(me.token, "clock-in", north(0, 1500));
    expect(vague.statusCode).toBe(422);
    expect(vague.json().errors.accuracy).toEqual(["Your position is only known to within 1,500 m (more than 1,000 m). Move to open sky or turn on precise location, then try again."]);
  });

  it("needs a position from an onsite person, and checks its numbers", async () => {
    const me = await clocker();
    expect((await post(me.token, "clock-in", {})).json().errors.latitude).toEqual(["Your position is needed to clock in here. Allow location access and try again."]);
    expect((await post(me.token, "clock-in", { ...north(0), latitude: 91 })).json().errors.latitude).toEqual(["Enter a latitude from -90 to 90 degrees."]);
    expect((await post(me.token, "clock-in", { ...north(0), accuracy: -1 })).statusCode).toBe(422);
    expect((await post(me.token, "clock-in", { ...north(0), latitude: "14.5" })).statusCode).toBe(422);
  });

  it("checks only the person's own locations when they have some", async () => {
    const me = await clocker();
    const other = await call(t, admin, { method: "POST", url: "/api/locations", payload: { name: unique("Cebu "), latitude: 10.3157, longitude: 123.8854, radius_m: 200 } });
    const { userWorkLocations } = await import("../../server/db/schema");
    await t.database.db.insert(userWorkLocations).values({ user_id: me.id, location_id: other.json().data.id });
    const refused = await post(me.token, "clock-in", north(0));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.latitude[0]).toContain("Cebu");
  });

  it("records an anywhere person where they are, flagged remote, with or without a position", async () => {
    const me = await clocker();
    await t.database.db.update(users).set({ clock_policy: "anywhere" }).where(eq(users.id, me.id));
    const far = await post(me.token, "clock-in", north(50_000));
    expect(far.statusCode, far.body).toBe(201);
    expect(far.json().data).toMatchObject({ remote: true, in_location: null, in_distance_m: 50_000 });
    await post(me.token, "clock-out");
    const nowhere = await post(me.token, "clock-in");
    expect(nowhere.json().data).toMatchObject({ remote: true, in_location: null, in_distance_m: null });
  });

  it("keeps the evidence: position, accuracy, location, distance, address and device", async () => {
    const me = await clocker();
    const id = (await post(me.token, "clock-in", north(30, 12), { "user-agent": "Pixel 8 / Chrome" })).json().data.id;
    const [row] = await t.database.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, id));
    expect(row).toMatchObject({ in_accuracy_m: 12, in_distance_m: 30, in_device: "Pixel 8 / Chrome", in_ip: "127.0.0.1" });
    expect(row.in_latitude).toBeCloseTo(north(30).latitude, 9);
  });

  it("checks a position without clocking", async () => {
    const me = await clocker();
    const inside = await post(me.token, "validate-location", north(100));
    expect(inside.json().data).toMatchObject({ allowed: true, reason: "inside", clock_policy: "onsite", location: { name: siteName, radius_m: SITE.radius_m }, distance_m: 100, nearest: { name: siteName, distance_m: 100 } });
    const outside = await post(me.token, "validate-location", north(1200));
    expect(outside.json().data).toMatchObject({ allowed: false, reason: "outside", location: null, distance_m: null, nearest: { name: siteName, distance_m: 1200, radius_m: SITE.radius_m }, accuracy_m: 10 });
    const blurred = await post(me.token, "validate-location", north(100, 2500));
    expect(blurred.json().data).toMatchObject({ allowed: false, reason: "imprecise", nearest: null, accuracy_m: 2500, max_accuracy_m: 1000 });
    expect((await status(me.token)).state).toBe("out");
  });

  it("tells a person who clocks from anywhere that they may, wherever they are", async () => {
    const me = await clocker();
    await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { clock_policy: "anywhere" } });
    const far = (await post(me.token, "validate-location", north(50_000))).json().data;
    expect(far).toMatchObject({ allowed: true, reason: "anywhere", clock_policy: "anywhere", location: null, nearest: { name: siteName } });
  });
});

describe("setting where a person clocks in (PUT /api/users/{id})", () => {
  it("is for attendance administrators who manage people: the policy and locations take effect at once", async () => {
    const me = await clocker();
    const hr = (await staffWith(t, admin, ["users_view", "users_manage", "attendance_admin_access"])).token;
    const cebu = (await call(t, admin, { method: "POST", url: "/api/locations", payload: { name: unique("Cebu "), latitude: 10.3157, longitude: 123.8854, radius_m: 200 } })).json().data.id;
    const site = (await call(t, admin, { method: "GET", url: `/api/locations?filter[name][equals]=${encodeURIComponent(siteName)}` })).json().data[0].id;

    const managerOnly = await staffWith(t, admin, ["users_view", "users_manage"]);
    const refused = await call(t, managerOnly.token, { method: "PUT", url: `/api/users/${me.id}`, payload: { clock_policy: "anywhere" } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only attendance administrators may set where a person clocks in.");

    const set = await call(t, hr, { method: "PUT", url: `/api/users/${me.id}`, payload: { work_location_ids: [site, cebu].reverse() } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ clock_policy: "onsite", work_location_ids: [site, cebu].sort((a, b) => a - b) });
    expect((await post(me.token, "clock-in", north(0))).statusCode).toBe(201);
    await post(me.token, "clock-out");

    // Only Cebu now: Makati is refused.
    await call(t, hr, { method: "PUT", url: `/api/users/${me.id}`, payload: { work_location_ids: [cebu] } });
    expect((await post(me.token, "clock-in", north(0))).statusCode).toBe(422);
    // From anywhere, recorded as remote.
    await call(t, hr, { method: "PUT", url: `/api/users/${me.id}`, payload: { clock_policy: "anywhere" } });
    expect((await post(me.token, "clock-in", north(0))).json().data.remote).toBe(true);
  });

  it("refuses locations that do not exist or are listed twice (422 on the field)", async () => {
    const me = await clocker();
    const missing = await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { work_location_ids: [2147483647] } });
    expect(missing.json().errors.work_location_ids).toEqual(["One of these work locations does not exist. Choose from the list."]);
    const twice = await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { work_location_ids: [1, 1] } });
    expect(twice.json().errors.work_location_ids).toEqual(["A work location is listed twice."]);
    expect((await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { clock_policy: "sometimes" } })).statusCode).toBe(422);
  });
});

describe("when", () => {
  it("dates the record by the company's time zone at clock-in, and keeps a night shift one record", async () => {
    await call(t, admin, { method: "PUT", url: "/api/company-profile", payload: { time_zone: "Asia/Manila" } });
    const me = await clocker();
    const start = t.clock.now();
    // 23:00 in Manila, whatever the test clock reads in UTC: 15:00 UTC.
    const untilEleven = (((15 - start.getUTCHours()) * 60 - start.getUTCMinutes()) % 1440 + 1440) % 1440;
    t.clock.advanceMinutes(untilEleven);
    const manilaDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(t.clock.now());
    const record = (await post(me.token, "clock-in", north(0))).json().data;
    expect(record.work_date).toBe(manilaDate);
    t.clock.advanceMinutes(8 * 60);
    const closed = (await post(me.token, "clock-out", north(0))).json().data;
    expect(closed).toMatchObject({ id: record.id, work_date: manilaDate, worked_minutes: 480 });
    // The clock moved on by up to a day and a half: the administrator signs in again.
    admin = await t.tokenFor(ADMIN.email);
    await call(t, admin, { method: "PUT", url: "/api/company-profile", payload: { time_zone: "UTC" } });
  });
});

describe("many taps at once", () => {
  it("opens one record for 50 clock-ins sent together; the rest are told they are clocked in", async () => {
    const me = await clocker();
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(me.token, "clock-in", north(0))));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe("You are already clocked in.");
    expect(await t.database.db.select().from(attendanceRecords).where(eq(attendanceRecords.user_id, me.id))).toHaveLength(1);
  });

  it("closes a day once for two clock-outs sent together, and never leaves a break open on a closed day", async () => {
    const me = await clocker();
    await post(me.token, "clock-in", north(0));
    const outs = await Promise.all([post(me.token, "clock-out"), post(me.token, "clock-out")]);
    expect(outs.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);

    await post(me.token, "clock-in", north(0));
    await Promise.all([post(me.token, "clock-out"), post(me.token, "break/start")]);
    const rows = await t.database.db.select().from(attendanceRecords).where(eq(attendanceRecords.user_id, me.id));
    for (const row of rows) {
      const open = await t.database.db.select().from(attendanceBreaks).where(eq(attendanceBreaks.record_id, row.id));
      expect(row.clock_out_at === null || open.every((entry) => entry.ended_at !== null), `record ${row.id}`).toBe(true);
    }
  });
});
