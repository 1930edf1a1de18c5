/**
 * Two-factor sign-in (issue 25): enrolment from one's profile (a secret as a
 * QR code and as text, confirmed with a first code, ten recovery codes), the
 * sign-in's second step (a code from the app or a recovery code, throttled,
 * each accepted once), turning it off, new recovery codes, an
 * administrator's reset, and the system setting that requires it.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, mailOutbox, notifications, recoveryCodes, twoFactor } from "../../server/db/schema";
import { totpCode } from "../../server/lib/totp";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createPerson, EMPLOYEE, staffWith, type Person } from "../support/people";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

let addressCounter = 1;
const freshAddress = () => `198.19.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
const post = (url: string, payload: Record<string, unknown>, ip = freshAddress()) => t.app.inject({ method: "POST", url, payload, remoteAddress: ip });
const login = (person: { email: string; password: string }) => post("/api/login", { email: person.email, password: person.password });
/** The next 30-second step: a code already taken in this one is refused. */
const nextStep = () => t.clock.advanceMinutes(0.5);
const code = (secret: string) => totpCode(secret, t.clock.now());

async function signedIn(person: Person): Promise<string> {
  const response = await login(person);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

/** Turns two-factor sign-in on for the token's holder: the secret and the recovery codes. */
async function enrol(token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = await call(t, token, { method: "POST", url: "/api/me/two-factor/setup" });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, enrolment } = setup.json().data;
  const enabled = await call(t, token, { method: "POST", url: "/api/me/two-factor/enable", payload: { enrolment, code: code(secret) } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret, codes: enabled.json().data.recovery_codes };
}

async function enrolled(): Promise<Person & { token: string; secret: string; codes: string[] }> {
  const person = await createPerson(t, admin);
  const token = await signedIn(person);
  return { ...person, token, ...(await enrol(token)) };
}

const actionsOf = async (userId: number) =>
  (await t.database.db.select({ action: activityLog.action }).from(activityLog).where(and(eq(activityLog.subject_type, "user"), eq(activityLog.subject_id, userId))).orderBy(activityLog.id)).map(
    (row) => row.action,
  );
const toldOf = async (userId: number) =>
  t.database.db.select().from(notifications).where(and(eq(notifications.user_id, userId), eq(notifications.type, "two_factor"))).orderBy(desc(notifications.id));

describe("one's own two-factor sign-in", () => {
  it("answers 401 signed out on every own endpoint", async () => {
    for (const [method, url] of [["GET", "/api/me/two-factor"], ["POST", "/api/me/two-factor/setup"], ["POST", "/api/me/two-factor/enable"], ["POST", "/api/me/two-factor/disable"], ["POST", "/api/me/two-factor/recovery-codes"]] as const) {
      expect((await call(t, null, { method, url, payload: {} })).statusCode, url).toBe(401);
    }
  });

  it("starts an enrolment with the secret as a QR code and as text, storing nothing until a first code confirms it", async () => {
    const person = await createPerson(t, admin);
    const token = await signedIn(person);
    expect((await call(t, token, { method: "GET", url: "/api/me/two-factor" })).json().data).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });
    const setup = (await call(t, token, { method: "POST", url: "/api/me/two-factor/setup" })).json().data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toBe(`otpauth://totp/Paydesk:${encodeURIComponent(person.email)}?issuer=Paydesk&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_code.split(",")[1], "base64").toString()).toContain("<svg");
    expect(await t.database.db.select().from(twoFactor).where(eq(twoFactor.user_id, person.id))).toEqual([]);

    const wrong = await call(t, token, { method: "POST", url: "/api/me/two-factor/enable", payload: { enrolment: setup.enrolment, code: "000000" } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toBeDefined();
    const forged = await call(t, token, { method: "POST", url: "/api/me/two-factor/enable", payload: { enrolment: `${setup.enrolment}x`, code: code(setup.secret) } });
    expect(forged.json().errors).toEqual({ enrolment: ["This setup has expired. Start again."] });

    const enabled = await call(t, token, { method: "POST", url: "/api/me/two-factor/enable", payload: { enrolment: setup.enrolment, code: code(setup.secret) } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes: string[] = enabled.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const recovery of codes) expect(recovery).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);

    // The secret is sealed with the app key, the codes are keyed hashes: neither is in the table as given.
    const [stored] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.user_id, person.id));
    expect(stored.secret_encrypted).not.toContain(setup.secret);
    const hashes = (await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, person.id))).map((row) => row.code_hash);
    expect(hashes).toHaveLength(10);
    for (const recovery of codes) expect(hashes.join()).not.toContain(recovery.replace("-", ""));

    expect((await call(t, token, { method: "GET", url: "/api/me/two-factor" })).json().data).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect((await call(t, token, { method: "POST", url: "/api/me/two-factor/setup" })).statusCode).toBe(409);
    expect(await actionsOf(person.id)).toContain("auth.two_factor_enabled");
    const [told] = await toldOf(person.id);
    expect(told.params).toMatchObject({ context: "enabled" });
  });

  it("does not take another person's enrolment", async () => {
    const first = await createPerson(t, admin);
    const second = await createPerson(t, admin);
    const setup = (await call(t, await signedIn(first), { method: "POST", url: "/api/me/two-factor/setup" })).json().data;
    const taken = await call(t, await signedIn(second), { method: "POST", url: "/api/me/two-factor/enable", payload: { enrolment: setup.enrolment, code: code(setup.secret) } });
    expect(taken.statusCode).toBe(422);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("answers the right password with 202 and a challenge, no session; the code then gives the session and the device cookie", async () => {
    const person = await enrolled();
    nextStep();
    const first = await login(person);
    expect(first.statusCode, first.body).toBe(202);
    const challenge = first.json();
    expect(challenge).toMatchObject({ two_factor: "code", enrolment: null, message: "Enter the code from your authenticator app." });
    expect(challenge.token).toBeUndefined();
    expect(first.headers["set-cookie"]).toBeUndefined();

    const wrong = await post("/api/login/two-factor", { challenge: challenge.challenge, code: "123456" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(["That code is not right, or it was already used. Try the next code from your app."]);

    const right = await post("/api/login/two-factor", { challenge: challenge.challenge, code: code(person.secret) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ message: "Login successful", user: { id: person.id } });
    expect(String(right.headers["set-cookie"])).toContain("HttpOnly");
    expect((await call(t, right.json().token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);

    // The same code again, within its window: refused (no replay).
    const again = await post("/api/login/two-factor", { challenge: (await login(person)).json().challenge, code: code(person.secret) });
    expect(again.statusCode).toBe(422);
    expect(await actionsOf(person.id)).toEqual(expect.arrayContaining(["auth.two_factor_failed", "auth.login"]));
  });

  it("takes a recovery code once, in any case and with spaces, and tells the person", async () => {
    const person = await enrolled();
    const recovery = person.codes[3];
    const challenge = (await login(person)).json().challenge;
    const used = await post("/api/login/two-factor", { challenge, code: ` ${recovery.toUpperCase()} ` });
    expect(used.statusCode, used.body).toBe(200);
    expect((await post("/api/login/two-factor", { challenge, code: recovery })).statusCode).toBe(422);
    expect(await actionsOf(person.id)).toContain("auth.recovery_code_used");
    const [told] = await toldOf(person.id);
    expect(told.params).toMatchObject({ context: "recovery_code", left: 9 });
    expect((await call(t, person.token, { method: "GET", url: "/api/me/two-factor" })).json().data.recovery_codes_left).toBe(9);
  });

  it("throttles codes like passwords: the sixth wrong code is a 429", async () => {
    const person = await enrolled();
    const challenge = (await login(person)).json().challenge;
    for (let i = 0; i < 5; i++) expect((await post("/api/login/two-factor", { challenge, code: `00000${i}` })).statusCode).toBe(422);
    const refused = await post("/api/login/two-factor", { challenge, code: "000009" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("refuses a forged, expired or other kind of challenge", async () => {
    const person = await enrolled();
    nextStep();
    const challenge = (await login(person)).json().challenge;
    expect((await post("/api/login/two-factor", { challenge: `${challenge}x`, code: code(person.secret) })).json().errors).toEqual({ challenge: ["This sign-in has expired. Start again with your password."] });
    expect((await post("/api/login/two-factor/enrol", { challenge, enrolment: "x", code: code(person.secret) })).statusCode).toBe(422);
    t.clock.advanceMinutes(6);
    expect((await post("/api/login/two-factor", { challenge, code: code(person.secret) })).statusCode).toBe(422);
  });

  it("asks for the code after a one-time sign-in link too", async () => {
    const person = await enrolled();
    await post("/api/login-link", { email: person.email });
    await t.app.ctx.jobs.idle();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, person.email)).orderBy(desc(mailOutbox.id)).limit(1);
    const match = /login-link\?token=([^&\s]+)&email=(\S+)/.exec(mail.body_text)!;
    const consumed = await post("/api/login-link/consume", { token: decodeURIComponent(match[1]), email: decodeURIComponent(match[2]) });
    expect(consumed.statusCode, consumed.body).toBe(202);
    nextStep();
    expect((await post("/api/login/two-factor", { challenge: consumed.json().challenge, code: code(person.secret) })).statusCode).toBe(200);
  });
});

describe("turning it off and new recovery codes", () => {
  it("turns off with the password and a code; a wrong password or code changes nothing", async () => {
    const person = await enrolled();
    nextStep();
    const url = "/api/me/two-factor/disable";
    expect((await call(t, person.token, { method: "POST", url, payload: { password: "Wrong-password1", code: code(person.secret) } })).json().errors.password).toBeDefined();
    expect((await call(t, person.token, { method: "POST", url, payload: { password: person.password, code: "111111" } })).json().errors.code).toBeDefined();
    const off = await call(t, person.token, { method: "POST", url, payload: { password: person.password, code: code(person.secret) } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: "Two-factor sign-in is off." });
    expect((await login(person)).statusCode).toBe(200);
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, person.id))).toEqual([]);
    expect((await toldOf(person.id))[0].params).toMatchObject({ context: "disabled" });
    expect((await call(t, person.token, { method: "POST", url, payload: { password: person.password, code: "123456" } })).statusCode).toBe(409);
  });

  it("turns off with a recovery code in place of the app's code", async () => {
    const person = await enrolled();
    expect((await call(t, person.token, { method: "POST", url: "/api/me/two-factor/disable", payload: { password: person.password, code: person.codes[0] } })).statusCode).toBe(200);
  });

  it("makes ten new recovery codes after a code; the old ones stop working", async () => {
    const person = await enrolled();
    nextStep();
    const url = "/api/me/two-factor/recovery-codes";
    expect((await call(t, person.token, { method: "POST", url, payload: { code: "999999" } })).statusCode).toBe(422);
    const fresh = await call(t, person.token, { method: "POST", url, payload: { code: code(person.secret) } });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const codes: string[] = fresh.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(person.codes[0]);
    const challenge = (await login(person)).json().challenge;
    expect((await post("/api/login/two-factor", { challenge, code: person.codes[0] })).statusCode).toBe(422);
    expect((await post("/api/login/two-factor", { challenge, code: codes[0] })).statusCode).toBe(200);
    expect(await actionsOf(person.id)).toContain("auth.recovery_codes_regenerated");
  });
});

describe("POST /api/users/{id}/two-factor/reset", () => {
  it("answers 401 signed out and 403 to an employee and to staff without users_manage; the administrator resets it and the person is told", async () => {
    const person = await enrolled();
    const url = `/api/users/${person.id}/two-factor/reset`;
    expect((await call(t, null, { method: "POST", url })).statusCode).toBe(401);
    expect((await call(t, await t.tokenFor(EMPLOYEE.email), { method: "POST", url })).statusCode).toBe(403);
    expect((await call(t, (await staffWith(t, admin, ["users_view"])).token, { method: "POST", url })).statusCode).toBe(403);
    const reset = await call(t, admin, { method: "POST", url });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toEqual({ reset: true });
    expect((await login(person)).statusCode).toBe(200);
    const [told] = await toldOf(person.id);
    expect(told.params).toMatchObject({ context: "reset" });
    expect(told.sender_id).not.toBeNull();
    expect(await actionsOf(person.id)).toContain("user.two_factor_reset");
    // Nothing left to reset: refused (409), and nothing logged.
    const logged = (await actionsOf(person.id)).length;
    const again = await call(t, admin, { method: "POST", url });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "They do not have two-factor sign-in on: there is nothing to reset." });
    expect(await actionsOf(person.id)).toHaveLength(logged);
    expect((await call(t, admin, { method: "POST", url: "/api/users/999999/two-factor/reset" })).statusCode).toBe(404);
  });

  it("refuses (409) a person who never set it up, in the reader's language, writing nothing", async () => {
    const person = await createPerson(t, admin);
    const url = `/api/users/${person.id}/two-factor/reset`;
    const refused = await call(t, admin, { method: "POST", url });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "They do not have two-factor sign-in on: there is nothing to reset." });
    const inFrench = await call(t, admin, { method: "POST", url, headers: { "accept-language": "fr" } });
    expect(inFrench.statusCode).toBe(409);
    expect(inFrench.json().message).toBe("Cette personne n'a pas de connexion en deux étapes activée : il n'y a rien à réinitialiser.");
    expect(await actionsOf(person.id)).not.toContain("user.two_factor_reset");
    expect(await toldOf(person.id)).toEqual([]);
  });

  it("lets staff with users_manage reset an employee's", async () => {
    const person = await enrolled();
    const manager = await staffWith(t, admin, ["users_manage", "users_view"]);
    expect((await call(t, manager.token, { method: "POST", url: `/api/users/${person.id}/two-factor/reset` })).json().data).toEqual({ reset: true });
  });
});

describe("whether a person has it on, on their record (GET /api/users/{id}) and in the list", () => {
  it("answers 401 signed out and 403 to an employee reading someone else", async () => {
    const person = await createPerson(t, admin);
    expect((await call(t, null, { method: "GET", url: `/api/users/${person.id}` })).statusCode).toBe(401);
    expect((await call(t, await t.tokenFor(EMPLOYEE.email), { method: "GET", url: `/api/users/${person.id}` })).statusCode).toBe(403);
  });

  it("shows the administrator off before, on since the moment it was turned on after, and off again after a reset", async () => {
    const person = await createPerson(t, admin);
    const record = async () => {
      const response = await call(t, admin, { method: "GET", url: `/api/users/${person.id}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.two_factor;
    };
    expect(await record()).toEqual({ enabled: false, enabled_at: null });
    const token = await signedIn(person);
    const turnedOnAt = t.clock.now().toISOString();
    await enrol(token);
    expect(await record()).toEqual({ enabled: true, enabled_at: turnedOnAt });
    // The profile page reads the same record.
    expect((await call(t, admin, { method: "GET", url: `/api/users/${person.id}/profile` })).json().data.user.two_factor).toEqual({ enabled: true, enabled_at: turnedOnAt });
    expect((await call(t, admin, { method: "POST", url: `/api/users/${person.id}/two-factor/reset` })).statusCode).toBe(200);
    expect(await record()).toEqual({ enabled: false, enabled_at: null });
  });

  it("filters the list by it: who has it on, who has not set it up yet", async () => {
    const department = `2FA ${Date.now()}`;
    const on = await createPerson(t, admin, { department });
    const off = await createPerson(t, admin, { department });
    await enrol(await signedIn(on));
    const list = async (value: string) => {
      const response = await call(t, admin, { method: "GET", url: `/api/users?filter[department][equals]=${encodeURIComponent(department)}&filter[two_factor][equals]=${value}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().meta.total).toBe(response.json().data.length);
      return (response.json().data as { id: number; two_factor: { enabled: boolean } }[]).map((row) => [row.id, row.two_factor.enabled]);
    };
    expect(await list("true")).toEqual([[on.id, true]]);
    expect(await list("false")).toEqual([[off.id, false]]);
    const sorted = await call(t, admin, { method: "GET", url: `/api/users?filter[department][equals]=${encodeURIComponent(department)}&sort=-two_factor` });
    expect((sorted.json().data as { id: number }[]).map((row) => row.id)).toEqual([on.id, off.id]);
  });
});

describe("the system setting that requires it", () => {
  it("sends level 0 and roles holding payroll_release or users_manage to enrol after the password; employees and other staff are not asked", async () => {
    const releaser = await staffWith(t, admin, ["payroll_release"]);
    const viewer = await staffWith(t, admin, ["users_view"]);
    const employee = await createPerson(t, admin);
    expect((await call(t, admin, { method: "PUT", url: "/api/settings/system", payload: { two_factor_required: true } })).statusCode).toBe(200);
    try {
      expect((await login(employee)).statusCode).toBe(200);
      expect((await login(viewer)).statusCode).toBe(200);
      const first = await login(releaser);
      expect(first.statusCode, first.body).toBe(202);
      const challenge = first.json();
      expect(challenge).toMatchObject({ two_factor: "enrol", message: "Two-factor sign-in is required for your account: set it up to continue." });
      const { secret, enrolment, qr_code } = challenge.enrolment;
      expect(qr_code).toMatch(/^data:image\/svg\+xml/);
      const wrong = await post("/api/login/two-factor/enrol", { challenge: challenge.challenge, enrolment, code: "000000" });
      expect(wrong.statusCode).toBe(422);
      const done = await post("/api/login/two-factor/enrol", { challenge: challenge.challenge, enrolment, code: code(secret) });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().recovery_codes).toHaveLength(10);
      const token = done.json().token;
      expect((await call(t, token, { method: "GET", url: "/api/me/two-factor" })).json().data).toMatchObject({ enabled: true, required: true });
      nextStep();
      const refused = await call(t, token, { method: "POST", url: "/api/me/two-factor/disable", payload: { password: releaser.password, code: code(secret) } });
      expect(refused.statusCode).toBe(409);
      // The next sign-in asks for the code.
      expect((await login(releaser)).json().two_factor).toBe("code");
      expect((await login(ADMIN)).json().two_factor).toBe("enrol");
    } finally {
      expect((await call(t, admin, { method: "PUT", url: "/api/settings/system", payload: { two_factor_required: false } })).statusCode).toBe(200);
    }
  });
});
