import type { AuthUser } from "./sessions";

/**
 * Recently resolved bearer tokens, so a busy page does not cost a database
 * round trip per call. Only for the embedded database: there this process is
 * the one writer (the data directory is locked), so every revocation passes
 * through forget*() and the cache is exact. On PostgreSQL, where other
 * processes may revoke a token, it is disabled (ttl 0). The TTL bounds any
 * path that forgets to invalidate.
 */
export interface SessionCache {
  get(tokenHash: string, now: Date): AuthUser | null;
  set(tokenHash: string, user: AuthUser, expiresAt: Date, now: Date): void;
  forgetToken(tokenId: number): void;
  forgetUser(userId: number): void;
}

interface Entry {
  user: AuthUser;
  expiresAt: number;
  freshUntil: number;
}

export function createSessionCache(ttlMs: number, maxEntries = 10_000): SessionCache {
  const entries = new Map<string, Entry>();
  const forget = (match: (user: AuthUser) => boolean) => {
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
    set(tokenHash, user, expiresAt, now) {
      if (ttlMs <= 0) return;
      // Oldest first out: Map keeps insertion order.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { user, expiresAt: expiresAt.getTime(), freshUntil: now.getTime() + ttlMs });
    },
    forgetToken: (tokenId) => forget((user) => user.tokenId === tokenId),
    forgetUser: (userId) => forget((user) => user.id === userId),
  };
}
