import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  RESET_LINK_MINUTES,
  type Me,
  type forgotPasswordBody,
  type loginBody,
  type registerBody,
  type resetPasswordBody,
  type verifyResetTokenBody,
} from "../../../contracts/auth";
import { ACCESS_LEVEL } from "../../../contracts/permissions";
import { passwordResets, roles, users } from "../../db/schema";
import { recordActivity } from "../../lib/audit";
import type { AppContext } from "../../lib/context";
import type { RequestOrigin } from "../../lib/origin";
import { HttpError, invalidField } from "../../lib/errors";
import type { Translate } from "../../lib/i18n";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { newToken } from "../../lib/tokens";
import { mutate, type Author } from "../../lib/write";
import type { SettingsValues } from "../../../contracts/settings";
import { readSettings } from "../settings/service";

type SystemSettings = SettingsValues<"system">;
import { insertUserRecord } from "../users/service";
import { issuePasswordLink, passwordLinkState, passwordLinkUrl, type LinkPurpose, type PasswordLinkState } from "./password-links";
import { maySignIn, revokeAllTokens, revokeToken, toMe, type AuthUser } from "./sessions";
import { deviceCookieName, readCookie, verifyDeviceCookie } from "../../lib/device-cookies";
import { afterFirstFactor, type SignIn } from "./sign-in";
import { clearAttempts, clearDeviceAttempts, releaseAttempt, reserveAttempt } from "./throttle";

type LoginInput = z.output<typeof loginBody>;

/**
 * A hash to verify against when the address is unknown, so a wrong address
 * takes as long as a wrong password and reveals nothing.
 */
let decoyHash: Promise<string> | null = null;
function decoy(ctx: AppContext): Promise<string> {
  decoyHash ??= hashPassword(newToken(), ctx.config.passwordHashing);
  return decoyHash;
}

export async function findUserByEmail(ctx: AppContext, email: string) {
  const [row] = await ctx.db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.email, email));
  return row;
}

/**
 * Counts one password guess for an account (sign-in, or the current password
 * on change-password): 429 past the limits. Guessing from one address locks
 * that address out of the account; the account as a whole has a higher bar,
 * so nobody locks its owner out from elsewhere by failing on purpose.
 */
export async function reservePasswordGuess(ctx: AppContext, email: string, origin: RequestOrigin, now: Date, limits?: SystemSettings): Promise<number> {
  limits ??= await readSettings(ctx, "system");
  return reserveAttempt(
    ctx.db,
    "login",
    { email, ip: origin.ip },
    [
      { email, ip: origin.ip, max: limits.login_per_account_and_address },
      { email, max: limits.login_per_account },
      { ip: origin.ip, max: limits.login_per_address },
    ],
    limits.throttle_window_minutes,
    now,
  );
}

/**
 * Counts one password guess from a device that signed in to the account
 * before (a valid device cookie): against that device alone, so failures
 * by strangers elsewhere never lock it out, and its own failures lock out
 * only itself.
 */
async function reserveDeviceGuess(ctx: AppContext, email: string, device: string, origin: RequestOrigin, now: Date, limits: SystemSettings): Promise<number> {
  return reserveAttempt(ctx.db, "device", { email, ip: origin.ip, device }, [{ email, device, max: ctx.config.throttle.loginPerDevice }], limits.throttle_window_minutes, now);
}

/** The nonce of the request's valid device cookie for this account, if it sent one. */
export function trustedDevice(ctx: AppContext, cookieHeader: string | undefined, email: string): string | null {
  return verifyDeviceCookie(ctx.config.appKey, readCookie(cookieHeader, deviceCookieName(ctx.config.appKey, email)), email);
}

/**
 * The password step. A device with a valid device cookie for the account is
 * judged by its own failures only; any other client by the account's and
 * addresses' counters. The right password gives a session, or a second step
 * when the person uses two-factor sign-in.
 */
export async function login(ctx: AppContext, input: LoginInput, origin: RequestOrigin, cookieHeader?: string): Promise<SignIn> {
  const now = ctx.clock.now();
  // The throttle limits and the session lifetimes, read once for the whole sign-in.
  const system = await readSettings(ctx, "system");
  const device = trustedDevice(ctx, cookieHeader, input.email);
  const attemptId = device ? await reserveDeviceGuess(ctx, input.email, device, origin, now, system) : await reservePasswordGuess(ctx, input.email, origin, now, system);
  const found = await findUserByEmail(ctx, input.email);
  const passwordOk = await verifyPassword(found?.user.password_hash ?? (await decoy(ctx)), input.password);
  if (!found || !passwordOk) {
    // A failed guess changes nothing but is on record: who tried which account from where.
    await recordActivity(ctx.db, {
      actorId: found?.user.id ?? null,
      action: "auth.login_failed",
      subjectType: "user",
      subjectId: found?.user.id,
      changes: { email: input.email },
      origin,
      at: now,
    });
    throw new HttpError(422, "auth.invalidCredentials");
  }
  // Only a caller who knows the password learns that the account is inactive.
  if (!maySignIn(found.user)) {
    await releaseAttempt(ctx.db, attemptId);
    throw new HttpError(403, "auth.inactive");
  }

  // A known device forgets its own failures; the strangers' counters stay as they are.
  if (device) await clearDeviceAttempts(ctx.db, input.email, device);
  else await clearAttempts(ctx.db, "login", input.email);
  return afterFirstFactor(ctx, found, input.remember, "password", origin, system);
}

