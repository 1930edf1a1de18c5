/**
 * A person created without a password chooses their own from an e-mailed
 * invitation: 7 days, single use, replaced when sent again, void once they
 * have a password or their e-mail changes; sent again from their record by
 * whoever may set their credentials, throttled like reset links.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../server/config";
import { mailOutbox } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, EMPLOYEE, employeePayload, GOOD_PASSWORD, lastActivityId, staffWith } from "../support/people";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ config: { throttle: { ...DEFAULT_CONFIG.throttle, forgotPerAccount: 3 } } });
  admin = await t.tokenFor(ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

let addressCounter = 10;
const anonymous = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: "POST", url, payload, remoteAddress: `10.2.0.${addressCounter++}` });

/** A person created as the administrator with no password typed. */
async function invite(overrides: Record<string, unknown> = {}) {
  const { password: _p, password_confirmation: _c, ...payload } = employeePayload(overrides);
  const response = await call(t, admin, { method: "POST", url: "/api/users", payload });
  expect(response.statusCode, response.body).toBe(201);
  await t.app.ctx.jobs.idle();
  return { id: response.json().data.id as number, email: String(payload.email).toLowerCase(), record: response.json().data };
}

/** The newest mail to the address, and the link in it. */
async function invitationTo(email: string) {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(desc(mailOutbox.id));
  const match = /http:\/\/paydesk\.test\/reset-password\?token=([^&\s]+)&email=(\S+)/.exec(mail?.body_text ?? "");
  expect(match, mail?.body_text).not.toBeNull();
  return { mail, link: { token: decodeURIComponent(match![1]), email: decodeURIComponent(match![2]) } };
}

const choose = (link: { token: string; email: string }, password = GOOD_PASSWORD) =>
  anonymous("/api/password/reset", { ...link, password, password_confirmation: password });

describe("POST /api/users without a password", () => {
  it("creates the person with no password and mails them a 7-day invitation in the inviter's language", async () => {
    const before = await lastActivityId(t, admin);
    const person = await invite({ first_name: "Ines" });
    expect(person.record.password_set).toBe(false);

    const { mail, link } = await invitationTo(person.email);
    expect(mail.subject).toBe("Paydesk Demo Co. invites you to Paydesk");
    expect(mail.body_text).toContain(`Hello Ines ${person.record.last_name}`);
    expect(mail.body_text).toContain("for 7 days");
    expect(mail.body_text).toContain(`this e-mail address: ${person.email}`);

    // Nobody signs in to an account without a password, whatever they type.
    const guess = await anonymous("/api/login", { email: person.email, password: GOOD_PASSWORD });
    expect(guess.json(), guess.body).toEqual({ message: "Invalid credentials" });

    const verify = await anonymous("/api/password/verify-token", link);
    expect(verify.json().data).toEqual({ token_valid: true, time_remaining: 7 * 24 * 60, purpose: "invitation" });

    const rows = await activitiesAfter(t, admin, before);
    expect(rows.filter((row) => row.action === "user.created")).toHaveLength(1);
    expect(rows.find((row) => row.action === "user.created")?.changes).toMatchObject({ invitation: "sent" });
  });

  it("lets the invited person choose a password once; then they sign in and the record says so", async () => {
    const person = await invite();
    const { link } = await invitationTo(person.email);
    const chosen = await choose(link);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().message).toBe("Your password is set. Sign in with your e-mail and the password you chose.");

    const again = await choose(link, "Another123!");
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual(["This invitation has already been used: sign in with the password you chose, or request a new link."]);

    expect((await anonymous("/api/login", { email: person.email, password: GOOD_PASSWORD })).statusCode).toBe(200);
    const record = await call(t, admin, { method: "GET", url: `/api/users/${person.id}` });
    expect(record.json().data.password_set).toBe(true);
    const resend = await call(t, admin, { method: "POST", url: `/api/users/${person.id}/invitation` });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toContain("already chosen a password");
  });

  it("expires after 7 days, not before", async () => {
    const person = await invite();
    const { link } = await invitationTo(person.email);
    t.clock.advanceMinutes(7 * 24 * 60 - 1);
    expect((await anonymous("/api/password/verify-token", link)).json().data).toMatchObject({ token_valid: true, time_remaining: 1 });
    t.clock.advanceMinutes(1);
    expect((await anonymous("/api/password/verify-token", link)).json().data).toEqual({ token_valid: false, time_remaining: 0, reason: "expired", purpose: "invitation" });
    const late = await choose(link);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.token[0]).toMatch(/^This invitation has expired/);
    // A week on, the administrator's own session has ended too.
    admin = await t.tokenFor(ADMIN.email, ADMIN.password);
  });

  it("survives the office filling in the record, but not a change of e-mail", async () => {
    const person = await invite();
    const { link } = await invitationTo(person.email);
    const edited = await call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { department: "Operations", position: "Clerk" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await anonymous("/api/password/verify-token", link)).json().data.token_valid).toBe(true);

    const moved = await call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: { email: `moved-${person.email}` } });
    expect(moved.statusCode, moved.body).toBe(200);
    const stale = await choose({ token: link.token, email: `moved-${person.email}` });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().errors.token[0]).toMatch(/^This invitation was replaced/);
  });

  it("still takes a password typed by the administrator, checked with its confirmation, and then sends nothing", async () => {
    const missing = await call(t, admin, { method: "POST", url: "/api/users", payload: { ...employeePayload(), password_confirmation: undefined } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password_confirmation).toEqual(["Value is required"]);

    const payload = employeePayload();
    const created = await call(t, admin, { method: "POST", url: "/api/users", payload });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.password_set).toBe(true);
    await t.app.ctx.jobs.idle();
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, String(payload.email).toLowerCase()))).toHaveLength(0);
  });
});

