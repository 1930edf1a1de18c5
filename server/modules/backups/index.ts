/** Backups' part of the server outside its routes: the jobs, and the daily one kept queued. One call from buildApp. */
import type { FastifyInstance } from "fastify";
import { manualBackupJob, scheduledBackupJob, scheduleNextBackup } from "./jobs";

/** What moves the daily backup: its own settings, and the company's time zone. */
const SCHEDULE_FIELDS = ["backup_enabled", "backup_time", "time_zone"];

export function wireBackups(app: FastifyInstance): void {
  const { ctx } = app;
  ctx.jobs.register(scheduledBackupJob(ctx));
  ctx.jobs.register(manualBackupJob(ctx));
  const reschedule = async (changes: Record<string, unknown> | null) => {
    if (changes && SCHEDULE_FIELDS.some((field) => field in changes)) await scheduleNextBackup(ctx);
  };
  ctx.events.on("settings.system_changed", (event) => reschedule(event.changes));
  ctx.events.on("company.updated", (event) => reschedule(event.changes));
  app.addHook("onReady", async () => {
    await scheduleNextBackup(ctx);
  });
}
