import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { backupsReply, backupStarted, type BackupRecord } from "../../../contracts/backups";
import { dataReply } from "../../../contracts/replies";
import { idParams } from "../../../contracts/validation";
import { backups, jobs, users } from "../../db/schema";
import { recordActivity } from "../../lib/audit";
import { HttpError } from "../../lib/errors";
import { fileReply } from "../../lib/file-reply";
import type { Translate } from "../../lib/i18n";
import { mutate } from "../../lib/write";
import { manualBackupJob, SCHEDULED_BACKUP } from "./jobs";
import { recentBackups, type BackupRow } from "./service";

const BACKUP_TYPE = "application/gzip";

const available = (row: BackupRow) => row.status === "completed" && row.in_backup_dir && row.removed_at === null && fs.existsSync(row.file_path);

function record(row: BackupRow, names: Map<number, string>, t: Translate): BackupRecord {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    file_name: path.basename(row.file_path),
    size_bytes: row.size_bytes,
    rows: row.row_counts ? Object.values(row.row_counts).reduce((sum, count) => sum + count, 0) : null,
    requested_by: row.requested_by === null ? null : { id: row.requested_by, name: names.get(row.requested_by) ?? "" },
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    error: row.error ? t(row.error.key, row.error.params) : null,
    downloadable: available(row),
    removed: row.removed_at !== null,
  };
}

/** Backups on the system settings page (level 0): the list and the schedule, a backup now, and a file to download. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/system/backups", { config: { action: "system.backups" }, schema: { response: { 200: dataReply(backupsReply) } } }, async (request) => {
    const rows = await recentBackups(app.ctx.db);
    const askers = [...new Set(rows.flatMap((row) => (row.requested_by === null ? [] : [row.requested_by])))];
    const people = askers.length === 0 ? [] : await app.ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, askers));
    const names = new Map(people.map((person) => [person.id, person.name]));
    const [next] = await app.ctx.db.select({ at: jobs.run_after }).from(jobs).where(and(eq(jobs.kind, SCHEDULED_BACKUP), eq(jobs.status, "queued")));
    return {
      data: {
        backups: rows.map((row) => record(row, names, request.t)),
        schedule: { directory: app.ctx.config.backupDir, next_at: next?.at.toISOString() ?? null },
      },
    };
  });

  app.post("/system/backups", { config: { action: "system.backups" }, schema: { response: { 202: dataReply(backupStarted) } } }, async (request, reply) => {
    if (!app.ctx.config.backupDir) throw new HttpError(409, "backups.noDirectory");
    const jobId = await mutate(app.ctx, request.author, { action: "system.backup_requested", subjectType: "system" }, async (tx) => {
      const id = await app.ctx.jobs.enqueue(manualBackupJob(app.ctx), {}, { db: tx, ownerId: request.user.id });
      return { result: id, subjectId: null, changes: { job_id: id } };
    });
    return reply.code(202).send({ data: { job_id: jobId }, message: request.t("backups.started") });
  });

  app.get(
    "/system/backups/:id/download",
    { config: { action: "system.backups" }, schema: { params: idParams, response: { 200: fileReply("The backup file (gzip-compressed JSON lines)", [BACKUP_TYPE]) } } },
    async (request, reply) => {
      const [row] = await app.ctx.db.select().from(backups).where(eq(backups.id, request.params.id));
      if (!row) throw new HttpError(404, "errors.notFound");
      if (!available(row)) throw new HttpError(409, "backups.notAvailable");
      // The whole company's data leaves the server: the log says who took it.
      await recordActivity(app.ctx.db, { actorId: request.user.id, action: "system.backup_downloaded", subjectType: "system", subjectId: null, changes: { backup_id: row.id }, origin: request.origin, at: app.ctx.clock.now() });
      return reply
        .type(BACKUP_TYPE)
        .header("content-disposition", `attachment; filename="${path.basename(row.file_path)}"`)
        .header("cache-control", "private, no-store")
        .send(fs.createReadStream(row.file_path));
    },
  );
};
