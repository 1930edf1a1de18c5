/**
 * Strangers cannot lock an owner out (issue 25): 55 wrong passwords from 11
 * addresses block the right password from a new address, unless the device
 * holds a device cookie from an earlier sign-in to the account (OWASP's
 * device cookies); while the account is throttled, a one-time sign-in link
 * by e-mail (POST /api/login-link, then POST /api/login-link/consume) lets
 * the owner in from anywhere.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, loginLinks, mailOutbox, notifications } from "../../server/db/schema";
import { deviceCookieName, signDeviceCookie } from "../../server/lib/device-cookies";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createPerson, type Person } from "../support/people";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

let addressCounter = 1;
const freshAddress = () => `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const login = (person: { email: string; password: string }, options: { cookie?: string; ip?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: person.email, password: person.password },
    remoteAddress: options.ip ?? freshAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

/** The name=value a browser would send back from a reply's Set-Cookie. */
function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = String(response.headers["set-cookie"]);
  return header.split(";")[0];
}

/** 55 wrong passwords from 11 addresses, five each: the last five are already refused. */
async function strangersFail(email: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let address = 0; address < 11; address++) {
    const ip = freshAddress();
    for (let i = 0; i < 5; i++) statuses.push((await login({ email, password: `Wrong-${address}-${i}!` }, { ip })).statusCode);
  }
  return statuses;
}

describe("device cookies", () => {
  it("sets a signed, HttpOnly, SameSite=Lax cookie for the sign-in paths after a sign-in, not Secure over http", async () => {
    const person = await createPerson(t, admin);
    const response = await login(person);
    expect(response.statusCode, response.body).toBe(200);
    const header = String(response.headers["set-cookie"]);
    expect(header).toMatch(new RegExp(`^${deviceCookieName("test-key", person.email)}=[\\w-]+\\.[\\w-]+\\.[\\w-]+; Path=/api/login; Max-Age=31536000; HttpOnly; SameSite=Lax$`));
    expect(header).not.toContain("Secure");
    // The cookie names no address in clear.
    expect(header).not.toContain(person.email);
  });

  it("lets the owner's known device in after 55 failures from 11 addresses, while a new device without it is throttled (429)", async () => {
    const person = await createPerson(t, admin);
    const cookie = cookieOf(await login(person));
    const statuses = await strangersFail(person.email);
    expect(statuses.slice(0, 50).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429, 429, 429, 429]);

    const stranger = await login(person);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ message: "Too many attempts. Try again in 15 minutes." });
    expect(stranger.headers["retry-after"]).toBe("900");
    expect(stranger.headers["set-cookie"]).toBeUndefined();

    const owner = await login(person, { cookie });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json().token).toMatch(/^[\w-]{43}$/);
    // Still throttled for everyone else: the strangers' counters are kept.
    expect((await login(person)).statusCode).toBe(429);
  });

  it("counts failures with a device cookie against that device alone: five lock it out, other clients are untouched", async () => {
    const person = await createPerson(t, admin);
    const cookie = cookieOf(await login(person));
    for (let i = 0; i < 5; i++) expect((await login({ email: person.email, password: `Wrong-${i}!` }, { cookie })).statusCode).toBe(422);
    expect((await login(person, { cookie })).statusCode).toBe(429);
    // The device's failures filled none of the account's counters.
    expect((await login(person)).statusCode).toBe(200);
  });

  it("treats a forged cookie, another account's cookie and a cookie under the wrong name as none", async () => {
    const person = await createPerson(t, admin);
    const other = await createPerson(t, admin);
    const otherCookie = cookieOf(await login(other)).split("=")[1];
    await strangersFail(person.email);
    const name = deviceCookieName("test-key", person.email);
    const forged = signDeviceCookie("another-key", person.email);
    for (const cookie of [`${name}=${forged}`, `${name}=${otherCookie}`, `${deviceCookieName("test-key", other.email)}=${otherCookie}`, `${name}=garbage`]) {
      expect((await login(person, { cookie })).statusCode, cookie).toBe(429);
    }
  });

  it("answers an unknown address exactly like a known one, cookie or not", async () => {
    const person = await createPerson(t, admin);
    const cookie = cookieOf(await login(person));
    const unknown = await login({ email: "nobody-here@example.com", password: "Wrong123!" }, { cookie });
    const known = await login({ email: person.email, password: "Wrong123!" }, { cookie });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toBe(known.body);
  });
});

async function requestLink(email: string, ip = freshAddress()) {
  const response = await t.app.inject({ method: "POST", url: "/api/login-link", payload: { email }, remoteAddress: ip });
  await t.app.ctx.jobs.idle();
  return response;
}

