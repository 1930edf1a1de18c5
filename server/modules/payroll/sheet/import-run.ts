/**
 * POST /api/payroll/{id}/import: a sheet computed elsewhere becomes the
 * run's payslips. Checked whole first (every cell; nothing saved unless all
 * are right), then written in one transaction through the write path: the
 * run's state re-checked under its row's lock (approved or recalculated
 * meanwhile: 409), its payslips replaced, its totals summed from them in
 * SQL, the run calculated by the importer with no warnings, one activity
 * row "payroll.imported" with the file's name, the people and the totals.
 * Each payslip keeps the attendance and rate of its person for the period
 * (loaded set-based, as a calculation would), so it reads the same as a
 * calculated one.
 */
import { eq, sql } from "drizzle-orm";
import type { RunRecord } from "../../../../contracts/payroll";
import type { Actor } from "../../../../contracts/policies";
import type { Db } from "../../../db/client";
import { jobs, payrollRuns, payslipAdjustments } from "../../../db/schema";
import type { AppContext } from "../../../lib/context";
import { HttpError } from "../../../lib/errors";
import type { Translate } from "../../../lib/i18n";
import { mutate, type Author } from "../../../lib/write";
import { payslipFacts, type PayslipDraft } from "../calculate";
import { replacePayslips, totalsFromPayslips } from "../calculate-job";
import { loadRunInputs, paidByOtherRegularRuns, personInputs, storedRunToLoad, type PayPerson } from "../inputs";
import { readRun, type RunRow } from "../runs";
import { checkImport, type ImportedPayslip } from "./import-check";
import { readWorksheets } from "../../../lib/spreadsheet-upload";
import { runFor } from "./run-access";

/** The most rows a payroll sheet may hold, all worksheets together: a run's most people, and room for headers and totals. */
const MAX_SHEET_ROWS = 50_500;

const calculating = (status: string | null | undefined) => status === "queued" || status === "running";

async function draftsOf(ctx: AppContext, run: RunRow, imported: readonly ImportedPayslip[]): Promise<PayslipDraft[]> {
  const inputs = await loadRunInputs(ctx, storedRunToLoad(run, imported.map((payslip) => payslip.user_id)));
  const people = new Map(inputs.people.map((person) => [person.id, person]));
  // What each payslip was worked out from: the rate and attendance the engine would have read.
  const factsFor = (person: PayPerson | undefined) => {
    const { pay, days } = person ? personInputs(inputs, person) : { pay: null, days: null };
    return payslipFacts(pay, days, inputs.money);
  };
  return imported.map((payslip) => ({ ...payslip, currency: run.currency, inputs: factsFor(people.get(payslip.user_id)), explanation: null }));
}

/** The run as the transaction finds it under its row's lock: still as checked, and not being calculated. */
async function lockUnchanged(tx: Db, run: RunRow, userIds: readonly number[]): Promise<void> {
  const [current] = await tx
    .select({ status: payrollRuns.status, updated_at: payrollRuns.updated_at, job_id: payrollRuns.job_id })
    .from(payrollRuns)
    .where(eq(payrollRuns.id, run.id))
    .for("update");
  if (!current || (current.status !== "draft" && current.status !== "calculated") || current.updated_at.getTime() !== run.updated_at.getTime()) {
    throw new HttpError(409, "payroll.runs.changedMeanwhile");
  }
  if (current.job_id !== null) {
    const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, current.job_id));
    if (calculating(job?.status)) throw new HttpError(409, "payroll.runs.calculating");
  }
  // A person is paid by one regular run of a period: another's calculation may have paid someone since the check.
  if (run.kind === "regular" && userIds.length > 0) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payroll:regular-runs'))`);
    const elsewhere = await paidByOtherRegularRuns(tx, run.id, { start: run.period_start, end: run.period_end }, userIds);
    if (elsewhere.size > 0) throw new HttpError(409, "payroll.runs.changedMeanwhile");
  }
}

export async function importRun(ctx: AppContext, actor: Actor, author: Author, id: number, file: { content: Buffer; filename: string }, t: Translate): Promise<{ run: RunRecord; people: number }> {
  const view = await runFor(ctx, actor, id, "payroll.import");
  if (calculating(view.job_status)) throw new HttpError(409, "payroll.runs.calculating");
  const { run } = view;
  const imported = await checkImport(ctx.db, run, await readWorksheets(file.content, MAX_SHEET_ROWS));
  const drafts = await draftsOf(ctx, run, imported);
  const now = ctx.clock.now();
  const people = await mutate(ctx, author, { action: "payroll.imported", subjectType: "payroll" }, async (tx) => {
    await lockUnchanged(tx, run, drafts.map((draft) => draft.user_id));
    // The file holds every line: adjustments of the old payslips have no place on the new ones.
    await tx.delete(payslipAdjustments).where(eq(payslipAdjustments.payroll_id, run.id));
    await replacePayslips(tx, run.id, drafts, now);
    const [totals] = await tx
      .update(payrollRuns)
      .set({
        status: "calculated",
        imported_from: file.filename.slice(0, 255),
        ...totalsFromPayslips(run.id),
        warnings: [],
        calculated_by: actor.id,
        calculated_at: now,
        updated_by: actor.id,
        updated_at: now,
      })
      .where(eq(payrollRuns.id, run.id))
      .returning({ people: payrollRuns.total_people, gross: payrollRuns.total_gross, deductions: payrollRuns.total_deductions, net: payrollRuns.total_net, employer_cost: payrollRuns.total_employer_cost });
    const changes = { file: file.filename.slice(0, 255), status: { from: run.status, to: "calculated" }, ...totals };
    return { result: totals.people, subjectId: run.id, changes };
  });
  return { run: await readRun(ctx, actor, id, t), people };
}
