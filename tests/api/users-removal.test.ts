/**
 * Nothing that has history is deleted: DELETE /api/users/{id} deletes only a
 * person created by mistake (their own record: the account, where they clock
 * in, the schedules they follow, the pay they were created with, its
 * creation and corrections in the log); anyone with any other record is
 * archived, one test per kind of record. GET /api/users/removal-preview says
 * which will happen to each person before anyone confirms;
 * POST /api/users/{id}/restore brings an archived person back.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, attendanceDays, attendanceRecords, files, payOverrides, users } from "../../server/db/schema";
import { notify } from "../../server/modules/notifications/service";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents } from "../support/pay-components";
import { month, runTakenTo } from "../support/payroll-runs";
import { ADMIN, call, createPerson, EMPLOYEE, employeeSignedIn, type Person } from "../support/people";

let t: TestApp;
let admin: string;
let adminId: number;
let employee: string;
let components: Record<string, number>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  employee = await t.tokenFor(EMPLOYEE.email);
  adminId = (await db().select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email)))[0].id;
  components = await createPayComponents(t, admin);
});
afterAll(() => t.close());

const db = () => t.database.db;
const preview = (token: string | null, ids: readonly number[]) => call(t, token, { method: "GET", url: `/api/users/removal-preview?ids=${ids.join(",")}` });
const remove = (id: number) => call(t, admin, { method: "DELETE", url: `/api/users/${id}` });
/** The log's actions about a person, oldest first. */
const actionsOn = async (id: number) =>
  (await db().select({ action: activityLog.action }).from(activityLog).where(and(eq(activityLog.subject_type, "user"), eq(activityLog.subject_id, id))).orderBy(activityLog.id)).map((entry) => entry.action);
const row = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];

/** Each kind of record a person may have, and how one comes to exist. */
const KINDS: { name: string; kind: string; attach: (person: Person) => Promise<unknown> }[] = [
  {
    name: "four weeks of attendance (the defect: deleted with them)",
    kind: "attendance",
    attach: async (person) => {
      for (let day = 2; day <= 27; day++) {
        const date = `2026-03-${String(day).padStart(2, "0")}`;
        await db().insert(attendanceRecords).values({ user_id: person.id, work_date: date, clock_in_at: new Date(`${date}T00:00:00Z`), clock_out_at: new Date(`${date}T08:00:00Z`), source: "manual" });
      }
    },
  },
  {
    name: "a stored attendance day alone",
    kind: "attendance",
    attach: (person) =>
      db()
        .insert(attendanceDays)
        .values({ user_id: person.id, work_date: "2026-03-02", status: "present", first_in: new Date("2026-03-02T00:00:00Z"), last_out: new Date("2026-03-02T08:00:00Z"), scheduled_minutes: 480, worked_minutes: 480, break_minutes: 0, late_minutes: 0, undertime_minutes: 0, overtime_minutes: 0 }),
  },
  {
    name: "a change of pay (a second pay rate)",
    kind: "payRates",
    attach: async (person) => expect((await call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { base_rate: 5_000_000 } })).statusCode).toBe(200),
  },
  {
    name: "a pay override",
    kind: "payOverrides",
    attach: (person) => db().insert(payOverrides).values({ user_id: person.id, component_id: Object.values(components)[0], mode: "amount", value: "10.00", effective_from: "2026-01-01", reason: "test" }),
  },
  {
    name: "a payslip in a run not yet approved",
    kind: "payslips",
    attach: (person) => runTakenTo(t, admin, "calculated", { ...month(3), name: `Run of ${person.email}`, people: { user_ids: [person.id] } }),
  },
  {
    name: "a notification sent to them",
    kind: "notifications",
    attach: (person) => notify(t.app.ctx, { recipients: [person.id], type: "system", params: { title: "Hello", message: "Welcome" } }),
  },
  {
    name: "a file they uploaded",
    kind: "files",
    attach: (person) => db().insert(files).values({ kind: "attachment", mime_type: "image/png", size_bytes: 1, sha256: "x", content: Buffer.from([1]), created_by: person.id }),
  },
  {
    name: "activity as the actor (they changed their own preferences)",
    kind: "activity",
    attach: async (person) => {
      const token = await t.tokenFor(person.email, person.password);
      expect((await call(t, token, { method: "PUT", url: "/api/settings/preferences", payload: { dark_mode: true } })).statusCode).toBe(200);
    },
  },
  {
    name: "activity as the subject (beyond the record's creation and corrections)",
    kind: "activity",
    attach: (person) => db().insert(activityLog).values({ actor_id: adminId, action: "user.password_reset", subject_type: "user", subject_id: person.id }),
  },
];

