/**
 * "Something changed in these people's notifications", told through the
 * database's own NOTIFY: sent inside the writing transaction, it is heard
 * only once that commits (never for a write rolled back), and on PostgreSQL
 * every server process LISTENing hears it, whichever process wrote. The
 * embedded database delivers it to its own process the same way.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export const CHANNEL = "paydesk_notifications";

/**
 * A NOTIFY payload holds under 8,000 bytes: beyond this many people the
 * signal says "everyone" and each open stream looks for itself.
 */
export const MAX_NAMED = 500;

/**
 * Who should look again: some people, or every open stream; or whose
 * sessions have all ended (signed out everywhere, deactivated, archived), so
 * their open streams close at once rather than at the end of their life.
 */
export type Signal = { users: number[] } | { all: true } | { signedOut: number[] };

export function signalFor(userIds: readonly number[] | null): Signal {
  return userIds && userIds.length <= MAX_NAMED ? { users: [...new Set(userIds)] } : { all: true };
}

/** Tells every listening process, on commit of `db` when it is a transaction. */
export async function announce(db: Db, signal: Signal): Promise<void> {
  if (("users" in signal && signal.users.length === 0) || ("signedOut" in signal && signal.signedOut.length === 0)) return;
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(signal)})`);
}

/** A payload as heard; null when it is not one of ours. */
export function parseSignal(payload: string): Signal | null {
  try {
    const value = JSON.parse(payload) as Partial<{ users: unknown; all: unknown; signedOut: unknown }>;
    const ids = (list: unknown): list is number[] => Array.isArray(list) && list.every((id) => Number.isInteger(id));
    if (value.all === true) return { all: true };
    if (ids(value.users)) return { users: value.users };
    if (ids(value.signedOut)) return { signedOut: value.signedOut };
  } catch {
    // Not JSON: not ours.
  }
  return null;
}
