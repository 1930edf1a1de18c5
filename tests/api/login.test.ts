import { DEFAULT_CONFIG } from "../../server/config";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { authorized, startTestApp, type TestApp } from "../support/api";

const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };
const HR = { email: "hr@example.com", password: "Hr123456!" };
const ADMIN = { email: "admin@example.com", password: "Admin123!" };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * Every test signs in from its own address, so the per-address counter of one
 * test never throttles the next.
 */
let addressCounter = 10;
const freshAddress = () => `10.0.0.${addressCounter++}`;

function login(payload: unknown, options: Partial<InjectOptions> = {}) {
  return t.app.inject({ method: "POST", url: "/api/login", payload: payload as InjectOptions["payload"], ...options });
}

/** Every error reply reads { message: string, errors?: { field: string[] } } and nothing else. */
function expectErrorShape(body: Record<string, unknown>) {
  expect(typeof body.message).toBe("string");
  expect((body.message as string).length).toBeGreaterThan(0);
  for (const key of Object.keys(body)) expect(["message", "errors"]).toContain(key);
  if ("errors" in body) {
    for (const list of Object.values(body.errors as Record<string, unknown>)) {
      expect(Array.isArray(list)).toBe(true);
      for (const item of list as unknown[]) expect(typeof item).toBe("string");
    }
  }
}

async function setActive(email: string, active: boolean) {
  await t.database.db.update(users).set({ is_active: active }).where(eq(users.email, email));
}

