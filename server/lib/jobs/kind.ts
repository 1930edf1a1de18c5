import type { Db } from "../../db/client";
import type { JobErrorRecord } from "../../db/schema";

/** What a job is given and what it produces: JSON objects, kept in the job's row. */
export type JobInput = Record<string, unknown>;
export type JobResult = Record<string, unknown>;

/**
 * One attempt at a job, as its handler sees it.
 *
 * The contract: a job's effects in the database are written in `commit`,
 * which runs them in one transaction with the job's completion, so they
 * land exactly once or not at all. Work before `commit` may run again (a
 * retry, or a restart after a crash) and must be harmless to repeat: reads,
 * computations, or writes keyed by the job's id. Effects outside the
 * database (an e-mail) are at least once. Keep transactions short: the
 * embedded database has one connection, and a transaction holds it.
 */
export interface RunningJob<I extends JobInput> {
  id: number;
  input: I;
  ownerId: number | null;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** Records progress and renews the lease; throws once the job is no longer this attempt's. */
  progress(done: number, total?: number): Promise<void>;
  /**
   * Runs `work` in a transaction that also completes the job with its
   * result; throws (and writes nothing) if the job is no longer this attempt's.
   * Inside, use `tx` only (and no `progress`): on the embedded database
   * anything else waits for this transaction to end, which waits for it.
   * A handler that returns without calling it completes with what it returns.
   */
  commit<R extends JobResult | void>(work: (tx: Db) => Promise<R>): Promise<R>;
}

export interface JobKind<I extends JobInput = JobInput> {
  /** Stored with each job; the key of its policy in contracts/jobs.ts. */
  name: string;
  /** Attempts before it fails for good (default 5); retries wait longer each time. */
  maxAttempts?: number;
  run(job: RunningJob<I>): Promise<JobResult | void>;
  /** Runs in the transaction that marks the job failed for good: mark what it was for as failed too. */
  onFailed?(input: I, tx: Db): Promise<void>;
}

/** A failure the reader is told about in their language: a message key and its values. */
export class JobError extends Error {
  constructor(
    readonly key: string,
    readonly params?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(key, options);
  }

  get record(): JobErrorRecord {
    return this.params ? { key: this.key, params: this.params } : { key: this.key };
  }
}

/** The job was claimed again by another worker after this one's lease ran out: this attempt must stop. */
export class LeaseLost extends Error {
  constructor(jobId: number) {
    super(`job ${jobId} is no longer this worker's`);
  }
}
