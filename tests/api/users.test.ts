/**
 * The people API: who may call what (anonymous, employee, staff with and
 * without the users_* permissions, super administrator), what each caller
 * sees (pay only for pay readers), create/update/delete rules, and the list.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import {
  ADMIN,
  call,
  createPerson,
  createRole,
  EMPLOYEE,
  employeePayload,
  employeeSignedIn,
  GOOD_PASSWORD,
  HR,
  staffWith,
  unique,
} from "../support/people";

const PAY_FIELDS = ["pay_basis", "base_rate", "currency", "bank_name", "bank_account", "tax_id", "social_insurance_id"];
const INACTIVE_MESSAGE = "This account has been deactivated. Contact your administrator to restore access.";

let t: TestApp;
let admin: string;
let employee: string;
let hr: string;
let adminId: number;
let employeeId: number;
let hrId: number;
/** Staff holding users_view only. */
let viewer: Awaited<ReturnType<typeof staffWith>>;
/** Staff holding users_view and users_manage, but not users_pay_view. */
let manager: Awaited<ReturnType<typeof staffWith>>;
/** Staff holding every users_* permission. */
let payManager: Awaited<ReturnType<typeof staffWith>>;

beforeAll(async () => {
  t = await startTestApp();
  [admin, employee, hr] = await Promise.all([t.tokenFor(ADMIN.email), t.tokenFor(EMPLOYEE.email), t.tokenFor(HR.email)]);
  const me = async (token: string) => (await call(t, token, { method: "GET", url: "/api/me" })).json().data.id as number;
  [adminId, employeeId, hrId] = [await me(admin), await me(employee), await me(hr)];
  viewer = await staffWith(t, admin, ["users_view"]);
  manager = await staffWith(t, admin, ["users_view", "users_manage"]);
  payManager = await staffWith(t, admin, ["users_view", "users_manage", "users_pay_view"]);
});
afterAll(() => t.close());

function signIn(email: string, password: string) {
  return t.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
}

