/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238): enrolment
 * from one's profile (or on the way in, when the settings require it),
 * recovery codes, turning it off, an administrator's reset, and the second
 * step of a sign-in. The secret is kept sealed with the app key, recovery
 * codes as keyed hashes; codes are throttled like passwords and each is
 * accepted once.
 */
import crypto from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import type { z } from "zod";
import type { Actor } from "../../../contracts/policies";
import {
  CHALLENGE_MINUTES,
  ENROLMENT_MINUTES,
  mustUseTwoFactor,
  RECOVERY_CODE_COUNT,
  type disableTwoFactorBody,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "../../../contracts/two-factor";
import type { Db } from "../../db/client";
import { recoveryCodes, twoFactor } from "../../db/schema";
import { minutesFrom } from "../../lib/clock";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField, notFound } from "../../lib/errors";
import type { RequestOrigin } from "../../lib/origin";
import { verifyPassword } from "../../lib/passwords";
import { authorize } from "../../lib/policy";
import { seal, sealExpiring, unseal, unsealExpiring } from "../../lib/secret-box";
import { hashToken } from "../../lib/tokens";
import { acceptTotp, newTotpSecret, totpUri } from "../../lib/totp";
import { mutate, type Author } from "../../lib/write";
import type { SettingsValues } from "../../../contracts/settings";
import { readSettings } from "../settings/service";
import { findUser, subjectOf } from "../users/service";
import { reservePasswordGuess } from "./service";
import type { AuthUser } from "./sessions";
import { releaseAttempt, reserveAttempt } from "./throttle";

const SECRET = "two-factor-secret";
const ENROLMENT = "two-factor-enrolment";
const CHALLENGE = "sign-in-challenge";
const ISSUER = "Paydesk";

/** Letters and digits nobody mistakes for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** xxxxx-xxxxx: about 50 random bits each. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** What a person types, as it is compared: case, spaces and dashes do not matter. */
export const normalizeCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const isAppCode = (code: string) => /^\d{6}$/.test(code);

/** Keyed with the app key: a copy of the table alone cannot be searched for the codes. */
function recoveryCodeHash(appKey: string, code: string): string {
  return crypto.createHmac("sha256", appKey).update(`recovery-code\n${normalizeCode(code)}`).digest("hex");
}

/** Replaces a person's recovery codes with ten new ones: the codes, shown once. */
async function storeRecoveryCodes(tx: Db, appKey: string, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(appKey, code), created_at: now })));
  return codes;
}

async function unusedCodes(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return Number(row.n);
}

export async function twoFactorOf(db: Db, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.user_id, userId));
  return row;
}

type SystemSettings = SettingsValues<"system">;

/** Whether the settings require two-factor sign-in of this person. */
export function requiredOf(person: { access_level: number; role: { permissions: string[] } | null }, system: SystemSettings): boolean {
  return mustUseTwoFactor({ access_level: person.access_level, permissions: person.role?.permissions ?? [] }, system.two_factor_required);
}

export async function twoFactorStatusOf(ctx: AppContext, user: AuthUser): Promise<TwoFactorStatus> {
  const [row, system] = await Promise.all([twoFactorOf(ctx.db, user.id), readSettings(ctx, "system")]);
  return {
    enabled: Boolean(row),
    enabled_at: row?.enabled_at.toISOString() ?? null,
    recovery_codes_left: row ? await unusedCodes(ctx.db, user.id) : 0,
    required: requiredOf(user, system),
  };
}

/**
 * A new secret for the person's app, as a QR code and as text, and the
 * enrolment (sealed: it names the person and the secret) to send back with
 * the first code. Nothing is stored until then.
 */
export async function beginEnrolment(ctx: AppContext, person: { id: number; email: string }, now: Date): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const url = totpUri(secret, person.email, ISSUER);
  const svg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  const expiresAt = minutesFrom(now, ENROLMENT_MINUTES);
  return {
    secret,
    otpauth_url: url,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    enrolment: sealExpiring(ctx.config.appKey, ENROLMENT, { u: person.id, s: secret }, expiresAt),
    expires_at: expiresAt.toISOString(),
  };
}

