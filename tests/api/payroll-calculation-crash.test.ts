/**
 * A calculation cut off before it lands (the process dies, the lease is
 * lost, the database refuses the write) leaves the run as it was: a draft
 * stays a draft without payslips, a calculated run keeps its payslips and
 * totals. The job writes nothing before its one commit, and the commit is
 * one transaction. Here the job is run by hand with a commit that fails.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payrollRuns, payslips } from "../../server/db/schema";
import type { RunningJob } from "../../server/lib/jobs";
import { calculateJob, type CalculateInput } from "../../server/modules/payroll/calculate-job";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createPerson } from "../support/people";
import { createSample } from "../support/samples";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await createSample(t, admin, "pay-components");
});
afterAll(() => t.close());

/** A draft run of three new people. */
async function newRun(): Promise<number> {
  const people = await Promise.all([1, 2, 3].map(() => createPerson(t, admin)));
  const created = await call(t, admin, { method: "POST", url: "/api/payroll", payload: { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", people: { user_ids: people.map((person) => person.id) } } });
  return created.json().data.id;
}

/** Runs the calculation job of the run as the queue would, with a commit that dies inside its transaction. */
async function crashingAttempt(runId: number): Promise<unknown> {
  const [run] = await t.database.db.select({ job_id: payrollRuns.job_id }).from(payrollRuns).where(eq(payrollRuns.id, runId));
  const job: RunningJob<CalculateInput> = {
    id: run.job_id!,
    input: { run_id: runId, origin: { ip: "127.0.0.1" } },
    ownerId: 1,
    attempt: 1,
    maxAttempts: 3,
    progress: async () => {},
    commit: (work) =>
      t.database.db.transaction(async (tx) => {
        await work(tx);
        throw new Error("the process died before the commit");
      }),
  };
  return calculateJob(t.app.ctx).run(job).catch((error: unknown) => error);
}

const state = async (runId: number) => {
  const [run] = await t.database.db.select().from(payrollRuns).where(eq(payrollRuns.id, runId));
  const rows = await t.database.db.select({ id: payslips.id, net: payslips.net }).from(payslips).where(eq(payslips.payroll_id, runId));
  return { status: run.status, totals: [run.total_people, run.total_gross, run.total_net], warnings: run.warnings, payslips: rows.map((row) => row.id).sort() };
};

describe("a calculation cut off", () => {
  it("leaves a draft a draft, with no payslips and no totals", async () => {
    const runId = await newRun();
    // Queued while the queue is stopped: the job row exists, the run points at it, nobody works it but the test.
    await t.app.ctx.jobs.stop();
    expect((await call(t, admin, { method: "POST", url: `/api/payslip/generate-payslips/${runId}` })).statusCode).toBe(202);
    const before = await state(runId);
    expect(await crashingAttempt(runId)).toMatchObject({ message: "the process died before the commit" });
    expect(await state(runId)).toEqual(before);
    expect(before).toMatchObject({ status: "draft", totals: [0, 0, 0], payslips: [] });
    await t.app.ctx.jobs.start();
    await t.app.ctx.jobs.idle();
    // The queue's own attempt then lands it whole.
    expect(await state(runId)).toMatchObject({ status: "calculated", totals: [3, expect.any(Number), expect.any(Number)] });
  });

  it("leaves a calculated run with the payslips and totals it had", async () => {
    const runId = await newRun();
    expect((await call(t, admin, { method: "POST", url: `/api/payslip/generate-payslips/${runId}` })).statusCode).toBe(202);
    await t.app.ctx.jobs.idle();
    const calculated = await state(runId);
    expect(calculated.payslips).toHaveLength(3);
    await t.app.ctx.jobs.stop();
    expect((await call(t, admin, { method: "POST", url: `/api/payslip/generate-payslips/${runId}` })).statusCode).toBe(202);
    expect(await crashingAttempt(runId)).toBeInstanceOf(Error);
    expect(await state(runId)).toEqual(calculated);
    await t.app.ctx.jobs.start();
    await t.app.ctx.jobs.idle();
  });
});
