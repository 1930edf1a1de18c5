/**
 * What follows a first factor (a password, or a one-time link from one's
 * mailbox): a session, or, when the person uses two-factor sign-in or must
 * enrol, a short-lived challenge and the second step that answers it. And
 * the one-time sign-in links themselves, offered while an account is
 * throttled for devices it does not know.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { LOGIN_LINK_MINUTES, type consumeLoginLinkBody, type LoginResponse, type loginLinkBody } from "../../../contracts/auth";
import type { LoginChallenge, twoFactorEnrolLoginBody, twoFactorLoginBody } from "../../../contracts/two-factor";
import type { SettingsValues } from "../../../contracts/settings";
import { loginLinks, roles, twoFactor, users } from "../../db/schema";
import { recordActivity } from "../../lib/audit";
import { minutesFrom } from "../../lib/clock";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField } from "../../lib/errors";
import { translator } from "../../lib/i18n";
import type { RequestOrigin } from "../../lib/origin";
import { seal } from "../../lib/secret-box";
import { hashToken, newToken } from "../../lib/tokens";
import { acceptTotp } from "../../lib/totp";
import { mutate } from "../../lib/write";
import { languageOf } from "../notifications/wording";
import { readSettings } from "../settings/service";
import { findUserByEmail } from "./service";
import { issueToken, leadsTeamOf, maySignIn, toMe } from "./sessions";
import { clearAttempts, releaseAttempt, reserveAttempt } from "./throttle";
import {
  beginEnrolment,
  issueChallenge,
  normalizeCode,
  openChallenge,
  openEnrolment,
  passwordFingerprint,
  requiredOf,
  reserveCodeGuess,
  SECRET_PURPOSE,
  storeRecoveryCodes,
  takeSecondFactor,
  twoFactorOf,
  wrongCode,
  type Challenge,
} from "./two-factor";

type SystemSettings = SettingsValues<"system">;
type Found = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/** A sign-in's outcome: a session (the device then gets its cookie), or a second step to take. */
export type SignIn = { kind: "session"; session: LoginResponse; email: string } | { kind: "challenge"; challenge: LoginChallenge };

async function findUserById(ctx: AppContext, id: number): Promise<Found | undefined> {
  const [row] = await ctx.db.select({ user: users, role: roles }).from(users).leftJoin(roles, eq(roles.id, users.role_id)).where(eq(users.id, id));
  return row;
}

/** Issues the session, with its activity row (auth.login, how the person got in among the changes). */
async function startSession(ctx: AppContext, found: Found, remember: boolean, origin: RequestOrigin, system: SystemSettings, changes: Record<string, unknown>): Promise<LoginResponse> {
  const now = ctx.clock.now();
  const lifetime = { hours: system.session_hours, rememberDays: system.remember_days };
  const { token, expiresAt } = await mutate(ctx, { actorId: found.user.id, origin }, { action: "auth.login", subjectType: "user" }, async (tx) => ({
    result: await issueToken(tx, found.user.id, remember, origin, now, lifetime),
    subjectId: found.user.id,
    changes: { remember, ...changes },
  }));
  return { token, expires_at: expiresAt.toISOString(), user: toMe({ ...found.user, role: found.role, leads_team: await leadsTeamOf(ctx.db, found.user.id) }, ctx.config.appKey, now) };
}

/**
 * The first factor is proven: a session, unless the person uses two-factor
 * sign-in (a challenge for their code) or must and has not enrolled (a
 * challenge and an enrolment to confirm).
 */
export async function afterFirstFactor(ctx: AppContext, found: Found, remember: boolean, via: Challenge["via"], origin: RequestOrigin, system: SystemSettings): Promise<SignIn> {
  const now = ctx.clock.now();
  const challenge = (k: Challenge["k"]) => issueChallenge(ctx, { u: found.user.id, k, r: remember, via, f: passwordFingerprint(found.user.password_hash) }, now);
  if (await twoFactorOf(ctx.db, found.user.id)) return { kind: "challenge", challenge: { two_factor: "code", ...challenge("code"), enrolment: null } };
  if (requiredOf({ access_level: found.user.access_level, role: found.role }, system)) {
    return { kind: "challenge", challenge: { two_factor: "enrol", ...challenge("enrol"), enrolment: await beginEnrolment(ctx, found.user, now) } };
  }
  return { kind: "session", session: await startSession(ctx, found, remember, origin, system, via === "link" ? { via } : {}), email: found.user.email };
}

