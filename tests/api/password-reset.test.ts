import { DEFAULT_CONFIG } from "../../server/config";
import { and, desc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, mailOutbox, users } from "../../server/db/schema";
import { authorized, startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createPerson, type Person } from "../support/people";

const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };
const NEW_PASSWORD = "Fresh-Start9";

let t: TestApp;
beforeAll(async () => {
  // Many requests here ask for the same person's link; the per-person cap has its own test below.
  t = await startTestApp({ config: { throttle: { ...DEFAULT_CONFIG.throttle, forgotPerAccount: 1000 } } });
});
afterAll(() => t.close());

/** Each reset request comes from its own address, so the per-address throttle stays out of the way. */
let addressCounter = 10;
const freshAddress = () => `10.1.0.${addressCounter++}`;

const post = (url: string, payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress });

const forgot = (email: string) => post("/api/password/forgot", { email });
const verify = (token: string, email: string) => post("/api/password/verify-token", { token, email });
const reset = (body: Record<string, unknown>) => post("/api/password/reset", body);
const login = (email: string, password: string) => post("/api/login", { email, password });

async function mailsTo(address: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address)).orderBy(desc(mailOutbox.id));
}

/** Asks for a reset link and reads it out of the outbox, as the user would from their mailbox. */
async function requestLink(email: string): Promise<{ token: string; email: string }> {
  const response = await forgot(email);
  expect(response.statusCode).toBe(200);
  await t.app.ctx.jobs.idle();
  const [mail] = await mailsTo(email.trim().toLowerCase());
  const match = /http:\/\/paydesk\.test\/reset-password\?token=([^&\s]+)&email=(\S+)/.exec(mail.body_text);
  expect(match, mail.body_text).not.toBeNull();
  return { token: decodeURIComponent(match![1]), email: decodeURIComponent(match![2]) };
}

async function countMails(): Promise<number> {
  return (await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
}

describe("POST /api/password/forgot", () => {
  it("answers an existing and an unknown address the same way", async () => {
    const known = await forgot(EMPLOYEE.email);
    const unknown = await forgot("nobody@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: "Password reset link has been sent to your email address" });
    await t.app.ctx.jobs.idle();
  });

  it("mails one link to an existing account and nothing for an unknown address", async () => {
    await t.app.ctx.jobs.idle();
    const before = await countMails();
    const employeeMailsBefore = (await mailsTo(EMPLOYEE.email)).length;

    expect((await forgot(EMPLOYEE.email)).statusCode).toBe(200);
    expect((await forgot("ghost@example.com")).statusCode).toBe(200);
    await t.app.ctx.jobs.idle();

    expect(await countMails()).toBe(before + 1);
    const mails = await mailsTo(EMPLOYEE.email);
    expect(mails).toHaveLength(employeeMailsBefore + 1);
    expect(await mailsTo("ghost@example.com")).toHaveLength(0);

    const body = mails[0].body_text;
    expect(mails[0].subject).toBe("Reset your Paydesk password");
    expect(body).toMatch(/http:\/\/paydesk\.test\/reset-password\?token=[A-Za-z0-9_-]{43}&email=employee%40example\.com/);
    expect(body).toContain("15 minutes");
    expect(body).toContain("Emery Santos");
  });

  it("mails the lowercased address whatever case was typed", async () => {
    const { email } = await requestLink("  EMPLOYEE@example.com ");
    expect(email).toBe(EMPLOYEE.email);
  });

  it("sends no link to an inactive account", async () => {
    await t.database.db.update(users).set({ is_active: false }).where(eq(users.email, "hr@example.com"));
    try {
      const before = (await mailsTo("hr@example.com")).length;
      expect((await forgot("hr@example.com")).statusCode).toBe(200);
      await t.app.ctx.jobs.idle();
      expect(await mailsTo("hr@example.com")).toHaveLength(before);
    } finally {
      await t.database.db.update(users).set({ is_active: true }).where(eq(users.email, "hr@example.com"));
    }
  });

  it("answers an invalid address with 422 on the email field", async () => {
    const response = await forgot("not-an-address");
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(["Value is not a valid email address"]);
    const missing = await post("/api/password/forgot", {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.email).toEqual(["Value is required"]);
  });
});

describe("POST /api/password/forgot: throttling per address", () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ config: { throttle: { ...DEFAULT_CONFIG.throttle, forgotPerAddress: 2 } } });
  });
  afterAll(() => small.close());

  const ask = (email: string, remoteAddress: string) =>
    small.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email }, remoteAddress });

  it("refuses an address past the limit with 429 and retry-after, other addresses still pass", async () => {
    expect((await ask("a@example.com", "198.51.100.1")).statusCode).toBe(200);
    expect((await ask("b@example.com", "198.51.100.1")).statusCode).toBe(200);
    const refused = await ask(EMPLOYEE.email, "198.51.100.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/15 minute/);
    expect(refused.headers["retry-after"]).toBe("900");
    expect((await ask(EMPLOYEE.email, "198.51.100.2")).statusCode).toBe(200);

    await small.app.ctx.jobs.idle();
    const mails = await small.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, EMPLOYEE.email));
    expect(mails).toHaveLength(1);

    small.clock.advanceMinutes(15);
    expect((await ask(EMPLOYEE.email, "198.51.100.1")).statusCode).toBe(200);
  });
});

