import { eq, getTableColumns, sql } from "drizzle-orm";
import { roleBody, roleRecord, roleUpdateBody, type RoleRecord } from "../../../contracts/roles";
import type { RoleSubject } from "../../../contracts/policies/roles";
import type { Db } from "../../db/client";
import { roles, users } from "../../db/schema";
import type { CrudSpec } from "../../lib/crud";
import type { AppContext } from "../../lib/context";
import { HttpError } from "../../lib/errors";
import { countRows, defineListSpec } from "../../lib/list";

// Spelled out: inside a subquery drizzle would name columns without their table, and "id" would mean users.id.
const usersCount = sql<number>`(select count(*)::int from "users" where "users"."role_id" = "roles"."id")`.mapWith(Number);

type RoleRow = typeof roles.$inferSelect & { users_count: number };

/** A role people hold cannot go: they would lose their powers silently. Reassign them first. */
async function assertUnused(db: Db, role: RoleRow) {
  const holders = await countRows(db, users, eq(users.role_id, role.id));
  if (holders > 0) throw new HttpError(409, "roles.inUse", { count: holders });
}

export const rolesResource: CrudSpec<RoleRow, RoleRecord, typeof roleBody._output, typeof roleUpdateBody._output> = {
  resource: "roles",
  path: "/roles",
  subjectType: "role",
  table: roles,
  columns: { ...getTableColumns(roles), users_count: usersCount },
  list: defineListSpec({
    fields: {
      name: { column: roles.name, kind: "text" },
      description: { column: roles.description, kind: "text" },
      created_at: { column: roles.created_at, kind: "date" },
    },
    defaultSort: "name",
    search: [roles.name, roles.description],
  }),
  schemas: { record: roleRecord, create: roleBody, update: roleUpdateBody },
  toRecord: (row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    users_count: row.users_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }),
  subject: (row): RoleSubject => ({ permissions: row.permissions ?? [] }),
  messages: { created: "roles.created", updated: "roles.updated", deleted: "roles.deleted" },
  unique: [{ field: "name", column: roles.name, message: "roles.nameTaken" }],
  checks: { remove: assertUnused },
  summary: (row) => ({ name: row.name }),
};

/** For pickers (the employee form): every role, by name. */
export async function roleOptions(ctx: AppContext) {
  return ctx.db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(roles.name);
}
