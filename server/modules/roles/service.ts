import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { can, ACCESS_LEVEL, type Subject } from "../../../contracts/permissions";
import type { ListResponse } from "../../../contracts/list";
import type { RoleRecord, roleBody, roleUpdateBody } from "../../../contracts/roles";
import type { Db } from "../../db/client";
import { roles, users } from "../../db/schema";
import { recordActivity } from "../../lib/audit";
import { diffFields } from "../../lib/changes";
import type { AppContext, RequestOrigin } from "../../lib/context";
import { forbidden, HttpError, invalidField, notFound } from "../../lib/errors";
import { countRows, defineListSpec, paged, parseListQuery } from "../../lib/list-query";

// Spelled out: inside a subquery drizzle would name columns without their table, and "id" would mean users.id.
const usersCount = sql<number>`(select count(*)::int from "users" where "users"."role_id" = "roles"."id")`.mapWith(Number);

const roleColumns = { ...getTableColumns(roles), users_count: usersCount };

function toRecord(row: typeof roles.$inferSelect & { users_count: number }): RoleRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    users_count: row.users_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const rolesList = defineListSpec({
  fields: {
    name: { column: roles.name, kind: "text" },
    description: { column: roles.description, kind: "text" },
    created_at: { column: roles.created_at, kind: "date" },
  },
  defaultSort: "name",
  search: [roles.name, roles.description],
});

export async function listRoles(ctx: AppContext, actor: Subject, query: unknown): Promise<ListResponse<RoleRecord>> {
  if (!can(actor, "roles.list")) throw forbidden();
  const list = parseListQuery(query, rolesList);
  return paged(ctx.db, list, {
    rows: async ({ where, orderBy, limit, offset }) =>
      (await ctx.db.select(roleColumns).from(roles).where(where).orderBy(...orderBy).limit(limit).offset(offset)).map(toRecord),
    count: roles,
  });
}

async function findRole(db: Db, id: number) {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  return row ?? null;
}

export async function readRole(ctx: AppContext, actor: Subject, id: number): Promise<RoleRecord> {
  if (!can(actor, "roles.list")) throw forbidden();
  return roleRecord(ctx.db, id);
}

/** The role as it is now: what a create or update answers, whoever made it. */
async function roleRecord(db: Db, id: number): Promise<RoleRecord> {
  const row = await findRole(db, id);
  if (!row) throw notFound();
  return toRecord(row);
}

/** For pickers (the employee form): every role, by name. */
export async function roleOptions(ctx: AppContext, actor: Subject) {
  if (!can(actor, "roles.list") && !can(actor, "users.create")) throw forbidden();
  return ctx.db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(roles.name);
}

async function assertNameFree(db: Db, name: string | undefined, exceptId?: number) {
  if (name === undefined) return;
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(exceptId ? and(sql`lower(${roles.name}) = lower(${name})`, ne(roles.id, exceptId)) : sql`lower(${roles.name}) = lower(${name})`);
  if (taken) throw invalidField("name", "roles.nameTaken");
}

/** Nobody hands out more than they hold: staff may grant only permissions their own role gives them. */
function assertMayGrant(actor: Subject, permissions: string[] | undefined) {
  if (!permissions || actor.access_level === ACCESS_LEVEL.SUPER_ADMIN) return;
  const beyond = permissions.filter((name) => actor.permissions[name] !== true);
  if (beyond.length > 0) throw new HttpError(403, "roles.grantBeyondOwn", { names: beyond.join(", ") });
}

export async function createRole(ctx: AppContext, actor: Subject, input: z.output<typeof roleBody>, origin: RequestOrigin): Promise<RoleRecord> {
  if (!can(actor, "roles.manage")) throw forbidden();
  assertMayGrant(actor, input.permissions);
  await assertNameFree(ctx.db, input.name);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(roles).values({ ...input, created_at: now, updated_at: now }).returning({ id: roles.id });
    await recordActivity(tx, { actorId: actor.id, action: "role.created", subjectType: "role", subjectId: row.id, changes: input, ip: origin.ip, at: now });
    return row.id;
  });
  return roleRecord(ctx.db, id);
}

export async function updateRole(
  ctx: AppContext,
  actor: Subject,
  id: number,
  input: z.output<typeof roleUpdateBody>,
  origin: RequestOrigin,
): Promise<RoleRecord> {
  if (!can(actor, "roles.manage")) throw forbidden();
  const before = await findRole(ctx.db, id);
  if (!before) throw notFound();
  assertMayGrant(actor, input.permissions);
  await assertNameFree(ctx.db, input.name, id);
  const changes = diffFields(before as unknown as Record<string, unknown>, input);
  if (Object.keys(changes).length > 0) {
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await tx.update(roles).set({ ...input, updated_at: now }).where(eq(roles.id, id));
      await recordActivity(tx, { actorId: actor.id, action: "role.updated", subjectType: "role", subjectId: id, changes, ip: origin.ip, at: now });
    });
    // Everyone holding the role now has other powers: no session may keep the old ones.
    ctx.sessionCache.forgetAll();
  }
  return roleRecord(ctx.db, id);
}

/** A role people hold cannot go: they would lose their powers silently. Reassign them first. */
export async function deleteRole(ctx: AppContext, actor: Subject, id: number, origin: RequestOrigin): Promise<void> {
  if (!can(actor, "roles.manage")) throw forbidden();
  const role = await findRole(ctx.db, id);
  if (!role) throw notFound();
  const holders = await countRows(ctx.db, users, eq(users.role_id, id));
  if (holders > 0) throw new HttpError(409, "roles.inUse", { count: holders });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(roles).where(eq(roles.id, id));
    await recordActivity(tx, { actorId: actor.id, action: "role.deleted", subjectType: "role", subjectId: id, changes: { name: role.name }, ip: origin.ip, at: now });
  });
}