async function read(id: number, token = admin) {
  const response = await call(t, token, { method: "GET", url: `/api/users/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>;
}

function put(token: string, id: number, payload: Record<string, unknown>) {
  return call(t, token, { method: "PUT", url: `/api/users/${id}`, payload });
}

function expectNoPay(record: Record<string, unknown>) {
  for (const field of PAY_FIELDS) expect(record, `pay field ${field}`).not.toHaveProperty(field);
}

function expectPay(record: Record<string, unknown>) {
  for (const field of PAY_FIELDS) expect(record, `pay field ${field}`).toHaveProperty(field);
}

function expectNoSecrets(record: Record<string, unknown>) {
  expect(record).not.toHaveProperty("password");
  expect(record).not.toHaveProperty("password_hash");
  expect(JSON.stringify(record)).not.toMatch(/\$argon2/);
}

describe("access: anonymous callers", () => {
  const routes: [string, string][] = [
    ["GET", "/api/users"],
    ["POST", "/api/users"],
    ["GET", "/api/users/list"],
    ["GET", "/api/users/1"],
    ["PUT", "/api/users/1"],
    ["DELETE", "/api/users/1"],
    ["GET", "/api/users/1/profile"],
    ["GET", "/api/user"],
    ["GET", "/api/user/profile"],
    ["GET", "/api/user/settings"],
  ];
  it.each(routes)("%s %s answers 401", async (method, url) => {
    const response = await t.app.inject({ method: method as InjectOptions["method"], url, payload: method === "GET" || method === "DELETE" ? undefined : employeePayload() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please log in." });
  });

  // Authentication comes before validation: a caller who is not signed in learns nothing about the body's schema.
  it.each([
    ["POST", "/api/users", {}],
    ["PUT", "/api/users/1", { bogus: true }],
    ["PUT", "/api/users/abc", {}],
  ])("%s %s with a body that would fail validation still answers 401, not 422", async (method, url, payload) => {
    const response = await t.app.inject({ method: method as InjectOptions["method"], url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please log in." });
  });

  it("refuses a made-up bearer token", async () => {
    const response = await call(t, "not-a-real-token", { method: "GET", url: "/api/users" });
    expect(response.statusCode).toBe(401);
  });
});

describe("access: an employee (level 1)", () => {
  it("is refused the list, the picker list and creating people", async () => {
    for (const options of [
      { method: "GET", url: "/api/users" },
      { method: "GET", url: "/api/users/list" },
      { method: "POST", url: "/api/users", payload: employeePayload() },
    ] as InjectOptions[]) {
      const response = await call(t, employee, options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(403);
      expect(response.json()).toEqual({ message: "You do not have permission." });
    }
  });

  it("is refused (403), not told how to fix the body (422), when creating or changing with an invalid body", async () => {
    const create = await call(t, employee, { method: "POST", url: "/api/users", payload: {} });
    expect(create.statusCode).toBe(403);
    expect(create.json()).not.toHaveProperty("errors");
    const update = await put(employee, adminId, { email: "not-an-address" });
    expect(update.statusCode).toBe(403);
    expect(update.json()).not.toHaveProperty("errors");
  });

  it("cannot read, change or delete another person's record by id", async () => {
    for (const other of [adminId, hrId, manager.id]) {
      const get = await call(t, employee, { method: "GET", url: `/api/users/${other}` });
      expect(get.statusCode).toBe(403);
      expect(get.json()).not.toHaveProperty("data");
      const profile = await call(t, employee, { method: "GET", url: `/api/users/${other}/profile` });
      expect(profile.statusCode).toBe(403);
      expect(profile.json()).not.toHaveProperty("data");
      expect((await put(employee, other, { department: "Hijacked" })).statusCode).toBe(403);
      expect((await call(t, employee, { method: "DELETE", url: `/api/users/${other}` })).statusCode).toBe(403);
    }
    expect((await read(hrId)).department).toBe("People");
    expect((await read(adminId)).department).toBe("Management");
  });

  it("reads their own record by id and through /api/user, with their own pay", async () => {
    const byId = await read(employeeId, employee);
    const own = (await call(t, employee, { method: "GET", url: "/api/user" })).json().data;
    expect(byId).toEqual(own);
    expect(own).toMatchObject({ id: employeeId, email: EMPLOYEE.email, access_level: 1, role: { name: "Employee" } });
    expect(own).toMatchObject({ pay_basis: "hourly", base_rate: 2250, currency: "USD" });
    expectNoSecrets(own);
  });

  it("cannot change or delete their own record through the administrators' endpoint", async () => {
    expect((await put(employee, employeeId, { department: "Mine now" })).statusCode).toBe(403);
    expect((await put(employee, employeeId, { access_level: 0 })).statusCode).toBe(403);
    expect((await put(employee, employeeId, { base_rate: 99999999 })).statusCode).toBe(403);
    expect((await call(t, employee, { method: "DELETE", url: `/api/users/${employeeId}` })).statusCode).toBe(403);
    expect(await read(employeeId)).toMatchObject({ department: "Operations", access_level: 1, base_rate: 2250 });
  });

  it("reads their own profile aggregate and settings, without the activity log", async () => {
    const profile = await call(t, employee, { method: "GET", url: "/api/user/profile" });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ user: { id: employeeId }, recent_activity: null });
    const byId = await call(t, employee, { method: "GET", url: `/api/users/${employeeId}/profile` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.recent_activity).toBeNull();
    const settings = await call(t, employee, { method: "GET", url: "/api/user/settings" });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual({ data: {} });
  });

  it("gets 404 for an id that does not exist", async () => {
    expect((await call(t, employee, { method: "GET", url: "/api/users/999999" })).statusCode).toBe(404);
  });
});

describe("access: staff without any users_* permission (the demo HR officer)", () => {
  it.each([
    ["GET", "/api/users"],
    ["GET", "/api/users/list"],
    ["POST", "/api/users"],
    ["GET", "/api/users/:other"],
    ["PUT", "/api/users/:other"],
    ["DELETE", "/api/users/:other"],
    ["GET", "/api/users/:other/profile"],
  ])("%s %s answers 403", async (method, path) => {
    const url = path.replace(":other", String(employeeId));
    const payload = method === "POST" ? employeePayload() : method === "PUT" ? { department: "X" } : undefined;
    const response = await call(t, hr, { method: method as InjectOptions["method"], url, payload });
    expect(response.statusCode).toBe(403);
  });

  it("still reads their own record, with their own pay", async () => {
    const own = await read(hrId, hr);
    expect(own).toMatchObject({ id: hrId, email: HR.email, base_rate: 520000 });
    expect((await call(t, hr, { method: "GET", url: "/api/user" })).json().data).toEqual(own);
  });
});

describe("access: staff with users_view", () => {
  it("lists people and reads any record, without pay fields", async () => {
    const list = await call(t, viewer.token, { method: "GET", url: "/api/users?per_page=100" });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as Record<string, unknown>[];
    expect(rows.map((row) => row.email)).toEqual(expect.arrayContaining([ADMIN.email, EMPLOYEE.email, HR.email]));
    for (const row of rows) {
      // Their own row is the one exception: everyone sees their own pay.
      if (row.id !== viewer.id) expectNoPay(row);
      expectNoSecrets(row);
    }
    expectNoPay(await read(adminId, viewer.token));
    const profile = await call(t, viewer.token, { method: "GET", url: `/api/users/${employeeId}/profile` });
    expect(profile.statusCode).toBe(200);
    expectNoPay(profile.json().data.user);
    expect(profile.json().data.recent_activity).toBeNull();
  });

  it("still sees their own pay", async () => {
    expectPay(await read(viewer.id, viewer.token));
  });

  it("gets the picker list", async () => {
    const response = await call(t, viewer.token, { method: "GET", url: "/api/users/list" });
    expect(response.statusCode).toBe(200);
  });

  it("may not create, change or delete", async () => {
    expect((await call(t, viewer.token, { method: "POST", url: "/api/users", payload: employeePayload({ base_rate: undefined, pay_basis: undefined }) })).statusCode).toBe(403);
    expect((await put(viewer.token, employeeId, { department: "X" })).statusCode).toBe(403);
    expect((await call(t, viewer.token, { method: "DELETE", url: `/api/users/${employeeId}` })).statusCode).toBe(403);
  });
});

/** A new person with no pay fields at all: what a manager without pay rights would send. */
function payloadWithoutPay(overrides: Record<string, unknown> = {}) {
  const payload = employeePayload();
  for (const field of PAY_FIELDS) delete payload[field];
  return { ...payload, ...overrides };
}

describe("access: staff with users_manage but not users_pay_view", () => {
  it("creates a person when no pay field is sent, and the reply has no pay", async () => {
    const response = await call(t, manager.token, { method: "POST", url: "/api/users", payload: payloadWithoutPay() });
    expect(response.statusCode, response.body).toBe(201);
    expectNoPay(response.json().data);
  });

  it("is refused (403) writing pay on create", async () => {
    const response = await call(t, manager.token, { method: "POST", url: "/api/users", payload: payloadWithoutPay({ base_rate: 100 }) });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You may not change pay, bank or identity numbers.");
  });

  it("updates other fields of a person, and the reply has no pay", async () => {
    const person = await createPerson(t, admin);
    const response = await put(manager.token, person.id, { department: "Logistics", position: "Lead" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ department: "Logistics", position: "Lead" });
    expectNoPay(response.json().data);
  });

  it.each([
    ["base_rate", 1],
    ["pay_basis", "hourly"],
    ["currency", "EUR"],
    ["bank_account", "999"],
    ["tax_id", "T-1"],
    ["social_insurance_id", "S-1"],
    ["bank_name", "Other Bank"],
  ])("is refused (403) writing %s, and nothing changes", async (field, value) => {
    const person = await createPerson(t, admin);
    const before = await read(person.id);
    const response = await put(manager.token, person.id, { department: "Changed", [field]: value });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You may not change pay, bank or identity numbers.");
    expect(await read(person.id)).toEqual(before);
  });

  it("cannot use a filter or sort on pay to learn it (422), where an administrator can (200)", async () => {
    const filter = await call(t, manager.token, { method: "GET", url: "/api/users?filter[base_rate][gt]=0" });
    expect(filter.statusCode).toBe(422);
    expect(filter.json().errors).toHaveProperty(["filter[base_rate][gt]"]);
    expect((await call(t, manager.token, { method: "GET", url: "/api/users?sort=-base_rate" })).statusCode).toBe(422);
    expect((await call(t, manager.token, { method: "GET", url: "/api/users?filter[pay_basis][equals]=hourly" })).statusCode).toBe(422);
    const asAdmin = await call(t, admin, { method: "GET", url: "/api/users?filter[base_rate][gt]=0&per_page=100" });
    expect(asAdmin.statusCode).toBe(200);
    const rows = asAdmin.json().data as { base_rate: number }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.base_rate).toBeGreaterThan(0);
    expect((await call(t, admin, { method: "GET", url: "/api/users?sort=-base_rate" })).statusCode).toBe(200);
  });
});

describe("access: staff with users_manage and users_pay_view, and the administrator", () => {
  it("sees and writes pay", async () => {
    const person = await createPerson(t, admin);
    const response = await put(payManager.token, person.id, { base_rate: 555555, bank_account: "12-34" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ base_rate: 555555, bank_account: "12-34" });
    expectPay(await read(person.id, payManager.token));
    expectPay(await read(person.id, admin));
    const list = (await call(t, admin, { method: "GET", url: "/api/users?per_page=100" })).json().data as Record<string, unknown>[];
    for (const row of list) expectPay(row);
  });

  it("a level-2 manager may not create, edit, promote to or delete a level-0 account (403)", async () => {
    const create = await call(t, payManager.token, { method: "POST", url: "/api/users", payload: employeePayload({ access_level: 0 }) });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe("Only a super administrator may do this to a super administrator account.");
    expect((await put(payManager.token, adminId, { department: "Elsewhere" })).statusCode).toBe(403);
    expect((await put(payManager.token, adminId, { is_active: false })).statusCode).toBe(403);
    const person = await createPerson(t, admin);
    expect((await put(payManager.token, person.id, { access_level: 0 })).statusCode).toBe(403);
    expect((await call(t, payManager.token, { method: "DELETE", url: `/api/users/${adminId}` })).statusCode).toBe(403);
    expect(await read(adminId)).toMatchObject({ department: "Management", is_active: true, access_level: 0, archived_at: null });
    expect((await read(person.id)).access_level).toBe(1);
  });

  it("a manager may not hand out, to anyone or to themselves, a role with permissions they do not hold (403)", async () => {
    const mightier = await createRole(t, admin, ["users_view", "users_manage", "users_pay_view", "roles_manage", "settings_manage"]);
    const person = await createPerson(t, admin);
    expect((await put(payManager.token, payManager.id, { role_id: mightier })).statusCode).toBe(403);
    expect((await put(payManager.token, person.id, { role_id: mightier })).statusCode).toBe(403);
    const created = await call(t, payManager.token, { method: "POST", url: "/api/users", payload: employeePayload({ access_level: 2, role_id: mightier }) });
    expect(created.statusCode).toBe(403);
    expect((await read(payManager.id)).role).toEqual({ id: payManager.roleId, name: expect.any(String) });
    expect((await read(person.id)).role).toBeNull();
    // A role within their own powers is theirs to hand out.
    const lesser = await createRole(t, admin, ["users_view"]);
    expect((await put(payManager.token, person.id, { access_level: 2, role_id: lesser })).statusCode).toBe(200);
  });
});

describe("POST /api/users", () => {
  it("creates a person from full employee data (201) who can then sign in", async () => {
    const payload = employeePayload({ email: `Mixed.Case.${unique()}@Example.com` });
    const response = await call(t, admin, { method: "POST", url: "/api/users", payload });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe("Employee created.");
    const created = response.json().data;
    const { password: _p, password_confirmation: _c, role_id: _r, email, ...rest } = payload;
    expect(created).toMatchObject({ ...rest, email: String(email).toLowerCase(), role: null, archived_at: null, profile_picture_url: null });
    expect(created.name).toBe(`${payload.first_name} ${payload.last_name}`);
    expectNoSecrets(created);
    expect(await read(created.id)).toEqual(created);

    const login = await signIn(String(email).toUpperCase(), GOOD_PASSWORD);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ id: created.id, access_level: 1 });
  });

  it("creates with only the required fields and fills the defaults", async () => {
    const tag = unique();
    const response = await call(t, admin, {
      method: "POST",
      url: "/api/users",
      payload: { first_name: "Min", last_name: "Imal", email: `${tag}@example.com`, password: GOOD_PASSWORD, password_confirmation: GOOD_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      access_level: 1,
      role: null,
      is_active: true,
      employment_type: "full_time",
      employment_status: "active",
      pay_basis: "monthly",
      base_rate: 0,
      currency: "USD",
      employee_number: null,
      hire_date: null,
    });
  });

  it("assigns an existing role", async () => {
    const roleId = await createRole(t, admin, ["attendance_access"]);
    const person = await createPerson(t, admin, { access_level: 2, role_id: roleId });
    expect((await read(person.id)).role).toEqual({ id: roleId, name: expect.any(String) });
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["blank first name", { first_name: "   " }, "first_name", "Value is required"],
    ["empty last name", { last_name: "" }, "last_name", "Value is required"],
    ["missing first name", { first_name: undefined }, "first_name", "Value is required"],
    ["bad e-mail", { email: "not-an-address" }, "email", "Value is not a valid email address"],
    ["blank e-mail", { email: " " }, "email", "Value is required"],
    ["impossible date", { hire_date: "2026-02-30" }, "hire_date", "Enter a date as YYYY-MM-DD."],
    ["date in another format", { birth_date: "30/06/1990" }, "birth_date", "Enter a date as YYYY-MM-DD."],
    ["end before hire", { hire_date: "2025-05-01", end_date: "2025-04-30" }, "end_date", "The end date cannot be before the hire date."],
    ["fractional cents", { base_rate: 1.5 }, "base_rate", "Enter the amount in whole cents (no fractions of a cent)."],
    ["negative pay", { base_rate: -1 }, "base_rate", "This cannot be negative."],
    ["pay as a string", { base_rate: "100" }, "base_rate", "Value has the wrong type"],
    ["two-letter currency", { currency: "US" }, "currency", "Use a three-letter currency code such as USD or PHP."],
    ["unknown field", { salary: 5 }, "salary", "This field is not accepted here"],
    ["password_hash smuggled in", { password_hash: "x" }, "password_hash", "This field is not accepted here"],
    ["unknown access level", { access_level: 3 }, "access_level", "Value is not valid"],
    ["unknown status", { employment_status: "retired" }, "employment_status", "Value is not valid"],
    ["weak password", { password: "short", password_confirmation: "short" }, "password", "This field should be at least 8 characters long"],
    ["confirmation that differs", { password_confirmation: "Other123!pass" }, "password_confirmation", "Passwords must match"],
    // No password at all sends an invitation instead (tests/api/invitations.test.ts); an empty one is a mistake.
    ["empty password", { password: "", password_confirmation: "" }, "password", "Value is required"],
    ["password without its confirmation", { password_confirmation: undefined }, "password_confirmation", "Value is required"],
    ["role id as text", { role_id: "1" }, "role_id", "Value has the wrong type"],
  ];
  it.each(invalid)("refuses %s with 422 on the field and creates nobody", async (_label, overrides, field, message) => {
    const payload = employeePayload(overrides);
    const response = await call(t, admin, { method: "POST", url: "/api/users", payload });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toContain(message);
    const search = await call(t, admin, { method: "GET", url: `/api/users?filter[email][equals]=${encodeURIComponent(String(payload.email ?? "none"))}` });
    expect(search.json().meta.total).toBe(0);
  });

  it("refuses an e-mail already in use, in any case (422 on email)", async () => {
    for (const email of [ADMIN.email, ADMIN.email.toUpperCase(), "  Admin@Example.com "]) {
      const response = await call(t, admin, { method: "POST", url: "/api/users", payload: employeePayload({ email }) });
      expect(response.statusCode, email).toBe(422);
      expect(response.json().errors.email).toEqual(["This email address is already in use"]);
    }
  });

  it("refuses an employee number already in use (422 on employee_number)", async () => {
    const response = await call(t, admin, { method: "POST", url: "/api/users", payload: employeePayload({ employee_number: "E-0001" }) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.employee_number).toEqual(["This employee number is already in use"]);
  });

  it("refuses a role that does not exist (422 on role_id)", async () => {
    const response = await call(t, admin, { method: "POST", url: "/api/users", payload: employeePayload({ role_id: 999999 }) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.role_id).toEqual(["This role does not exist. Pick one from the list."]);
  });

  it("refuses a body that is not JSON with a clear 4xx", async () => {
    const response = await call(t, admin, { method: "POST", url: "/api/users", headers: { "content-type": "application/json" }, payload: "{not json" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("The request body is not valid JSON.");
  });
});

describe("PUT /api/users/{id}", () => {
  it("changes only the fields sent", async () => {
    const person = await createPerson(t, admin);
    const before = await read(person.id);
    t.clock.advanceMinutes(1);
    const response = await put(admin, person.id, { department: "Audit" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("Employee updated.");
    const after = await read(person.id);
    expect(after).toEqual({ ...before, department: "Audit", updated_at: after.updated_at });
    expect(after.updated_at).not.toBe(before.updated_at);
  });

  it("clears an optional field sent as null or blank, and leaves the rest", async () => {
    const person = await createPerson(t, admin);
    const before = await read(person.id);
    const response = await put(admin, person.id, { phone: null, position: "  " });
    expect(response.statusCode).toBe(200);
    expect(await read(person.id)).toEqual({ ...before, phone: null, position: null, updated_at: expect.any(String) });
  });

  it("validates like create: 422 on the field, and nothing changes", async () => {
    const person = await createPerson(t, admin, { hire_date: "2025-01-15" });
    const before = await read(person.id);
    for (const [payload, field] of [
      [{ first_name: "" }, "first_name"],
      [{ email: "nope" }, "email"],
      [{ hire_date: "2026-02-30" }, "hire_date"],
      [{ hire_date: "2025-03-01", end_date: "2025-02-28" }, "end_date"],
      [{ base_rate: 1.5 }, "base_rate"],
      [{ base_rate: -1 }, "base_rate"],
      [{ currency: "US" }, "currency"],
      [{ nickname: "J" }, "nickname"],
      [{ password: "weak", password_confirmation: "weak" }, "password"],
    ] as [Record<string, unknown>, string][]) {
      const response = await put(admin, person.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toHaveProperty([field]);
    }
    expect(await read(person.id)).toEqual(before);
  });

  it("refuses another person's e-mail (any case) or employee number, and a missing role (422)", async () => {
    const person = await createPerson(t, admin);
    const email = await put(admin, person.id, { email: HR.email.toUpperCase() });
    expect(email.statusCode).toBe(422);
    expect(email.json().errors.email).toEqual(["This email address is already in use"]);
    const number = await put(admin, person.id, { employee_number: "E-0002" });
    expect(number.statusCode).toBe(422);
    expect(number.json().errors.employee_number).toEqual(["This employee number is already in use"]);
    const role = await put(admin, person.id, { role_id: 999999 });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors).toHaveProperty("role_id");
    // Their own e-mail and number, sent again, are no conflict.
    const same = await read(person.id);
    expect((await put(admin, person.id, { email: same.email, employee_number: same.employee_number })).statusCode).toBe(200);
  });

  it("answers 404 for a person that does not exist", async () => {
    expect((await put(admin, 999999, { department: "X" })).statusCode).toBe(404);
  });

  it("a new password signs the person out everywhere and is the one that works", async () => {
    const person = await employeeSignedIn(t, admin);
    const second = await t.tokenFor(person.email, person.password);
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    const response = await put(admin, person.id, { password: "Changed123!x", password_confirmation: "Changed123!x" });
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await call(t, second, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await signIn(person.email, person.password)).statusCode).toBe(422);
    expect((await signIn(person.email, "Changed123!x")).statusCode).toBe(200);
  });

  it("a change that is not about access keeps the person's sessions", async () => {
    const person = await employeeSignedIn(t, admin);
    expect((await put(admin, person.id, { position: "Senior" })).statusCode).toBe(200);
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
  });

  it.each([
    ["deactivating", { is_active: false }, { is_active: true }],
    ["terminating", { employment_status: "terminated" }, { employment_status: "active" }],
  ])("%s revokes the person's tokens at once, even one used just before, and sign-in answers 403", async (_label, change, undo) => {
    const person = await employeeSignedIn(t, admin);
    // The token was just used: the session cache holds it.
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    expect((await call(t, person.token, { method: "GET", url: "/api/user" })).statusCode).toBe(200);
    const response = await put(admin, person.id, change);
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    expect((await call(t, person.token, { method: "GET", url: "/api/user" })).statusCode).toBe(401);
    const login = await signIn(person.email, person.password);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: INACTIVE_MESSAGE });
    // Undone, the person signs in again; the old token stays dead.
    expect((await put(admin, person.id, undo)).statusCode).toBe(200);
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
  });

  it("a change of level or role takes effect on the person's very next request", async () => {
    const person = await employeeSignedIn(t, admin);
    expect((await call(t, person.token, { method: "GET", url: "/api/users" })).statusCode).toBe(403);
    const roleId = await createRole(t, admin, ["users_view"]);
    expect((await put(admin, person.id, { access_level: 2, role_id: roleId })).statusCode).toBe(200);
    expect((await call(t, person.token, { method: "GET", url: "/api/users" })).statusCode).toBe(200);
    expect((await put(admin, person.id, { access_level: 1 })).statusCode).toBe(200);
    expect((await call(t, person.token, { method: "GET", url: "/api/users" })).statusCode).toBe(403);
  });

  it("nobody lowers their own level or switches off their own account (409)", async () => {
    for (const change of [{ access_level: 1 }, { access_level: 2 }, { is_active: false }, { employment_status: "terminated" }]) {
      const response = await put(admin, adminId, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
    }
    expect((await put(admin, adminId, { access_level: 2 })).json().message).toMatch(/your own access level/);
    expect((await put(admin, adminId, { is_active: false })).json().message).toBe(
      "You cannot deactivate, terminate or delete your own account. Ask another administrator.",
    );
    for (const change of [{ is_active: false }, { employment_status: "terminated" }]) {
      expect((await put(payManager.token, payManager.id, change)).statusCode, JSON.stringify(change)).toBe(409);
    }
    expect((await call(t, payManager.token, { method: "DELETE", url: `/api/users/${payManager.id}` })).statusCode).toBe(409);
    expect(await read(adminId)).toMatchObject({ access_level: 0, is_active: true, employment_status: "active" });
    expect((await call(t, payManager.token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
  });

  it("staff cannot lower their own level either (409)", async () => {
    const response = await put(payManager.token, payManager.id, { access_level: 1 });
    expect(response.statusCode).toBe(409);
    expect((await read(payManager.id)).access_level).toBe(2);
  });

  it("a change that keeps one's own access is allowed on one's own record", async () => {
    const response = await put(admin, adminId, { phone: "+1 555 0000", access_level: 0, is_active: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.phone).toBe("+1 555 0000");
  });
});

describe("DELETE /api/users/{id}", () => {
  it("deletes a person who never signed in (404 afterwards)", async () => {
    const person = await createPerson(t, admin);
    const response = await call(t, admin, { method: "DELETE", url: `/api/users/${person.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { id: person.id, outcome: "deleted" }, message: "Employee deleted." });
    expect((await call(t, admin, { method: "GET", url: `/api/users/${person.id}` })).statusCode).toBe(404);
    expect((await call(t, admin, { method: "DELETE", url: `/api/users/${person.id}` })).statusCode).toBe(404);
    expect((await signIn(person.email, person.password)).statusCode).toBe(422);
    // The address and the number are free again.
    expect((await call(t, admin, { method: "GET", url: `/api/users?archived=1&search=${encodeURIComponent(person.email)}` })).json().meta.total).toBe(0);
  });

  it("documents archived=1 among the list's parameters and refuses any other value with a 422", async () => {
    const docs = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const parameters: { name: string; in: string }[] = docs.paths["/api/users"].get.parameters;
    expect(parameters).toContainEqual(expect.objectContaining({ name: "archived", in: "query" }));
    const refused = await call(t, admin, { method: "GET", url: "/api/users?archived=yes" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: expect.any(String), errors: { archived: [expect.any(String)] } });
  });

  it("archives a person who has signed in: hidden from the list, listed with archived=1, sign-in and tokens refused", async () => {
    const person = await employeeSignedIn(t, admin);
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    const response = await call(t, admin, { method: "DELETE", url: `/api/users/${person.id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ id: person.id, outcome: "archived" });
    expect(response.json().message).toMatch(/archived instead of deleted/);

    const visible = await call(t, admin, { method: "GET", url: `/api/users?per_page=100&search=${encodeURIComponent(person.email)}` });
    expect(visible.json().meta.total).toBe(0);
    const all = (await call(t, admin, { method: "GET", url: "/api/users?per_page=100" })).json().data as { id: number }[];
    expect(all.map((row) => row.id)).not.toContain(person.id);
    const archived = await call(t, admin, { method: "GET", url: "/api/users?archived=1&per_page=100" });
    expect(archived.statusCode).toBe(200);
    const archivedRows = archived.json().data as { id: number; archived_at: string | null }[];
    expect(archivedRows.map((row) => row.id)).toContain(person.id);
    for (const row of archivedRows) expect(row.archived_at).not.toBeNull();
    const picker = (await call(t, admin, { method: "GET", url: "/api/users/list" })).json().data as { id: number }[];
    expect(picker.map((row) => row.id)).not.toContain(person.id);

    expect((await read(person.id)).archived_at).toEqual(expect.any(String));
    expect((await call(t, person.token, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    const login = await signIn(person.email, person.password);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: INACTIVE_MESSAGE });
  });

  it("lets a manager with users_manage delete a person", async () => {
    const person = await createPerson(t, admin);
    expect((await call(t, manager.token, { method: "DELETE", url: `/api/users/${person.id}` })).statusCode).toBe(200);
  });
});

describe("the last active super administrator", () => {
  it("cannot be demoted, deactivated or deleted while alone; with a second one it becomes possible", async () => {
    for (const change of [{ access_level: 1 }, { is_active: false }, { employment_status: "terminated" }]) {
      expect((await put(admin, adminId, change)).statusCode, JSON.stringify(change)).toBe(409);
    }
    expect((await call(t, admin, { method: "DELETE", url: `/api/users/${adminId}` })).statusCode).toBe(409);
    // Staff cannot touch a super administrator at all.
    expect((await put(payManager.token, adminId, { access_level: 2 })).statusCode).toBe(403);
    expect(await read(adminId)).toMatchObject({ access_level: 0, is_active: true, archived_at: null });

    const second = await createPerson(t, admin, { access_level: 0 });
    const secondToken = await t.tokenFor(second.email, second.password);
    // The second administrator can now demote the first, and promote them back.
    expect((await put(secondToken, adminId, { access_level: 2 })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "GET", url: "/api/me" })).json().data.access_level).toBe(2);
    // The second is now the only one: they cannot step down.
    expect((await put(secondToken, second.id, { access_level: 1 })).statusCode).toBe(409);
    expect((await put(secondToken, adminId, { access_level: 0 })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "GET", url: "/api/me" })).json().data.access_level).toBe(0);
    // Two again: one may deactivate, then archive, the other.
    expect((await put(admin, second.id, { is_active: false })).statusCode).toBe(200);
    expect((await call(t, secondToken, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    const removed = await call(t, admin, { method: "DELETE", url: `/api/users/${second.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.outcome).toBe("archived");
    // Alone again.
    expect((await put(admin, adminId, { access_level: 1 })).statusCode).toBe(409);
  });
});

