/**
 * kill -9 of the real server while jobs run, then a restart on the same
 * embedded database: a job with attempts left runs again to completion, one
 * whose only attempt was cut off is marked failed, and each job's effect is
 * there exactly once or not at all. The slow job kinds come from a fixture
 * module the server loads through JOB_MODULES.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobRecord } from "../../contracts/jobs";
import { DEFAULT_CONFIG } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { activityLog, jobs, users } from "../../server/db/schema";
import { DEMO_LOGINS, seedDemo } from "../../server/db/seed";
import { createJobs } from "../../server/lib/jobs";
import { EFFECT_ACTION, once, retried } from "../fixtures/slow-jobs";
import { apiToken, makeTempDataDir, startServer, type RunningServer } from "../support/e2e";

const ADMIN = DEMO_LOGINS.find((login) => login.email === "admin@example.com")!;
const SERVER_ENV = { JOB_MODULES: "tests/fixtures/slow-jobs.ts", JOBS_POLL_MS: "200" };
const STEPS = { steps: 20, stepMs: 150 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the data directory in this process (no server may hold it), works in it, closes it. */
async function withDatabase<T>(dataDir: string, work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function readJob(server: RunningServer, token: string, id: number): Promise<JobRecord> {
  const response = await fetch(`${server.url}/api/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/jobs/${id}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: JobRecord }).data;
}

async function waitForJob(server: RunningServer, token: string, id: number, done: (job: JobRecord) => boolean, timeoutMs = 30_000): Promise<JobRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await readJob(server, token, id);
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} did not get there within ${timeoutMs} ms: ${JSON.stringify(job)}`);
    await sleep(50);
  }
}

describe("jobs across a kill -9 of the server", () => {
  let dataDir: string;
  let retriedId: number;
  let onceId: number;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    // The company and two queued jobs, written before any server holds the directory.
    [retriedId, onceId] = await withDatabase(dataDir, async (db) => {
      await seedDemo(db, { memoryCost: 1024, timeCost: 1 }, new Date());
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
      const queue = createJobs({ db, log: pino({ level: "silent" }), settings: DEFAULT_CONFIG.jobs, soleWorker: true });
      return [await queue.enqueue(retried, STEPS, { ownerId: admin.id }), await queue.enqueue(once, STEPS, { ownerId: admin.id })];
    });
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("retries or fails the cut-off jobs after the restart, each effect once or not at all", async () => {
    const first = await startServer({ dataDir, env: SERVER_ENV });
    servers.push(first);
    const firstToken = await apiToken(first, ADMIN.email, ADMIN.password);
    // Both are mid-way when the server dies.
    const midway = (job: JobRecord) => job.status === "running" && job.progress.done >= 2;
    await waitForJob(first, firstToken, retriedId, midway);
    await waitForJob(first, firstToken, onceId, midway);

    // The lock file names the server's process: kill it with no chance to clean up.
    const lockFile = path.join(dataDir, "paydesk.lock");
    const pid = Number(fs.readFileSync(lockFile, "utf8"));
    process.kill(pid, "SIGKILL");
    await first.stop();
    // The dead process's lock is left behind; the next server must take it over.
    expect(fs.existsSync(lockFile)).toBe(true);

    const second = await startServer({ dataDir, env: SERVER_ENV });
    servers.push(second);
    await expect.poll(() => second.lines.some((line) => line.includes("jobs cut off by the last shutdown are retried"))).toBe(true);
    const token = await apiToken(second, ADMIN.email, ADMIN.password);

    const failed = await waitForJob(second, token, onceId, (job) => job.status !== "running" && job.status !== "queued");
    expect(failed).toMatchObject({ status: "failed", attempts: 1, max_attempts: 1, last_error: "The server stopped while the task was running." });

    const completed = await waitForJob(second, token, retriedId, (job) => job.status === "completed");
    expect(completed).toMatchObject({ attempts: 2, result: { attempt: 2 }, progress: { done: STEPS.steps, total: STEPS.steps } });

    // Stopped cleanly this time; then the database tells what was applied.
    await second.stop();
    const effects = await withDatabase(dataDir, async (db) => {
      const count = async (id: number) => (await db.select().from(activityLog).where(and(eq(activityLog.action, EFFECT_ACTION), eq(activityLog.subject_id, id)))).length;
      const left = await db.select().from(jobs).where(eq(jobs.status, "running"));
      return { retried: await count(retriedId), once: await count(onceId), running: left.length };
    });
    expect(effects).toEqual({ retried: 1, once: 0, running: 0 });
  });
});
