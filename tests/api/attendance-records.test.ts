/**
 * GET /api/attendance/records?user_id=&from=&to=: one person's records, with
 * their breaks and clock evidence, for people who may see anyone's
 * attendance; work dates in the company's zone decide what a range holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attendanceBreaks, attendanceRecords } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createRole, EMPLOYEE, employeeSignedIn, staffWith, unique, type Person } from "../support/people";

let t: TestApp;
let admin: string;
let clocker: Person & { token: string };
let siteId: number;

const url = (query: string) => `/api/attendance/records?${query}`;
const get = (token: string | null, query: string) => call(t, token, { method: "GET", url: url(query) });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await call(t, admin, { method: "PUT", url: "/api/company-profile", payload: { time_zone: "Asia/Manila" } });
  clocker = await employeeSignedIn(t, admin, { role_id: await createRole(t, admin, ["attendance_access"]) });
  siteId = (await call(t, admin, { method: "POST", url: "/api/locations", payload: { name: unique("Makati "), latitude: 14.5547, longitude: 121.0244, radius_m: 150 } })).json().data.id;
  // Clocked at the site, with a lunch break: Friday 27 February in Manila.
  const [clocked] = await t.database.db
    .insert(attendanceRecords)
    .values({ user_id: clocker.id, work_date: "2026-02-27", clock_in_at: new Date("2026-02-27T00:58:00Z"), clock_out_at: new Date("2026-02-27T10:02:00Z"), in_location_id: siteId, in_distance_m: 35, out_location_id: siteId, out_distance_m: 41 })
    .returning({ id: attendanceRecords.id });
  await t.database.db.insert(attendanceBreaks).values({ record_id: clocked.id, started_at: new Date("2026-02-27T04:00:00Z"), ended_at: new Date("2026-02-27T05:00:00Z") });
  // 01:00 on Sunday 1 March in Manila is still 28 February in UTC: the company's date counts.
  await call(t, admin, { method: "POST", url: "/api/attendance/manual", payload: { user_id: clocker.id, clock_in_at: "2026-03-01T01:00:00+08:00", clock_out_at: "2026-03-01T05:00:00+08:00", reason: "Stock count" } });
});
afterAll(() => t.close());

describe("who may", () => {
  const query = () => `user_id=${clocker.id}&from=2026-02-23&to=2026-03-01`;

  it("answers 401 signed out, 403 to employees (their own records included) and to staff without attendance_reports_access", async () => {
    expect((await get(null, query())).statusCode).toBe(401);
    expect((await get(clocker.token, query())).statusCode).toBe(403);
    expect((await get(await t.tokenFor(EMPLOYEE.email), query())).statusCode).toBe(403);
    const without = await staffWith(t, admin, ["attendance_access", "attendance_admin_access", "users_view"]);
    expect((await get(without.token, query())).statusCode).toBe(403);
  });

  it("answers staff with attendance_reports_access and administrators", async () => {
    const reporter = await staffWith(t, admin, ["attendance_reports_access"]);
    for (const token of [reporter.token, admin]) {
      const response = await get(token, query());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toHaveLength(2);
    }
  });
});

describe("what it answers", () => {
  it("gives the records in clock-in order with breaks, locations, distances, source and minutes worked", async () => {
    const { data } = (await get(admin, `user_id=${clocker.id}&from=2026-02-23&to=2026-03-01`)).json();
    expect(data).toEqual([
      expect.objectContaining({
        user_id: clocker.id,
        work_date: "2026-02-27",
        clock_in_at: "2026-02-27T00:58:00.000Z",
        clock_out_at: "2026-02-27T10:02:00.000Z",
        source: "clock",
        remote: false,
        in_location: { id: siteId, name: expect.stringMatching(/^Makati /) },
        in_distance_m: 35,
        out_distance_m: 41,
        breaks: [expect.objectContaining({ started_at: "2026-02-27T04:00:00.000Z", ended_at: "2026-02-27T05:00:00.000Z" })],
        worked_minutes: 9 * 60 + 4 - 60,
      }),
      expect.objectContaining({ work_date: "2026-03-01", source: "manual", clock_in_at: "2026-02-28T17:00:00.000Z", worked_minutes: 240 }),
    ]);
  });

  it("keeps to the range by the company's work date, both ends included", async () => {
    const dates = async (from: string, to: string) => (await get(admin, `user_id=${clocker.id}&from=${from}&to=${to}`)).json().data.map((record: { work_date: string }) => record.work_date);
    expect(await dates("2026-02-28", "2026-02-28")).toEqual([]);
    expect(await dates("2026-03-01", "2026-03-01")).toEqual(["2026-03-01"]);
    expect(await dates("2026-02-27", "2026-02-27")).toEqual(["2026-02-27"]);
  });

  it("answers an empty list for someone who has recorded nothing", async () => {
    const quiet = await employeeSignedIn(t, admin);
    expect((await get(admin, `user_id=${quiet.id}&from=2026-02-01&to=2026-03-01`)).json()).toEqual({ data: [] });
  });

  it("answers 404 for a person who does not exist", async () => {
    expect((await get(admin, "user_id=2147483647&from=2026-02-23&to=2026-03-01")).statusCode).toBe(404);
  });

  it.each([
    ["from=2026-02-23&to=2026-03-01", "user_id"],
    [`user_id=abc&from=2026-02-23&to=2026-03-01`, "user_id"],
    ["user_id=1&to=2026-03-01", "from"],
    ["user_id=1&from=2026-02-30&to=2026-03-01", "from"],
    ["user_id=1&from=2026-03-01&to=2026-02-23", "to"],
    ["user_id=1&from=2026-01-01&to=2026-04-30", "to"],
  ])("refuses %s with a 422 on %s", async (query, field) => {
    const response = await get(admin, query);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toHaveProperty([field]);
  });

  it("says why a range is refused", async () => {
    expect((await get(admin, "user_id=1&from=2026-03-01&to=2026-02-23")).json().errors.to).toEqual(["The end date must be on or after the start date."]);
    expect((await get(admin, "user_id=1&from=2026-01-01&to=2026-04-30")).json().errors.to).toEqual(["Choose a range of at most 93 days."]);
  });
});

describe("the reference", () => {
  it("documents the call with its query parameters under attendance", async () => {
    const { paths } = (await call(t, null, { method: "GET", url: "/api/docs/json" })).json();
    const operation = paths["/api/attendance/records"].get;
    expect(operation.tags).toEqual(["attendance"]);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(["from", "to", "user_id"]);
  });
});