describe("two_factor on a person's record: for those who manage people", () => {
  const OFF = { enabled: false, enabled_at: null };

  it("is on the record, the profile and the list rows for the administrator and users_manage staff", async () => {
    expect((await read(employeeId)).two_factor).toEqual(OFF);
    expect((await read(employeeId, manager.token)).two_factor).toEqual(OFF);
    const profile = await call(t, manager.token, { method: "GET", url: `/api/users/${employeeId}/profile` });
    expect(profile.json().data.user.two_factor).toEqual(OFF);
    const rows = (await call(t, admin, { method: "GET", url: "/api/users?per_page=100" })).json().data as Record<string, unknown>[];
    for (const row of rows) expect(row, String(row.email)).toHaveProperty("two_factor");
  });

  it("is left out for readers without users_manage, on their own record too, and they cannot filter or sort by it (422)", async () => {
    expect(await read(employeeId, viewer.token)).not.toHaveProperty("two_factor");
    expect(await read(viewer.id, viewer.token)).not.toHaveProperty("two_factor");
    const own = await call(t, employee, { method: "GET", url: "/api/user" });
    expect(own.json().data).not.toHaveProperty("two_factor");
    const rows = (await call(t, viewer.token, { method: "GET", url: "/api/users?per_page=100" })).json().data as Record<string, unknown>[];
    for (const row of rows) expect(row).not.toHaveProperty("two_factor");
    const filter = await call(t, viewer.token, { method: "GET", url: "/api/users?filter[two_factor][equals]=false" });
    expect(filter.statusCode).toBe(422);
    expect(filter.json().errors).toHaveProperty(["filter[two_factor][equals]"]);
    expect((await call(t, viewer.token, { method: "GET", url: "/api/users?sort=two_factor" })).statusCode).toBe(422);
    expect((await call(t, manager.token, { method: "GET", url: "/api/users?filter[two_factor][equals]=false&sort=-two_factor" })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "GET", url: "/api/users?filter[two_factor][equals]=maybe" })).statusCode).toBe(422);
  });
});

