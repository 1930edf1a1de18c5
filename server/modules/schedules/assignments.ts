/**
 * Who follows a schedule from which date: GET/POST /api/schedules/{id}/assignments
 * and DELETE /api/schedules/{id}/assignments/{assignmentId}. Putting many people
 * on a schedule is one set-based insert; the same person on the same date is
 * moved to this schedule (one assignment in force per person and day).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataReply, listReply } from "../../../contracts/replies";
import { assignmentBody, assignmentRecord, type AssignmentRecord } from "../../../contracts/schedules";
import { MESSAGE, recordId } from "../../../contracts/validation";
import { scheduleAssignments, users, workSchedules } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { removeReply } from "../../lib/crud";
import { invalidField, notFound } from "../../lib/errors";
import { defineListSpec, listQuerySchema, paged, parseListQuery } from "../../lib/list";
import { daysChanged } from "../attendance/day-store";
import { mutate, type Author } from "../../lib/write";

const scheduleParams = z.strictObject({ id: z.coerce.number({ error: MESSAGE.invalid }).pipe(recordId) });
const assignmentParams = scheduleParams.extend({ assignmentId: z.coerce.number({ error: MESSAGE.invalid }).pipe(recordId) });

const assignmentList = defineListSpec({
  fields: {
    user_name: { column: users.name, kind: "text" },
    effective_from: { column: scheduleAssignments.effective_from, kind: "date" },
  },
  defaultSort: "-effective_from,user_name",
  search: [users.name, users.email, users.employee_number],
  tiebreaker: scheduleAssignments.id,
});

const columns = {
  id: scheduleAssignments.id,
  user_id: scheduleAssignments.user_id,
  user_name: users.name,
  schedule_id: scheduleAssignments.schedule_id,
  effective_from: scheduleAssignments.effective_from,
  created_at: scheduleAssignments.created_at,
};

const toRecord = (row: { created_at: Date } & Omit<AssignmentRecord, "created_at">): AssignmentRecord => ({ ...row, created_at: row.created_at.toISOString() });

async function assertSchedule(ctx: AppContext, id: number): Promise<void> {
  const [found] = await ctx.db.select({ id: workSchedules.id }).from(workSchedules).where(eq(workSchedules.id, id));
  if (!found) throw notFound();
}

/** Assigns people (one insert for all of them); answers their assignments as now stored. */
export async function assignPeople(ctx: AppContext, author: Author, scheduleId: number, input: z.output<typeof assignmentBody>): Promise<AssignmentRecord[]> {
  await assertSchedule(ctx, scheduleId);
  const known = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, input.user_ids));
  if (known.length !== input.user_ids.length) {
    const found = new Set(known.map((row) => row.id));
    throw invalidField("user_ids", "schedules.unknownPeople", { ids: input.user_ids.filter((id) => !found.has(id)).join(", ") });
  }
  const ids = await mutate(ctx, author, { action: "schedule.assigned", subjectType: "schedule" }, async (tx) => {
    const now = ctx.clock.now().toISOString();
    // The ids travel as one array literal (validated whole numbers): one statement whatever their number.
    const inserted = (await tx.execute(sql`
      insert into ${scheduleAssignments} (user_id, schedule_id, effective_from, created_by, updated_by, created_at, updated_at)
      select person, ${scheduleId}, ${input.effective_from}::date, ${author.actorId}, ${author.actorId}, ${now}::timestamptz, ${now}::timestamptz
      from unnest(${`{${input.user_ids.join(",")}}`}::int[]) as person
      on conflict (user_id, effective_from) do update set schedule_id = excluded.schedule_id, updated_by = excluded.updated_by, updated_at = excluded.updated_at
      returning id`)) as unknown as { rows: { id: number }[] };
    await daysChanged(ctx, tx, { userIds: input.user_ids, from: input.effective_from });
    return { result: inserted.rows.map((row) => Number(row.id)), subjectId: scheduleId, changes: { user_ids: input.user_ids, effective_from: input.effective_from } };
  });
  const stored = await ctx.db.select(columns).from(scheduleAssignments).innerJoin(users, eq(users.id, scheduleAssignments.user_id)).where(inArray(scheduleAssignments.id, ids));
  return stored.map(toRecord);
}

export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/schedules/:id/assignments",
    { config: { action: "schedules.view" }, schema: { params: scheduleParams, querystring: listQuerySchema(assignmentList), response: { 200: listReply(assignmentRecord) } } },
    async (request) => {
      await assertSchedule(app.ctx, request.params.id);
      const list = parseListQuery(request.query, assignmentList);
      const mine = eq(scheduleAssignments.schedule_id, request.params.id);
      const joined = (where: ReturnType<typeof and>) =>
        app.ctx.db.select(columns).from(scheduleAssignments).innerJoin(users, eq(users.id, scheduleAssignments.user_id)).where(and(mine, where)).$dynamic();
      return paged(app.ctx.db, list, {
        rows: async (page) => (await joined(page.where).orderBy(...page.orderBy).limit(page.limit).offset(page.offset)).map(toRecord),
        count: (where) => joined(where),
      });
    },
  );

  app.post(
    "/schedules/:id/assignments",
    { config: { action: "schedules.assign" }, schema: { params: scheduleParams, body: assignmentBody, response: { 201: dataReply(z.array(assignmentRecord)) } } },
    async (request, reply) => {
      const data = await assignPeople(app.ctx, request.author, request.params.id, request.body);
      reply.code(201);
      return { data, message: request.t("schedules.assigned", { count: data.length }) };
    },
  );

  app.delete(
    "/schedules/:id/assignments/:assignmentId",
    { config: { action: "schedules.assign" }, schema: { params: assignmentParams, response: { 200: removeReply } } },
    async (request) => {
      const { id, assignmentId } = request.params;
      const [before] = await app.ctx.db
        .select()
        .from(scheduleAssignments)
        .where(and(eq(scheduleAssignments.id, assignmentId), eq(scheduleAssignments.schedule_id, id)));
      if (!before) throw notFound();
      await mutate(app.ctx, request.author, { action: "schedule.unassigned", subjectType: "schedule" }, async (tx) => {
        await tx.delete(scheduleAssignments).where(eq(scheduleAssignments.id, assignmentId));
        await daysChanged(app.ctx, tx, { userIds: [before.user_id], from: before.effective_from });
        return { result: null, subjectId: id, changes: { user_id: before.user_id, effective_from: before.effective_from } };
      });
      return { data: { id: assignmentId, outcome: "deleted" as const }, message: request.t("schedules.unassigned") };
    },
  );
};
