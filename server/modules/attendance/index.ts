/**
 * Attendance's part of the server outside its routes: the job that derives
 * days again (a new company zone queues it with its change), and the first
 * filling of the stored days of a workspace that had records before they
 * were stored. One call from buildApp, once the context exists.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { attendanceDays, attendanceRecords } from "../../db/schema";
import { refreshJob } from "./day-store";

export function wireAttendance(app: FastifyInstance): void {
  const { ctx } = app;
  const refresh = refreshJob(ctx);
  ctx.jobs.register(refresh);
  app.addHook("onReady", async () => {
    const [state] = (
      (await ctx.db.execute(sql`select exists (select 1 from ${attendanceRecords} where clock_out_at is not null) as records, exists (select 1 from ${attendanceDays}) as days`)) as unknown as {
        rows: { records: boolean; days: boolean }[];
      }
    ).rows;
    if (state.records && !state.days) await ctx.jobs.enqueue(refresh, { scope: {}, after: 0 });
  });
}
