import { describe, expect, it } from "vitest";
import { createSessionCache } from "../../server/modules/auth/session-cache";
import type { AuthUser } from "../../server/modules/auth/sessions";

const user = (id: number, tokenId: number): AuthUser => ({
  id,
  tokenId,
  name: `User ${id}`,
  email: `u${id}@example.com`,
  access_level: 1,
  is_active: true,
  created_at: new Date(0),
  profile_picture_id: null,
  leads_team: false,
  role: null,
  permissions: {},
});

const at = (seconds: number) => new Date(seconds * 1000);

describe("session cache", () => {
  it("reuses a resolved token until its freshness runs out", () => {
    const cache = createSessionCache(10_000);
    cache.set("h1", user(1, 11), at(3600), at(0), cache.version());
    expect(cache.get("h1", at(9))?.id).toBe(1);
    expect(cache.get("h1", at(10))).toBeNull();
  });

  it("never outlives the token's own expiry", () => {
    const cache = createSessionCache(10_000);
    cache.set("h1", user(1, 11), at(5), at(0), cache.version());
    expect(cache.get("h1", at(5))).toBeNull();
  });

  it("forgets one token, or every token of a user", () => {
    const cache = createSessionCache(10_000);
    cache.set("a", user(1, 11), at(3600), at(0), cache.version());
    cache.set("b", user(1, 12), at(3600), at(0), cache.version());
    cache.set("c", user(2, 21), at(3600), at(0), cache.version());
    cache.forgetToken(11);
    expect(cache.get("a", at(1))).toBeNull();
    expect(cache.get("b", at(1))).not.toBeNull();
    cache.forgetUser(1);
    expect(cache.get("b", at(1))).toBeNull();
    expect(cache.get("c", at(1))?.id).toBe(2);
  });

  it("keeps nothing a lookup found if a session was forgotten while it looked: the ended one stays ended", () => {
    const cache = createSessionCache(10_000);
    const versionBefore = cache.version();
    // The lookup read the token; before it could keep what it read, the session was ended (and forgotten).
    cache.forgetToken(11);
    cache.set("h1", user(1, 11), at(3600), at(0), versionBefore);
    expect(cache.get("h1", at(1))).toBeNull();
    // A lookup that began after the forgetting keeps its answer as usual.
    cache.set("h1", user(1, 11), at(3600), at(0), cache.version());
    expect(cache.get("h1", at(1))?.id).toBe(1);
  });

  it("keeps nothing when disabled, as on PostgreSQL", () => {
    const cache = createSessionCache(0);
    cache.set("h1", user(1, 11), at(3600), at(0), cache.version());
    expect(cache.get("h1", at(0))).toBeNull();
  });

  it("drops the oldest entry when full", () => {
    const cache = createSessionCache(10_000, 2);
    cache.set("a", user(1, 1), at(3600), at(0), cache.version());
    cache.set("b", user(2, 2), at(3600), at(0), cache.version());
    cache.set("c", user(3, 3), at(3600), at(0), cache.version());
    expect(cache.get("a", at(1))).toBeNull();
    expect(cache.get("c", at(1))?.id).toBe(3);
  });
});
