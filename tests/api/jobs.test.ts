/**
 * The durable job queue inside one server: progress and results, retries
 * with backoff, final failure, a worker that lost its lease, jobs cut off
 * by a crash, mail delivery as a job, and GET /api/jobs/{id} with its policy.
 * The restart (kill -9) and two-process cases have their own files.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { JobRecord } from "../../contracts/jobs";
import { DEFAULT_CONFIG } from "../../server/config";
import { activityLog, jobs, mailOutbox, users } from "../../server/db/schema";
import { recordActivity } from "../../server/lib/audit";
import { JobError, type JobKind } from "../../server/lib/jobs";
import { smtpServer } from "../support/smtp";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, EMPLOYEE, HR, call, employeeSignedIn, staffWith } from "../support/people";

const FAST_JOBS = { ...DEFAULT_CONFIG.jobs, pollMs: 20, retryBaseMs: 20, leaseMs: 600 };

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp({ config: { jobs: FAST_JOBS } });
  adminToken = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

const jobRow = async (id: number) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

/** Waits until the job is completed or failed (retries wait out their backoff). */
async function settled(id: number) {
  return vi.waitFor(
    async () => {
      const row = await jobRow(id);
      if (row.status !== "completed" && row.status !== "failed") throw new Error(`job ${id} is ${row.status}`);
      return row;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Rows the test kinds write as their effect, one per commit. */
async function effectsOf(jobId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(activityLog)
    .where(and(eq(activityLog.action, "test.job_effect"), eq(activityLog.subject_id, jobId)));
  return Number(row.n);
}

const recordEffect = (tx: Parameters<typeof recordActivity>[0], jobId: number) =>
  recordActivity(tx, { actorId: null, action: "test.job_effect", subjectType: "job", subjectId: jobId, at: new Date() });

/** A promise the test resolves by hand, to hold a job in the middle of its work. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function adminId(): Promise<number> {
  const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  return admin.id;
}

const getJob = (token: string | null, id: number | string, language = "en") =>
  call(t, token, { method: "GET", url: `/api/jobs/${id}`, headers: { "accept-language": language } });

describe("running jobs", () => {
  const steps: JobKind<{ steps: number }> = {
    name: "test.steps",
    async run(job) {
      for (let done = 1; done <= job.input.steps; done++) await job.progress(done, job.input.steps);
      return job.commit(async (tx) => {
        await recordEffect(tx, job.id);
        return { counted: job.input.steps };
      });
    },
  };
  beforeAll(() => t.app.ctx.jobs.register(steps));

  it("records progress, applies the effect once and keeps the result", async () => {
    const id = await t.app.ctx.jobs.enqueue(steps, { steps: 3 }, { ownerId: await adminId() });
    await t.app.ctx.jobs.idle();
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: "completed", attempts: 1, progress_done: 3, progress_total: 3, result: { counted: 3 }, last_error: null, locked_by: null });
    expect(row.finished_at).not.toBeNull();
    expect(await effectsOf(id)).toBe(1);
  });

  it("runs many jobs, each once", async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => t.app.ctx.jobs.enqueue(steps, { steps: 1 })));
    await t.app.ctx.jobs.idle();
    for (const id of ids) {
      expect((await jobRow(id)).status).toBe("completed");
      expect(await effectsOf(id)).toBe(1);
    }
  });

  it("retries a failed attempt after a delay, then completes", async () => {
    let calls = 0;
    const flaky: JobKind = {
      name: "test.flaky",
      async run() {
        calls += 1;
        if (calls === 1) throw new JobError("jobs.errors.mailNotDelivered");
        return { calls };
      },
    };
    t.app.ctx.jobs.register(flaky);
    const id = await t.app.ctx.jobs.enqueue(flaky, {});
    const row = await settled(id);
    expect(row).toMatchObject({ status: "completed", attempts: 2, result: { calls: 2 } });
    // The error of the attempt that failed stays on record.
    expect(row.last_error).toEqual({ key: "jobs.errors.mailNotDelivered" });
  });

  it("fails for good after its last attempt, in one transaction with the kind's own failure mark", async () => {
    const marked: number[] = [];
    const doomed: JobKind = {
      name: "test.doomed",
      maxAttempts: 3,
      async run() {
        throw new Error("SELECT secret FROM somewhere");
      },
      async onFailed(_input, tx) {
        await tx.execute(sql`select 1`);
        marked.push(1);
      },
    };
    t.app.ctx.jobs.register(doomed);
    const id = await t.app.ctx.jobs.enqueue(doomed, {}, { ownerId: await adminId() });
    const row = await settled(id);
    expect(row).toMatchObject({ status: "failed", attempts: 3, max_attempts: 3, last_error: { key: "jobs.errors.failed" } });
    expect(marked).toEqual([1]);
    // The reader learns that it failed, in their language, never the raw error.
    const reply = await getJob(adminToken, id, "fr");
    expect(reply.json().data.last_error).toBe("La tâche s'est arrêtée sur une erreur inattendue.");
    expect(reply.body).not.toContain("secret");
  });

  it("ends a failed job even when the kind's own failure mark fails, keeping what the mark wrote out", async () => {
    const brokenMark: JobKind = {
      name: "test.broken-mark",
      maxAttempts: 1,
      async run() {
        throw new Error("no luck");
      },
      async onFailed(_input, tx) {
        await recordEffect(tx, 0);
        throw new Error("the mark fails too");
      },
    };
    t.app.ctx.jobs.register(brokenMark);
    const id = await t.app.ctx.jobs.enqueue(brokenMark, {});
    expect(await settled(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect(await effectsOf(0)).toBe(0);
  });

  it("writes nothing when the job was taken over after its lease ran out", async () => {
    const held = gate();
    const started = gate();
    const outcome: string[] = [];
    const slow: JobKind = {
      name: "test.overtaken",
      maxAttempts: 1,
      async run(job) {
        started.open();
        await held.opened;
        try {
          await job.commit((tx) => recordEffect(tx, job.id));
          outcome.push("committed");
        } catch (error) {
          outcome.push((error as Error).constructor.name);
          throw error;
        }
      },
    };
    t.app.ctx.jobs.register(slow);
    const id = await t.app.ctx.jobs.enqueue(slow, {});
    await started.opened;
    // Another worker claimed it (its claim counts an attempt): this attempt is no longer the job's.
    await t.database.db
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} + 1`, locked_by: "another-worker", locked_until: sql`now() + interval '1 hour'` })
      .where(eq(jobs.id, id));
    held.open();
    await vi.waitFor(() => expect(outcome).toEqual(["LeaseLost"]));
    expect(await effectsOf(id)).toBe(0);
    expect(await jobRow(id)).toMatchObject({ status: "running", locked_by: "another-worker", attempts: 2 });
    // Tidy: no other worker exists to finish it.
    await t.database.db.delete(jobs).where(eq(jobs.id, id));
  });
});

describe("jobs cut off by a crash", () => {
  const resumable: JobKind = {
    name: "test.resumable",
    maxAttempts: 2,
    async run(job) {
      return job.commit(async (tx) => {
        await recordEffect(tx, job.id);
        return { attempt: job.attempt };
      });
    },
  };
  const failures: number[] = [];
  const lastChance: JobKind = {
    name: "test.last-chance",
    maxAttempts: 1,
    async run(job) {
      await job.commit((tx) => recordEffect(tx, job.id));
    },
    async onFailed() {
      failures.push(1);
    },
  };
  beforeAll(() => {
    t.app.ctx.jobs.register(resumable);
    t.app.ctx.jobs.register(lastChance);
  });

  /** A job a dead worker claimed (attempt 1) and stopped renewing. */
  async function abandoned(kind: string): Promise<number> {
    const [row] = await t.database.db
      .insert(jobs)
      .values({ kind, max_attempts: kind === lastChance.name ? 1 : 2, status: "running", attempts: 1, locked_by: "dead-worker", locked_until: sql`now() - interval '1 second'` })
      .returning({ id: jobs.id });
    return row.id;
  }

  it("retries one whose worker stopped renewing its lease, saying why", async () => {
    const id = await abandoned(resumable.name);
    const row = await settled(id);
    expect(row).toMatchObject({ status: "completed", attempts: 2, result: { attempt: 2 }, last_error: { key: "jobs.errors.interrupted" } });
    expect(await effectsOf(id)).toBe(1);
  });

  it("fails one whose last attempt was cut off, without running it again", async () => {
    const id = await abandoned(lastChance.name);
    const row = await settled(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, last_error: { key: "jobs.errors.interrupted" } });
    expect(await effectsOf(id)).toBe(0);
    expect(failures).toEqual([1]);
    expect((await getJob(adminToken, id)).json().data.last_error).toBe("The server stopped while the task was running.");
  });

  it("leaves a job alone while its worker renews the lease", async () => {
    const [row] = await t.database.db
      .insert(jobs)
      .values({ kind: resumable.name, max_attempts: 2, status: "running", attempts: 1, locked_by: "live-worker", locked_until: sql`now() + interval '1 hour'` })
      .returning({ id: jobs.id });
    await new Promise((resolve) => setTimeout(resolve, FAST_JOBS.pollMs * 5));
    expect(await jobRow(row.id)).toMatchObject({ status: "running", attempts: 1, locked_by: "live-worker" });
    await t.database.db.delete(jobs).where(eq(jobs.id, row.id));
  });
});