export async function logout(ctx: AppContext, user: AuthUser, author: Author): Promise<void> {
  await mutate(ctx, author, { action: "auth.logout", subjectType: "user" }, async (tx) => {
    await revokeToken(tx, user.tokenId);
    return { result: undefined, subjectId: user.id, changes: {} };
  });
}

/**
 * Answers the same way, at the same speed, whether or not the address has an
 * account: the lookup and the mail happen after the reply.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  input: z.output<typeof forgotPasswordBody>,
  origin: RequestOrigin,
  t: Translate,
): Promise<void> {
  const now = ctx.clock.now();
  const limits = await readSettings(ctx, "system");
  // The per-address cap stops mail-bombing one person; it applies to any address, known or not.
  await reserveAttempt(
    ctx.db,
    "forgot",
    { email: input.email, ip: origin.ip },
    [
      { ip: origin.ip, max: limits.forgot_per_address },
      { email: input.email, max: limits.forgot_per_account },
    ],
    limits.throttle_window_minutes,
    now,
  );
  ctx.jobs.afterReply("password-reset-mail", () => sendResetLink(ctx, input.email, origin, t, now));
}

async function sendResetLink(ctx: AppContext, email: string, origin: RequestOrigin, t: Translate, now: Date) {
  const found = await findUserByEmail(ctx, email);
  if (!found || !maySignIn(found.user)) return;
  const { token } = await issuePasswordLink(ctx.db, found.user, "reset", now);
  await ctx.mailer.send({
    to: email,
    subject: t("mail.reset.subject"),
    text: t("mail.reset.body", { name: found.user.name, link: passwordLinkUrl(ctx.config.appUrl, token, email), minutes: RESET_LINK_MINUTES }),
  });
  // The link is a change of the person's: on record, but it leaves their sessions alone.
  await recordActivity(ctx.db, { actorId: found.user.id, action: "auth.password_reset_requested", subjectType: "user", subjectId: found.user.id, origin, at: now });
}

export async function verifyResetToken(ctx: AppContext, input: z.output<typeof verifyResetTokenBody>) {
  const now = ctx.clock.now();
  const state = await passwordLinkState(ctx.db, input.token, input.email, now);
  if (!state.valid) return { token_valid: false, time_remaining: 0, reason: state.reason, purpose: state.purpose };
  const minutes = Math.ceil((state.expiresAt.getTime() - now.getTime()) / 60_000);
  return { token_valid: true, time_remaining: minutes, purpose: state.purpose };
}

function refuseLink(state: PasswordLinkState & { valid: false }): never {
  const kind = state.purpose === "invitation" && state.reason !== "invalid" ? "invitationToken" : "resetToken";
  throw invalidField("token", `auth.${kind}.${state.reason}`);
}

/** Sets the password the link was for; answers which kind of link it was. */
export async function resetPassword(ctx: AppContext, input: z.output<typeof resetPasswordBody>, origin: RequestOrigin): Promise<LinkPurpose> {
  const now = ctx.clock.now();
  // A bad link is refused before the slow hash; the transaction checks it again.
  const first = await passwordLinkState(ctx.db, input.token, input.email, now);
  if (!first.valid) refuseLink(first);
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashing);
  await mutate(ctx, { actorId: first.userId, origin }, { action: first.purpose === "invitation" ? "auth.invitation_accepted" : "auth.password_reset", subjectType: "user" }, async (tx) => {
    // Locked with its person: a second use of the link, or a change to the person, since
    // the first look either waits for this reset or is seen here.
    const state = await passwordLinkState(tx, input.token, input.email, now, true);
    if (!state.valid) refuseLink(state);
    await tx.update(passwordResets).set({ used_at: now }).where(eq(passwordResets.id, state.resetId));
    await tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, state.userId));
    await revokeAllTokens(tx, state.userId);
    return { result: undefined, subjectId: state.userId, changes: { password: "changed" } };
  });
  // Whoever failed on purpose to lock the owner out loses their hold: the owner proved the mailbox.
  await clearAttempts(ctx.db, "login", input.email);
  return first.purpose;
}

export async function register(ctx: AppContext, input: z.output<typeof registerBody>, origin: RequestOrigin): Promise<Me> {
  if (!(await readSettings(ctx, "system")).allow_registration) throw new HttpError(403, "auth.registrationClosed");
  const now = ctx.clock.now();
  const [employeeRole] = await ctx.db.select().from(roles).where(eq(roles.name, "Employee"));
  const fields = { first_name: input.first_name, last_name: input.last_name, email: input.email, access_level: ACCESS_LEVEL.EMPLOYEE, role_id: employeeRole?.id ?? null };
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashing);
  const user = await mutate(ctx, { actorId: null, origin }, { action: "auth.register", subjectType: "user" }, async (tx) => {
    const created = await insertUserRecord(tx, { ...fields, password_hash: passwordHash }, now);
    // The newcomer is the author of their own record, known once it is written.
    return { result: created, subjectId: created.id, actorId: created.id, changes: { name: created.name, email: created.email } };
  });
  return toMe({ ...user, role: employeeRole ?? null, leads_team: false }, ctx.config.appKey, now);
}