describe("DELETE /api/users/{id}", () => {
  for (const { name, kind, attach } of KINDS) {
    it(`archives, never deletes, a person with ${name}, and says so`, async () => {
      const person = await createPerson(t, admin, { access_level: 1 });
      await attach(person);
      const said = await preview(admin, [person.id]);
      expect(said.statusCode, said.body).toBe(200);
      expect(said.json().data).toEqual([{ id: person.id, name: expect.any(String), outcome: "archived", history: expect.arrayContaining([kind]), reason: null }]);
      const response = await remove(person.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { id: person.id, outcome: "archived" }, message: "This person has history, so they were archived instead of deleted. Their records are kept." });
      expect((await row(person.id))?.archived_at).toBeInstanceOf(Date);
    });
  }

  it("keeps every attendance record of an archived person", async () => {
    const person = await createPerson(t, admin, { access_level: 1 });
    await KINDS[0].attach(person);
    await remove(person.id);
    expect(await db().select({ id: attendanceRecords.id }).from(attendanceRecords).where(eq(attendanceRecords.user_id, person.id))).toHaveLength(26);
  });

  it("deletes a person created by mistake and corrected, with nothing else: their row, work locations and first pay rate go", async () => {
    const person = await createPerson(t, admin, { access_level: 1 });
    expect((await call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { position: "Typo corrected" } })).statusCode).toBe(200);
    expect((await preview(admin, [person.id])).json().data).toEqual([{ id: person.id, name: expect.any(String), outcome: "deleted", history: [], reason: null }]);
    const response = await remove(person.id);
    expect(response.json()).toEqual({ data: { id: person.id, outcome: "deleted" }, message: "Employee deleted." });
    expect(await row(person.id)).toBeUndefined();
    expect(await actionsOn(person.id)).toEqual(["user.created", "user.updated", "user.deleted"]);
  });

  it("refuses to archive someone already archived (409)", async () => {
    const person = await employeeSignedIn(t, admin);
    await KINDS[7].attach(person);
    expect((await remove(person.id)).json().data.outcome).toBe("archived");
    const again = await remove(person.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This person is already archived." });
  });
});

describe("GET /api/users/removal-preview", () => {
  it("answers 401 signed out and 403 to an employee; tells the administrator each person's outcome in the order asked", async () => {
    const fresh = await createPerson(t, admin, { access_level: 1 });
    const kept = await createPerson(t, admin, { access_level: 1 });
    await KINDS[5].attach(kept);
    expect((await preview(null, [fresh.id])).statusCode).toBe(401);
    expect((await preview(employee, [fresh.id])).statusCode).toBe(403);
    const said = await preview(admin, [kept.id, fresh.id, adminId, 999_999]);
    expect(said.statusCode, said.body).toBe(200);
    expect(said.json().data).toEqual([
      { id: kept.id, name: expect.any(String), outcome: "archived", history: ["notifications"], reason: null },
      { id: fresh.id, name: expect.any(String), outcome: "deleted", history: [], reason: null },
      { id: adminId, name: "Alex Admin", outcome: "refused", history: expect.any(Array), reason: "You cannot deactivate, terminate or delete your own account. Ask another administrator." },
    ]);
    // Asking changes nothing.
    expect(await row(fresh.id)).toBeDefined();
  });

  it("refuses a malformed or missing list of ids (422)", async () => {
    for (const url of ["/api/users/removal-preview", "/api/users/removal-preview?ids=", "/api/users/removal-preview?ids=1,x", `/api/users/removal-preview?ids=${Array.from({ length: 501 }, (_, index) => index + 1).join(",")}`]) {
      const response = await call(t, admin, { method: "GET", url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.ids).toEqual([expect.any(String)]);
    }
  });
});

describe("POST /api/users/{id}/restore", () => {
  it("answers 401 signed out and 403 to an employee; brings an archived person back, listed and able to sign in", async () => {
    const person = await employeeSignedIn(t, admin);
    await KINDS[7].attach(person);
    await remove(person.id);
    const url = `/api/users/${person.id}/restore`;
    expect((await call(t, null, { method: "POST", url })).statusCode).toBe(401);
    expect((await call(t, employee, { method: "POST", url })).statusCode).toBe(403);
    const restored = await call(t, admin, { method: "POST", url });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ data: { id: person.id, archived_at: null, is_active: true }, message: "Employee restored. They are listed again and can sign in." });
    expect((await actionsOn(person.id)).slice(-2)).toEqual(["user.archived", "user.restored"]);
    const listed = (await call(t, admin, { method: "GET", url: `/api/users?search=${encodeURIComponent(person.email)}` })).json().data as { id: number }[];
    expect(listed.map((found) => found.id)).toEqual([person.id]);
    expect((await t.app.inject({ method: "POST", url: "/api/login", payload: { email: person.email, password: person.password } })).statusCode).toBe(200);
    const again = await call(t, admin, { method: "POST", url });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This person is not archived: there is nothing to restore." });
    expect((await call(t, admin, { method: "POST", url: "/api/users/999999/restore" })).statusCode).toBe(404);
  });
});