describe("GET /api/jobs/{id}", () => {
  const owned: JobKind = { name: "test.owned", run: async () => ({ ok: true }) };
  let employee: Awaited<ReturnType<typeof employeeSignedIn>>;
  let ownJob: number;
  beforeAll(async () => {
    t.app.ctx.jobs.register(owned);
    employee = await employeeSignedIn(t, adminToken);
    ownJob = await t.app.ctx.jobs.enqueue(owned, {}, { ownerId: employee.id });
    await t.app.ctx.jobs.idle();
  });

  it("answers the owner with the job's record", async () => {
    const reply = await getJob(employee.token, ownJob);
    expect(reply.statusCode).toBe(200);
    const job: JobRecord = reply.json().data;
    expect(job).toEqual({
      id: ownJob,
      kind: "test.owned",
      status: "completed",
      progress: { done: 0, total: null },
      attempts: 1,
      max_attempts: 5,
      last_error: null,
      result: { ok: true },
      owner_id: employee.id,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      finished_at: expect.any(String),
    });
    // The queue's own bookkeeping (input, lease) is not part of the record.
    expect(Object.keys(reply.json().data)).not.toContain("input");
    expect(Object.keys(reply.json().data)).not.toContain("locked_by");
  });

  it("answers level 0 about anyone's job", async () => {
    expect((await getJob(adminToken, ownJob)).statusCode).toBe(200);
  });

  it("refuses other people, however much they may otherwise do", async () => {
    const other = await employeeSignedIn(t, adminToken);
    expect((await getJob(other.token, ownJob)).statusCode).toBe(403);
    const staff = await staffWith(t, adminToken, ["users_view", "users_manage", "users_pay_view", "settings_manage"]);
    expect((await getJob(staff.token, ownJob)).statusCode).toBe(403);
    expect((await getJob(await t.tokenFor(HR.email), ownJob)).statusCode).toBe(403);
  });

  it("shows mail deliveries (no owner) to level 0 only", async () => {
    const [mailJob] = await t.database.db.insert(jobs).values({ kind: "mail.deliver", max_attempts: 5, status: "completed", input: { outbox_id: 0 } }).returning({ id: jobs.id });
    expect((await getJob(adminToken, mailJob.id)).statusCode).toBe(200);
    expect((await getJob(await t.tokenFor(EMPLOYEE.email), mailJob.id)).statusCode).toBe(403);
  });

  it("answers 401 without a token, 404 for no such job and 422 for a malformed id", async () => {
    expect((await getJob(null, ownJob)).statusCode).toBe(401);
    const missing = await getJob(adminToken, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "The resource does not exist." });
    expect((await getJob(adminToken, "abc")).statusCode).toBe(422);
  });
});

