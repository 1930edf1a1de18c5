/** Leave's part of the server outside its routes: the accrual job, kept queued month by month, and what starts a catch-up. */
import type { FastifyInstance } from "fastify";
import { leaveAccrualJob, queueCatchUp, queueCurrentAccrual } from "./accrual";

/** Changes to a person that change what they are granted: a new hire, a hire date moved, someone back from archive. */
const GRANT_FIELDS = ["hire_date", "end_date", "employment_status"];
/** Changes to a type that change what everyone is granted. */
const TYPE_FIELDS = ["yearly_days", "accrual", "service_months", "active"];

export function wireLeave(app: FastifyInstance): void {
  const { ctx } = app;
  ctx.jobs.register(leaveAccrualJob(ctx));
  ctx.events.on("user.created", async (event) => {
    if (event.type === "user.created" && event.subjectId !== null) await queueCatchUp(ctx, ctx.db, event.subjectId);
  });
  // An import's people: one catch-up for everyone rather than a job each.
  ctx.events.on("user.imported", async () => {
    await queueCatchUp(ctx, ctx.db);
  });
  ctx.events.on("user.updated", async (event) => {
    if (event.type === "user.updated" && event.subjectId !== null && GRANT_FIELDS.some((field) => event.changes && field in event.changes)) await queueCatchUp(ctx, ctx.db, event.subjectId);
  });
  for (const type of ["leave_type.created", "leave_type.updated"]) {
    ctx.events.on(type, async (event) => {
      if (event.type === type && (type === "leave_type.created" || TYPE_FIELDS.some((field) => event.changes && field in event.changes))) await queueCatchUp(ctx, ctx.db);
    });
  }
  app.addHook("onReady", () => queueCurrentAccrual(ctx));
}