/** The person a challenge names, still able to sign in with the password it was made with. */
async function challenged(ctx: AppContext, challenge: Challenge): Promise<Found> {
  const found = await findUserById(ctx, challenge.u);
  if (!found || !maySignIn(found.user) || passwordFingerprint(found.user.password_hash) !== challenge.f) throw invalidField("challenge", "twoFactor.challengeExpired");
  return found;
}

/** A wrong code is on record, as a wrong password is. */
async function refuseCode(ctx: AppContext, found: Found, origin: RequestOrigin): Promise<never> {
  await recordActivity(ctx.db, { actorId: found.user.id, action: "auth.two_factor_failed", subjectType: "user", subjectId: found.user.id, origin, at: ctx.clock.now() });
  throw wrongCode();
}

/** The second step: a code from the person's app, or one of their recovery codes. */
export async function verifyTwoFactorLogin(ctx: AppContext, input: z.output<typeof twoFactorLoginBody>, origin: RequestOrigin): Promise<SignIn> {
  const now = ctx.clock.now();
  const challenge = openChallenge(ctx, input.challenge, "code", now);
  const found = await challenged(ctx, challenge);
  const system = await readSettings(ctx, "system");
  await reserveCodeGuess(ctx, found.user.email, origin, now, system);
  const author = { actorId: found.user.id, origin };
  const via = challenge.via === "link" ? { via: "link" } : {};
  let session: LoginResponse;
  try {
    if (/^\d{6}$/.test(normalizeCode(input.code))) {
      // The code taken and the session issued together: a code is good for one sign-in.
      const lifetime = { hours: system.session_hours, rememberDays: system.remember_days };
      const issued = await mutate(ctx, author, { action: "auth.login", subjectType: "user" }, async (tx) => {
        if (!(await takeSecondFactor(tx, ctx.config.appKey, found.user.id, input.code, now))) throw wrongCode();
        return { result: await issueToken(tx, found.user.id, challenge.r, origin, now, lifetime), subjectId: found.user.id, changes: { remember: challenge.r, two_factor: "code", ...via } };
      });
      const leads_team = await leadsTeamOf(ctx.db, found.user.id);
      session = { token: issued.token, expires_at: issued.expiresAt.toISOString(), user: toMe({ ...found.user, role: found.role, leads_team }, ctx.config.appKey, now) };
    } else {
      await mutate(ctx, author, { action: "auth.recovery_code_used", subjectType: "user" }, async (tx) => {
        const used = await takeSecondFactor(tx, ctx.config.appKey, found.user.id, input.code, now);
        if (used?.kind !== "recovery_code") throw wrongCode();
        return { result: undefined, subjectId: found.user.id, changes: { recovery_codes_left: used.left } };
      });
      session = await startSession(ctx, found, challenge.r, origin, system, { two_factor: "recovery_code", ...via });
    }
  } catch (error) {
    if (error instanceof HttpError && error.messageKey === "twoFactor.codeWrong") await refuseCode(ctx, found, origin);
    throw error;
  }
  await clearAttempts(ctx.db, "code", found.user.email);
  return { kind: "session", session, email: found.user.email };
}

/** The person must use two-factor sign-in and had none: enrolled with the first code, then signed in; the recovery codes come with the session. */
export async function enrolOnLogin(ctx: AppContext, input: z.output<typeof twoFactorEnrolLoginBody>, origin: RequestOrigin): Promise<SignIn> {
  const now = ctx.clock.now();
  const challenge = openChallenge(ctx, input.challenge, "enrol", now);
  const found = await challenged(ctx, challenge);
  const secret = openEnrolment(ctx, input.enrolment, found.user.id, now);
  const system = await readSettings(ctx, "system");
  const attemptId = await reserveCodeGuess(ctx, found.user.email, origin, now, system);
  const step = acceptTotp(secret, normalizeCode(input.code), now, 0);
  if (step === null) return refuseCode(ctx, found, origin);
  await releaseAttempt(ctx.db, attemptId);
  const author = { actorId: found.user.id, origin };
  const codes = await mutate(ctx, author, { action: "auth.two_factor_enabled", subjectType: "user" }, async (tx) => {
    const inserted = await tx
      .insert(twoFactor)
      .values({ user_id: found.user.id, secret_encrypted: seal(ctx.config.appKey, SECRET_PURPOSE, secret), last_step: step, enabled_at: now })
      .onConflictDoNothing()
      .returning({ id: twoFactor.user_id });
    if (inserted.length === 0) throw new HttpError(409, "twoFactor.alreadyOn");
    const fresh = await storeRecoveryCodes(tx, ctx.config.appKey, found.user.id, now);
    return { result: fresh, subjectId: found.user.id, changes: { two_factor: "enabled", recovery_codes_left: fresh.length } };
  });
  const session = await startSession(ctx, found, challenge.r, origin, system, { two_factor: "enrolled", ...(challenge.via === "link" ? { via: "link" } : {}) });
  return { kind: "session", session: { ...session, recovery_codes: codes }, email: found.user.email };
}

