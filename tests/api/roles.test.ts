/**
 * Roles: who may read and change them, validation and conflicts, the rule
 * that nobody grants more than they hold, a role in use cannot go, and a
 * changed role takes effect on its holders' very next request.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSION_CATALOGUE, PERMISSIONS } from "../../contracts/permissions";
import type { RoleRecord } from "../../contracts/roles";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createPerson, createRole, EMPLOYEE, HR, staffWith, unique } from "../support/people";

let t: TestApp;
let admin: string;
let employee: string;
let hr: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, employee, hr] = await Promise.all([t.tokenFor(ADMIN.email), t.tokenFor(EMPLOYEE.email), t.tokenFor(HR.email)]);
});
afterAll(() => t.close());

async function readRole(id: number, token = admin) {
  const response = await call(t, token, { method: "GET", url: `/api/roles/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as RoleRecord;
}

async function roleNamed(name: string) {
  const response = await call(t, admin, { method: "GET", url: `/api/roles?per_page=100&filter[name][equals]=${encodeURIComponent(name)}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number; name: string }[])[0] ?? null;
}

const anyRoleId = 1;

describe("access matrix", () => {
  const routes: [string, string, unknown][] = [
    ["GET", "/api/roles", undefined],
    ["GET", "/api/roles/options", undefined],
    ["POST", "/api/roles", { name: "Anonymous role", permissions: [] }],
    ["GET", `/api/roles/${anyRoleId}`, undefined],
    ["PUT", `/api/roles/${anyRoleId}`, { description: "changed" }],
    ["DELETE", `/api/roles/${anyRoleId}`, undefined],
  ];

  it.each(routes)("anonymous: %s %s answers 401", async (method, url, payload) => {
    const response = await t.app.inject({ method: method as InjectOptions["method"], url, payload: payload as InjectOptions["payload"] });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please log in." });
  });

  it("anonymous: an invalid body is still 401, not a validation answer", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/roles", payload: { name: "" } });
    expect(response.statusCode).toBe(401);
  });

  it.each(routes)("employee: %s %s answers 403", async (method, url, payload) => {
    const response = await call(t, employee, { method: method as InjectOptions["method"], url, payload: payload as InjectOptions["payload"] });
    expect(response.statusCode).toBe(403);
  });

  it("employee: a role list in the employee's own role does not help", async () => {
    const person = await createPerson(t, admin, { access_level: 1, role_id: await createRole(t, admin, ["roles_view", "roles_manage"]) });
    const token = await t.tokenFor(person.email, person.password);
    expect((await call(t, token, { method: "GET", url: "/api/roles" })).statusCode).toBe(403);
    expect((await call(t, token, { method: "POST", url: "/api/roles", payload: { name: unique("Sneaky "), permissions: [] } })).statusCode).toBe(403);
  });

  it.each(routes)("staff without roles_* permissions (HR officer): %s %s answers 403", async (method, url, payload) => {
    const response = await call(t, hr, { method: method as InjectOptions["method"], url, payload: payload as InjectOptions["payload"] });
    expect(response.statusCode).toBe(403);
  });

  it("staff with roles_view reads the list, one role and the options, and may change nothing", async () => {
    const viewer = await staffWith(t, admin, ["roles_view"]);
    expect((await call(t, viewer.token, { method: "GET", url: "/api/roles" })).statusCode).toBe(200);
    expect((await call(t, viewer.token, { method: "GET", url: `/api/roles/${anyRoleId}` })).statusCode).toBe(200);
    expect((await call(t, viewer.token, { method: "GET", url: "/api/roles/options" })).statusCode).toBe(200);
    expect((await call(t, viewer.token, { method: "POST", url: "/api/roles", payload: { name: unique("R "), permissions: [] } })).statusCode).toBe(403);
    expect((await call(t, viewer.token, { method: "PUT", url: `/api/roles/${viewer.roleId}`, payload: { description: "mine" } })).statusCode).toBe(403);
    expect((await call(t, viewer.token, { method: "DELETE", url: `/api/roles/${anyRoleId}` })).statusCode).toBe(403);
    expect((await readRole(anyRoleId)).name).toBe("Administrator");
  });

  it("staff with roles_view and roles_manage create, change and delete roles", async () => {
    const manager = await staffWith(t, admin, ["roles_view", "roles_manage", "attendance_access"]);
    const created = await call(t, manager.token, { method: "POST", url: "/api/roles", payload: { name: unique("Desk "), permissions: ["attendance_access"] } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await call(t, manager.token, { method: "PUT", url: `/api/roles/${id}`, payload: { description: "Front desk" } })).statusCode).toBe(200);
    expect((await call(t, manager.token, { method: "DELETE", url: `/api/roles/${id}` })).statusCode).toBe(200);
  });

  it("staff with roles_manage but not roles_view: the answer agrees with what happened", async () => {
    const manager = await staffWith(t, admin, ["roles_manage", "attendance_access"]);
    const name = unique("Blind ");
    const created = await call(t, manager.token, { method: "POST", url: "/api/roles", payload: { name, permissions: ["attendance_access"] } });
    const stored = await roleNamed(name);
    // Either the role is made and the caller told so, or it is refused and not made.
    if (created.statusCode === 403) expect(stored, "refused with 403, yet the role was created").toBeNull();
    else {
      expect(created.statusCode).toBe(201);
      expect(stored).not.toBeNull();
    }
    const id = await createRole(t, admin, ["attendance_access"]);
    const updated = await call(t, manager.token, { method: "PUT", url: `/api/roles/${id}`, payload: { description: "Changed blind" } });
    const description = (await readRole(id)).description;
    if (updated.statusCode === 403) expect(description, "refused with 403, yet the role was changed").toBeNull();
    else {
      expect(updated.statusCode).toBe(200);
      expect(description).toBe("Changed blind");
    }
  });

  it("the administrator may do everything", async () => {
    const id = await createRole(t, admin, ["payroll_view"]);
    expect((await call(t, admin, { method: "GET", url: "/api/roles" })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "GET", url: `/api/roles/${id}` })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "PUT", url: `/api/roles/${id}`, payload: { permissions: ["payroll_view", "payroll_manage"] } })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "DELETE", url: `/api/roles/${id}` })).statusCode).toBe(200);
  });
});

describe("POST /api/roles", () => {
  it("creates a role from permission names of several areas (201)", async () => {
    const users = PERMISSION_CATALOGUE.find((group) => group.area === "users")!.permissions;
    const payroll = PERMISSION_CATALOGUE.find((group) => group.area === "payroll")!.permissions;
    const name = unique("Payroll team ");
    const response = await call(t, admin, {
      method: "POST",
      url: "/api/roles",
      payload: { name: `  ${name}  `, description: "Runs payroll", permissions: [...users, ...payroll, "users_view"] },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe("Role created.");
    const role = response.json().data;
    expect(role).toMatchObject({ name, description: "Runs payroll" });
    expect([...role.permissions].sort()).toEqual([...users, ...payroll].sort());
    expect(await readRole(role.id)).toEqual(role);
  });

  it("creates a role with no permissions and no description", async () => {
    const response = await call(t, admin, { method: "POST", url: "/api/roles", payload: { name: unique("Empty "), permissions: [] } });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ description: null, permissions: [] });
  });

  it("refuses a permission name that does not exist (422 on permissions, naming it)", async () => {
    const name = unique("Bad ");
    const response = await call(t, admin, { method: "POST", url: "/api/roles", payload: { name, permissions: ["users_view", "launch_missiles"] } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.permissions).toEqual(["There is no permission called launch_missiles."]);
    expect(await roleNamed(name)).toBeNull();
  });

  it.each([
    ["a blank name", { name: "  ", permissions: [] }, "name"],
    ["a missing name", { permissions: [] }, "name"],
    ["permissions that are not a list", { name: "X", permissions: "users_view" }, "permissions"],
    ["a permission that is not a string", { name: "X", permissions: [1] }, "permissions.0"],
    ["an unknown field", { name: "X", permissions: [], level: 0 }, "level"],
  ])("refuses %s with 422", async (_label, payload, field) => {
    const response = await call(t, admin, { method: "POST", url: "/api/roles", payload });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty([field]);
  });

  it("refuses a name already taken, in any case (422 on name)", async () => {
    for (const name of ["Administrator", "ADMINISTRATOR", "hr officer", "  Employee "]) {
      const response = await call(t, admin, { method: "POST", url: "/api/roles", payload: { name, permissions: [] } });
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors.name).toEqual(["A role with this name already exists"]);
    }
  });
});

describe("PUT /api/roles/{id}", () => {
  it("changes only what is sent, and refuses another role's name (any case)", async () => {
    const name = unique("Editable ");
    const id = await createRole(t, admin, ["attendance_access"], name);
    const before = await readRole(id);
    t.clock.advanceMinutes(1);
    const response = await call(t, admin, { method: "PUT", url: `/api/roles/${id}`, payload: { description: "Now described" } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Role updated.");
    const after = await readRole(id);
    expect(after).toEqual({ ...before, description: "Now described", updated_at: expect.any(String) });
    expect(after.updated_at).not.toBe(before.updated_at);

    const taken = await call(t, admin, { method: "PUT", url: `/api/roles/${id}`, payload: { name: "hr OFFICER" } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual(["A role with this name already exists"]);
    // Its own name in another case is no conflict.
    expect((await call(t, admin, { method: "PUT", url: `/api/roles/${id}`, payload: { name: name.toUpperCase() } })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "PUT", url: `/api/roles/${id}`, payload: { permissions: ["nope"] } })).statusCode).toBe(422);
    expect((await readRole(id)).permissions).toEqual(["attendance_access"]);
  });

  it("answers 404 for a role that does not exist", async () => {
    expect((await call(t, admin, { method: "PUT", url: "/api/roles/999999", payload: { description: "x" } })).statusCode).toBe(404);
    expect((await call(t, admin, { method: "GET", url: "/api/roles/999999" })).statusCode).toBe(404);
  });

  it("takes effect on the very next request of someone holding the role", async () => {
    const holder = await staffWith(t, admin, ["users_view"]);
    const me = async () => JSON.parse((await call(t, holder.token, { method: "GET", url: "/api/me" })).json().data.role.permissions);
    // The token is in use (and cached) before the change.
    expect((await call(t, holder.token, { method: "GET", url: "/api/users" })).statusCode).toBe(200);
    expect(await me()).toEqual(["users_view"]);

    expect((await call(t, admin, { method: "PUT", url: `/api/roles/${holder.roleId}`, payload: { permissions: ["attendance_access"] } })).statusCode).toBe(200);
    expect((await call(t, holder.token, { method: "GET", url: "/api/users" })).statusCode).toBe(403);
    expect(await me()).toEqual(["attendance_access"]);

    expect((await call(t, admin, { method: "PUT", url: `/api/roles/${holder.roleId}`, payload: { permissions: ["users_view", "roles_view"] } })).statusCode).toBe(200);
    expect((await call(t, holder.token, { method: "GET", url: "/api/users" })).statusCode).toBe(200);
    expect((await call(t, holder.token, { method: "GET", url: "/api/roles" })).statusCode).toBe(200);
  });
});

describe("nobody grants or removes more than they hold", () => {
  it("staff holding only roles_view and roles_manage cannot empty, rename or delete a stronger role, the Administrator's included (403)", async () => {
    const manager = await staffWith(t, admin, ["roles_view", "roles_manage"]);
    const administrator = await roleNamed("Administrator");
    const before = await readRole(administrator!.id);
    const emptied = await call(t, manager.token, { method: "PUT", url: `/api/roles/${administrator!.id}`, payload: { permissions: [] } });
    expect(emptied.statusCode).toBe(403);
    expect(emptied.json().message).toMatch(/^You can only change or delete a role whose permissions you have yourself \(not: users_view, /);
    const renamed = await call(t, manager.token, { method: "PUT", url: `/api/roles/${administrator!.id}`, payload: { name: unique("Mine ") } });
    expect(renamed.statusCode).toBe(403);
    const stronger = await createRole(t, admin, ["roles_view", "roles_manage", "payroll_view"]);
    expect((await call(t, manager.token, { method: "DELETE", url: `/api/roles/${stronger}` })).statusCode).toBe(403);
    expect(await readRole(administrator!.id)).toEqual(before);
    expect((await readRole(stronger)).permissions).toEqual(["roles_view", "roles_manage", "payroll_view"]);
    // A role within their own permissions stays theirs to change and delete.
    const within = await createRole(t, admin, ["roles_view"]);
    expect((await call(t, manager.token, { method: "PUT", url: `/api/roles/${within}`, payload: { permissions: [] } })).statusCode).toBe(200);
    expect((await call(t, manager.token, { method: "DELETE", url: `/api/roles/${within}` })).statusCode).toBe(200);
  });

  it("staff with roles_manage cannot create or widen a role beyond their own permissions (403)", async () => {
    const manager = await staffWith(t, admin, ["roles_view", "roles_manage", "attendance_access"]);
    const name = unique("Too big ");
    const create = await call(t, manager.token, { method: "POST", url: "/api/roles", payload: { name, permissions: ["attendance_access", "payroll_release"] } });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe("You can only grant permissions you have yourself (not: payroll_release).");
    expect(await roleNamed(name)).toBeNull();

    const id = await createRole(t, admin, ["attendance_access"]);
    const widen = await call(t, manager.token, { method: "PUT", url: `/api/roles/${id}`, payload: { permissions: ["attendance_access", "settings_manage", "users_manage"] } });
    expect(widen.statusCode).toBe(403);
    expect(widen.json().message).toMatch(/settings_manage, users_manage/);
    expect((await readRole(id)).permissions).toEqual(["attendance_access"]);

    // Their own role cannot be widened either.
    const own = await call(t, manager.token, { method: "PUT", url: `/api/roles/${manager.roleId}`, payload: { permissions: [...PERMISSIONS] } });
    expect(own.statusCode).toBe(403);
    expect((await call(t, manager.token, { method: "GET", url: "/api/users" })).statusCode).toBe(403);

    // Within their own permissions it works.
    const fine = await call(t, manager.token, { method: "POST", url: "/api/roles", payload: { name: unique("Fine "), permissions: ["attendance_access", "roles_view"] } });
    expect(fine.statusCode, fine.body).toBe(201);
  });
});

describe("DELETE /api/roles/{id}", () => {
  it("refuses a role people hold (409, naming how many), and keeps it", async () => {
    const id = await createRole(t, admin, ["attendance_access"]);
    await createPerson(t, admin, { role_id: id });
    const one = await call(t, admin, { method: "DELETE", url: `/api/roles/${id}` });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({ message: "1 person holds this role. Give them another role before deleting it." });
    await createPerson(t, admin, { role_id: id });
    const two = await call(t, admin, { method: "DELETE", url: `/api/roles/${id}` });
    expect(two.statusCode).toBe(409);
    expect(two.json()).toEqual({ message: "2 people hold this role. Give them another role before deleting it." });
    expect((await readRole(id)).id).toBe(id);
  });

  it("counts the people holding a role in the list and in one role", async () => {
    const id = await createRole(t, admin, ["attendance_access"]);
    expect((await readRole(id)).users_count).toBe(0);
    await createPerson(t, admin, { role_id: id });
    await createPerson(t, admin, { role_id: id });
    expect((await readRole(id)).users_count).toBe(2);
    const list = (await call(t, admin, { method: "GET", url: "/api/roles?per_page=100" })).json().data as { id: number; name: string; users_count: number }[];
    expect(list.find((role) => role.id === id)?.users_count).toBe(2);
    // The demo company: one person holds each of its three roles.
    for (const name of ["HR Officer", "Employee"]) expect(list.find((role) => role.name === name)?.users_count, name).toBe(1);
  });

  it("deletes a role nobody holds (200), then it is gone (404)", async () => {
    const id = await createRole(t, admin, []);
    const response = await call(t, admin, { method: "DELETE", url: `/api/roles/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id, outcome: "deleted" }, message: "Role deleted." });
    expect((await call(t, admin, { method: "GET", url: `/api/roles/${id}` })).statusCode).toBe(404);
    expect((await call(t, admin, { method: "DELETE", url: `/api/roles/${id}` })).statusCode).toBe(404);
  });

  it("a role freed by reassigning its holders can then be deleted", async () => {
    const id = await createRole(t, admin, []);
    const person = await createPerson(t, admin, { role_id: id });
    expect((await call(t, admin, { method: "DELETE", url: `/api/roles/${id}` })).statusCode).toBe(409);
    expect((await call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { role_id: null } })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "DELETE", url: `/api/roles/${id}` })).statusCode).toBe(200);
  });
});

describe("GET /api/roles and /api/roles/options", () => {
  it("lists roles with paging meta, sorted and searchable", async () => {
    const response = await call(t, admin, { method: "GET", url: "/api/roles?per_page=2&sort=-name" });
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toMatchObject({ current_page: 1, per_page: 2 });
    expect(meta.last_page).toBe(Math.ceil(meta.total / 2));
    expect(data).toHaveLength(2);
    const sorted = (await call(t, admin, { method: "GET", url: "/api/roles?per_page=100&sort=-name" })).json().data as { name: string }[];
    const demo = sorted.map((role) => role.name).filter((name) => ["Administrator", "Employee", "HR Officer"].includes(name));
    expect(demo).toEqual(["HR Officer", "Employee", "Administrator"]);
    const search = await call(t, admin, { method: "GET", url: "/api/roles?search=officer" });
    expect((search.json().data as { name: string }[]).map((role) => role.name)).toEqual(["HR Officer"]);
  });

  it("refuses a filter outside the whitelist with 422", async () => {
    for (const query of ["filter[permissions][contains]=users_view", "sort=permissions", "filter[id][equals]=1"]) {
      const response = await call(t, admin, { method: "GET", url: `/api/roles?${query}` });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it("gives every role as id and name, by name, to role readers and to people who create users", async () => {
    const all = (await call(t, admin, { method: "GET", url: "/api/roles?per_page=100" })).json().data as { id: number; name: string }[];
    const response = await call(t, admin, { method: "GET", url: "/api/roles/options" });
    expect(response.statusCode).toBe(200);
    const options = response.json().data as { id: number; name: string }[];
    expect(options).toHaveLength(all.length);
    for (const option of options) expect(Object.keys(option).sort()).toEqual(["id", "name"]);
    expect(options.map((option) => option.name)).toEqual(expect.arrayContaining(["Administrator", "HR Officer", "Employee"]));
    const demo = options.map((option) => option.name).filter((name) => ["Administrator", "Employee", "HR Officer"].includes(name));
    expect(demo).toEqual(["Administrator", "Employee", "HR Officer"]);
    const userManager = await staffWith(t, admin, ["users_view", "users_manage"]);
    expect((await call(t, userManager.token, { method: "GET", url: "/api/roles/options" })).statusCode).toBe(200);
  });
});