describe("POST /api/password/forgot: throttling per person", () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ config: { throttle: { ...DEFAULT_CONFIG.throttle, forgotPerAccount: 2 } } });
  });
  afterAll(() => small.close());

  it("stops flooding one mailbox from many addresses, for known and unknown addresses alike", async () => {
    for (const email of [EMPLOYEE.email, "nobody@example.com"]) {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await small.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email }, remoteAddress: `203.0.113.${i + 1}` })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    }
    await small.app.ctx.jobs.idle();
    const mails = await small.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, EMPLOYEE.email));
    expect(mails).toHaveLength(2);
  });
});

describe("POST /api/password/verify-token", () => {
  it("counts the minutes left down to expiry", async () => {
    const { token, email } = await requestLink(EMPLOYEE.email);
    const fresh = await verify(token, email);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ data: { token_valid: true, time_remaining: 15, purpose: "reset" } });

    t.clock.advanceMinutes(11);
    expect((await verify(token, email)).json()).toEqual({ data: { token_valid: true, time_remaining: 4, purpose: "reset" } });

    t.clock.advanceMinutes(4);
    const expired = (await verify(token, email)).json().data;
    expect(expired).toMatchObject({ token_valid: false, reason: "expired" });
  });

  it("refuses a token with another address, or a made-up token, as invalid", async () => {
    const { token } = await requestLink(EMPLOYEE.email);
    expect((await verify(token, "admin@example.com")).json().data).toMatchObject({ token_valid: false, reason: "invalid" });
    expect((await verify("garbage", EMPLOYEE.email)).json().data).toMatchObject({ token_valid: false, reason: "invalid" });
    expect((await verify(token, EMPLOYEE.email)).json().data.token_valid).toBe(true);
  });

  it("answers 422 to a missing token", async () => {
    const response = await post("/api/password/verify-token", { email: EMPLOYEE.email });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual(["Value is required"]);
  });
});

