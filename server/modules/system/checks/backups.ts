/**
 * Backups: when the last one was made, whether the latest attempt failed,
 * and whether the server can write its backup directory. A workspace
 * younger than the allowed age has not missed one yet.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../../lib/context";
import { readSettings } from "../../settings/service";
import { fact, rowsOf, verdict, when, type Outcome } from "./outcome";

/** A backup older than this is a warning: a bad disk then loses two days of an office's work. */
export const BACKUP_MAX_AGE_MS = 2 * 86_400_000;

interface BackupState {
  last_at: Date | string | null;
  last_size: number | string | null;
  age_ms: number | null;
  latest_status: string | null;
  next_at: Date | string | null;
}

function writable(dir: string): boolean {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export async function checkBackups(ctx: Pick<AppContext, "db" | "config">): Promise<Outcome> {
  const [state] = await rowsOf<BackupState>(
    ctx.db,
    sql`select
      (select max(finished_at) from backups where status = 'completed') as last_at,
      (select size_bytes from backups where status = 'completed' order by finished_at desc limit 1) as last_size,
      extract(epoch from now() - coalesce((select max(finished_at) from backups where status = 'completed'), (select min(created_at) from company_profile), now())) * 1000 as age_ms,
      (select status from backups where status <> 'running' order by started_at desc, id desc limit 1) as latest_status,
      (select min(run_after) from jobs where kind = 'backup.scheduled' and status = 'queued') as next_at`,
  );
  const { backup_enabled: daily } = await readSettings(ctx, "system");
  const dir = ctx.config.backupDir;
  const dirOk = dir === null || writable(dir);
  return verdict(
    [
      ...(state.last_at ? [fact.datetime("lastBackup", new Date(state.last_at)), fact.bytes("lastBackupSize", Number(state.last_size ?? 0))] : []),
      fact.yesNo("dailyBackup", daily && dir !== null),
      ...(state.next_at ? [fact.datetime("nextBackup", new Date(state.next_at))] : []),
      ...(dir ? [fact.text("backupDirectory", dir)] : []),
    ],
    [
      when(!dirOk, "fail", "backupDirUnwritable"),
      when(state.latest_status === "failed", "warn", "backupFailed"),
      when(Number(state.age_ms ?? 0) > BACKUP_MAX_AGE_MS, "warn", "backupOld"),
    ],
  );
}