describe("POST /api/login: success", () => {
  it("answers 200 with a 256-bit url-safe token, its expiry and the user", async () => {
    const response = await login(EMPLOYEE, { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(body.token, "base64url")).toHaveLength(32);
    expect(body.user).toMatchObject({ email: EMPLOYEE.email, access_level: 1, role: { name: "Employee" } });
    expect(body.user).not.toHaveProperty("password_hash");
    expect(typeof body.expires_at).toBe("string");
    expect(body.message).toBe("Login successful");
  });

  it("issues a token that opens GET /api/me", async () => {
    const { token } = (await login(ADMIN, { remoteAddress: freshAddress() })).json();
    const me = await t.app.inject(authorized(token, { method: "GET", url: "/api/me" }));
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ email: ADMIN.email, access_level: 0 });
  });

  it("issues a different token at every sign-in", async () => {
    const address = freshAddress();
    const first = (await login(HR, { remoteAddress: address })).json().token;
    const second = (await login(HR, { remoteAddress: address })).json().token;
    expect(first).not.toBe(second);
  });

  it("accepts the address in any case and with surrounding spaces", async () => {
    const response = await login({ email: "  Employee@Example.COM ", password: EMPLOYEE.password }, { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(EMPLOYEE.email);
  });

  it("keeps a token 12 hours, or 30 days with remember", async () => {
    const address = freshAddress();
    const now = t.clock.now().getTime();
    const short = (await login({ ...HR, remember: false }, { remoteAddress: address })).json();
    const long = (await login({ ...HR, remember: true }, { remoteAddress: address })).json();
    expect(new Date(short.expires_at).getTime() - now).toBe(12 * 3_600_000);
    expect(new Date(long.expires_at).getTime() - now).toBe(30 * 86_400_000);
    const defaulted = (await login(HR, { remoteAddress: address })).json();
    expect(new Date(defaulted.expires_at).getTime() - now).toBe(12 * 3_600_000);
  });
});

describe("POST /api/login: refusals", () => {
  it("answers 422 'Invalid credentials' to a wrong password, never 401", async () => {
    const response = await login({ email: EMPLOYEE.email, password: "Wrong123!" }, { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: "Invalid credentials" });
  });

  it("answers an unknown address exactly like a wrong password", async () => {
    const response = await login({ email: "nobody@example.com", password: "Wrong123!" }, { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: "Invalid credentials" });
  });

  it.each([
    ["a missing email", { password: "x" }, "email", "Value is required"],
    ["an invalid email", { email: "not-an-email", password: "x" }, "email", "Value is not a valid email address"],
    ["a blank email", { email: "   ", password: "x" }, "email", "Value is required"],
    ["an empty password", { email: EMPLOYEE.email, password: "" }, "password", "Value is required"],
    ["a missing password", { email: EMPLOYEE.email }, "password", "Value is required"],
    ["an unknown extra field", { ...EMPLOYEE, role: "admin" }, "role", "This field is not accepted here"],
    ["a non-boolean remember", { ...EMPLOYEE, remember: "yes" }, "remember", "Value has the wrong type"],
  ])("answers 422 with field errors to %s", async (_label, payload, field, message) => {
    const response = await login(payload, { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expectErrorShape(body);
    expect(body.errors[field]).toEqual([message]);
    expect(body.message).toBe(message);
  });

  it("answers a body that is not an object with 422 on the body", async () => {
    const response = await login([1, 2], { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expectErrorShape(body);
    expect(Object.keys(body.errors)).toEqual(["body"]);
  });

  it("answers malformed JSON with 400 and a readable message", async () => {
    const response = await login('{"email": "employee@example.com", ', {
      remoteAddress: freshAddress(),
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectErrorShape(body);
    expect(body.message).toBe("The request body is not valid JSON.");
  });

  it("answers an empty JSON body with 400", async () => {
    const response = await login("", { remoteAddress: freshAddress(), headers: { "content-type": "application/json" } });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json());
  });

  it("answers a content type it does not read with 415", async () => {
    const response = await login("<login/>", { remoteAddress: freshAddress(), headers: { "content-type": "application/xml" } });
    expect(response.statusCode).toBe(415);
    const body = response.json();
    expectErrorShape(body);
    expect(body.message).toBe("This content type is not accepted here. Send JSON.");
  });

  it("answers a plain-text body with 422: it is not an object", async () => {
    const response = await login(`email=${EMPLOYEE.email}&password=${EMPLOYEE.password}`, {
      remoteAddress: freshAddress(),
      headers: { "content-type": "text/plain" },
    });
    expect(response.statusCode).toBe(422);
    expectErrorShape(response.json());
  });
});

describe("POST /api/login: inactive accounts", () => {
  beforeAll(() => setActive(HR.email, false));
  afterAll(() => setActive(HR.email, true));

  it("answers 403 with its own message when the password is right", async () => {
    const response = await login(HR, { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expect(body.message).toBe("This account has been deactivated. Contact your administrator to restore access.");
    expect(body).not.toHaveProperty("token");
  });

  it("answers 'Invalid credentials' when the password is wrong: the state stays hidden", async () => {
    const response = await login({ email: HR.email, password: "Wrong123!" }, { remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: "Invalid credentials" });
  });

  it("stops the tokens the account held before it was deactivated", async () => {
    await setActive(HR.email, true);
    const token = (await login(HR, { remoteAddress: freshAddress() })).json().token;
    await setActive(HR.email, false);
    const me = await t.app.inject(authorized(token, { method: "GET", url: "/api/me" }));
    expect(me.statusCode).toBe(401);
  });
});

describe("POST /api/login: throttling", () => {
  // Failures of the tests above fall out of the window first.
  beforeAll(() => t.clock.advanceMinutes(16));

  it("refuses the 6th attempt on an account after 5 failures, even with the right password, until the window ends", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const failed = await login({ email: EMPLOYEE.email, password: `Wrong${i}!` }, { remoteAddress: address });
      expect(failed.statusCode).toBe(422);
    }
    const refused = await login(EMPLOYEE, { remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/15 minute/);
    expectErrorShape(refused.json());
    expect(refused.headers["retry-after"]).toBe("900");

    t.clock.advanceMinutes(10);
    const later = await login(EMPLOYEE, { remoteAddress: address });
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toMatch(/5 minute/);
    expect(later.headers["retry-after"]).toBe("300");

    t.clock.advanceMinutes(5);
    const after = await login(EMPLOYEE, { remoteAddress: address });
    expect(after.statusCode).toBe(200);
  });

  it("lets the owner in from another address: failing on purpose locks out only the guesser", async () => {
    const guesser = freshAddress();
    for (let i = 0; i < 5; i++) await login({ email: HR.email, password: `Wrong${i}!` }, { remoteAddress: guesser });
    expect((await login(HR, { remoteAddress: guesser })).statusCode).toBe(429);
    expect((await login(HR, { remoteAddress: freshAddress() })).statusCode).toBe(200);
  });

  it("lets no burst of parallel guesses past the limit", async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ email: ADMIN.email, password: `Burst${i}!` }, { remoteAddress: address })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    t.clock.advanceMinutes(16);
  });

  it("clears an account's failures at a successful sign-in", async () => {
    const address = freshAddress();
    for (let i = 0; i < 4; i++) await login({ email: ADMIN.email, password: "Wrong123!" }, { remoteAddress: address });
    expect((await login(ADMIN, { remoteAddress: address })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await login({ email: ADMIN.email, password: "Wrong123!" }, { remoteAddress: address })).statusCode).toBe(422);
    }
    // Eight failures in the window, but only four since the success.
    expect((await login(ADMIN, { remoteAddress: address })).statusCode).toBe(200);
    t.clock.advanceMinutes(16);
  });

  it("does not count successful sign-ins as failures", async () => {
    const address = freshAddress();
    for (let i = 0; i < 7; i++) expect((await login(HR, { remoteAddress: address })).statusCode).toBe(200);
  });
});

describe("POST /api/login: per-address throttling", () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ config: { throttle: { ...DEFAULT_CONFIG.throttle, loginPerAddress: 3 } } });
  });
  afterAll(() => small.close());

  const attempt = (email: string, password: string, remoteAddress: string) =>
    small.app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress });

  it("refuses an address that failed on several accounts, but not other addresses", async () => {
    expect((await attempt("a@example.com", "Wrong123!", "192.0.2.1")).statusCode).toBe(422);
    expect((await attempt("b@example.com", "Wrong123!", "192.0.2.1")).statusCode).toBe(422);
    expect((await attempt(EMPLOYEE.email, "Wrong123!", "192.0.2.1")).statusCode).toBe(422);

    const refused = await attempt(HR.email, HR.password, "192.0.2.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/minute/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    expect((await attempt(HR.email, HR.password, "192.0.2.2")).statusCode).toBe(200);

    small.clock.advanceMinutes(15);
    expect((await attempt(HR.email, HR.password, "192.0.2.1")).statusCode).toBe(200);
  });
});

describe("POST /api/login: per-account throttling across addresses", () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ config: { throttle: { ...DEFAULT_CONFIG.throttle, loginPerAccount: 4 } } });
  });
  afterAll(() => small.close());

  it("stops guessing one account from many addresses", async () => {
    for (let i = 0; i < 4; i++) {
      const failed = await small.app.inject({ method: "POST", url: "/api/login", payload: { email: EMPLOYEE.email, password: "Wrong123!" }, remoteAddress: `198.51.100.${i + 1}` });
      expect(failed.statusCode).toBe(422);
    }
    const refused = await small.app.inject({ method: "POST", url: "/api/login", payload: EMPLOYEE, remoteAddress: "198.51.100.99" });
    expect(refused.statusCode).toBe(429);
  });
});