function openEnrolment(ctx: AppContext, enrolment: string, userId: number, now: Date): string {
  const opened = unsealExpiring<{ u: number; s: string }>(ctx.config.appKey, ENROLMENT, enrolment, now);
  if (!opened || opened.u !== userId) throw invalidField("enrolment", "twoFactor.enrolmentExpired");
  return opened.s;
}

/** Counts one code typed for an account: the password limits, on a counter of their own. */
export async function reserveCodeGuess(ctx: AppContext, email: string, origin: RequestOrigin, now: Date, system?: SystemSettings): Promise<number> {
  system ??= await readSettings(ctx, "system");
  return reserveAttempt(
    ctx.db,
    "code",
    { email, ip: origin.ip },
    [
      { email, max: system.login_per_account_and_address },
      { ip: origin.ip, max: system.login_per_address },
    ],
    system.throttle_window_minutes,
    now,
  );
}

export const wrongCode = () => invalidField("code", "twoFactor.codeWrong");

/**
 * Takes a code from the person's app (the step it belongs to must be later
 * than the last one taken) or one of their unused recovery codes, in `tx`,
 * with their rows locked. What was used, or null.
 */
export async function takeSecondFactor(
  tx: Db,
  appKey: string,
  userId: number,
  typed: string,
  now: Date,
): Promise<{ kind: "code" } | { kind: "recovery_code"; left: number } | null> {
  const code = normalizeCode(typed);
  if (isAppCode(code)) {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.user_id, userId)).for("update");
    const secret = row && unseal(appKey, SECRET, row.secret_encrypted);
    if (!secret) return null;
    const step = acceptTotp(secret, code, now, row.last_step);
    if (step === null) return null;
    await tx.update(twoFactor).set({ last_step: step }).where(eq(twoFactor.user_id, userId));
    return { kind: "code" };
  }
  const [found] = await tx
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, recoveryCodeHash(appKey, code)), isNull(recoveryCodes.used_at)))
    .for("update");
  if (!found) return null;
  await tx.update(recoveryCodes).set({ used_at: now }).where(eq(recoveryCodes.id, found.id));
  return { kind: "recovery_code", left: await unusedCodes(tx, userId) };
}

/** Turns two-factor sign-in on with the enrolment's secret and a first code from the app: the recovery codes, shown once. */
export async function enableTwoFactor(ctx: AppContext, person: { id: number; email: string }, author: Author, input: { enrolment: string; code: string }): Promise<string[]> {
  const now = ctx.clock.now();
  if (await twoFactorOf(ctx.db, person.id)) throw new HttpError(409, "twoFactor.alreadyOn");
  const secret = openEnrolment(ctx, input.enrolment, person.id, now);
  const attemptId = await reserveCodeGuess(ctx, person.email, author.origin, now);
  const step = acceptTotp(secret, normalizeCode(input.code), now, 0);
  if (step === null) throw wrongCode();
  await releaseAttempt(ctx.db, attemptId);
  return mutate(ctx, author, { action: "auth.two_factor_enabled", subjectType: "user" }, async (tx) => {
    const inserted = await tx
      .insert(twoFactor)
      .values({ user_id: person.id, secret_encrypted: seal(ctx.config.appKey, SECRET, secret), last_step: step, enabled_at: now })
      .onConflictDoNothing()
      .returning({ id: twoFactor.user_id });
    // Two confirmations at once: the first one stands.
    if (inserted.length === 0) throw new HttpError(409, "twoFactor.alreadyOn");
    const codes = await storeRecoveryCodes(tx, ctx.config.appKey, person.id, now);
    return { result: codes, subjectId: person.id, actorId: person.id, changes: { two_factor: "enabled", recovery_codes_left: codes.length } };
  });
}