describe("mail delivery as a job", () => {
  const outboxOf = async (address: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address)))[0];
  const deliveryJobOf = async (outboxId: number) =>
    (await t.database.db.select().from(jobs).where(and(eq(jobs.kind, "mail.deliver"), sql`${jobs.input} ->> 'outbox_id' = ${String(outboxId)}`)))[0];

  it("keeps the message in the outbox and the log without SMTP", async () => {
    await t.app.ctx.mailer.send({ to: "logged@example.com", subject: "Hello", text: "Body" });
    await t.app.ctx.jobs.idle();
    const mail = await outboxOf("logged@example.com");
    expect(mail).toMatchObject({ status: "logged", body_text: "Body" });
    expect(await deliveryJobOf(mail.id)).toMatchObject({ status: "completed", result: { outbox_id: mail.id, status: "logged" } });
  });

  it("delivers through SMTP, then drops the body", async () => {
    const smtp = await smtpServer();
    const withSmtp = await startTestApp({ config: { jobs: FAST_JOBS, smtpUrl: smtp.url } });
    try {
      await withSmtp.app.ctx.mailer.send({ to: "sent@example.com", subject: "Hello", text: "Your link" });
      await withSmtp.app.ctx.jobs.idle();
      const [mail] = await withSmtp.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, "sent@example.com"));
      expect(mail).toMatchObject({ status: "sent", body_text: "", error: null });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain("Your link");
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });

  it("retries a refused delivery with backoff and finally marks it failed in the outbox", async () => {
    const smtp = await smtpServer(true);
    const withSmtp = await startTestApp({ config: { jobs: FAST_JOBS, smtpUrl: smtp.url } });
    try {
      await withSmtp.app.ctx.mailer.send({ to: "refused@example.com", subject: "Hello", text: "Body" });
      const job = await vi.waitFor(
        async () => {
          const [row] = await withSmtp.database.db.select().from(jobs).where(eq(jobs.kind, "mail.deliver"));
          if (row?.status !== "failed") throw new Error(`mail job is ${row?.status}`);
          return row;
        },
        { timeout: 15_000, interval: 25 },
      );
      expect(job).toMatchObject({ attempts: 5, last_error: { key: "jobs.errors.mailNotDelivered" } });
      // Each retry waited twice as long as the one before (20, 40, 80, 160 ms): 300 ms at least.
      expect(job.finished_at!.getTime() - job.created_at.getTime()).toBeGreaterThanOrEqual(300);
      const [mail] = await withSmtp.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, "refused@example.com"));
      expect(mail.status).toBe("failed");
      expect(mail.error).toMatch(/554/);
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });
});
