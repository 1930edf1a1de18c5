/**
 * Backups as the server keeps them: each one a row (backups table) and a
 * file, made by the daily job, from the system settings page, or for the
 * backup command through the server's local socket. Files the server writes
 * into the backup directory are downloadable and pruned by retention; a
 * file the command asked for elsewhere is the operator's own.
 */
import fs from "node:fs";
import path from "node:path";
import { and, desc, eq, inArray, isNull, like, sql } from "drizzle-orm";
import packageJson from "../../../package.json" with { type: "json" };
import type { Db } from "../../db/client";
import { backups, type JobErrorRecord } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { backupFileName } from "./format";
import { writeBackupFile, type WrittenBackup } from "./write";

export type BackupTrigger = (typeof backups.$inferSelect)["trigger"];
export type BackupRow = typeof backups.$inferSelect;

export const APP_VERSION = packageJson.version;

export interface BackupRequest {
  trigger: BackupTrigger;
  requestedBy: number | null;
  /** The job making it: a retry finds and reuses its row. */
  jobId?: number;
  /** Where to write it; by default a new file in the backup directory. */
  file?: string;
}

/** A name in `dir` that no backup has, finished or being written, nor had (`taken`: so that no two rows of the list share one). */
export function unusedFile(dir: string, now: Date, taken: ReadonlySet<string> = new Set()): string {
  for (let copy = 1; ; copy++) {
    const file = path.join(dir, backupFileName(now, copy));
    if (!taken.has(file) && !fs.existsSync(file) && !fs.existsSync(`${file}.partial`)) return file;
  }
}

/** Where a backup the server makes goes, or why it cannot make one. */
export async function backupTarget(ctx: Pick<AppContext, "config" | "db">, request: Pick<BackupRequest, "file">, now: Date): Promise<{ file: string; inBackupDir: boolean }> {
  const dir = ctx.config.backupDir;
  if (request.file) return { file: path.resolve(request.file), inBackupDir: dir !== null && path.dirname(path.resolve(request.file)) === dir };
  if (!dir) throw new Error("no backup directory is configured (BACKUP_DIR)");
  const first = path.join(dir, backupFileName(now).replace(".jsonl.gz", ""));
  const taken = await ctx.db.select({ file: backups.file_path }).from(backups).where(like(backups.file_path, `${first}%`));
  return { file: unusedFile(dir, now, new Set(taken.map((row) => row.file))), inBackupDir: true };
}

async function startRow(db: Db, request: BackupRequest, target: { file: string; inBackupDir: boolean }): Promise<number> {
  const values = { trigger: request.trigger, requested_by: request.requestedBy, job_id: request.jobId ?? null, file_path: target.file, in_backup_dir: target.inBackupDir, status: "running" as const, started_at: sql`now()` };
  const [row] = await db
    .insert(backups)
    .values(values)
    .onConflictDoUpdate({ target: backups.job_id, set: { file_path: target.file, in_backup_dir: target.inBackupDir, status: "running", error: null, started_at: sql`now()`, finished_at: null } })
    .returning({ id: backups.id });
  return row.id;
}

/** Marks a backup made; in the job's own commit for the app's backups. */
export async function finishRow(db: Db, id: number, written: WrittenBackup): Promise<void> {
  const counts = Object.fromEntries(written.manifest.tables.map((table) => [table.name, table.rows]));
  await db
    .update(backups)
    .set({ status: "completed", size_bytes: written.size_bytes, sha256: written.sha256, row_counts: counts, error: null, finished_at: sql`now()` })
    .where(eq(backups.id, id));
}

export async function failRow(db: Db, id: number, error: JobErrorRecord): Promise<void> {
  await db.update(backups).set({ status: "failed", error, finished_at: sql`now()` }).where(eq(backups.id, id));
}

/**
 * Writes a backup of the server's database (which it goes on using: see
 * snapshot.ts) and records it. `finish` records the success (a job passes
 * its commit); a failure is recorded at once and thrown on.
 */
export async function makeBackup(
  ctx: AppContext,
  request: BackupRequest,
  options: { onTable?: (done: number, total: number) => Promise<void>; finish?: (work: (db: Db) => Promise<void>) => Promise<void> } = {},
): Promise<{ id: number; file: string; written: WrittenBackup }> {
  const now = ctx.clock.now();
  const target = await backupTarget(ctx, request, now);
  const id = await startRow(ctx.db, request, target);
  let written: WrittenBackup;
  try {
    written = await writeBackupFile(ctx.database, target.file, { shared: true, source: { appVersion: APP_VERSION, now }, onTable: options.onTable });
  } catch (error) {
    ctx.log.error({ err: error, file: target.file }, "backup failed");
    await failRow(ctx.db, id, { key: "backups.errors.failed", params: { reason: (error as Error).message } });
    throw error;
  }
  const finish = options.finish ?? ((work) => work(ctx.db));
  await finish((db) => finishRow(db, id, written));
  return { id, file: target.file, written };
}

/** Records a backup the command wrote itself (PostgreSQL, or an embedded database no server holds). */
export async function recordCommandBackup(db: Db, target: { file: string; inBackupDir: boolean }, written: WrittenBackup): Promise<void> {
  const id = await startRow(db, { trigger: "command", requestedBy: null }, target);
  await finishRow(db, id, written);
}

/**
 * Keeps the newest `keep` of the app's own backup files and deletes the
 * older ones' files (their rows stay, marked removed). Files the command
 * wrote elsewhere are never touched.
 */
export async function pruneBackups(ctx: AppContext, keep: number): Promise<number> {
  const own = await ctx.db
    .select({ id: backups.id, file_path: backups.file_path })
    .from(backups)
    .where(and(eq(backups.status, "completed"), eq(backups.in_backup_dir, true), inArray(backups.trigger, ["scheduled", "manual"]), isNull(backups.removed_at)))
    .orderBy(desc(backups.started_at), desc(backups.id));
  const old = own.slice(keep);
  for (const backup of old) {
    fs.rmSync(backup.file_path, { force: true });
    await ctx.db.update(backups).set({ removed_at: sql`now()` }).where(eq(backups.id, backup.id));
  }
  return old.length;
}

/** The newest backups, for the settings page. */
export function recentBackups(db: Db, limit = 20): Promise<BackupRow[]> {
  return db.select().from(backups).orderBy(desc(backups.started_at), desc(backups.id)).limit(limit);
}