/** Turns one's own two-factor sign-in off: the password and a code (from the app, or a recovery code). */
export async function disableTwoFactor(ctx: AppContext, me: AuthUser, author: Author, input: z.output<typeof disableTwoFactorBody>): Promise<void> {
  const now = ctx.clock.now();
  const system = await readSettings(ctx, "system");
  if (!(await twoFactorOf(ctx.db, me.id))) throw new HttpError(409, "twoFactor.notOn");
  if (requiredOf(me, system)) throw new HttpError(409, "twoFactor.requiredCannotDisable");
  // A stolen session must not become a way to guess the password: the sign-in limits apply.
  const passwordAttempt = await reservePasswordGuess(ctx, me.email, author.origin, now, system);
  const found = await findUser(ctx.db, me.id);
  if (!found || !(await verifyPassword(found.user.password_hash, input.password))) throw invalidField("password", "profile.currentPasswordWrong");
  await releaseAttempt(ctx.db, passwordAttempt);
  const codeAttempt = await reserveCodeGuess(ctx, me.email, author.origin, now, system);
  await mutate(ctx, author, { action: "auth.two_factor_disabled", subjectType: "user" }, async (tx) => {
    const used = await takeSecondFactor(tx, ctx.config.appKey, me.id, input.code, now);
    if (!used) throw wrongCode();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, me.id));
    await tx.delete(twoFactor).where(eq(twoFactor.user_id, me.id));
    return { result: undefined, subjectId: me.id, changes: { two_factor: "disabled", with: used.kind } };
  });
  await releaseAttempt(ctx.db, codeAttempt);
}

/** Ten new recovery codes for the old ones, after a code: shown once. */
export async function regenerateRecoveryCodes(ctx: AppContext, me: AuthUser, author: Author, code: string): Promise<string[]> {
  const now = ctx.clock.now();
  if (!(await twoFactorOf(ctx.db, me.id))) throw new HttpError(409, "twoFactor.notOn");
  const attemptId = await reserveCodeGuess(ctx, me.email, author.origin, now);
  const codes = await mutate(ctx, author, { action: "auth.recovery_codes_regenerated", subjectType: "user" }, async (tx) => {
    const used = await takeSecondFactor(tx, ctx.config.appKey, me.id, code, now);
    if (!used) throw wrongCode();
    const fresh = await storeRecoveryCodes(tx, ctx.config.appKey, me.id, now);
    return { result: fresh, subjectId: me.id, changes: { recovery_codes_left: fresh.length, with: used.kind } };
  });
  await releaseAttempt(ctx.db, attemptId);
  return codes;
}

/**
 * An administrator removes a person's two-factor sign-in (a lost phone, no
 * recovery code left). A person without one (never set up, turned off, or
 * another administrator's reset came first) is refused with 409 and nothing
 * is written.
 */
export async function resetTwoFactorOf(ctx: AppContext, actor: Actor, author: Author, userId: number): Promise<void> {
  const found = await findUser(ctx.db, userId);
  if (!found) throw notFound();
  authorize(actor, "users.resetTwoFactor", subjectOf(found.user, found.role));
  await mutate(ctx, author, { action: "user.two_factor_reset", subjectType: "user" }, async (tx) => {
    const removed = await tx.delete(twoFactor).where(eq(twoFactor.user_id, userId)).returning({ id: twoFactor.user_id });
    if (removed.length === 0) throw new HttpError(409, "twoFactor.personHasNone");
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    return { result: undefined, subjectId: userId, changes: { two_factor: "reset" } };
  });
}

/** What a sign-in challenge holds: who, which step, "remember me", how the first step was made, and the password it was made with. */
export interface Challenge {
  u: number;
  k: "code" | "enrol";
  r: boolean;
  via: "password" | "link";
  f: string;
}

/** Stands for the person's password: a challenge dies when it changes. */
export const passwordFingerprint = (passwordHash: string | null) => hashToken(`challenge\n${passwordHash ?? ""}`).slice(0, 24);

export function issueChallenge(ctx: AppContext, challenge: Challenge, now: Date): { challenge: string; expires_at: string } {
  const expiresAt = minutesFrom(now, CHALLENGE_MINUTES);
  return { challenge: sealExpiring(ctx.config.appKey, CHALLENGE, challenge, expiresAt), expires_at: expiresAt.toISOString() };
}

export function openChallenge(ctx: AppContext, token: string, kind: Challenge["k"], now: Date): Challenge {
  const opened = unsealExpiring<Challenge>(ctx.config.appKey, CHALLENGE, token, now);
  if (!opened || opened.k !== kind) throw invalidField("challenge", "twoFactor.challengeExpired");
  return opened;
}

export { openEnrolment, storeRecoveryCodes, SECRET as SECRET_PURPOSE };
