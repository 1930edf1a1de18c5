/**
 * The system activity log: only super administrators read it, its list
 * filters work, and every People mutation leaves exactly one row naming the
 * action, the actor and the subject, with secrets masked.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../contracts/permissions";
import { startTestApp, type TestApp } from "../support/api";
import {
  activitiesAfter,
  ADMIN,
  call,
  createPerson,
  createRole,
  EMPLOYEE,
  employeePayload,
  employeeSignedIn,
  HR,
  JPEG_TINY,
  lastActivityId,
  multipart,
  PNG_1X1,
  staffWith,
  type ActivityRow,
} from "../support/people";

const MASK = "********";

let t: TestApp;
let admin: string;
let adminId: number;

/** A "remember me" sign-in: its token outlives the days the filter tests move the clock on. */
async function rememberedToken(email: string, password: string): Promise<string> {
  const response = await t.app.inject({ method: "POST", url: "/api/login", payload: { email, password, remember: true } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await rememberedToken(ADMIN.email, ADMIN.password);
  adminId = (await call(t, admin, { method: "GET", url: "/api/me" })).json().data.id;
});
afterAll(() => t.close());

function list(token: string | null, query = "") {
  return call(t, token, { method: "GET", url: `/api/dashboard/system-activities${query}` });
}

/** Runs one mutation and returns its reply and the one activity row it left (failing if it left any other number). */
async function exactlyOneRow(mutation: () => Promise<LightMyRequestResponse>, status: number): Promise<{ response: LightMyRequestResponse; row: ActivityRow }> {
  const before = await lastActivityId(t, admin);
  const response = await mutation();
  expect(response.statusCode, response.body).toBe(status);
  const rows = await activitiesAfter(t, admin, before);
  expect(rows.map((row) => row.action), "activity rows left by one mutation").toHaveLength(1);
  return { response, row: rows[0] };
}

/** No secret value, no password hash, anywhere in the row. */
function expectNoSecrets(row: ActivityRow, secrets: string[]) {
  const text = JSON.stringify(row);
  expect(text).not.toMatch(/\$argon2/);
  expect(text).not.toContain("password_hash");
  for (const secret of secrets) expect(text, `secret "${secret}" in the log`).not.toContain(secret);
}

describe("who may read the log", () => {
  it("refuses an anonymous caller (401)", async () => {
    expect((await list(null)).statusCode).toBe(401);
  });

  it("refuses an employee (403), even one whose role lists every permission", async () => {
    expect((await list(await t.tokenFor(EMPLOYEE.email))).statusCode).toBe(403);
    const person = await employeeSignedIn(t, admin, { role_id: await createRole(t, admin, [...PERMISSIONS]) });
    expect((await list(person.token)).statusCode).toBe(403);
  });

  it("refuses staff (403), even with every permission", async () => {
    expect((await list(await t.tokenFor(HR.email))).statusCode).toBe(403);
    const staff = await staffWith(t, admin, [...PERMISSIONS]);
    const response = await list(staff.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "You do not have permission." });
  });

  it("answers a super administrator with a paged list, newest first", async () => {
    const response = await list(admin, "?per_page=5");
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toMatchObject({ current_page: 1, per_page: 5 });
    expect(data.length).toBeGreaterThan(0);
    const ids = (data as ActivityRow[]).map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(data[0]).toEqual({
      id: expect.any(Number),
      actor_id: expect.toBeOneOf([expect.any(Number), null]),
      actor_name: expect.toBeOneOf([expect.any(String), null]),
      action: expect.any(String),
      subject_type: expect.toBeOneOf([expect.any(String), null]),
      subject_id: expect.toBeOneOf([expect.any(Number), null]),
      subject_name: expect.toBeOneOf([expect.any(String), null]),
      changes: expect.toBeOneOf([expect.any(Object), null]),
      names: expect.any(Object),
      currency: expect.toBeOneOf([expect.any(String), null]),
      ip: expect.toBeOneOf([expect.any(String), null]),
      created_at: expect.any(String),
    });
  });
});

