import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authAttempts } from "../../db/schema";
import { HttpError } from "../../lib/errors";

export type AttemptKind = "login" | "forgot";

interface Limit {
  column: "email" | "ip";
  value: string;
  max: number;
}

/**
 * Refuses with 429 when any limit is reached inside the window, telling the
 * caller how long to wait. Counters are rows, so every server process agrees.
 */
export async function assertNotThrottled(
  db: Db,
  kind: AttemptKind,
  limits: Limit[],
  windowMinutes: number,
  now: Date,
): Promise<void> {
  const since = new Date(now.getTime() - windowMinutes * 60_000);
  for (const limit of limits) {
    const [row] = await db
      .select({ attempts: count(), oldest: min(authAttempts.created_at) })
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, kind), eq(authAttempts[limit.column], limit.value), gt(authAttempts.created_at, since)));
    if (Number(row.attempts) < limit.max || !row.oldest) continue;
    const freeAt = new Date(row.oldest).getTime() + windowMinutes * 60_000;
    const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw new HttpError(429, "auth.throttled", { minutes: Math.ceil(seconds / 60) }, undefined, {
      "retry-after": String(seconds),
    });
  }
}

export async function recordAttempt(
  db: Db,
  kind: AttemptKind,
  who: { email: string | null; ip: string },
  now: Date,
  windowMinutes: number,
): Promise<void> {
  // Rows older than the window count for nothing: drop them as we go.
  await db
    .delete(authAttempts)
    .where(and(eq(authAttempts.kind, kind), lt(authAttempts.created_at, new Date(now.getTime() - windowMinutes * 60_000))));
  await db.insert(authAttempts).values({ kind, email: who.email, ip: who.ip, created_at: now });
}

export async function clearAttempts(db: Db, kind: AttemptKind, email: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.email, email)));
}
