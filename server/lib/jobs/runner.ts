import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { JobErrorRecord } from "../../db/schema";
import { JobError, LeaseLost, type JobInput, type JobKind, type JobResult, type RunningJob } from "./kind";
import * as store from "./store";

const DEFAULT_MAX_ATTEMPTS = 5;
const RETRY_CAP_MS = 3_600_000;
const KEEP_FINISHED_DAYS = 30;
const PRUNE_EVERY_MS = 86_400_000;
const UNEXPECTED: JobErrorRecord = { key: "jobs.errors.failed" };

/** The durable queue as the rest of the server uses it. */
export interface Jobs {
  /** Makes this process run jobs of the kind (register every kind before start). */
  register<I extends JobInput>(kind: JobKind<I>): void;
  /**
   * Queues a job and returns its id. Pass the caller's transaction as `db`
   * to queue it with the caller's writes: both commit or neither.
   */
  enqueue<I extends JobInput>(kind: JobKind<I>, input: I, options?: EnqueueOptions): Promise<number>;
  /** Queues a job per input in a few statements (a thousand mails of an import), as enqueue would one by one; none keyed. */
  enqueueMany<I extends JobInput>(kind: JobKind<I>, inputs: readonly I[], options?: Omit<EnqueueOptions, "key">): Promise<void>;
  /**
   * Short work run right after the reply, in this process only (a restart
   * loses it): for keeping response times equal, e.g. the reset-link lookup.
   * What must survive a restart it hands to a job.
   */
  afterReply(name: string, work: () => Promise<unknown>): void;
  start(): Promise<void>;
  /** Stops claiming and waits (settings.stopWaitMs at most) for running jobs. */
  stop(): Promise<void>;
  /** Whether this process claims jobs: started and not stopped since. */
  running(): boolean;
  /** Resolves when no work after a reply is left and no job of this process's kinds is due or running: for tests. */
  idle(): Promise<void>;
}

export interface EnqueueOptions {
  ownerId?: number | null;
  /** The caller's transaction: the job is queued with the caller's writes. */
  db?: Db;
  /** Not before this time (now by default). */
  runAt?: Date;
  /** Queued at most once by this name: a second enqueue returns the first one's id. */
  key?: string;
}

export interface JobsOptions {
  db: Db;
  log: FastifyBaseLogger;
  settings: Config["jobs"];
  /**
   * Whether this process is the only one that can run jobs on the database
   * (the embedded one, locked to it): jobs left running at start-up were cut
   * off by a crash and are retried at once instead of after their lease.
   */
  soleWorker: boolean;
}

function track(set: Set<Promise<void>>, promise: Promise<void>): void {
  set.add(promise);
  void promise.finally(() => set.delete(promise));
}