async function linkFromMail(email: string): Promise<{ token: string; email: string; text: string; subject: string }> {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const match = /http:\/\/paydesk\.test\/login-link\?token=([^&\s]+)&email=(\S+)/.exec(mail.body_text);
  expect(match, mail.body_text).not.toBeNull();
  return { token: decodeURIComponent(match![1]), email: decodeURIComponent(match![2]), text: mail.body_text, subject: mail.subject };
}

const consume = ({ token, email }: { token: unknown; email: unknown }) =>
  t.app.inject({ method: "POST", url: "/api/login-link/consume", payload: { token, email }, remoteAddress: freshAddress() });

describe("one-time sign-in links", () => {
  it("answers a known and an unknown address the same way, and mails only the known one", async () => {
    const person = await createPerson(t, admin);
    const known = await requestLink(person.email);
    const unknown = await requestLink("nobody-at-all@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: "If this address has an account, a one-time sign-in link is on its way. It works once, for 15 minutes." });
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, "nobody-at-all@example.com"))).toEqual([]);
  });

  it("signs the owner of a throttled account in once, sets the device cookie, and refuses the link a second time", async () => {
    const person = await createPerson(t, admin);
    await strangersFail(person.email);
    expect((await login(person)).statusCode).toBe(429);

    expect((await requestLink(person.email)).statusCode).toBe(200);
    const link = await linkFromMail(person.email);
    expect(link.subject).toBe("Your Paydesk sign-in link");
    expect(link.text).toContain("expires in 15 minutes");
    // Kept hashed: the table does not hold the token itself.
    const [stored] = await t.database.db.select().from(loginLinks).where(eq(loginLinks.token_hash, link.token));
    expect(stored).toBeUndefined();

    const signedIn = await consume(link);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ message: "Login successful", user: { email: person.email } });
    expect((await call(t, signedIn.json().token, { method: "GET", url: "/api/me" })).statusCode).toBe(200);
    const cookie = cookieOf(signedIn);
    // The device is known from now on: its password goes past the strangers' block.
    expect((await login(person, { cookie })).statusCode).toBe(200);

    const again = await consume(link);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: "This sign-in link has already been used. Request a new one on the sign-in page.", errors: { token: ["This sign-in link has already been used. Request a new one on the sign-in page."] } });

    const actions = (await t.database.db.select({ action: activityLog.action }).from(activityLog).where(and(eq(activityLog.subject_type, "user"), eq(activityLog.subject_id, person.id)))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.login_link_requested", "auth.login_link_used", "auth.login"]));
  });

  it("refuses an expired link, a wrong token and a token for another address", async () => {
    const person = await createPerson(t, admin);
    await requestLink(person.email);
    const link = await linkFromMail(person.email);
    expect((await consume({ ...link, token: "not-the-token" })).json().errors).toEqual({ token: ["This sign-in link is not valid. Request a new one on the sign-in page."] });
    expect((await consume({ ...link, email: ADMIN.email })).statusCode).toBe(422);
    t.clock.advanceMinutes(16);
    const expired = await consume(link);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe("This sign-in link has expired. Request a new one on the sign-in page.");
  });

  it("keeps only the newest link of a person", async () => {
    const person = await createPerson(t, admin);
    await requestLink(person.email);
    const first = await linkFromMail(person.email);
    await requestLink(person.email);
    const second = await linkFromMail(person.email);
    expect((await consume(first)).statusCode).toBe(422);
    expect((await consume(second)).statusCode).toBe(200);
  });

  it("mails the link in the person's own language", async () => {
    const person = await createPerson(t, admin);
    const token = (await login(person)).json().token;
    expect((await call(t, token, { method: "PUT", url: "/api/settings/preferences", payload: { language: "fr" } })).statusCode).toBe(200);
    await requestLink(person.email);
    const link = await linkFromMail(person.email);
    expect(link.subject).toBe("Votre lien de connexion Paydesk");
  });

  it("is throttled like reset requests: the fourth request for one address in the window is a 429", async () => {
    const person = await createPerson(t, admin);
    for (let i = 0; i < 3; i++) expect((await requestLink(person.email)).statusCode).toBe(200);
    const refused = await requestLink(person.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("refuses the link of a person deactivated since it was sent", async () => {
    const person = await createPerson(t, admin);
    await requestLink(person.email);
    const link = await linkFromMail(person.email);
    expect((await call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { is_active: false } })).statusCode).toBe(200);
    expect((await consume(link)).statusCode).toBe(422);
    // Nothing told them about a sign-in.
    expect(await t.database.db.select().from(notifications).where(and(eq(notifications.user_id, person.id), eq(notifications.type, "two_factor")))).toEqual([]);
  });

  it("validates the bodies: an address is required", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/login-link", payload: {} })).statusCode).toBe(422);
    expect((await consume({ email: "not-an-address", token: "x" })).statusCode).toBe(422);
    expect((await t.app.inject({ method: "POST", url: "/api/login-link/consume", payload: { email: ADMIN.email } })).statusCode).toBe(422);
  });
});

export type { Person };
