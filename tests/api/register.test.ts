import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, users } from "../../server/db/schema";
import { authorized, startTestApp, type TestApp } from "../support/api";
import { ADMIN, call } from "../support/people";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PASSWORD = "Newcomer-42";
const body = (overrides: Record<string, unknown> = {}) => ({
  first_name: "Noa",
  last_name: "Newcomer",
  email: "noa@example.com",
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...overrides,
});
const register = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/register", payload });
const publicConfig = () => t.app.inject({ method: "GET", url: "/api/public-config" });

/** Turns self-registration on or off as an administrator does, in the system settings. */
async function setRegistration(on: boolean) {
  const admin = await t.tokenFor(ADMIN.email);
  const response = await call(t, admin, { method: "PUT", url: "/api/settings/system", payload: { allow_registration: on } });
  expect(response.statusCode, response.body).toBe(200);
}

describe("POST /api/register while registration is off (the default)", () => {
  it("refuses with 403 and says why, creating nobody", async () => {
    const response = await register(body());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: "Self-registration is turned off. Ask your administrator for an account." });
    const rows = await t.database.db.select().from(users).where(eq(users.email, "noa@example.com"));
    expect(rows).toHaveLength(0);
  });
});

describe("POST /api/register with registration on", () => {
  beforeAll(() => setRegistration(true));
  // Back to the default, so that the tests of registration being off pass whether they run before or after.
  afterAll(() => setRegistration(false));

  it("creates an employee (access level 1, role Employee) who can sign in", async () => {
    const response = await register(body({ email: "  Noa@Example.com " }));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.message).toBe("Your account has been created.");
    expect(created.data).toMatchObject({ name: "Noa Newcomer", email: "noa@example.com", access_level: 1, is_active: true, role: { name: "Employee" } });
    expect(created.data).not.toHaveProperty("password_hash");
    expect(created.data).not.toHaveProperty("token");

    const token = await t.tokenFor("noa@example.com", PASSWORD);
    const me = await t.app.inject(authorized(token, { method: "GET", url: "/api/me" }));
    expect(me.json().data).toMatchObject({ email: "noa@example.com", access_level: 1, role: { name: "Employee" } });

    const [row] = await t.database.db.select().from(users).where(eq(users.email, "noa@example.com"));
    expect(row.password_hash).not.toContain(PASSWORD);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const activity = await t.database.db.select().from(activityLog).where(eq(activityLog.action, "auth.register"));
    expect(activity).toHaveLength(1);
    expect(activity[0].subject_id).toBe(row.id);
    expect(JSON.stringify(activity[0].changes)).not.toContain(PASSWORD);
  });

  it("ignores no rule: an access level in the body is refused, not obeyed", async () => {
    const response = await register(body({ email: "sneaky@example.com", access_level: 0 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.access_level).toEqual(["This field is not accepted here"]);
    expect(await t.database.db.select().from(users).where(eq(users.email, "sneaky@example.com"))).toHaveLength(0);
  });

  it("refuses an address already in use with 422 on the email field", async () => {
    const response = await register(body({ email: "employee@example.com" }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ["This email address is already in use"] });
  });

  it("refuses the same address in another case", async () => {
    const response = await register(body({ email: "EMPLOYEE@example.com" }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(["This email address is already in use"]);
  });

  it("refuses a weak password with 422 on the password field", async () => {
    const response = await register(body({ email: "weak@example.com", password: "password", password_confirmation: "password" }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toEqual([
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
    expect(await t.database.db.select().from(users).where(eq(users.email, "weak@example.com"))).toHaveLength(0);
  });

  it("refuses a missing name and a mismatched confirmation", async () => {
    const response = await register(body({ email: "x@example.com", first_name: "  ", password_confirmation: "other" }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ first_name: ["Value is required"], password_confirmation: ["Passwords must match"] });
  });

  it("is shown as open in the public configuration", async () => {
    expect((await publicConfig()).json().data.allow_registration).toBe(true);
  });
});

describe("GET /api/public-config", () => {
  it("answers an anonymous caller with the public facts and nothing else", async () => {
    await setRegistration(false);
    const response = await publicConfig();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { app_name: "Paydesk Demo Co.", admin_contact: "it-help@example.com", allow_registration: false },
    });
  });

  it("falls back to the defaults on an empty database", async () => {
    const empty = await startTestApp({ seed: false });
    try {
      const response = await empty.app.inject({ method: "GET", url: "/api/public-config" });
      expect(response.json()).toEqual({ data: { app_name: "Paydesk", admin_contact: null, allow_registration: false } });
    } finally {
      await empty.close();
    }
  });
});
