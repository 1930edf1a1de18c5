import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Me } from "../../../contracts/auth";
import type { Actor } from "../../../contracts/policies";
import { permissionMap, type PermissionMap } from "../../../contracts/permissions";
import type { Db } from "../../db/client";
import { authTokens, roles, users } from "../../db/schema";
import type { RequestOrigin } from "../../lib/origin";
import { signPath } from "../../lib/signed-urls";
import { hashToken, newToken } from "../../lib/tokens";
import { announce } from "../notifications/signal";

/** The signed-in user as every route sees it. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  access_level: number;
  is_active: boolean;
  created_at: Date;
  profile_picture_id: number | null;
  role: { id: number; name: string; permissions: string[] } | null;
  /** Someone's manager: their team's leave waits for them. */
  leads_team: boolean;
  permissions: PermissionMap;
  tokenId: number;
}

/** Whether the person `users.id` stands for heads a team: someone still with the company names them as manager. */
export const leadsTeam = sql<boolean>`exists (select 1 from ${users} team where team.manager_id = ${users.id} and team.archived_at is null)`;

/** The same for one person, by id (a sign-in, which reads the person's row alone). */
export async function leadsTeamOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ leads: leadsTeam }).from(users).where(eq(users.id, userId));
  return row?.leads === true;
}

/** The spec ships role.permissions as a JSON-encoded list of names. */
export function toMe(user: Omit<AuthUser, "permissions" | "tokenId">, appKey: string, now: Date): Me {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    access_level: user.access_level,
    is_active: user.is_active,
    role: user.role ? { id: user.role.id, name: user.role.name, permissions: JSON.stringify(user.role.permissions) } : null,
    profile_picture_url: user.profile_picture_id ? signPath(appKey, `/api/files/${user.profile_picture_id}`, now) : null,
    leads_team: user.leads_team,
    created_at: user.created_at.toISOString(),
  };
}

export async function issueToken(
  db: Db,
  userId: number,
  remember: boolean,
  origin: RequestOrigin,
  now: Date,
  lifetime: { hours: number; rememberDays: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const ms = remember ? lifetime.rememberDays * 86_400_000 : lifetime.hours * 3_600_000;
  const expiresAt = new Date(now.getTime() + ms);
  await db.insert(authTokens).values({
    user_id: userId,
    token_hash: hashToken(token),
    remember,
    ip: origin.ip,
    user_agent: origin.userAgent?.slice(0, 300) ?? null,
    created_at: now,
    last_used_at: now,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/** Whether an account may sign in: active, not archived, not terminated. */
export function maySignIn(user: { is_active: boolean; archived_at: Date | null; employment_status: string }): boolean {
  return user.is_active && user.archived_at === null && user.employment_status !== "terminated";
}

/** The same rule as SQL, for the token lookup and wherever people who can sign in are counted. */
export const signInAllowed = and(eq(users.is_active, true), isNull(users.archived_at), ne(users.employment_status, "terminated"));

/** Writing last_used_at on every call would make each read a write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Resolves a token's hash to its active user and the token's expiry, or null. One indexed query. */
export async function userForToken(db: Db, tokenHash: string, now: Date): Promise<{ user: AuthUser; expiresAt: Date } | null> {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.last_used_at,
      expiresAt: authTokens.expires_at,
      id: users.id,
      name: users.name,
      email: users.email,
      access_level: users.access_level,
      is_active: users.is_active,
      created_at: users.created_at,
      profile_picture_id: users.profile_picture_id,
      roleId: roles.id,
      roleName: roles.name,
      rolePermissions: roles.permissions,
      leadsTeam,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.user_id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(authTokens.token_hash, tokenHash), gt(authTokens.expires_at, now), signInAllowed));
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.update(authTokens).set({ last_used_at: now }).where(eq(authTokens.id, row.tokenId));
  }
  const permissions = row.rolePermissions ?? [];
  const user: AuthUser = {
    id: row.id,
    name: row.name,
    email: row.email,
    access_level: row.access_level,
    is_active: row.is_active,
    created_at: row.created_at,
    profile_picture_id: row.profile_picture_id,
    role: row.roleId !== null ? { id: row.roleId, name: row.roleName!, permissions } : null,
    leads_team: row.leadsTeam === true,
    permissions: permissionMap(permissions),
    tokenId: row.tokenId,
  };
  return { user, expiresAt: row.expiresAt };
}

/**
 * Someone who can sign in, as the policy sees them, without a token: for a
 * credential that names its holder (a signed link), whose rights are those
 * they hold now, not when it was made.
 */
export async function actorWhoCanSignIn(db: Db, userId: number): Promise<Actor | null> {
  const [row] = await db
    .select({ id: users.id, access_level: users.access_level, rolePermissions: roles.permissions })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, userId), signInAllowed));
  return row ? { id: row.id, access_level: row.access_level, permissions: permissionMap(row.rolePermissions ?? []) } : null;
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.id, tokenId));
}

/** Ends every session of a person; their live notification streams close when this commits, on every server. */
export async function revokeAllTokens(db: Db, userId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.user_id, userId));
  await announce(db, { signedOut: [userId] });
}

export async function pruneExpiredTokens(db: Db, now: Date): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expires_at, now));
}
