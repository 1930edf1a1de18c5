import { eq, getTableColumns, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scheduleBody, scheduleProblem, scheduleRecord, scheduleUpdateBody, type ScheduleTimes } from "../../../contracts/schedules";
import { scheduleAssignments, workSchedules } from "../../db/schema";
import { crudRoutes } from "../../lib/crud";
import { HttpError, invalidField } from "../../lib/errors";
import { defineListSpec } from "../../lib/list";
import { daysChanged } from "../attendance/day-store";
import { assignmentRoutes } from "./assignments";
import { myScheduleRoutes } from "./my-schedule";

type ScheduleRow = typeof workSchedules.$inferSelect & { people_count: number };

/**
 * People whose latest assignment is this schedule (in force now, or from a
 * date still to come): counted without the company's zone, so a list needs
 * no per-request date.
 */
// The outer table is named in full: drizzle writes a bare "id" for a column inside a selected expression.
const peopleCount = sql<number>`(select count(*)::int from ${scheduleAssignments} a
  where a.schedule_id = work_schedules.id
    and not exists (select 1 from ${scheduleAssignments} b where b.user_id = a.user_id and b.effective_from > a.effective_from))`.mapWith(Number);

/** Work schedules: a plain resource, plus who follows which and one's own schedule. */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(myScheduleRoutes);
  await app.register(assignmentRoutes);
  crudRoutes(app, {
    resource: "schedules",
    path: "/schedules",
    subjectType: "schedule",
    table: workSchedules,
    columns: { ...getTableColumns(workSchedules), people_count: peopleCount },
    list: defineListSpec({
      fields: {
        name: { column: workSchedules.name, kind: "text" },
        start_time: { column: workSchedules.start_time, kind: "text" },
        end_time: { column: workSchedules.end_time, kind: "text" },
        active: { column: workSchedules.active, kind: "choice", values: { true: true, false: false } },
        created_at: { column: workSchedules.created_at, kind: "date" },
      },
      defaultSort: "name",
      search: [workSchedules.name],
    }),
    schemas: { record: scheduleRecord, create: scheduleBody, update: scheduleUpdateBody },
    toRecord: (row: ScheduleRow) => ({
      id: row.id,
      name: row.name,
      working_days: row.working_days,
      start_time: row.start_time,
      end_time: row.end_time,
      unpaid_break_minutes: row.unpaid_break_minutes,
      grace_minutes: row.grace_minutes,
      overtime_after_minutes: row.overtime_after_minutes,
      active: row.active,
      people_count: row.people_count,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }),
    subject: () => undefined,
    unique: [{ field: "name", column: workSchedules.name, message: "schedules.nameTaken" }],
    checks: {
      // The times must still fit together once the change is applied to the record.
      async update(_db, input, before) {
        const problem = scheduleProblem({ ...before, ...definedTimes(input) });
        if (problem) throw invalidField(problem.field, problem.message);
      },
      // History keeps its schedule: one followed by anyone, ever, is made inactive instead.
      async remove(db, before) {
        const [used] = await db.select({ id: scheduleAssignments.id }).from(scheduleAssignments).where(eq(scheduleAssignments.schedule_id, before.id)).limit(1);
        if (used) throw new HttpError(409, "schedules.inUse");
      },
    },
    // The days this schedule was in force on follow its new times.
    alsoWrite: { update: (ctx, tx, _input, before) => daysChanged(ctx, tx, { scheduleId: before.id }) },
    messages: { created: "schedules.created", updated: "schedules.updated", deleted: "schedules.deleted" },
  });
};

function definedTimes(input: Partial<ScheduleTimes>): Partial<ScheduleTimes> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