describe("GET /api/users: the list", () => {
  const department = `Dept ${unique()}`;
  const names = ["Ava", "bella", "Cora", "Dina", "Esme"];
  beforeAll(async () => {
    for (const first of names) await createPerson(t, admin, { first_name: first, last_name: "Listtest", department });
  });

  it("pages with meta", async () => {
    const all = await call(t, admin, { method: "GET", url: "/api/users?per_page=100" });
    const total = all.json().meta.total as number;
    expect(total).toBe(all.json().data.length);
    const page = await call(t, admin, { method: "GET", url: "/api/users?per_page=2&page=2" });
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ current_page: 2, per_page: 2, total, last_page: Math.ceil(total / 2), total_capped: false });
    expect(page.json().data).toHaveLength(2);
    const defaults = await call(t, admin, { method: "GET", url: "/api/users" });
    expect(defaults.json().meta).toMatchObject({ current_page: 1, per_page: 20, total });
  });

  it("refuses a page size above the cap and a bad page (422)", async () => {
    expect((await call(t, admin, { method: "GET", url: "/api/users?per_page=1000" })).statusCode).toBe(422);
    expect((await call(t, admin, { method: "GET", url: "/api/users?page=0" })).statusCode).toBe(422);
  });

  it("filters by department (contains) and sorts by name descending", async () => {
    const fragment = department.slice(5).toUpperCase();
    const response = await call(t, admin, { method: "GET", url: `/api/users?filter[department][contains]=${encodeURIComponent(fragment)}&sort=-name` });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as { first_name: string; department: string }[];
    expect(rows.map((row) => row.first_name)).toEqual(["Esme", "Dina", "Cora", "bella", "Ava"]);
    for (const row of rows) expect(row.department).toBe(department);
    const ascending = await call(t, admin, { method: "GET", url: `/api/users?filter[department][equals]=${encodeURIComponent(department)}&sort=name` });
    expect((ascending.json().data as { first_name: string }[]).map((row) => row.first_name)).toEqual(names);
  });

  it("searches name, e-mail and employee number", async () => {
    const bySearch = await call(t, admin, { method: "GET", url: "/api/users?search=harper" });
    expect((bySearch.json().data as { email: string }[]).map((row) => row.email)).toEqual([HR.email]);
    const byNumber = await call(t, admin, { method: "GET", url: "/api/users?search=E-0003" });
    expect((byNumber.json().data as { email: string }[]).map((row) => row.email)).toEqual([EMPLOYEE.email]);
    const byMail = await call(t, admin, { method: "GET", url: "/api/users?search=ADMIN%40EXAMPLE" });
    expect((byMail.json().data as { email: string }[]).map((row) => row.email)).toEqual([ADMIN.email]);
  });

  it("refuses a filter on a field outside the whitelist with 422, never 500", async () => {
    for (const query of [
      "filter[password_hash][equals]=x",
      "filter[preferences][contains]=x",
      "filter[bogus][equals]=x",
      "sort=password_hash",
      "filter[name][between]=a",
      "filter[hire_date][dateIs]=not-a-date",
      "filter[role_id][gt]=abc",
    ]) {
      const response = await call(t, admin, { method: "GET", url: `/api/users?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors).length, query).toBeGreaterThan(0);
    }
    const response = await call(t, admin, { method: "GET", url: "/api/users?filter[password_hash][equals]=x" });
    expect(response.json()).toEqual({
      message: "You cannot filter or sort by this field.",
      errors: { "filter[password_hash][equals]": ["You cannot filter or sort by this field."] },
    });
  });

  it("filters by level, status and hire date", async () => {
    const staff = (await call(t, admin, { method: "GET", url: "/api/users?filter[access_level][equals]=0&per_page=100" })).json().data as { access_level: number }[];
    expect(staff.length).toBeGreaterThan(0);
    for (const row of staff) expect(row.access_level).toBe(0);
    const hired = await call(t, admin, { method: "GET", url: "/api/users?filter[hire_date][dateIs]=2021-09-15" });
    expect((hired.json().data as { email: string }[]).map((row) => row.email)).toEqual([HR.email]);
  });
});

describe("GET /api/users/list", () => {
  it("gives id and name to permitted callers, and nothing private", async () => {
    for (const token of [admin, viewer.token]) {
      const response = await call(t, token, { method: "GET", url: "/api/users/list" });
      expect(response.statusCode).toBe(200);
      const rows = response.json().data as Record<string, unknown>[];
      expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ id: adminId, name: "Alex Admin" })]));
      for (const row of rows) {
        expect(typeof row.id).toBe("number");
        expect(typeof row.name).toBe("string");
        for (const key of Object.keys(row)) expect(["id", "name", "employee_number"]).toContain(key);
      }
    }
  });

  it("is refused to employees and to staff without users_view (403)", async () => {
    expect((await call(t, employee, { method: "GET", url: "/api/users/list" })).statusCode).toBe(403);
    expect((await call(t, hr, { method: "GET", url: "/api/users/list" })).statusCode).toBe(403);
  });
});

describe("GET /api/users/{id}/profile", () => {
  it("gives the administrator the record and the recent activity on it", async () => {
    const person = await createPerson(t, admin);
    expect((await put(admin, person.id, { position: "Reviewer" })).statusCode).toBe(200);
    const response = await call(t, admin, { method: "GET", url: `/api/users/${person.id}/profile` });
    expect(response.statusCode).toBe(200);
    const { user, recent_activity } = response.json().data;
    expect(user).toMatchObject({ id: person.id, position: "Reviewer" });
    expectPay(user);
    expect((recent_activity as { action: string }[]).map((row) => row.action)).toEqual(["user.updated", "user.created"]);
    expect(recent_activity[0]).toMatchObject({ actor_id: adminId, actor_name: "Alex Admin", changes: { position: { from: "Analyst", to: "Reviewer" } } });
  });

  it("gives other readers the record without the activity", async () => {
    const response = await call(t, viewer.token, { method: "GET", url: `/api/users/${adminId}/profile` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.recent_activity).toBeNull();
    expectNoPay(response.json().data.user);
  });

  it("answers 404 for a person that does not exist, and 4xx for an id that is not a number", async () => {
    expect((await call(t, admin, { method: "GET", url: "/api/users/999999/profile" })).statusCode).toBe(404);
    const bad = await call(t, admin, { method: "GET", url: "/api/users/abc" });
    expect(bad.statusCode).toBe(422);
  });
});
