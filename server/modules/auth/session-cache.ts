import type { EventBus } from "../../lib/events";
import type { AuthUser } from "./sessions";

/**
 * Recently resolved bearer tokens, so a busy page does not cost a database
 * round trip per call. Only for the embedded database, where this process is
 * the one writer (the data directory is locked): every service that revokes
 * a token or changes a person or a role calls forget*(), so a change takes
 * effect on the next request. On PostgreSQL, where other processes write
 * too, it is disabled (ttl 0). The TTL bounds a write that forgets to call it.
 */
export interface SessionCache {
  get(tokenHash: string, now: Date): AuthUser | null;
  /** Taken before a token is looked up in the database, and handed to set() with what was found. */
  version(): number;
  /**
   * Keeps what a lookup found, unless something was forgotten since the lookup began: a session ended while
   * the lookup waited (its last-used update queues behind the ending's transaction) would otherwise be kept
   * alive here until the TTL ran out.
   */
  set(tokenHash: string, user: AuthUser, expiresAt: Date, now: Date, versionBefore: number): void;
  forgetToken(tokenId: number): void;
  forgetUser(userId: number): void;
  /** A role's permissions changed: everyone holding it must be read again. */
  forgetAll(): void;
}

interface Entry {
  user: AuthUser;
  expiresAt: number;
  freshUntil: number;
}

export function createSessionCache(ttlMs: number, maxEntries = 10_000): SessionCache {
  const entries = new Map<string, Entry>();
  let version = 0;
  const forget = (match: (user: AuthUser) => boolean) => {
    version += 1;
    for (const [hash, entry] of entries) if (match(entry.user)) entries.delete(hash);
  };
  return {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      const time = now.getTime();
      if (time >= entry.freshUntil || time >= entry.expiresAt) {
        entries.delete(tokenHash);
        return null;
      }
      return entry.user;
    },
    version: () => version,
    set(tokenHash, user, expiresAt, now, versionBefore) {
      if (ttlMs <= 0 || versionBefore !== version) return;
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { user, expiresAt: expiresAt.getTime(), freshUntil: now.getTime() + ttlMs });
    },
    forgetToken: (tokenId) => forget((user) => user.tokenId === tokenId),
    forgetUser: (userId) => forget((user) => user.id === userId),
    forgetAll: () => forget(() => true),
  };
}

/**
 * Sessions carry the person's name, picture, level, role and whether they lead a team: any change to a
 * person drops their cached sessions (and their old and new manager's), a changed role or a batch of
 * people everyone's.
 */
export function forgetOnChange(events: EventBus, cache: SessionCache): void {
  events.on("", (event) => {
    if (event.subjectType === "user" && event.subjectId !== null) cache.forgetUser(event.subjectId);
    // A batch of people (an import, a bulk edit) may name anyone as manager: every cached session is read again.
    if (event.subjectType === "user" && event.subjectId === null) cache.forgetAll();
    // A new manager now leads a team, the former one may no longer.
    const manager = event.changes?.manager_id as { from?: unknown; to?: unknown } | number | null | undefined;
    for (const id of typeof manager === "object" && manager !== null ? [manager.from, manager.to] : [manager]) if (typeof id === "number") cache.forgetUser(id);
    if (event.subjectType === "role") cache.forgetAll();
  });
}
