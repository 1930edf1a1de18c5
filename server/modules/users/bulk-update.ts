/**
 * The same changes for many people at once (POST /api/users/bulk-update),
 * from the Employees list's selection: department, position, role, manager,
 * clock policy, work locations, and a schedule from a date. Everything is
 * checked for everyone first (may the actor act on each person and give the
 * role, do the role, manager, locations and schedule exist); then one
 * transaction, one statement per kind of change, and an activity row for
 * each person whose record changed.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { decide, type Actor } from "../../../contracts/policies";
import type { BulkUpdateInput } from "../../../contracts/users";
import { roles, scheduleAssignments, users, userWorkLocations, workLocations, workSchedules } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField } from "../../lib/errors";
import { authorize, authorizeWrite } from "../../lib/policy";
import { mutateMany, type Author } from "../../lib/write";
import { daysChanged } from "../attendance/day-store";
import { workLocationIds } from "./service";

type Changes = BulkUpdateInput["changes"];

async function checkReferences(ctx: AppContext, ids: readonly number[], changes: Changes): Promise<readonly string[] | null> {
  let rolePermissions: readonly string[] | null = null;
  if (changes.role_id !== undefined && changes.role_id !== null) {
    const [role] = await ctx.db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.id, changes.role_id));
    if (!role) throw invalidField("changes.role_id", "users.roleMissing");
    rolePermissions = role.permissions as string[];
  }
  if (changes.manager_id !== undefined && changes.manager_id !== null) {
    if (ids.includes(changes.manager_id)) throw invalidField("changes.manager_id", "users.ownManager");
    const [manager] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, changes.manager_id), isNull(users.archived_at)));
    if (!manager) throw invalidField("changes.manager_id", "users.managerMissing");
  }
  if (changes.work_location_ids?.length) {
    const found = await ctx.db.select({ id: workLocations.id }).from(workLocations).where(inArray(workLocations.id, changes.work_location_ids));
    if (found.length !== changes.work_location_ids.length) throw invalidField("changes.work_location_ids", "users.locationMissing");
  }
  if (changes.schedule) {
    const [schedule] = await ctx.db.select({ id: workSchedules.id }).from(workSchedules).where(and(eq(workSchedules.id, changes.schedule.schedule_id), eq(workSchedules.active, true)));
    if (!schedule) throw invalidField("changes.schedule.schedule_id", "users.bulk.scheduleMissing");
  }
  return rolePermissions;
}

/** Applies the changes; answers how many people changed and how many already had them. */
export async function bulkUpdateUsers(ctx: AppContext, actor: Actor, author: Author, input: BulkUpdateInput): Promise<{ updated: number; unchanged: number }> {
  const { user_ids: ids, changes } = input;
  const { schedule, ...fields } = changes;
  const people = await ctx.db
    .select({ user: users, permissions: roles.permissions, locations: workLocationIds })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.role_id))
    .where(inArray(users.id, ids));
  const missing = ids.filter((id) => !people.some((person) => person.user.id === id));
  if (missing.length > 0) throw invalidField("user_ids", "users.bulk.missing", { ids: missing.join(", ") });
  const archived = people.filter((person) => person.user.archived_at !== null);
  if (archived.length > 0) throw new HttpError(409, "users.bulk.archived", { names: archived.map((person) => person.user.name).join(", ") });

  const written = Object.keys(fields).filter((field) => fields[field as keyof typeof fields] !== undefined);
  authorizeWrite(actor, "users", written.filter((field) => field !== "role_id"));
  if (schedule) {
    const decision = decide(actor, "schedules.assign");
    if (decision !== true) throw new HttpError(decision.status ?? 403, decision.reason, decision.params);
  }
  const rolePermissions = await checkReferences(ctx, ids, changes);
  for (const { user, permissions } of people) {
    const subject = { id: user.id, access_level: user.access_level, role_permissions: (permissions as string[] | null) ?? [] };
    authorize(actor, "users.update", subject);
    if (changes.role_id !== undefined) authorize(actor, "users.assign", { ...subject, role_permissions: rolePermissions ?? [] });
  }

  const now = ctx.clock.now();
  const { work_location_ids: locationIds, ...columns } = fields;
  // Already on that schedule from that day: no change for them.
  const alreadyScheduled = new Set(
    schedule
      ? (
          await ctx.db
            .select({ id: scheduleAssignments.user_id })
            .from(scheduleAssignments)
            .where(and(inArray(scheduleAssignments.user_id, ids), eq(scheduleAssignments.effective_from, schedule.effective_from), eq(scheduleAssignments.schedule_id, schedule.schedule_id)))
        ).map((row) => row.id)
      : [],
  );
  const diffs = people.map(({ user, locations }) => {
    const before: Record<string, unknown> = { ...user, work_location_ids: locations };
    const diff: Record<string, unknown> = {};
    for (const field of written) {
      const to = fields[field as keyof typeof fields];
      if (JSON.stringify(before[field] ?? null) !== JSON.stringify(to)) diff[field] = { from: before[field] ?? null, to };
    }
    if (schedule && !alreadyScheduled.has(user.id)) diff.schedule = { to: schedule.schedule_id, from_date: schedule.effective_from };
    return { id: user.id, diff };
  });
  const changed = diffs.filter((entry) => Object.keys(entry.diff).length > 0);
  const changedIds = changed.map((entry) => entry.id);

  await mutateMany(ctx, author, { action: "user.updated", subjectType: "user" }, async (tx) => {
    if (changedIds.length > 0 && Object.keys(columns).length > 0) await tx.update(users).set({ ...columns, updated_at: now, updated_by: actor.id }).where(inArray(users.id, changedIds));
    if (locationIds !== undefined && changedIds.length > 0) {
      const moving = changed.filter((entry) => "work_location_ids" in entry.diff).map((entry) => entry.id);
      if (moving.length > 0) {
        await tx.delete(userWorkLocations).where(inArray(userWorkLocations.user_id, moving));
        if (locationIds.length > 0) await tx.insert(userWorkLocations).values(moving.flatMap((user_id) => locationIds.map((location_id) => ({ user_id, location_id }))));
      }
    }
    if (schedule) {
      const stamp = now.toISOString();
      await tx.execute(sql`
        insert into ${scheduleAssignments} (user_id, schedule_id, effective_from, created_by, updated_by, created_at, updated_at)
        select person, ${schedule.schedule_id}, ${schedule.effective_from}::date, ${actor.id}, ${actor.id}, ${stamp}::timestamptz, ${stamp}::timestamptz
        from unnest(${`{${ids.join(",")}}`}::int[]) as person
        on conflict (user_id, effective_from) do update set schedule_id = excluded.schedule_id, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
      await daysChanged(ctx, tx, { userIds: [...ids], from: schedule.effective_from });
    }
    return { result: undefined, subjects: changed.map((entry) => ({ subjectId: entry.id, changes: entry.diff })) };
  });
  return { updated: changed.length, unchanged: ids.length - changed.length };
}
