/**
 * Two workers with their own connection pools on one PostgreSQL database,
 * as two server processes would run: each job runs once, and a worker that
 * loses its database mid-job has the job taken over by the other.
 *
 * Only PostgreSQL can be shared this way (the embedded database belongs to
 * one process), so this file runs under `npm run test:pg`, which sets
 * TEST_DATABASE_URL, and skips itself in the in-memory API run.
 */
import crypto from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/client";
import { activityLog, jobs } from "../../server/db/schema";
import { recordActivity } from "../../server/lib/audit";
import { createJobs, type JobKind, type Jobs } from "../../server/lib/jobs";

const adminUrl = process.env.TEST_DATABASE_URL;
const SETTINGS = { ...DEFAULT_CONFIG.jobs, pollMs: 20, leaseMs: 600, retryBaseMs: 20 };
const log = pino({ level: "silent" });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!adminUrl)("two workers on one PostgreSQL database", () => {
  const name = `paydesk_jobs_${crypto.randomBytes(6).toString("hex")}`;
  const databaseUrl = () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  async function admin(statement: string) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  }

  let first: Database;
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    first = await openDatabase({ databaseUrl: databaseUrl() });
  });
  afterAll(async () => {
    await first?.close();
    await admin(`DROP DATABASE IF EXISTS ${name}`);
  });

  /** A worker as a server process has one: its own pool, its own id. */
  async function worker(database: Database, kinds: JobKind[]): Promise<Jobs> {
    const queue = createJobs({ db: database.db, log, settings: SETTINGS, soleWorker: false });
    for (const kind of kinds) queue.register(kind);
    await queue.start();
    return queue;
  }

  /** Counts which worker ran what, and writes the job's effect with its completion. */
  function countingKind(ran: Map<number, string[]>, who: string, kindName = "test.counted"): JobKind {
    return {
      name: kindName,
      async run(job) {
        ran.set(job.id, [...(ran.get(job.id) ?? []), who]);
        await sleep(5);
        return job.commit(async (tx) => {
          await recordActivity(tx, { actorId: null, action: "test.job_effect", subjectType: "job", subjectId: job.id, at: new Date() });
          return { by: who };
        });
      },
    };
  }

  async function effectCounts(ids: number[]): Promise<Map<number, number>> {
    const rows = await first.db
      .select({ id: activityLog.subject_id, n: count() })
      .from(activityLog)
      .where(and(eq(activityLog.action, "test.job_effect"), inArray(activityLog.subject_id, ids)))
      .groupBy(activityLog.subject_id);
    return new Map(rows.map((row) => [row.id!, Number(row.n)]));
  }

  it("runs each of 200 jobs exactly once between them", async () => {
    const second = await openDatabase({ databaseUrl: databaseUrl() });
    const ran = new Map<number, string[]>();
    const a = await worker(first, [countingKind(ran, "a")]);
    const b = await worker(second, [countingKind(ran, "b")]);
    try {
      const kind = countingKind(ran, "enqueuer");
      const ids: number[] = [];
      for (let i = 0; i < 200; i++) ids.push(await a.enqueue(kind, { n: i }));
      await vi.waitFor(
        async () => {
          const [open] = await first.db.select({ n: count() }).from(jobs).where(and(inArray(jobs.id, ids), inArray(jobs.status, ["queued", "running"])));
          expect(Number(open.n)).toBe(0);
        },
        { timeout: 60_000, interval: 50 },
      );
      const rows = await first.db.select().from(jobs).where(inArray(jobs.id, ids));
      expect(rows.every((row) => row.status === "completed" && row.attempts === 1)).toBe(true);
      expect([...ran.values()].every((runners) => runners.length === 1)).toBe(true);
      expect(ran.size).toBe(200);
      const effects = await effectCounts(ids);
      expect(ids.every((id) => effects.get(id) === 1)).toBe(true);
      // Both processes took part.
      const byWorker = (who: string) => [...ran.values()].filter((runners) => runners[0] === who).length;
      expect(byWorker("a")).toBeGreaterThan(0);
      expect(byWorker("b")).toBeGreaterThan(0);
      console.log(`200 jobs over two workers: a ran ${byWorker("a")}, b ran ${byWorker("b")}`);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
    }
  }, 90_000);

  it("hands a job to the other worker once its worker stops renewing the lease, and the first one, back too late, writes nothing", async () => {
    const lost = await openDatabase({ databaseUrl: databaseUrl() });
    const ran = new Map<number, string[]>();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const lateCommit: string[] = [];
    const stuck: JobKind = {
      name: "test.handover",
      async run(job) {
        ran.set(job.id, [...(ran.get(job.id) ?? []), "a"]);
        await released;
        try {
          await job.commit(async (tx) => {
            await recordActivity(tx, { actorId: null, action: "test.job_effect", subjectType: "job", subjectId: job.id, at: new Date() });
          });
          lateCommit.push("committed");
        } catch {
          lateCommit.push("refused");
        }
      },
    };
    const a = await worker(lost, [stuck]);
    const id = await a.enqueue(stuck, {});
    await vi.waitFor(() => expect(ran.get(id)).toEqual(["a"]));
    // Worker a's process loses the database (a crash, a network split): its lease is no longer renewed.
    await lost.close();
    const b = await worker(first, [countingKind(ran, "b", "test.handover")]);
    try {
      const row = await vi.waitFor(
        async () => {
          const [current] = await first.db.select().from(jobs).where(eq(jobs.id, id));
          if (current.status !== "completed") throw new Error(`job is ${current.status}`);
          return current;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(row).toMatchObject({ attempts: 2, result: { by: "b" }, last_error: { key: "jobs.errors.interrupted" } });
      release();
      await vi.waitFor(() => expect(lateCommit).toEqual(["refused"]));
      expect((await effectCounts([id])).get(id)).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 30_000);
});
