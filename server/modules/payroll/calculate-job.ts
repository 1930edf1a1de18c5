/**
 * Calculating a run as a durable job: inputs loaded set-based, payslips
 * computed in memory with progress reported as people are done, then
 * written in one transaction with the run's totals (summed from the
 * payslips written, so the two always agree), its warnings and its new
 * state. A crash or a failure before that transaction leaves the run as it
 * was; a run deleted, approved or recalculated meanwhile is left alone. What
 * the payroll office did by hand stays: its adjustments count again, the
 * people it took out stay out, and each payslip's note is kept.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { StoredRunWarning } from "../../../contracts/payroll";
import type { Db } from "../../db/client";
import { payrollRuns, payslips } from "../../db/schema";
import { recordActivity } from "../../lib/audit";
import type { AppContext } from "../../lib/context";
import type { JobKind } from "../../lib/jobs";
import type { RequestOrigin } from "../../lib/origin";
import { calculatePerson, type PayslipDraft } from "./calculate";
import { keepFormulaSet } from "./formula-sets";
import { loadRunInputs, paidByOtherRegularRuns, storedRunToLoad } from "./inputs";
import { array } from "../../lib/any-of";

export interface CalculateInput extends Record<string, unknown> {
  run_id: number;
  origin: RequestOrigin;
}

export const CALCULATE_JOB = "payroll.calculate";

/** People computed between two progress reports (each report is a small write). */
const PROGRESS_EVERY = 500;

/** A run's totals as the sums of its payslips (`runId` a value, or the run's id column in an UPDATE of several runs). */
export const totalsFromPayslips = (runId: number | SQL) => ({
  total_people: sql<number>`(select count(*)::int from ${payslips} where ${payslips.payroll_id} = ${runId})`,
  total_gross: sql<number>`(select coalesce(sum(${payslips.gross}), 0) from ${payslips} where ${payslips.payroll_id} = ${runId})`,
  total_deductions: sql<number>`(select coalesce(sum(${payslips.deductions}), 0) from ${payslips} where ${payslips.payroll_id} = ${runId})`,
  total_net: sql<number>`(select coalesce(sum(${payslips.net}), 0) from ${payslips} where ${payslips.payroll_id} = ${runId})`,
  total_employer_cost: sql<number>`(select coalesce(sum(${payslips.employer_cost}), 0) from ${payslips} where ${payslips.payroll_id} = ${runId})`,
});

/** Puts back the notes of the payslips a recalculation or an import replaced, on the new payslip of the same person. */
async function restoreNotes(tx: Db, runId: number, replaced: readonly { user_id: number; note: string | null }[]): Promise<void> {
  const noted = replaced.filter((payslip) => payslip.note !== null);
  if (noted.length === 0) return;
  await tx.execute(sql`
    update ${payslips} set note = n.note
    from unnest(${array(noted.map((payslip) => payslip.user_id))}::int[], ${array(noted.map((payslip) => payslip.note))}::text[]) as n(user_id, note)
    where ${payslips.payroll_id} = ${runId} and ${payslips.user_id} = n.user_id`);
}

/** A run's payslips replaced by new ones (a calculation, an import), each person's note kept. */
export async function replacePayslips(tx: Db, runId: number, drafts: readonly PayslipDraft[], now: Date): Promise<void> {
  const replaced = await tx.delete(payslips).where(eq(payslips.payroll_id, runId)).returning({ user_id: payslips.user_id, note: payslips.note });
  await insertPayslips(tx, runId, drafts, now);
  await restoreNotes(tx, runId, replaced);
}

/** Every payslip in one INSERT from arrays (one statement whatever the count). */
async function insertPayslips(tx: Db, runId: number, drafts: readonly PayslipDraft[], now: Date): Promise<void> {
  if (drafts.length === 0) return;
  await tx.execute(sql`
    insert into ${payslips} (payroll_id, user_id, currency, gross, deductions, net, employer_cost, taxable, lines, inputs, explanation, created_at)
    select ${runId}::int, u.user_id, u.currency, u.gross, u.deductions, u.net, u.employer_cost, u.taxable, u.lines::jsonb, u.inputs::jsonb, u.explanation::jsonb, ${now.toISOString()}::timestamptz
    from unnest(
      ${array(drafts.map((d) => d.user_id))}::int[], ${array(drafts.map((d) => d.currency))}::text[],
      ${array(drafts.map((d) => d.gross))}::bigint[], ${array(drafts.map((d) => d.deductions))}::bigint[], ${array(drafts.map((d) => d.net))}::bigint[],
      ${array(drafts.map((d) => d.employer_cost))}::bigint[], ${array(drafts.map((d) => d.taxable))}::bigint[],
      ${array(drafts.map((d) => JSON.stringify(d.lines)))}::text[], ${array(drafts.map((d) => JSON.stringify(d.inputs)))}::text[],
      ${array(drafts.map((d) => (d.explanation ? JSON.stringify(d.explanation) : null)))}::text[]
    ) as u(user_id, currency, gross, deductions, net, employer_cost, taxable, lines, inputs, explanation)`);
}

