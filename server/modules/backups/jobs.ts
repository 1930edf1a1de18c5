/**
 * The backup jobs: the one "Back up now" queues, and the daily backup, one queued job per slot (the settings' time in the
 * company's zone), queued by its slot's name so that two servers, or one
 * restarting, never queue a slot twice. Each run queues the next; so does
 * a change of the settings or of the company's zone.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import type { JobKind } from "../../lib/jobs";
import { dateInZone, nextDate, zonedInstant } from "../../lib/time-zone";
import { companyFacts } from "../company/facts";
import { readSettings } from "../settings/service";
import { makeBackup, pruneBackups } from "./service";

export const SCHEDULED_BACKUP = "backup.scheduled";
export const MANUAL_BACKUP = "backup.manual";

/** The daily backup of one slot; its run queues the next slot's. */
export function scheduledBackupJob(ctx: AppContext): JobKind<{ slot: string }> {
  return {
    name: SCHEDULED_BACKUP,
    maxAttempts: 3,
    async run(job) {
      const slot = new Date(job.input.slot);
      const made = await makeBackup(
        ctx,
        { trigger: "scheduled", requestedBy: null, jobId: job.id },
        {
          onTable: (done, total) => job.progress(done, total),
          finish: (work) =>
            job.commit(async (tx) => {
              await work(tx);
              await scheduleNextBackup(ctx, tx, slot);
            }),
        },
      );
      await pruneBackups(ctx, (await readSettings(ctx, "system")).backup_keep);
      return { backup_id: made.id };
    },
    // Failed for good (its row says why): tomorrow's still comes.
    async onFailed(input, tx) {
      await scheduleNextBackup(ctx, tx, new Date(input.slot));
    },
  };
}

/** A backup asked for from the system settings page. */
export function manualBackupJob(ctx: AppContext): JobKind<Record<string, never>> {
  return {
    name: MANUAL_BACKUP,
    maxAttempts: 2,
    async run(job) {
      const made = await makeBackup(
        ctx,
        { trigger: "manual", requestedBy: job.ownerId, jobId: job.id },
        { onTable: (done, total) => job.progress(done, total), finish: (work) => job.commit(work) },
      );
      await pruneBackups(ctx, (await readSettings(ctx, "system")).backup_keep);
      return { backup_id: made.id };
    },
  };
}

/** The first time after `after` that the clock in `zone` reads `time`. */
export function nextBackupAt(after: Date, time: string, zone: string): Date {
  const today = dateInZone(after, zone);
  const at = zonedInstant(today, time, zone);
  return at > after ? at : zonedInstant(nextDate(today), time, zone);
}

const slotKey = (at: Date) => `backup:${at.toISOString()}`;

/**
 * Queues the next daily backup, moves the queued one to the settings' time,
 * or takes it off when daily backups are off. `after`: a slot that just ran
 * (the next is later than it, whatever the clocks say). Returns when it runs.
 */
export async function scheduleNextBackup(ctx: AppContext, db: Db = ctx.db, after?: Date): Promise<Date | null> {
  const queued = await db.select({ id: jobs.id, key: jobs.key }).from(jobs).where(and(eq(jobs.kind, SCHEDULED_BACKUP), eq(jobs.status, "queued")));
  const settings = await readSettings({ db, config: ctx.config }, "system");
  if (!ctx.config.backupDir || !settings.backup_enabled) {
    // Never started: nothing of it to keep.
    for (const job of queued) await db.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.status, "queued")));
    return null;
  }
  const now = ctx.clock.now();
  const from = after && after > now ? after : now;
  const at = nextBackupAt(from, settings.backup_time, (await companyFacts(db)).time_zone);
  const key = slotKey(at);
  const [current, ...extra] = queued;
  for (const job of extra) await db.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.status, "queued")));
  if (current?.key === key) return at;
  if (current) {
    await db.update(jobs).set({ run_after: at, key, input: { slot: at.toISOString() } }).where(and(eq(jobs.id, current.id), eq(jobs.status, "queued")));
    return at;
  }
  await ctx.jobs.enqueue(scheduledBackupJob(ctx), { slot: at.toISOString() }, { db, runAt: at, key });
  return at;
}
