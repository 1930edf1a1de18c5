/**
 * Sessions one can see and end: GET /api/me/sessions lists one's signed-in
 * devices (browser, system, address, last seen), DELETE /api/me/sessions/{id}
 * ends one, POST /api/me/sessions/end-others every other; an administrator
 * ends all of a person's from their record (POST /api/users/{id}/end-sessions).
 * Before, POST /api/logout ended only the token it was sent with.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog } from "../../server/db/schema";
import { describeDevice } from "../../server/modules/auth/devices";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, EMPLOYEE, employeeSignedIn, type Person } from "../support/people";

let t: TestApp;
let admin: string;
let employee: string;

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const LAPTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  employee = await t.tokenFor(EMPLOYEE.email);
});
afterAll(() => t.close());

/** Signs the person in from a device of their own: its token. */
async function signInFrom(person: Person, userAgent: string, ip: string): Promise<string> {
  const response = await t.app.inject({ method: "POST", url: "/api/login", payload: { email: person.email, password: person.password }, headers: { "user-agent": userAgent }, remoteAddress: ip });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}
const sessions = async (token: string) => {
  const response = await call(t, token, { method: "GET", url: "/api/me/sessions" });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; current: boolean; browser: string | null; os: string | null; device: string; ip: string | null }[];
};
const actions = async (userId: number) =>
  (await t.database.db.select({ action: activityLog.action }).from(activityLog).where(and(eq(activityLog.subject_type, "user"), eq(activityLog.subject_id, userId))).orderBy(activityLog.id)).map((row) => row.action);

describe("one's own signed-in devices", () => {
  it("lists each device with its browser, system, address and which one is asking, the last used first", async () => {
    const person = await employeeSignedIn(t, admin);
    const phone = await signInFrom(person, PHONE, "203.0.113.7");
    const laptop = await signInFrom(person, LAPTOP, "198.51.100.20");
    const listed = await sessions(laptop);
    expect(listed).toHaveLength(3);
    expect(listed.find((session) => session.current)).toMatchObject({ browser: "Chrome 131", os: "Windows 10", device: "desktop", ip: "198.51.100.20" });
    expect(listed.find((session) => session.ip === "203.0.113.7")).toMatchObject({ current: false, browser: "Safari 18", os: "iOS 18.1", device: "mobile" });
    expect((await sessions(phone)).filter((session) => session.current)).toHaveLength(1);
  });

  it("ends one other device: its token stops working at once, the others go on; someone else's session is a 404", async () => {
    const person = await employeeSignedIn(t, admin);
    const phone = await signInFrom(person, PHONE, "203.0.113.7");
    const laptop = await signInFrom(person, LAPTOP, "198.51.100.20");
    const phoneId = (await sessions(laptop)).find((session) => session.ip === "203.0.113.7")!.id;
    expect((await call(t, employee, { method: "DELETE", url: `/api/me/sessions/${phoneId}` })).statusCode).toBe(404);
    expect((await call(t, phone, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    const ended = await call(t, laptop, { method: "DELETE", url: `/api/me/sessions/${phoneId}` });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ message: "That device is signed out." });
    expect((await call(t, phone, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await call(t, laptop, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    expect(await actions(person.id)).toContain("auth.session_ended");
  });

  it("ends every other device at once and keeps this one", async () => {
    const person = await employeeSignedIn(t, admin);
    const phone = await signInFrom(person, PHONE, "203.0.113.7");
    const laptop = await signInFrom(person, LAPTOP, "198.51.100.20");
    const response = await call(t, laptop, { method: "POST", url: "/api/me/sessions/end-others" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { ended: 2 }, message: "2 other devices are signed out." });
    expect((await call(t, phone, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await sessions(laptop)).map((session) => session.current)).toEqual([true]);
    // Nothing left to end: said, and nothing logged.
    const before = (await actions(person.id)).length;
    expect((await call(t, laptop, { method: "POST", url: "/api/me/sessions/end-others" })).json().data).toEqual({ ended: 0 });
    expect(await actions(person.id)).toHaveLength(before);
  });

  it("answers 401 signed out", async () => {
    expect((await call(t, null, { method: "GET", url: "/api/me/sessions" })).statusCode).toBe(401);
    expect((await call(t, null, { method: "DELETE", url: "/api/me/sessions/1" })).statusCode).toBe(401);
    expect((await call(t, null, { method: "POST", url: "/api/me/sessions/end-others" })).statusCode).toBe(401);
  });
});

describe("POST /api/users/{id}/end-sessions", () => {
  it("answers 401 signed out and 403 to an employee; the administrator signs the person out everywhere, and they may sign in again", async () => {
    const person = await employeeSignedIn(t, admin);
    const phone = await signInFrom(person, PHONE, "203.0.113.7");
    const url = `/api/users/${person.id}/end-sessions`;
    expect((await call(t, null, { method: "POST", url })).statusCode).toBe(401);
    expect((await call(t, employee, { method: "POST", url })).statusCode).toBe(403);
    expect((await call(t, phone, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    const response = await call(t, admin, { method: "POST", url });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { ended: 2 }, message: "2 sessions ended: they must sign in again." });
    expect((await call(t, phone, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect(await actions(person.id)).toContain("user.sessions_ended");
    await signInFrom(person, LAPTOP, "198.51.100.20");
    expect((await call(t, admin, { method: "POST", url: "/api/users/999999/end-sessions" })).statusCode).toBe(404);
  });
});

describe("describing a device from its user agent", () => {
  it("names the browser, the system and the kind of device, and says nothing it cannot tell", () => {
    expect(describeDevice(PHONE)).toEqual({ browser: "Safari 18", os: "iOS 18.1", device: "mobile" });
    expect(describeDevice(LAPTOP)).toEqual({ browser: "Chrome 131", os: "Windows 10", device: "desktop" });
    expect(describeDevice(null)).toEqual({ browser: null, os: null, device: "other" });
    expect(describeDevice("curl/8.5.0")).toMatchObject({ device: "other" });
  });
});