export function calculateJob(ctx: AppContext): JobKind<CalculateInput> {
  return {
    name: CALCULATE_JOB,
    maxAttempts: 3,
    async run(job) {
      const [run] = await ctx.db.select().from(payrollRuns).where(eq(payrollRuns.id, job.input.run_id));
      // Another calculation took over, or the run moved on: this one has nothing to do.
      if (!run || run.job_id !== job.id || (run.status !== "draft" && run.status !== "calculated")) return { skipped: true };
      const inputs = await loadRunInputs(ctx, storedRunToLoad(run));
      const total = inputs.people.length;
      await job.progress(0, total);
      const drafts: PayslipDraft[] = [];
      const warnings: StoredRunWarning[] = [];
      // The run's totals as they grow: a payslip that would take one beyond what a number holds exactly is not paid.
      const sums = { gross: 0, deductions: 0, net: 0, employer_cost: 0 };
      for (let index = 0; index < total; index++) {
        const person = inputs.people[index];
        const outcome = calculatePerson(inputs, person);
        const next = outcome.payslip && { gross: sums.gross + outcome.payslip.gross, deductions: sums.deductions + outcome.payslip.deductions, net: sums.net + outcome.payslip.net, employer_cost: sums.employer_cost + outcome.payslip.employer_cost };
        if (next && !Object.values(next).every(Number.isSafeInteger)) {
          warnings.push({ user_id: person.id, user_name: person.name, kind: "formula_error", error: { key: "payroll.formula.tooLarge", params: {} } });
        } else {
          if (outcome.payslip) drafts.push(outcome.payslip);
          if (next) Object.assign(sums, next);
          if (outcome.warning) warnings.push(outcome.warning);
        }
        if ((index + 1) % PROGRESS_EVERY === 0 && index + 1 < total) await job.progress(index + 1, total);
      }
      await job.progress(total, total);

      const now = ctx.clock.now();
      const done = await job.commit(async (tx) => {
        // Still this job's run, in a state that takes a calculation: checked under the row's lock.
        const [current] = await tx
          .select({ status: payrollRuns.status })
          .from(payrollRuns)
          .where(and(eq(payrollRuns.id, run.id), eq(payrollRuns.job_id, job.id), inArray(payrollRuns.status, ["draft", "calculated"])))
          .for("update");
        if (!current) return { skipped: true };
        // A person is paid by one regular run of a period. Another regular run's calculation may have committed since
        // this one read its inputs (two at once): such commits take turns, and whoever the other paid is left to it.
        let paid = drafts;
        let warned = warnings;
        if (run.kind === "regular" && drafts.length > 0) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payroll:regular-runs'))`);
          const elsewhere = await paidByOtherRegularRuns(tx, run.id, { start: run.period_start, end: run.period_end }, drafts.map((draft) => draft.user_id));
          if (elsewhere.size > 0) {
            paid = drafts.filter((draft) => !elsewhere.has(draft.user_id));
            const others = inputs.people.filter((person) => elsewhere.has(person.id)).map((person): StoredRunWarning => ({ user_id: person.id, user_name: person.name, kind: "other_run" }));
            warned = [...warnings.filter((warning) => !elsewhere.has(warning.user_id)), ...others];
          }
        }
        await keepFormulaSet(tx, inputs.plan.formulas);
        await replacePayslips(tx, run.id, paid, now);
        const [totals] = await tx
          .update(payrollRuns)
          .set({
            status: "calculated",
            imported_from: null,
            ...totalsFromPayslips(run.id),
            warnings: warned,
            calculated_by: job.ownerId,
            calculated_at: now,
            updated_at: now,
          })
          .where(eq(payrollRuns.id, run.id))
          .returning({ people: payrollRuns.total_people, gross: payrollRuns.total_gross, net: payrollRuns.total_net });
        const changes = { status: { from: current.status, to: "calculated" }, people: totals.people, gross: Number(totals.gross), net: Number(totals.net), warnings: warned.length };
        await recordActivity(tx, { actorId: job.ownerId, action: "payroll.calculated", subjectType: "payroll", subjectId: run.id, changes, origin: job.input.origin, at: now });
        return { people: totals.people, warnings: warned.length };
      });
      if (!("skipped" in done)) await ctx.events.publish({ type: "payroll.calculated", subjectType: "payroll", subjectId: run.id, actorId: job.ownerId, changes: done });
      return done;
    },
  };
}
