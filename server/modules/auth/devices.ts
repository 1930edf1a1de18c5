/**
 * A person's signed-in devices (their session tokens): listed on their
 * profile, each ended from there, every other one at once; an administrator
 * ends all of a person's from their record. Each end is an activity row, and
 * the tokens' cached copies and live streams go with it (a `user` event;
 * revokeAllTokens's signal).
 */
import { and, count, desc, eq, gt, ne } from "drizzle-orm";
import Bowser from "bowser";
import type { SessionRecord } from "../../../contracts/auth";
import type { Actor } from "../../../contracts/policies";
import type { Db } from "../../db/client";
import { authTokens } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { authorize } from "../../lib/policy";
import { mutate, type Author } from "../../lib/write";
import { findUser, subjectOf } from "../users/service";
import { revokeAllTokens, revokeToken, type AuthUser } from "./sessions";

/** What a user agent says of the browser, the system and the kind of device. */
export function describeDevice(userAgent: string | null): Pick<SessionRecord, "browser" | "os" | "device"> {
  if (!userAgent) return { browser: null, os: null, device: "other" };
  const parsed = Bowser.parse(userAgent);
  const named = (name?: string, version?: string) => (name ? [name, version?.split(".").slice(0, name === "iOS" || name === "macOS" ? 2 : 1).join(".")].filter(Boolean).join(" ") : null);
  const type = parsed.platform.type;
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    // Windows says "NT 10.0" of itself; people know it as "10".
    os: named(parsed.os.name, parsed.os.name === "Windows" ? parsed.os.versionName : parsed.os.version),
    device: type === "desktop" || type === "mobile" || type === "tablet" ? type : "other",
  };
}

/** The person's sessions still valid, the most recently used first. */
export async function listDevices(db: Db, user: AuthUser, now: Date): Promise<SessionRecord[]> {
  const rows = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.user_id, user.id), gt(authTokens.expires_at, now)))
    .orderBy(desc(authTokens.last_used_at), desc(authTokens.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.id === user.tokenId,
    ...describeDevice(row.user_agent),
    ip: row.ip,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  }));
}

/** Ends one of one's own sessions (another's id is a 404); the current one is a sign-out. */
export async function endDevice(ctx: AppContext, user: AuthUser, author: Author, tokenId: number): Promise<void> {
  const [row] = await ctx.db.select({ id: authTokens.id, user_agent: authTokens.user_agent, ip: authTokens.ip }).from(authTokens).where(and(eq(authTokens.id, tokenId), eq(authTokens.user_id, user.id)));
  if (!row) throw notFound();
  await mutate(ctx, author, { action: "auth.session_ended", subjectType: "user" }, async (tx) => {
    await revokeToken(tx, tokenId);
    return { result: undefined, subjectId: user.id, changes: { session: tokenId, ...describeDevice(row.user_agent), ip: row.ip } };
  });
}

/** Ends every session of one's own but this one; how many ended. */
export async function endOtherDevices(ctx: AppContext, user: AuthUser, author: Author): Promise<number> {
  return mutate(ctx, author, { action: "auth.other_sessions_ended", subjectType: "user" }, async (tx) => {
    const ended = await tx
      .delete(authTokens)
      .where(and(eq(authTokens.user_id, user.id), ne(authTokens.id, user.tokenId)))
      .returning({ id: authTokens.id });
    if (ended.length === 0) return { result: 0, unchanged: true };
    return { result: ended.length, subjectId: user.id, changes: { sessions: ended.length } };
  });
}

/** An administrator ends all of a person's sessions (a lost phone, a shared computer); how many ended. */
export async function endSessionsOf(ctx: AppContext, actor: Actor, author: Author, userId: number): Promise<number> {
  const found = await findUser(ctx.db, userId);
  if (!found) throw notFound();
  authorize(actor, "users.endSessions", subjectOf(found.user, found.role));
  return mutate(ctx, author, { action: "user.sessions_ended", subjectType: "user" }, async (tx) => {
    const [{ sessions }] = await tx.select({ sessions: count() }).from(authTokens).where(eq(authTokens.user_id, userId));
    await revokeAllTokens(tx, userId);
    return { result: Number(sessions), subjectId: userId, changes: { sessions: Number(sessions) } };
  });
}
