import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Actor } from "../../../contracts/policies";
import type { ListResponse } from "../../../contracts/list";
import type { RoleRecord, roleBody, roleUpdateBody } from "../../../contracts/roles";
import type { Db } from "../../db/client";
import { roles, users } from "../../db/schema";
import { diffFields } from "../../lib/changes";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField, notFound } from "../../lib/errors";
import { countRows, defineListSpec, paged, parseListQuery } from "../../lib/list";
import { authorize } from "../../lib/policy";
import { mutate, type Author } from "../../lib/write";

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

export async function listRoles(ctx: AppContext, query: unknown): Promise<ListResponse<RoleRecord>> {
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

/** The role as it is now: what a read, a create or an update answers. */
export async function roleRecord(db: Db, id: number): Promise<RoleRecord> {
  const row = await findRole(db, id);
  if (!row) throw notFound();
  return toRecord(row);
}

/** For pickers (the employee form): every role, by name. */
export async function roleOptions(ctx: AppContext) {
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

export async function createRole(ctx: AppContext, actor: Actor, author: Author, input: z.output<typeof roleBody>): Promise<RoleRecord> {
  authorize(actor, "roles.create", input);
  await assertNameFree(ctx.db, input.name);
  const now = ctx.clock.now();
  const id = await mutate(ctx, author, { action: "role.created", subjectType: "role" }, async (tx) => {
    const [row] = await tx.insert(roles).values({ ...input, created_at: now, updated_at: now }).returning({ id: roles.id });
    return { result: row.id, subjectId: row.id, changes: input };
  });
  return roleRecord(ctx.db, id);
}

export async function updateRole(ctx: AppContext, actor: Actor, author: Author, id: number, input: z.output<typeof roleUpdateBody>): Promise<RoleRecord> {
  const before = await findRole(ctx.db, id);
  if (!before) throw notFound();
  authorize(actor, "roles.update", before);
  authorize(actor, "roles.grant", { permissions: input.permissions ?? before.permissions });
  await assertNameFree(ctx.db, input.name, id);
  const changes = diffFields(before as unknown as Record<string, unknown>, input);
  await mutate(ctx, author, { action: "role.updated", subjectType: "role" }, async (tx) => {
    if (Object.keys(changes).length === 0) return { result: id, unchanged: true };
    await tx.update(roles).set({ ...input, updated_at: ctx.clock.now() }).where(eq(roles.id, id));
    return { result: id, subjectId: id, changes };
  });
  return roleRecord(ctx.db, id);
}

/** A role people hold cannot go: they would lose their powers silently. Reassign them first. */
export async function deleteRole(ctx: AppContext, actor: Actor, author: Author, id: number): Promise<void> {
  const role = await findRole(ctx.db, id);
  if (!role) throw notFound();
  authorize(actor, "roles.delete", role);
  const holders = await countRows(ctx.db, users, eq(users.role_id, id));
  if (holders > 0) throw new HttpError(409, "roles.inUse", { count: holders });
  await mutate(ctx, author, { action: "role.deleted", subjectType: "role" }, async (tx) => {
    await tx.delete(roles).where(eq(roles.id, id));
    return { result: undefined, subjectId: id, changes: { name: role.name } };
  });
}