/**
 * Answers the same way whether or not the address has an account: the
 * lookup and the mail happen after the reply. Throttled as reset requests
 * are (per address of the caller and per account), on a counter of its own.
 */
export async function requestLoginLink(ctx: AppContext, input: z.output<typeof loginLinkBody>, origin: RequestOrigin): Promise<void> {
  const now = ctx.clock.now();
  const limits = await readSettings(ctx, "system");
  await reserveAttempt(
    ctx.db,
    "link",
    { email: input.email, ip: origin.ip },
    [
      { ip: origin.ip, max: limits.forgot_per_address },
      { email: input.email, max: limits.forgot_per_account },
    ],
    limits.throttle_window_minutes,
    now,
  );
  ctx.jobs.afterReply("login-link-mail", () => sendLoginLink(ctx, input.email, origin, now));
}

/** The link, in the person's own language, to the outbox; an earlier unused one stops working. */
async function sendLoginLink(ctx: AppContext, email: string, origin: RequestOrigin, now: Date): Promise<void> {
  const found = await findUserByEmail(ctx, email);
  if (!found || !maySignIn(found.user)) return;
  const token = newToken();
  await ctx.db.delete(loginLinks).where(and(eq(loginLinks.user_id, found.user.id), isNull(loginLinks.used_at)));
  await ctx.db.insert(loginLinks).values({ user_id: found.user.id, token_hash: hashToken(token), created_at: now, expires_at: minutesFrom(now, LOGIN_LINK_MINUTES) });
  const t = translator(languageOf(found.user.preferences?.language));
  const link = `${ctx.config.appUrl}/login-link?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
  await ctx.mailer.send({ to: email, subject: t("mail.loginLink.subject"), text: t("mail.loginLink.body", { name: found.user.name, link, minutes: LOGIN_LINK_MINUTES }) });
  await recordActivity(ctx.db, { actorId: found.user.id, action: "auth.login_link_requested", subjectType: "user", subjectId: found.user.id, origin, at: now });
}

/**
 * Signs in with a link once: it is marked used (with its activity row) in
 * the transaction that checks it, so a second use is refused; then the
 * first factor is proven, and two-factor sign-in still applies.
 */
export async function consumeLoginLink(ctx: AppContext, input: z.output<typeof consumeLoginLinkBody>, origin: RequestOrigin): Promise<SignIn> {
  const now = ctx.clock.now();
  const userId = await mutate(ctx, { actorId: null, origin }, { action: "auth.login_link_used", subjectType: "user" }, async (tx) => {
    const [row] = await tx
      .select({ id: loginLinks.id, userId: loginLinks.user_id, expiresAt: loginLinks.expires_at, usedAt: loginLinks.used_at, is_active: users.is_active, archived_at: users.archived_at, employment_status: users.employment_status })
      .from(loginLinks)
      .innerJoin(users, eq(users.id, loginLinks.user_id))
      .where(and(eq(loginLinks.token_hash, hashToken(input.token)), eq(users.email, input.email)))
      .for("update");
    if (!row || !maySignIn(row)) throw invalidField("token", "auth.loginLink.invalid");
    if (row.usedAt) throw invalidField("token", "auth.loginLink.used");
    if (row.expiresAt.getTime() <= now.getTime()) throw invalidField("token", "auth.loginLink.expired");
    await tx.update(loginLinks).set({ used_at: now }).where(eq(loginLinks.id, row.id));
    return { result: row.userId, subjectId: row.userId, actorId: row.userId, changes: {} };
  });
  const found = (await findUserById(ctx, userId))!;
  return afterFirstFactor(ctx, found, false, "link", origin, await readSettings(ctx, "system"));
}