describe("filters", () => {
  let actor: { id: number; token: string };
  beforeAll(async () => {
    const person = await createPerson(t, admin);
    actor = { id: person.id, token: await rememberedToken(person.email, person.password) };
    // Two days on, the person changes their profile twice.
    t.clock.advanceMinutes(2 * 24 * 60);
    await call(t, actor.token, { method: "PUT", url: "/api/me/profile", payload: { phone: "+1 555 1111" } });
    await call(t, actor.token, { method: "PUT", url: "/api/me/profile", payload: { phone: "+1 555 2222" } });
  });

  it("by actor_id", async () => {
    const response = await list(admin, `?filter[actor_id][equals]=${actor.id}&per_page=100`);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as ActivityRow[];
    expect(rows.map((row) => row.action)).toEqual(["profile.updated", "profile.updated", "auth.login"]);
    for (const row of rows) expect(row).toMatchObject({ actor_id: actor.id, actor_name: expect.stringContaining("Jordan") });
  });

  it("by action (contains)", async () => {
    const response = await list(admin, "?filter[action][contains]=PROFILE.UPD&per_page=100");
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as ActivityRow[];
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.action).toBe("profile.updated");
  });

  it("by created_at (dateIs), alone and combined", async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const response = await list(admin, `?filter[created_at][dateIs]=${day}&per_page=100`);
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as ActivityRow[];
    expect(rows.map((row) => row.action)).toEqual(["profile.updated", "profile.updated"]);
    for (const row of rows) expect(row.created_at.slice(0, 10)).toBe(day);
    const none = await list(admin, `?filter[created_at][dateIs]=${day}&filter[actor_id][equals]=${adminId}`);
    expect(none.json().meta.total).toBe(0);
  });

  it("by subject, and sorted by action", async () => {
    const response = await list(admin, `?filter[subject_type][equals]=user&filter[subject_id][equals]=${actor.id}&sort=action&per_page=100`);
    expect(response.statusCode).toBe(200);
    const actions = (response.json().data as ActivityRow[]).map((row) => row.action);
    expect(actions).toEqual(["auth.login", "profile.updated", "profile.updated", "user.created"]);
  });

  it("refuses fields outside the whitelist and bad values with 422, never 500", async () => {
    for (const query of ["filter[changes][contains]=x", "filter[ip][equals]=127.0.0.1", "sort=ip", "filter[created_at][dateIs]=2026-13-45", "filter[actor_id][equals]=abc"]) {
      const response = await list(admin, `?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe("every People mutation leaves exactly one row, secrets masked", () => {
  it("user created", async () => {
    const payload = employeePayload({ password: "Secret-Pass1", password_confirmation: "Secret-Pass1", bank_account: "BA-777-SECRET", tax_id: "TAX-555-SECRET", social_insurance_id: "SI-333-SECRET" });
    const { response, row } = await exactlyOneRow(() => call(t, admin, { method: "POST", url: "/api/users", payload }), 201);
    expect(row).toMatchObject({ action: "user.created", actor_id: adminId, actor_name: "Alex Admin", subject_type: "user", subject_id: response.json().data.id, ip: expect.any(String) });
    expect(row.changes).toMatchObject({ email: payload.email, department: "Finance", bank_account: MASK, tax_id: MASK, social_insurance_id: MASK });
    expect(row.changes).not.toHaveProperty("password_confirmation");
    expectNoSecrets(row, ["Secret-Pass1", "BA-777-SECRET", "TAX-555-SECRET", "SI-333-SECRET"]);
  });

  it("user updated: changed fields only, pay identifiers masked", async () => {
    const person = await createPerson(t, admin);
    const { row } = await exactlyOneRow(
      () => call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { department: "Audit", bank_account: "NEW-ACCT-999", tax_id: "NEW-TAX-888" } }),
      200,
    );
    expect(row).toMatchObject({ action: "user.updated", actor_id: adminId, subject_type: "user", subject_id: person.id });
    expect(row.changes).toEqual({ department: { from: "Finance", to: "Audit" }, bank_account: MASK, tax_id: MASK });
    expectNoSecrets(row, ["NEW-ACCT-999", "NEW-TAX-888", "0011223344", "TX-998877"]);
  });

  it("user updated with a new password: one row, the password masked", async () => {
    const person = await employeeSignedIn(t, admin);
    const { row } = await exactlyOneRow(
      () => call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { password: "Reset-Pass42", password_confirmation: "Reset-Pass42" } }),
      200,
    );
    expect(row).toMatchObject({ action: "user.updated", actor_id: adminId, subject_id: person.id });
    expect(row.changes).toEqual({ password: MASK });
    expectNoSecrets(row, ["Reset-Pass42", person.password]);
  });

  it("user deactivated: one row, however many sessions end", async () => {
    const person = await employeeSignedIn(t, admin);
    await t.tokenFor(person.email, person.password);
    const { row } = await exactlyOneRow(() => call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { is_active: false } }), 200);
    expect(row).toMatchObject({ action: "user.updated", subject_id: person.id, changes: { is_active: { from: true, to: false } } });
  });

  it("user updated by staff with users_manage: the staff member is the actor", async () => {
    const staff = await staffWith(t, admin, ["users_view", "users_manage"]);
    const person = await createPerson(t, admin);
    const { row } = await exactlyOneRow(() => call(t, staff.token, { method: "PUT", url: `/api/users/${person.id}`, payload: { position: "Lead" } }), 200);
    expect(row).toMatchObject({ action: "user.updated", actor_id: staff.id, subject_id: person.id, changes: { position: { from: "Analyst", to: "Lead" } } });
  });

  it("user deleted", async () => {
    const person = await createPerson(t, admin);
    const { row } = await exactlyOneRow(() => call(t, admin, { method: "DELETE", url: `/api/users/${person.id}` }), 200);
    expect(row).toMatchObject({ action: "user.deleted", actor_id: adminId, subject_type: "user", subject_id: person.id });
    expectNoSecrets(row, [person.password]);
  });

  it("user archived", async () => {
    const person = await employeeSignedIn(t, admin);
    const { response, row } = await exactlyOneRow(() => call(t, admin, { method: "DELETE", url: `/api/users/${person.id}` }), 200);
    expect(response.json().data.outcome).toBe("archived");
    expect(row).toMatchObject({ action: "user.archived", actor_id: adminId, subject_type: "user", subject_id: person.id });
  });

  it("role created, updated and deleted", async () => {
    const created = await exactlyOneRow(() => call(t, admin, { method: "POST", url: "/api/roles", payload: { name: "Audited role", permissions: ["users_view"] } }), 201);
    const id = created.response.json().data.id;
    expect(created.row).toMatchObject({ action: "role.created", actor_id: adminId, subject_type: "role", subject_id: id, changes: { name: "Audited role", permissions: ["users_view"] } });

    const updated = await exactlyOneRow(() => call(t, admin, { method: "PUT", url: `/api/roles/${id}`, payload: { permissions: ["users_view", "roles_view"] } }), 200);
    expect(updated.row).toMatchObject({
      action: "role.updated",
      actor_id: adminId,
      subject_type: "role",
      subject_id: id,
      changes: { permissions: { from: ["users_view"], to: ["users_view", "roles_view"] } },
    });

    const deleted = await exactlyOneRow(() => call(t, admin, { method: "DELETE", url: `/api/roles/${id}` }), 200);
    expect(deleted.row).toMatchObject({ action: "role.deleted", actor_id: adminId, subject_type: "role", subject_id: id });
  });

  it("own profile updated: the person is actor and subject", async () => {
    const person = await employeeSignedIn(t, admin);
    const { row } = await exactlyOneRow(
      () => call(t, person.token, { method: "PUT", url: "/api/me/profile", payload: { address: "9 Audit Lane", preferences: { language: "jp" } } }),
      200,
    );
    expect(row).toMatchObject({ action: "profile.updated", actor_id: person.id, subject_type: "user", subject_id: person.id });
    expect(row.changes).toMatchObject({ address: { from: "1 Main Street", to: "9 Audit Lane" }, preferences: { from: {}, to: { language: "jp" } } });
    expect(Object.keys(row.changes ?? {}).sort()).toEqual(["address", "preferences"]);
  });

  it("language and theme switches alone are preference changes, not profile changes", async () => {
    const person = await employeeSignedIn(t, admin);
    const { row } = await exactlyOneRow(
      () => call(t, person.token, { method: "PUT", url: "/api/me/profile", payload: { preferences: { language: "fr", dark_mode: true } } }),
      200,
    );
    expect(row).toMatchObject({ action: "profile.preferences_changed", actor_id: person.id, subject_type: "user", subject_id: person.id });
    expect(row.changes).toEqual({ preferences: { from: {}, to: { language: "fr", dark_mode: true } } });
    const again = await exactlyOneRow(
      () => call(t, person.token, { method: "PUT", url: "/api/me/profile", payload: { preferences: { theme_preset: "lara" } } }),
      200,
    );
    expect(again.row).toMatchObject({ action: "profile.preferences_changed" });
    expect(again.row.changes).toEqual({ preferences: { from: { language: "fr", dark_mode: true }, to: { language: "fr", dark_mode: true, theme_preset: "lara" } } });
  });

  it("picture changed, and changed again", async () => {
    const person = await employeeSignedIn(t, admin);
    const upload = (content: Buffer, filename: string, type: string) =>
      call(t, person.token, { method: "POST", url: "/api/me/profile/picture", ...multipart([{ name: "file", filename, contentType: type, content }]) });
    const first = await exactlyOneRow(() => upload(PNG_1X1, "a.png", "image/png"), 200);
    expect(first.row).toMatchObject({ action: "profile.picture_changed", actor_id: person.id, subject_type: "user", subject_id: person.id });
    // The size kept: the picture as stored, scaled and encoded again.
    expect(first.row.changes).toMatchObject({ type: "image/png", bytes: expect.any(Number) });
    const second = await exactlyOneRow(() => upload(JPEG_TINY, "b.jpg", "image/jpeg"), 200);
    expect(second.row).toMatchObject({ action: "profile.picture_changed", subject_id: person.id, changes: { type: "image/jpeg" } });
    // The file's bytes are not in the log.
    expect(JSON.stringify(second.row)).not.toContain(JPEG_TINY.toString("base64"));
  });

  it("own password changed: no password in the log", async () => {
    const person = await employeeSignedIn(t, admin);
    const { row } = await exactlyOneRow(
      () =>
        call(t, person.token, {
          method: "PUT",
          url: "/api/me/change-password",
          payload: { current_password: person.password, password: "Fresh-Pass77", password_confirmation: "Fresh-Pass77" },
        }),
      200,
    );
    expect(row).toMatchObject({ action: "profile.password_changed", actor_id: person.id, subject_type: "user", subject_id: person.id });
    expectNoSecrets(row, [person.password, "Fresh-Pass77"]);
  });

  it("a refused mutation leaves no row", async () => {
    const employee = await t.tokenFor(EMPLOYEE.email);
    const person = await createPerson(t, admin);
    const before = await lastActivityId(t, admin);
    expect((await call(t, admin, { method: "POST", url: "/api/users", payload: employeePayload({ email: "bad" }) })).statusCode).toBe(422);
    expect((await call(t, admin, { method: "POST", url: "/api/users", payload: employeePayload({ email: ADMIN.email }) })).statusCode).toBe(422);
    expect((await call(t, employee, { method: "PUT", url: `/api/users/${person.id}`, payload: { department: "X" } })).statusCode).toBe(403);
    expect((await call(t, admin, { method: "PUT", url: `/api/users/${adminId}`, payload: { is_active: false } })).statusCode).toBe(409);
    expect((await call(t, admin, { method: "POST", url: "/api/roles", payload: { name: "Administrator", permissions: [] } })).statusCode).toBe(422);
    expect((await call(t, admin, { method: "DELETE", url: "/api/roles/1" })).statusCode).toBe(409);
    expect((await call(t, employee, { method: "PUT", url: "/api/me/change-password", payload: { current_password: "Wrong-123!", password: "Fresh-Pass77", password_confirmation: "Fresh-Pass77" } })).statusCode).toBe(422);
    expect(await activitiesAfter(t, admin, before)).toEqual([]);
  });
});

describe("words for ids", () => {
  it("names the subject and every record a change points at, with the currency its amounts are in", async () => {
    const manager = await createPerson(t, admin);
    const role = { id: await createRole(t, admin, ["users_view"], "Field auditors") };
    const person = await createPerson(t, admin, { currency: "USD" });
    const recordOf = async (id: number) => (await call(t, admin, { method: "GET", url: `/api/users/${id}` })).json().data as { name: string; currency: string };
    const [{ name: managerName }, { name: personName }] = [await recordOf(manager.id), await recordOf(person.id)];
    const { row } = await exactlyOneRow(
      () => call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { role_id: role.id, manager_id: manager.id, base_rate: 6_100_000 } }),
      200,
    );
    expect(row.subject_name).toBe(personName);
    expect(row.names).toEqual({ [`role:${role.id}`]: "Field auditors", [`user:${manager.id}`]: managerName });
    // The person is paid in their own currency, not the company's: the rate change reads in it.
    expect(row.currency).toBe("USD");

    // The profile's history carries the same words.
    const profile = (await call(t, admin, { method: "GET", url: `/api/users/${person.id}/profile` })).json().data;
    expect(profile.recent_activity[0]).toMatchObject({ subject_name: personName, names: row.names });
  });

  it("keeps a removed record's recorded name, and names nothing it cannot find", async () => {
    const role = { id: await createRole(t, admin, [], "Short-lived") };
    const { row } = await exactlyOneRow(() => call(t, admin, { method: "DELETE", url: `/api/roles/${role.id}` }), 200);
    expect(row).toMatchObject({ subject_type: "role", subject_id: role.id, subject_name: "Short-lived", names: {} });
  });
});
