/**
 * The queue's SQL on the jobs table. Every write of a running job names
 * the attempt it belongs to: a worker whose lease ran out and whose job was
 * claimed again finds nothing to update, so it cannot finish what is no
 * longer its own.
 */
import { and, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobs, type JobErrorRecord } from "../../db/schema";

/** A row a worker has just claimed. */
export interface ClaimedJob {
  id: number;
  kind: string;
  input: Record<string, unknown>;
  ownerId: number | null;
  /** This attempt's number (1 for the first). */
  attempt: number;
  maxAttempts: number;
  /** Its previous worker stopped without finishing it (a crash, a kill, a lost lease). */
  interrupted: boolean;
}

export const INTERRUPTED: JobErrorRecord = { key: "jobs.errors.interrupted" };

const after = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/** Due now, or running under a lease nobody renewed. */
const claimable = or(and(eq(jobs.status, "queued"), lte(jobs.run_after, sql`now()`)), and(eq(jobs.status, "running"), lt(jobs.locked_until, sql`now()`)));

export async function insertJob(
  db: Db,
  job: { kind: string; input: Record<string, unknown>; ownerId: number | null; maxAttempts: number; runAt?: Date; key?: string },
): Promise<number> {
  const values = { kind: job.kind, input: job.input, owner_id: job.ownerId, max_attempts: job.maxAttempts, run_after: job.runAt, key: job.key };
  if (job.key === undefined) {
    const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
    return row.id;
  }
  // Queued once by its key: whoever comes second gets the job the first one queued.
  const [row] = await db.insert(jobs).values(values).onConflictDoNothing({ target: jobs.key }).returning({ id: jobs.id });
  if (row) return row.id;
  const [existing] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.key, job.key));
  return existing.id;
}

/** Jobs without keys, in batches of a thousand rows. */
export async function insertJobs(db: Db, batch: readonly { kind: string; input: Record<string, unknown>; ownerId: number | null; maxAttempts: number; runAt?: Date }[]): Promise<void> {
  const ROWS = 1_000;
  for (let start = 0; start < batch.length; start += ROWS) {
    await db.insert(jobs).values(batch.slice(start, start + ROWS).map((job) => ({ kind: job.kind, input: job.input, owner_id: job.ownerId, max_attempts: job.maxAttempts, run_after: job.runAt })));
  }
}

/**
 * Takes the oldest claimable job of these kinds for this worker, in one
 * statement: rows another worker is claiming at the same moment are skipped.
 */
export async function claimJob(db: Db, kinds: readonly string[], workerId: string, leaseMs: number): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const next = db.$with("next").as(
    db
      .select({ id: jobs.id, was: sql<string>`${jobs.status}`.as("was") })
      .from(jobs)
      .where(and(inArray(jobs.kind, kinds), claimable))
      .orderBy(jobs.run_after, jobs.id)
      .limit(1)
      .for("update", { skipLocked: true }),
  );
  const [row] = await db
    .with(next)
    .update(jobs)
    .set({
      status: "running",
      attempts: sql`${jobs.attempts} + 1`,
      locked_by: workerId,
      locked_until: after(leaseMs),
      last_error: sql`case when ${next.was} = 'running' then ${JSON.stringify(INTERRUPTED)}::jsonb else ${jobs.last_error} end`,
      updated_at: sql`now()`,
    })
    .from(next)
    .where(eq(jobs.id, next.id))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      input: jobs.input,
      ownerId: jobs.owner_id,
      attempt: jobs.attempts,
      maxAttempts: jobs.max_attempts,
      was: next.was,
    });
  if (!row) return null;
  const { was, ...job } = row;
  return { ...job, interrupted: was === "running" };
}

const heldBy = (id: number, attempt: number) => and(eq(jobs.id, id), eq(jobs.status, "running"), eq(jobs.attempts, attempt));

/** Extends the lease (and records progress, when given); false once the job is no longer this attempt's. */
export async function renewLease(db: Db, id: number, attempt: number, leaseMs: number, progress?: { done: number; total?: number }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      locked_until: after(leaseMs),
      updated_at: sql`now()`,
      ...(progress && { progress_done: progress.done, ...(progress.total !== undefined && { progress_total: progress.total }) }),
    })
    .where(heldBy(id, attempt))
    .returning({ id: jobs.id });
  return rows.length === 1;
}

/**
 * Locks the job's row for the rest of `tx` if it is still this attempt's:
 * from here until commit no other worker can claim it.
 */
export async function holdJob(tx: Db, id: number, attempt: number): Promise<boolean> {
  const rows = await tx.select({ id: jobs.id }).from(jobs).where(heldBy(id, attempt)).for("update");
  return rows.length === 1;
}

export async function markCompleted(tx: Db, id: number, result: Record<string, unknown> | null): Promise<void> {
  await tx
    .update(jobs)
    .set({
      status: "completed",
      result,
      progress_done: sql`coalesce(${jobs.progress_total}, ${jobs.progress_done})`,
      locked_by: null,
      locked_until: null,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where(eq(jobs.id, id));
}

/** Records a failed attempt: due again after `retryInMs`, or failed for good when that is null. */
export async function markFailed(tx: Db, id: number, error: JobErrorRecord, retryInMs: number | null): Promise<void> {
  const outcome =
    retryInMs === null
      ? // A claim that found the last attempt cut off counted one more: the record says how many ran.
        { status: "failed" as const, attempts: sql`least(${jobs.attempts}, ${jobs.max_attempts})`, finished_at: sql`now()` }
      : { status: "queued" as const, run_after: after(retryInMs) };
  await tx
    .update(jobs)
    .set({ ...outcome, last_error: error, locked_by: null, locked_until: null, updated_at: sql`now()` })
    .where(eq(jobs.id, id));
}

/**
 * Ends every lease at once. Only for the embedded database, whose directory
 * lock guarantees that no other process runs jobs: whatever is still
 * "running" at start-up was cut off by a crash and is claimable now.
 */
export async function expireLeases(db: Db): Promise<number> {
  const rows = await db.update(jobs).set({ locked_until: sql`now()` }).where(eq(jobs.status, "running")).returning({ id: jobs.id });
  return rows.length;
}

/** Whether any job of these kinds is due or running, in any process. */
export async function hasPendingJobs(db: Db, kinds: readonly string[]): Promise<boolean> {
  if (kinds.length === 0) return false;
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.kind, kinds), or(and(eq(jobs.status, "queued"), lte(jobs.run_after, sql`now()`)), eq(jobs.status, "running"))))
    .limit(1);
  return rows.length > 0;
}

/** Forgets jobs finished more than `days` ago. */
export async function pruneFinished(db: Db, days: number): Promise<void> {
  await db.delete(jobs).where(lt(jobs.finished_at, sql`now() - ${days} * interval '1 day'`));
}
