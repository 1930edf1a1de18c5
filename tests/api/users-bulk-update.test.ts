/**
 * The same changes for many people (POST /api/users/bulk-update): everything
 * checked for everyone before anything changes, then one activity row per
 * person whose record changed.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduleAssignments, users, userWorkLocations } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, createPerson, createRole, EMPLOYEE, lastActivityId, staffWith } from "../support/people";
import { createSample } from "../support/samples";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

const bulk = (token: string | null, payload: Record<string, unknown>) => call(t, token, { method: "POST", url: "/api/users/bulk-update", payload });
const people = async (count: number) => Promise.all(Array.from({ length: count }, () => createPerson(t, admin)));
const rowsOf = (ids: number[]) => t.database.db.select().from(users).where(inArray(users.id, ids));

describe("POST /api/users/bulk-update", () => {
  it("is refused to the anonymous caller and to an employee", async () => {
    const [person] = await people(1);
    expect((await bulk(null, { user_ids: [person.id], changes: { department: "Ops" } })).statusCode).toBe(401);
    const employee = await t.tokenFor(EMPLOYEE.email, EMPLOYEE.password);
    expect((await bulk(employee, { user_ids: [person.id], changes: { department: "Ops" } })).statusCode).toBe(403);
  });

  it("changes everyone selected, one activity row each, and counts who already had the change", async () => {
    const team = await people(3);
    const ids = team.map((person) => person.id);
    const [manager] = await people(1);
    const roleId = await createRole(t, admin, ["users_view"]);
    const location = await createSample(t, admin, "locations");
    const schedule = await createSample(t, admin, "schedules");
    // One of them is in Operations already: for them, only the other fields change.
    await call(t, admin, { method: "PUT", url: `/api/users/${ids[0]}`, payload: { department: "Operations" } });
    const before = await lastActivityId(t, admin);
    const changes = { department: "Operations", position: "Field agent", role_id: roleId, manager_id: manager.id, clock_policy: "anywhere", work_location_ids: [location], schedule: { schedule_id: schedule, effective_from: "2026-04-01" } };
    const response = await bulk(admin, { user_ids: ids, changes });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { updated: 3, unchanged: 0 }, message: "3 people changed." });
    for (const row of await rowsOf(ids)) expect(row).toMatchObject({ department: "Operations", position: "Field agent", role_id: roleId, manager_id: manager.id, clock_policy: "anywhere" });
    expect(await t.database.db.select().from(userWorkLocations).where(inArray(userWorkLocations.user_id, ids))).toHaveLength(3);
    expect(await t.database.db.select().from(scheduleAssignments).where(and(inArray(scheduleAssignments.user_id, ids), eq(scheduleAssignments.effective_from, "2026-04-01")))).toHaveLength(3);

    const rows = (await activitiesAfter(t, admin, before)).filter((row) => row.action === "user.updated");
    expect(rows.map((row) => row.subject_id).sort()).toEqual([...ids].sort());
    const first = rows.find((row) => row.subject_id === ids[0])!;
    expect(first.changes).not.toHaveProperty("department");
    expect(first.changes).toMatchObject({ position: { from: "Analyst", to: "Field agent" }, manager_id: { from: null, to: manager.id } });

    // The same again changes nobody and writes nothing.
    const again = await bulk(admin, { user_ids: ids, changes });
    expect(again.json()).toEqual({ data: { updated: 0, unchanged: 3 }, message: "Nothing to change: the 3 people already had these values." });
    expect((await activitiesAfter(t, admin, before)).filter((row) => row.action === "user.updated")).toHaveLength(3);
  });

  it("checks everything for everyone first and changes nobody on a refusal", async () => {
    const team = await people(2);
    const ids = team.map((person) => person.id);
    const unchanged = async () => (await rowsOf(ids)).every((row) => row.department === "Finance");
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{ user_ids: [...ids, 999999], changes: { department: "X" } }, 422, /999999/],
      [{ user_ids: ids, changes: { manager_id: ids[0] } }, 422, "A person cannot be their own manager."],
      [{ user_ids: ids, changes: { role_id: 999999 } }, 422, /role/i],
      [{ user_ids: ids, changes: {} }, 422, /Choose at least one change/],
      [{ user_ids: [ids[0], ids[0]], changes: { department: "X" } }, 422, /twice/],
    ];
    for (const [payload, status, text] of cases) {
      const response = await bulk(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.body).toMatch(text);
      expect(await unchanged()).toBe(true);
    }
    // A pay change is history: the person is archived, not deleted.
    const archived = await people(1);
    await call(t, admin, { method: "PUT", url: `/api/users/${archived[0].id}`, payload: { base_rate: 5_000_000 } });
    expect((await call(t, admin, { method: "DELETE", url: `/api/users/${archived[0].id}` })).json().message).toMatch(/archived/i);
    const withArchived = await bulk(admin, { user_ids: [...ids, archived[0].id], changes: { department: "X" } });
    expect(withArchived.statusCode).toBe(409);
    expect(await unchanged()).toBe(true);
  });

  it("lets a manager of people change only what they may: no clocking without attendance_admin_access, no role beyond their own", async () => {
    const team = await people(2);
    const ids = team.map((person) => person.id);
    const manager = await staffWith(t, admin, ["users_view", "users_manage"]);
    expect((await bulk(manager.token, { user_ids: ids, changes: { clock_policy: "anywhere" } })).statusCode).toBe(403);
    const strongRole = await createRole(t, admin, ["payroll_release"]);
    expect((await bulk(manager.token, { user_ids: ids, changes: { role_id: strongRole } })).statusCode).toBe(403);
    expect((await bulk(manager.token, { user_ids: [...ids, 1], changes: { department: "Ops" } })).statusCode).toBe(403);
    expect((await rowsOf(ids)).every((row) => row.department === "Finance")).toBe(true);
    const allowed = await bulk(manager.token, { user_ids: ids, changes: { department: "Ops" } });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});
