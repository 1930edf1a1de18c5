/**
 * The bell's number, kept between changes: every page asks for it, and on the
 * embedded database even an indexed count costs half a millisecond of its one
 * thread. Only there: the database runs in this process and tells it of every
 * change at the moment it commits (signal.ts), so a kept count is never one
 * a committed change made stale. On PostgreSQL other processes write and are
 * heard a moment later, so every ask is a query (as for the session cache).
 */
import type { Db } from "../../db/client";
import { unreadCount } from "./service";
import type { Signal } from "./signal";

/** A bound on a change that was never signalled (there is none today). */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export interface UnreadCounts {
  get(userId: number): Promise<number>;
  /** The signal's people (or everyone) are counted again on their next ask. */
  forget(signal: Signal): void;
}

export function createUnreadCounts(db: Db, keep: boolean): UnreadCounts {
  const entries = new Map<number, { count: number; until: number }>();
  // Changes so far: a count read across a change is not kept (it may predate it).
  let changes = 0;
  return {
    async get(userId) {
      const entry = entries.get(userId);
      if (entry && entry.until > Date.now()) return entry.count;
      const seen = changes;
      const count = await unreadCount(db, userId);
      if (keep && seen === changes) {
        // Oldest first out: Map keeps insertion order.
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(userId, { count, until: Date.now() + TTL_MS });
      }
      return count;
    },
    forget(signal) {
      changes++;
      if ("all" in signal) entries.clear();
      else if ("users" in signal) for (const id of signal.users) entries.delete(id);
    },
  };
}
