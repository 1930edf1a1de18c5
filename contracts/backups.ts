/**
 * Backups as the system settings page shows them (level 0): each backup
 * made, the daily schedule, and the file to download. The file's format
 * is the server's (server/modules/backups/format.ts).
 */
import { z } from "zod";
import { isoTimestamp } from "./replies";

export const BACKUP_TRIGGERS = ["scheduled", "manual", "command"] as const;
export const BACKUP_STATUSES = ["running", "completed", "failed"] as const;

export const backupRecord = z.object({
  id: z.number().int(),
  trigger: z.enum(BACKUP_TRIGGERS),
  status: z.enum(BACKUP_STATUSES),
  file_name: z.string(),
  size_bytes: z.number().int().nullable(),
  /** Rows in the file, every table together. */
  rows: z.number().int().nullable(),
  requested_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  started_at: isoTimestamp,
  finished_at: isoTimestamp.nullable(),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  /** The file is in the backup directory and still there: the page offers it. */
  downloadable: z.boolean(),
  /** Retention deleted the file. */
  removed: z.boolean(),
});
export type BackupRecord = z.infer<typeof backupRecord>;

export const backupsReply = z.object({
  backups: z.array(backupRecord),
  /** The daily backup: where it goes (null: the server has no backup directory) and when it runs next. */
  schedule: z.object({ directory: z.string().nullable(), next_at: isoTimestamp.nullable() }),
});
export type BackupsReply = z.infer<typeof backupsReply>;

export const backupStarted = z.object({ job_id: z.number().int() });
