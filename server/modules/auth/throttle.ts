import { and, count, eq, gt, lt, min, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authAttempts } from "../../db/schema";
import { HttpError } from "../../lib/errors";

/**
 * login: failed passwords of clients without a device cookie; device: failed
 * passwords of a device that signed in before (counted by its cookie's
 * nonce); forgot and link: reset and sign-in link requests; code: wrong
 * two-factor codes.
 */
export type AttemptKind = "login" | "forgot" | "device" | "link" | "code";

/** At most `max` attempts inside the window by this account, this address, this device, or a combination. */
export interface Limit {
  email?: string;
  ip?: string;
  device?: string;
  max: number;
}

function matching(kind: AttemptKind, limit: Limit, since: Date): SQL {
  const conditions = [eq(authAttempts.kind, kind), gt(authAttempts.created_at, since)];
  if (limit.email !== undefined) conditions.push(eq(authAttempts.email, limit.email));
  if (limit.ip !== undefined) conditions.push(eq(authAttempts.ip, limit.ip));
  if (limit.device !== undefined) conditions.push(eq(authAttempts.device, limit.device));
  return and(...conditions)!;
}

/**
 * Records the attempt, then counts: each request sees the ones before it, so
 * no burst slips past a limit. A refused attempt is taken back (it guessed
 * nothing) and answered 429 with the wait. Counters are rows, so every
 * server process agrees.
 */
export async function reserveAttempt(
  db: Db,
  kind: AttemptKind,
  who: { email: string; ip: string; device?: string },
  limits: Limit[],
  windowMinutes: number,
  now: Date,
): Promise<number> {
  const windowMs = windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  // Rows older than the window count for nothing: drop them as we go.
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), lt(authAttempts.created_at, since)));
  return db.transaction(async (tx) => {
    // One account's attempts take turns (PostgreSQL serves them on several connections at once):
    // each then counts exactly the ones before it. A refusal rolls its own row back.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${who.email}`}))`);
    const [attempt] = await tx.insert(authAttempts).values({ kind, email: who.email, ip: who.ip, device: who.device ?? null, created_at: now }).returning({ id: authAttempts.id });
    for (const limit of limits) {
      const [row] = await tx.select({ attempts: count(), oldest: min(authAttempts.created_at) }).from(authAttempts).where(matching(kind, limit, since));
      if (Number(row.attempts) <= limit.max || !row.oldest) continue;
      const seconds = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + windowMs - now.getTime()) / 1000));
      throw new HttpError(429, "auth.throttled", { count: Math.ceil(seconds / 60) }, undefined, { "retry-after": String(seconds) });
    }
    return attempt.id;
  });
}

/** Takes back one attempt that turned out not to be a failed guess. */
export async function releaseAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.id, attemptId));
}

export async function clearAttempts(db: Db, kind: AttemptKind, email: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.email, email)));
}

/** Forgets one device's failures (its owner signed in from it), and nobody else's. */
export async function clearDeviceAttempts(db: Db, email: string, device: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, "device"), eq(authAttempts.email, email), eq(authAttempts.device, device)));
}