export function createJobs({ db, log, settings, soleWorker }: JobsOptions): Jobs {
  const workerId = randomUUID();
  const kinds = new Map<string, JobKind<JobInput>>();
  const running = new Set<Promise<void>>();
  const afterReplies = new Set<Promise<void>>();
  let started = false;
  let pass: Promise<void> | null = null;
  let wokenDuringPass = false;
  let timer: NodeJS.Timeout | undefined;
  let prunedAt = 0;

  const retryDelay = (attempt: number) => Math.min(settings.retryBaseMs * 2 ** (attempt - 1), RETRY_CAP_MS);

  function attemptOf(claimed: store.ClaimedJob): { job: RunningJob<JobInput>; committed: () => boolean; end: () => void } {
    const { id, attempt } = claimed;
    let lost = false;
    let committed = false;
    const renew = async (progress?: { done: number; total?: number }) => {
      if (lost || !(await store.renewLease(db, id, attempt, settings.leaseMs, progress))) {
        lost = true;
        throw new LeaseLost(id);
      }
    };
    // The lease outlives a few missed renewals; a crashed process renews nothing.
    const heartbeat = setInterval(() => renew().catch((error: unknown) => error instanceof LeaseLost || log.warn({ err: error, job: id }, "job lease renewal failed")), settings.leaseMs / 3);
    heartbeat.unref();
    const job: RunningJob<JobInput> = {
      id,
      input: claimed.input,
      ownerId: claimed.ownerId,
      attempt,
      maxAttempts: claimed.maxAttempts,
      progress: (done, total) => renew({ done, total }),
      async commit(work) {
        if (committed) throw new Error(`job ${id} is already committed`);
        const result = await db.transaction(async (tx) => {
          if (!(await store.holdJob(tx, id, attempt))) throw new LeaseLost(id);
          const value = await work(tx);
          await store.markCompleted(tx, id, value ?? null);
          return value;
        });
        committed = true;
        return result;
      },
    };
    return { job, committed: () => committed, end: () => clearInterval(heartbeat) };
  }

  async function recordFailure(kind: JobKind<JobInput>, claimed: store.ClaimedJob, error: unknown): Promise<void> {
    const final = claimed.attempt >= claimed.maxAttempts;
    const context = { err: error, job: claimed.id, kind: claimed.kind, attempt: claimed.attempt };
    if (final) log.error(context, "job failed");
    else log.warn(context, "job attempt failed; it will be retried");
    await db.transaction(async (tx) => {
      if (!(await store.holdJob(tx, claimed.id, claimed.attempt))) return;
      // In a savepoint: a failing mark is logged, and the job still ends instead of coming back after every lease.
      if (final && kind.onFailed) {
        await tx
          .transaction((mark) => kind.onFailed!(claimed.input, mark))
          .catch((markError: unknown) => log.error({ err: markError, job: claimed.id }, "the job's own failure mark failed"));
      }
      await store.markFailed(tx, claimed.id, error instanceof JobError ? error.record : UNEXPECTED, final ? null : retryDelay(claimed.attempt));
    });
  }

  async function execute(claimed: store.ClaimedJob): Promise<void> {
    const kind = kinds.get(claimed.kind)!;
    const { job, committed, end } = attemptOf(claimed);
    try {
      // The attempt that was cut off was its last one.
      if (claimed.attempt > claimed.maxAttempts) throw new JobError(store.INTERRUPTED.key);
      const result = await kind.run(job);
      if (!committed()) await job.commit(async () => result as JobResult | void);
    } catch (error) {
      if (error instanceof LeaseLost) log.warn({ job: claimed.id, kind: claimed.kind }, "job taken over by another worker after its lease ran out");
      else await recordFailure(kind, claimed, error).catch((failure: unknown) => log.error({ err: failure, job: claimed.id }, "job failure not recorded; retried after its lease"));
    } finally {
      end();
      wake();
    }
  }

  async function claimWhileRoom(): Promise<void> {
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await store.pruneFinished(db, KEEP_FINISHED_DAYS);
    }
    while (started && running.size < settings.concurrency) {
      const claimed = await store.claimJob(db, [...kinds.keys()], workerId, settings.leaseMs);
      if (!claimed) return;
      track(running, execute(claimed));
    }
  }

  /** One claiming pass at a time; a wake during a pass makes it look once more. */
  function poll(): Promise<void> {
    if (pass) {
      wokenDuringPass = true;
      return pass;
    }
    pass = (async () => {
      do {
        wokenDuringPass = false;
        try {
          await claimWhileRoom();
        } catch (error) {
          log.error({ err: error }, "job queue poll failed");
        }
      } while (wokenDuringPass && started);
    })().finally(() => {
      pass = null;
      clearTimeout(timer);
      if (started) timer = setTimeout(poll, settings.pollMs).unref();
    });
    return pass;
  }

  function wake(): void {
    if (started) setImmediate(poll);
  }

  return {
    register(kind) {
      if (kinds.has(kind.name)) throw new Error(`job kind "${kind.name}" is registered twice`);
      kinds.set(kind.name, kind as unknown as JobKind<JobInput>);
    },

    async enqueue(kind, input, options = {}) {
      const id = await store.insertJob(options.db ?? db, {
        kind: kind.name,
        input,
        ownerId: options.ownerId ?? null,
        maxAttempts: kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        runAt: options.runAt,
        key: options.key,
      });
      // Start it now rather than at the next poll. Queued in a caller's transaction, it is claimable once that
      // commits: the embedded database runs the claim after the transaction, PostgreSQL's next poll finds it.
      wake();
      return id;
    },

    async enqueueMany(kind, inputs, options = {}) {
      await store.insertJobs(
        options.db ?? db,
        inputs.map((input) => ({ kind: kind.name, input, ownerId: options.ownerId ?? null, maxAttempts: kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, runAt: options.runAt })),
      );
      wake();
    },

    afterReply(name, work) {
      const task = new Promise((resolve) => setImmediate(resolve)).then(work).then(
        () => undefined,
        (error: unknown) => log.error({ err: error, task: name }, "work after the reply failed"),
      );
      track(afterReplies, task);
    },

    async start() {
      if (soleWorker) {
        const cutOff = await store.expireLeases(db);
        if (cutOff > 0) log.warn({ jobs: cutOff }, "jobs cut off by the last shutdown are retried");
      }
      started = true;
      void poll();
    },

    running: () => started,

    async stop() {
      started = false;
      clearTimeout(timer);
      await pass;
      const stopWait = new AbortController();
      const finished = await Promise.race([
        Promise.all([...running, ...afterReplies]).then(() => true),
        sleep(settings.stopWaitMs, false, { signal: stopWait.signal }).catch(() => false),
      ]);
      stopWait.abort();
      if (!finished) log.warn({ jobs: running.size }, "jobs still running at shutdown are retried after the restart");
    },

    async idle() {
      for (;;) {
        if (afterReplies.size > 0) await Promise.all([...afterReplies]);
        if (started) await poll();
        if (running.size > 0) {
          await Promise.all([...running]);
          continue;
        }
        if (afterReplies.size > 0) continue;
        if (!started || !(await store.hasPendingJobs(db, [...kinds.keys()]))) return;
        // Due or running elsewhere (another process, a transaction not yet committed): look again shortly.
        await sleep(10);
      }
    },
  };
}