describe("POST /api/users/{id}/invitation", () => {
  it("is refused to the anonymous caller and to an employee", async () => {
    const person = await invite();
    expect((await call(t, null, { method: "POST", url: `/api/users/${person.id}/invitation` })).statusCode).toBe(401);
    const employee = await t.tokenFor(EMPLOYEE.email, EMPLOYEE.password);
    expect((await call(t, employee, { method: "POST", url: `/api/users/${person.id}/invitation` })).statusCode).toBe(403);
  });

  it("sends a new link that replaces the old one, with one activity row, and says until when", async () => {
    const person = await invite();
    const { link: first } = await invitationTo(person.email);
    const before = await lastActivityId(t, admin);
    const resend = await call(t, admin, { method: "POST", url: `/api/users/${person.id}/invitation` });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({ data: { email: person.email }, message: `Invitation sent to ${person.email}.` });
    expect(new Date(resend.json().data.expires_at).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600_000);
    await t.app.ctx.jobs.idle();
    const { link: second } = await invitationTo(person.email);
    expect(second.token).not.toBe(first.token);
    expect((await anonymous("/api/password/verify-token", first)).json().data.token_valid).toBe(false);
    expect((await choose(second)).statusCode).toBe(200);
    const rows = await activitiesAfter(t, admin, before);
    expect(rows.map((row) => row.action)).toEqual(["user.invitation_sent", "auth.invitation_accepted"]);
  });

  it("needs the power to set the person's credentials: users_manage alone is not enough", async () => {
    const person = await invite();
    const manager = await staffWith(t, admin, ["users_view", "users_manage"]);
    const refused = await call(t, manager.token, { method: "POST", url: `/api/users/${person.id}/invitation` });
    expect(refused.statusCode).toBe(403);
    const payManager = await staffWith(t, admin, ["users_view", "users_manage", "users_pay_view"]);
    expect((await call(t, payManager.token, { method: "POST", url: `/api/users/${person.id}/invitation` })).statusCode).toBe(200);
  });

  it("is throttled per address like reset links, and refused for someone who cannot sign in", async () => {
    const person = await invite();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(t, admin, { method: "POST", url: `/api/users/${person.id}/invitation` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const inactive = await invite({ is_active: false });
    const refused = await call(t, admin, { method: "POST", url: `/api/users/${inactive.id}/invitation` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cannot sign in/);
    expect((await call(t, admin, { method: "POST", url: "/api/users/999999/invitation" })).statusCode).toBe(404);
  });
});