describe("POST /api/password/reset: password rules", () => {
  let link: { token: string; email: string };
  beforeAll(async () => {
    link = await requestLink(EMPLOYEE.email);
  });

  it.each([
    ["abcdef1!", "Password must contain at least one uppercase letter"],
    ["ABCDEF1!", "Password must contain at least one lowercase letter"],
    ["Abcdefg!", "Password must contain at least one number"],
    ["Abcdefg1", "Password must contain at least one special character"],
    ["Abc1!xy", "This field should be at least 8 characters long"],
  ])("refuses %j with exactly its rule's message", async (password, message) => {
    const response = await reset({ ...link, password, password_confirmation: password });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errors).toEqual({ password: [message] });
    expect(body.message).toBe(message);
  });

  it("lists every broken rule in the checklist's order", async () => {
    const response = await reset({ ...link, password: "abc", password_confirmation: "abc" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toEqual([
      "This field should be at least 8 characters long",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
  });

  it("refuses a confirmation that differs", async () => {
    const response = await reset({ ...link, password: NEW_PASSWORD, password_confirmation: `${NEW_PASSWORD}x` });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password_confirmation: ["Passwords must match"] });
  });

  it("refuses a missing confirmation", async () => {
    const response = await reset({ ...link, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password_confirmation).toEqual(["Value is required"]);
  });

  it("leaves the link usable after refusing a weak password", async () => {
    expect((await verify(link.token, link.email)).json().data.token_valid).toBe(true);
  });
});

describe("POST /api/password/reset: the reset itself", () => {
  it("sets the new password, revokes every earlier token and consumes the link", async () => {
    const earlier = [await t.tokenFor(EMPLOYEE.email, EMPLOYEE.password), await t.tokenFor(EMPLOYEE.email, EMPLOYEE.password)];
    const bystander = await t.tokenFor("admin@example.com");
    const since = t.clock.now();
    const link = await requestLink(EMPLOYEE.email);

    const response = await reset({ ...link, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Your password has been reset successfully!");

    for (const token of earlier) {
      expect((await t.app.inject(authorized(token, { method: "GET", url: "/api/me" }))).statusCode).toBe(401);
    }
    expect((await t.app.inject(authorized(bystander, { method: "GET", url: "/api/me" }))).statusCode).toBe(200);

    const old = await login(EMPLOYEE.email, EMPLOYEE.password);
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toBe("Invalid credentials");
    const fresh = await login(EMPLOYEE.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);

    const again = await reset({ ...link, password: "Another-One2", password_confirmation: "Another-One2" });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toHaveLength(1);
    expect((await verify(link.token, link.email)).json().data).toMatchObject({ token_valid: false, reason: "used" });
    expect((await login(EMPLOYEE.email, NEW_PASSWORD)).statusCode).toBe(200);

    const rows = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "auth.password_reset"), gte(activityLog.created_at, since)));
    expect(rows).toHaveLength(1);
    expect(rows[0].changes).toEqual({ password: "********" });
    expect(JSON.stringify(rows[0].changes)).not.toContain(NEW_PASSWORD);
  });

  it("refuses an expired link with 422 on the token, and keeps the password", async () => {
    const link = await requestLink(EMPLOYEE.email);
    t.clock.advanceMinutes(15);
    const response = await reset({ ...link, password: "Too-Late-77", password_confirmation: "Too-Late-77" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual(["This reset link has expired. Request a new one."]);
    expect((await login(EMPLOYEE.email, "Too-Late-77")).statusCode).toBe(422);
    expect((await login(EMPLOYEE.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("invalidates the first link when a second one is asked for", async () => {
    const first = await requestLink(EMPLOYEE.email);
    const second = await requestLink(EMPLOYEE.email);
    expect(second.token).not.toBe(first.token);
    expect((await verify(first.token, first.email)).json().data).toMatchObject({ token_valid: false, reason: "invalid" });
    const refused = await reset({ ...first, password: "First-Link-1", password_confirmation: "First-Link-1" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.token).toEqual(["Invalid or expired reset token"]);
    expect((await verify(second.token, second.email)).json().data.token_valid).toBe(true);
    expect((await reset({ ...second, password: "Second-Link-2", password_confirmation: "Second-Link-2" })).statusCode).toBe(200);
    expect((await login(EMPLOYEE.email, "Second-Link-2")).statusCode).toBe(200);
  });

  it("lets only one of two simultaneous resets with the same link through", async () => {
    const link = await requestLink(EMPLOYEE.email);
    const [a, b] = await Promise.all([
      reset({ ...link, password: "Race-Winner-1", password_confirmation: "Race-Winner-1" }),
      reset({ ...link, password: "Race-Winner-2", password_confirmation: "Race-Winner-2" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const winner = a.statusCode === 200 ? "Race-Winner-1" : "Race-Winner-2";
    const loser = a.statusCode === 200 ? "Race-Winner-2" : "Race-Winner-1";
    expect((await login(EMPLOYEE.email, loser)).statusCode).toBe(422);
    expect((await login(EMPLOYEE.email, winner)).statusCode).toBe(200);
  });

  it("refuses a link used with another account's address", async () => {
    const link = await requestLink(EMPLOYEE.email);
    const response = await reset({ ...link, email: "admin@example.com", password: "Hijack-123", password_confirmation: "Hijack-123" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.token).toEqual(["Invalid or expired reset token"]);
    expect((await login("admin@example.com", "Hijack-123")).statusCode).toBe(422);
  });
});

describe("POST /api/password/reset: a link dies when the account changes after it was sent", () => {
  const REVOKED = "This reset link was cancelled because the account changed after it was sent.";
  let admin: string;
  beforeAll(async () => {
    admin = await t.tokenFor(ADMIN.email);
  });

  async function personWithLink(): Promise<{ person: Person; link: { token: string; email: string } }> {
    const person = await createPerson(t, admin);
    return { person, link: await requestLink(person.email) };
  }

  /** An administrator's edit, a minute after whatever came before (the test clock stands still otherwise). */
  function editPerson(id: number, payload: Record<string, unknown>) {
    t.clock.advanceMinutes(1);
    return call(t, admin, { method: "PUT", url: `/api/users/${id}`, payload });
  }

  /** The link neither opens the form nor sets a password. */
  async function expectVoid(link: { token: string; email: string }) {
    expect((await verify(link.token, link.email)).json().data).toEqual({ token_valid: false, time_remaining: 0, reason: "revoked", purpose: "reset" });
    const response = await reset({ ...link, password: "Late-Reset-9", password_confirmation: "Late-Reset-9" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ token: [REVOKED] });
    expect((await login(link.email, "Late-Reset-9")).statusCode).not.toBe(200);
  }

  it("after the person changes their own password", async () => {
    const { person, link } = await personWithLink();
    const token = await t.tokenFor(person.email, person.password);
    const changed = await call(t, token, {
      method: "PUT",
      url: "/api/me/change-password",
      payload: { current_password: person.password, password: "Changed-Pass1", password_confirmation: "Changed-Pass1" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectVoid(link);
    expect((await login(person.email, "Changed-Pass1")).statusCode).toBe(200);
  });

  it("after an administrator sets a new password, while a link sent afterwards works", async () => {
    const { person, link } = await personWithLink();
    expect((await editPerson(person.id, { password: "Admin-Set-42", password_confirmation: "Admin-Set-42" })).statusCode).toBe(200);
    await expectVoid(link);
    const fresh = await requestLink(person.email);
    expect((await reset({ ...fresh, password: "Own-Choice-7", password_confirmation: "Own-Choice-7" })).statusCode).toBe(200);
  });

  it("after the e-mail address changes, under the old address and the new", async () => {
    const { person, link } = await personWithLink();
    const newEmail = `moved-${person.email}`;
    expect((await editPerson(person.id, { email: newEmail })).statusCode).toBe(200);
    expect((await verify(link.token, person.email)).json().data).toMatchObject({ token_valid: false, reason: "invalid" });
    await expectVoid({ token: link.token, email: newEmail });
  });

  it.each([
    ["deactivated", { is_active: false }, { is_active: true }],
    ["terminated", { employment_status: "terminated" }, { employment_status: "active" }],
  ])("when the person is %s, and still after they are restored", async (_label, change, restore) => {
    const { person, link } = await personWithLink();
    expect((await editPerson(person.id, change)).statusCode).toBe(200);
    await expectVoid(link);
    expect((await editPerson(person.id, restore)).statusCode).toBe(200);
    await expectVoid(link);
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it("whatever code writes the change", async () => {
    const { person, link } = await personWithLink();
    const [other] = await t.database.db.select({ hash: users.password_hash }).from(users).where(eq(users.email, ADMIN.email));
    await t.database.db.update(users).set({ password_hash: other.hash }).where(eq(users.id, person.id));
    await expectVoid(link);
  });
});

describe("POST /api/password/reset: lifts the sign-in block", () => {
  it("lets the owner back in after 50 wrong passwords from 50 addresses blocked the right one", async () => {
    const person = await createPerson(t, await t.tokenFor(ADMIN.email));
    for (let i = 1; i <= 50; i++) {
      expect((await post("/api/login", { email: person.email, password: `Wrong-${i}!` }, `192.0.2.${i}`)).statusCode).toBe(422);
    }
    const blocked = await login(person.email, person.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("900");

    const link = await requestLink(person.email);
    expect((await reset({ ...link, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(person.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
