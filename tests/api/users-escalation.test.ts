/**
 * The people API's guards against escalation and races: nobody below level 0
 * takes over an account with more powers than their own (password, e-mail),
 * nobody is made staff with a role beyond the giver's, one's own password
 * changes only with the current one, two administrators demoting each other
 * at once keep one, and a duplicate racing past the checks is a 409.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { insertPerson, insertRole, insertStaffWith } from "../support/factories";
import { ADMIN, call, employeePayload, unique } from "../support/people";

const NEW_PASSWORD = "Taken0ver!pass";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

const put = (token: string, id: number, payload: Record<string, unknown>) => call(t, token, { method: "PUT", url: `/api/users/${id}`, payload });
const signIn = (email: string, password: string) => t.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
const newPassword = { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };

describe("password and e-mail of someone else", () => {
  it("staff cannot set them for a staff member whose role has permissions they lack (403), and nothing changes", async () => {
    const manager = await insertStaffWith(t, ["users_view", "users_manage"]);
    const payReader = await insertStaffWith(t, ["users_view", "users_pay_view"]);
    const refused = await put(manager.token, payReader.id, newPassword);
    expect(refused.statusCode).toBe(403);
    // Someone holding more than the manager is beyond them altogether, not only their password.
    expect(refused.json().message).toBe("You can only change someone whose access you have yourself (not: users_pay_view).");
    expect((await put(manager.token, payReader.id, { email: `${unique()}@example.com` })).statusCode).toBe(403);
    expect((await signIn(payReader.email, NEW_PASSWORD)).statusCode).toBe(422);
    expect((await signIn(payReader.email, payReader.password)).statusCode).toBe(200);
    expect((await put(manager.token, payReader.id, { phone: "+1 555 0100" })).statusCode).toBe(403);
  });

  it("staff without the pay permission cannot take over an employee (who sees their own pay); with it they can", async () => {
    const manager = await insertStaffWith(t, ["users_view", "users_manage"]);
    const payManager = await insertStaffWith(t, ["users_view", "users_manage", "users_pay_view"]);
    const person = await insertPerson(t);
    const refused = await put(manager.token, person.id, newPassword);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You can only change the password or e-mail address of someone whose access you have yourself.");
    expect((await put(payManager.token, person.id, newPassword)).statusCode).toBe(200);
    expect((await signIn(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("staff can set them for staff whose powers they hold, own pay included (each person sees theirs)", async () => {
    const manager = await insertStaffWith(t, ["users_view", "users_manage"]);
    const payManager = await insertStaffWith(t, ["users_view", "users_manage", "users_pay_view"]);
    const viewer = await insertStaffWith(t, ["users_view"]);
    expect((await put(manager.token, viewer.id, newPassword)).statusCode).toBe(403);
    expect((await put(payManager.token, viewer.id, newPassword)).statusCode).toBe(200);
    expect((await signIn(viewer.email, NEW_PASSWORD)).statusCode).toBe(200);
    // Giving them a weaker role in the same request does not get around it.
    const payReader = await insertStaffWith(t, ["users_view", "users_pay_view", "roles_manage"]);
    const weak = await insertRole(t, ["users_view"]);
    expect((await put(manager.token, payReader.id, { ...newPassword, role_id: weak })).statusCode).toBe(403);
  });

  it("nobody sets their own password here, not even an administrator: the profile asks for the current one (422)", async () => {
    const manager = await insertStaffWith(t, ["users_view", "users_manage"]);
    const own = await put(manager.token, manager.id, newPassword);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.password).toEqual(["Change your own password on your profile page, where your current password is asked for."]);
    const adminId = (await call(t, admin, { method: "GET", url: "/api/me" })).json().data.id;
    expect((await put(admin, adminId, newPassword)).statusCode).toBe(422);
    expect((await signIn(manager.email, manager.password)).statusCode).toBe(200);
  });
});

describe("roles", () => {
  it("an employee holding a strong role cannot be made staff by someone without its permissions (403)", async () => {
    const strong = await insertRole(t, ["users_view", "users_manage", "users_pay_view", "roles_manage"]);
    const person = await insertPerson(t, { role_id: strong });
    const manager = await insertStaffWith(t, ["users_view", "users_manage"]);
    expect((await put(manager.token, person.id, { access_level: 2 })).statusCode).toBe(403);
    const me = await call(t, await t.tokenFor(person.email, person.password), { method: "GET", url: "/api/me" });
    expect(me.json().data.access_level).toBe(1);
  });

  it("editing an employee whose (dormant) role is stronger than the editor's works when the role is left as it is", async () => {
    const strong = await insertRole(t, ["users_view", "users_manage", "users_pay_view"]);
    const employee = await insertPerson(t, { access_level: 1, role_id: strong });
    const manager = await insertStaffWith(t, ["users_view", "users_manage"]);
    // The form sends the role it shows: unchanged, it is no grant, and an employee uses none of it.
    expect((await put(manager.token, employee.id, { phone: "+1 555 0101", role_id: strong, access_level: 1 })).statusCode).toBe(200);
  });

  it("nobody edits, deactivates or archives a staff member holding more than they do (403), and nothing changes", async () => {
    const strong = await insertRole(t, ["users_view", "users_manage", "users_pay_view"]);
    const colleague = await insertPerson(t, { access_level: 2, role_id: strong });
    const manager = await insertStaffWith(t, ["users_view", "users_manage"]);
    for (const change of [{ phone: "+1 555 0101" }, { is_active: false }, { employment_status: "terminated" }]) {
      const response = await put(manager.token, colleague.id, change);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain("users_pay_view");
    }
    const archive = await call(t, manager.token, { method: "DELETE", url: `/api/users/${colleague.id}` });
    expect(archive.statusCode).toBe(403);
    const after = (await call(t, admin, { method: "GET", url: `/api/users/${colleague.id}` })).json().data;
    expect(after).toMatchObject({ is_active: true, employment_status: "active", archived_at: null });
    expect(after.phone).not.toBe("+1 555 0101");
    // An equal or stronger colleague may.
    const peer = await insertStaffWith(t, ["users_view", "users_manage", "users_pay_view"]);
    expect((await put(peer.token, colleague.id, { phone: "+1 555 0101" })).statusCode).toBe(200);
  });
});

describe("races", () => {
  it("two super administrators demoting each other at once leave one (PostgreSQL runs them truly in parallel)", async () => {
    const first = await insertPerson(t, { access_level: 0 });
    const second = await insertPerson(t, { access_level: 0 });
    const adminId = (await call(t, admin, { method: "GET", url: "/api/me" })).json().data.id;
    // Three super administrators: demote the original first, leaving the pair.
    const [firstToken, secondToken] = [await t.tokenFor(first.email, first.password), await t.tokenFor(second.email, second.password)];
    expect((await put(firstToken, adminId, { access_level: 2 })).statusCode).toBe(200);
    const answers = await Promise.all([put(firstToken, second.id, { access_level: 2 }), put(secondToken, first.id, { access_level: 2 })]);
    // The loser is refused either as the last-administrator rule (409) or, when the winner's change
    // landed before the loser's request was authorised, as no longer an administrator (403).
    const [won, lost] = answers.map((answer) => answer.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const levels = await Promise.all([first, second].map(async (person) => (await call(t, admin, { method: "GET", url: `/api/users/${person.id}` })).json().data.access_level));
    expect(levels.filter((level) => level === 0)).toHaveLength(1);
  });

  it("the same e-mail posted twice at once creates one person and answers the other with 409, never 500", async () => {
    const email = `${unique()}@example.com`;
    const answers = await Promise.all(
      [1, 2].map((n) => call(t, admin, { method: "POST", url: "/api/users", payload: employeePayload({ email, employee_number: `RACE-${unique()}-${n}` }) })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses[0]).toBe(201);
    // PGlite runs them one after the other (the check says 422); PostgreSQL may let both past the check (the key says 409).
    expect([409, 422]).toContain(statuses[1]);
    const list = await call(t, admin, { method: "GET", url: `/api/users?filter[email][equals]=${encodeURIComponent(email)}` });
    expect(list.json().meta.total).toBe(1);
  });
});

describe("inputs the database would refuse are a 4xx", () => {
  it.each([
    ["an id beyond the id column", "GET", "/api/users/3000000000", undefined],
    ["an id beyond the id column", "DELETE", "/api/users/3000000000", undefined],
    ["a role id beyond the id column", "GET", "/api/roles/3000000000", undefined],
    ["a file id beyond the id column", "GET", "/api/files/3000000000?expires=1&signature=x", undefined],
  ])("%s: %s %s", async (_label, method, url) => {
    const response = await call(t, admin, { method: method as "GET", url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it.each([
    ["a NUL character", { phone: "a\u0000b" }, "phone", "Remove the invisible or broken characters from this text."],
    ["half an emoji", { first_name: "Ann\uD83D" }, "first_name", "Remove the invisible or broken characters from this text."],
    ["year 0000", { hire_date: "0000-01-01" }, "hire_date", "Enter a date as YYYY-MM-DD."],
    ["a role id beyond the id column", { role_id: 3_000_000_000 }, "role_id", "Value is not valid"],
  ])("%s in a person (422 on the field)", async (_label, change, field, message) => {
    const person = await insertPerson(t);
    const response = await put(admin, person.id, change);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
  });

  it("a NUL character in one's own profile or a role name is a 422 too", async () => {
    const own = await call(t, admin, { method: "PUT", url: "/api/me/profile", payload: { address: "1 Main\u0000St" } });
    expect(own.statusCode).toBe(422);
    const role = await call(t, admin, { method: "POST", url: "/api/roles", payload: { name: "Bad\u0000Role", permissions: [] } });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors.name).toEqual(["Remove the invisible or broken characters from this text."]);
  });
});

