/**
 * The payroll office's edits of a payslip while its run is not approved: its
 * note, its one-off adjustments (the payslip worked out again through the
 * engine for that one person, the run's totals and warnings following) and
 * taking its person out of the run. Each edit re-checks the run under its
 * row lock: a run approved, released or queued for calculation meanwhile is
 * a 409 and nothing is written.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { isFinalJobStatus, type JobStatus } from "../../../contracts/jobs";
import type { StoredRunWarning } from "../../../contracts/payroll";
import type { AdjustmentRecord, AdjustmentsBody, PayslipEditReply } from "../../../contracts/payslips";
import { decide, type Actor } from "../../../contracts/policies";
import type { PayslipSubject } from "../../../contracts/policies/payroll";
import type { Db } from "../../db/client";
import { jobs, payrollRuns, payslipAdjustments, payslips, users } from "../../db/schema";
import { anyOf, array } from "../../lib/any-of";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField, notFound } from "../../lib/errors";
import type { Translate } from "../../lib/i18n";
import { mutate, type Author } from "../../lib/write";
import { calculatePerson, type PersonOutcome } from "../payroll/calculate";
import { totalsFromPayslips } from "../payroll/calculate-job";
import { keepFormulaSet } from "../payroll/formula-sets";
import { loadRunInputs, storedRunToLoad } from "../payroll/inputs";
import { toPayslipRecord } from "../payroll/payslips";

type PayslipRow = typeof payslips.$inferSelect;
type RunRow = typeof payrollRuns.$inferSelect;
type AdjustmentRow = typeof payslipAdjustments.$inferSelect;
type AdjustmentInput = AdjustmentsBody["adjustments"][number];

/** Why an edit is refused: a message key, its values and the status. */
interface Refusal {
  reason: string;
  params?: Record<string, unknown>;
  status: number;
}

/** A payslip with what the rules read: its run, whether that run is being calculated, and its person. */
interface Target {
  payslip: PayslipRow;
  run: RunRow;
  job_status: JobStatus | null;
  user_name: string;
  employee_number: string | null;
  department: string | null;
}

const calculating = (status: JobStatus | null) => status !== null && !isFinalJobStatus(status);

const subjectOf = (target: Target): PayslipSubject => ({ user_id: target.payslip.user_id, status: target.run.status, withdrawn: target.payslip.withdrawn_at !== null });

async function loadTargets(db: Db, ids: readonly number[]): Promise<Target[]> {
  return db
    .select({ payslip: payslips, run: payrollRuns, job_status: jobs.status, user_name: users.name, employee_number: users.employee_number, department: users.department })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id))
    .innerJoin(users, eq(users.id, payslips.user_id))
    .leftJoin(jobs, eq(jobs.id, payrollRuns.job_id))
    .where(anyOf(payslips.id, ids));
}

async function loadTarget(db: Db, id: number): Promise<Target> {
  const [target] = await loadTargets(db, [id]);
  if (!target) throw notFound();
  return target;
}

/** The policy's answer on this payslip (a run approved or released: 409), then a calculation under way (409). */
function refusalOf(actor: Actor, action: "payslips.update" | "payslips.delete", target: Target): Refusal | null {
  const decision = decide(actor, action, subjectOf(target));
  if (decision !== true) return { reason: decision.reason, params: decision.params, status: decision.status ?? 403 };
  if (calculating(target.job_status)) return { reason: "payroll.runs.calculating", status: 409 };
  return null;
}

const refuse = (refusal: Refusal) => new HttpError(refusal.status, refusal.reason, refusal.params);

function authorizeEdit(actor: Actor, action: "payslips.update" | "payslips.delete", target: Target): void {
  const refusal = refusalOf(actor, action, target);
  if (refusal) throw refuse(refusal);
}

/**
 * The runs under their row locks, each still open to edits or why not (it
 * moved on, or a calculation was queued, since the edit was checked).
 */
async function lockRuns(tx: Db, runIds: readonly number[]): Promise<Map<number, Refusal | null>> {
  const rows = await tx
    .select({ id: payrollRuns.id, status: payrollRuns.status, job_status: jobs.status })
    .from(payrollRuns)
    .leftJoin(jobs, eq(jobs.id, payrollRuns.job_id))
    .where(anyOf(payrollRuns.id, runIds))
    .for("update", { of: payrollRuns });
  const state = new Map<number, Refusal | null>(runIds.map((id) => [id, { reason: "payroll.runs.changedMeanwhile", status: 409 }]));
  for (const row of rows) {
    if (row.status !== "draft" && row.status !== "calculated") continue;
    state.set(row.id, calculating(row.job_status) ? { reason: "payroll.runs.calculating", status: 409 } : null);
  }
  return state;
}

async function lockOpenRun(tx: Db, runId: number): Promise<void> {
  const refusal = (await lockRuns(tx, [runId])).get(runId);
  if (refusal) throw refuse(refusal);
}

/** The payslip still in its run, locked; else the run was recalculated meanwhile (a new payslip took its place). */
async function lockPayslip(tx: Db, target: Target): Promise<PayslipRow> {
  const [current] = await tx
    .select()
    .from(payslips)
    .where(and(eq(payslips.id, target.payslip.id), eq(payslips.payroll_id, target.run.id)))
    .for("update");
  if (!current) throw new HttpError(409, "payroll.runs.changedMeanwhile");
  return current;
}

/** Who a change in several runs touched: each person's new warning (if any) and whether they leave the run. */
interface Settled {
  run_id: number;
  user_id: number;
  warning: StoredRunWarning | null;
  leaves: boolean;
}

/**
 * The runs after some of their payslips changed, in one statement: totals
 * summed again from the payslips (as a calculation sums them), those
 * people's warnings replaced by their new ones, those leaving added to the
 * people a recalculation leaves out. Totals beyond what a number holds
 * exactly are refused, and the whole edit with them.
 */
async function settleRuns(tx: Db, changed: readonly Settled[], actorId: number, now: Date): Promise<void> {
  const thisRun = sql`${payrollRuns.id}`;
  const totals = totalsFromPayslips(thisRun);
  const result = (await tx.execute(sql`
    with c as (select * from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as c(run_id int, user_id int, warning jsonb, leaves boolean))
    update ${payrollRuns} set
      total_people = ${totals.total_people},
      total_gross = ${totals.total_gross},
      total_deductions = ${totals.total_deductions},
      total_net = ${totals.total_net},
      total_employer_cost = ${totals.total_employer_cost},
      warnings = coalesce((
          select jsonb_agg(w.value order by w.position) from jsonb_array_elements(${payrollRuns.warnings}) with ordinality as w(value, position)
          where not exists (select 1 from c where c.run_id = ${thisRun} and c.user_id = (w.value->>'user_id')::int)
        ), '[]'::jsonb)
        || coalesce((select jsonb_agg(c.warning) from c where c.run_id = ${thisRun} and jsonb_typeof(c.warning) = 'object'), '[]'::jsonb),
      excluded_user_ids = ${payrollRuns.excluded_user_ids} || coalesce((select jsonb_agg(c.user_id) from c where c.run_id = ${thisRun} and c.leaves), '[]'::jsonb),
      updated_by = ${actorId},
      updated_at = ${now.toISOString()}::timestamptz
    where ${thisRun} in (select run_id from c)
    returning greatest(abs(total_gross), abs(total_deductions), abs(total_net), abs(total_employer_cost)) <= ${Number.MAX_SAFE_INTEGER}::bigint as exact`)) as unknown as { rows: { exact: boolean }[] };
  if (!result.rows.every((row) => row.exact)) throw new HttpError(422, "payroll.formula.tooLarge");
}

async function adjustmentRecords(db: Db, runId: number, userId: number): Promise<AdjustmentRecord[]> {
  const rows = await db
    .select({ adjustment: payslipAdjustments, created_by_name: users.name })
    .from(payslipAdjustments)
    .leftJoin(users, eq(users.id, payslipAdjustments.created_by))
    .where(and(eq(payslipAdjustments.payroll_id, runId), eq(payslipAdjustments.user_id, userId)))
    .orderBy(asc(payslipAdjustments.id));
  return rows.map(({ adjustment, created_by_name }) => ({
    id: adjustment.id,
    name: adjustment.name,
    kind: adjustment.kind,
    amount: adjustment.amount,
    taxable: adjustment.taxable,
    pre_tax: adjustment.pre_tax,
    reason: adjustment.reason,
    created_by_name,
    updated_at: adjustment.updated_at.toISOString(),
  }));
}

/** GET /api/payslips/{id}/edit: the payslip, its note and adjustments, and whether its run still takes changes. */
export async function readEdit(ctx: AppContext, actor: Actor, id: number): Promise<PayslipEditReply> {
  const target = await loadTarget(ctx.db, id);
  const { payslip, run } = target;
  const record = toPayslipRecord({
    payslip,
    payroll_name: run.name,
    status: run.status,
    period_start: run.period_start,
    period_end: run.period_end,
    pay_date: run.pay_date,
    user_name: target.user_name,
    employee_number: target.employee_number,
    department: target.department,
  });
  return { ...record, note: payslip.note, adjustments: await adjustmentRecords(ctx.db, run.id, payslip.user_id), editable: refusalOf(actor, "payslips.update", target) === null };
}

/** PUT /api/payslips/{id}: the remark printed on the payslip (blank clears it). */
export async function saveNote(ctx: AppContext, actor: Actor, author: Author, id: number, note: string | null): Promise<PayslipEditReply> {
  const target = await loadTarget(ctx.db, id);
  authorizeEdit(actor, "payslips.update", target);
  const wanted = note === null || note === "" ? null : note;
  await mutate(ctx, author, { action: "payslip.updated", subjectType: "payslip" }, async (tx) => {
    await lockOpenRun(tx, target.run.id);
    const current = await lockPayslip(tx, target);
    if (current.note === wanted) return { result: null, unchanged: true };
    await tx.update(payslips).set({ note: wanted }).where(eq(payslips.id, id));
    return { result: null, subjectId: id, changes: { payroll_id: target.run.id, user_id: current.user_id, note: { from: current.note, to: wanted } } };
  });
  return readEdit(ctx, actor, id);
}

/** An adjustment as kept: the flag of the other kind never set (a deduction is not "taxable"). */
const normalized = (input: AdjustmentInput) => ({
  name: input.name,
  kind: input.kind,
  amount: input.amount,
  taxable: input.kind === "earning" && input.taxable,
  pre_tax: input.kind === "deduction" && input.pre_tax,
  reason: input.reason,
});
type AdjustmentFields = ReturnType<typeof normalized>;
const FIELDS = ["name", "kind", "amount", "taxable", "pre_tax", "reason"] as const;

interface AdjustmentChanges {
  added: AdjustmentFields[];
  changed: { id: number; from: Partial<AdjustmentFields>; to: Partial<AdjustmentFields>; fields: AdjustmentFields }[];
  removed: AdjustmentRow[];
}

/** The set wanted against the set kept: ids present change, ids missing go, lines without an id are new. An id not of this payslip is a 422. */
function compareAdjustments(kept: readonly AdjustmentRow[], wanted: readonly AdjustmentInput[]): AdjustmentChanges {
  const byId = new Map(kept.map((row) => [row.id, row]));
  const named = new Set<number>();
  const changes: AdjustmentChanges = { added: [], changed: [], removed: [] };
  wanted.forEach((input, index) => {
    const fields = normalized(input);
    if (input.id === undefined) {
      changes.added.push(fields);
      return;
    }
    const row = byId.get(input.id);
    if (!row) throw invalidField(`adjustments.${index}.id`, "payslips.adjustments.unknown");
    if (named.has(input.id)) throw invalidField(`adjustments.${index}.id`, "payslips.adjustments.twice");
    named.add(input.id);
    const moved = FIELDS.filter((field) => row[field] !== fields[field]);
    if (moved.length > 0) {
      const pick = (source: AdjustmentFields | AdjustmentRow) => Object.fromEntries(moved.map((field) => [field, source[field]])) as Partial<AdjustmentFields>;
      changes.changed.push({ id: row.id, from: pick(row), to: pick(fields), fields });
    }
  });
  changes.removed = kept.filter((row) => !named.has(row.id));
  return changes;
}

/** The changes written (at most three statements, whatever their number); the person's adjustments as they now stand. */
async function writeAdjustments(tx: Db, runId: number, userId: number, changes: AdjustmentChanges, actorId: number, now: Date): Promise<AdjustmentRow[]> {
  if (changes.removed.length > 0) await tx.delete(payslipAdjustments).where(anyOf(payslipAdjustments.id, changes.removed.map((row) => row.id)));
  if (changes.changed.length > 0) {
    const rows = changes.changed.map((change) => ({ id: change.id, ...change.fields }));
    await tx.execute(sql`
      update ${payslipAdjustments} set name = u.name, kind = u.kind, amount = u.amount, taxable = u.taxable, pre_tax = u.pre_tax, reason = u.reason,
        updated_by = ${actorId}, updated_at = ${now.toISOString()}::timestamptz
      from unnest(
        ${array(rows.map((row) => row.id))}::int[], ${array(rows.map((row) => row.name))}::text[], ${array(rows.map((row) => row.kind))}::text[],
        ${array(rows.map((row) => row.amount))}::bigint[], ${array(rows.map((row) => row.taxable))}::boolean[], ${array(rows.map((row) => row.pre_tax))}::boolean[],
        ${array(rows.map((row) => row.reason))}::text[]
      ) as u(id, name, kind, amount, taxable, pre_tax, reason)
      where ${payslipAdjustments.id} = u.id`);
  }
  if (changes.added.length > 0) {
    await tx
      .insert(payslipAdjustments)
      .values(changes.added.map((fields) => ({ payroll_id: runId, user_id: userId, ...fields, created_by: actorId, updated_by: actorId, created_at: now, updated_at: now })));
  }
  return tx
    .select()
    .from(payslipAdjustments)
    .where(and(eq(payslipAdjustments.payroll_id, runId), eq(payslipAdjustments.user_id, userId)))
    .orderBy(asc(payslipAdjustments.id));
}

/** Why the payslip cannot be worked out on its own: a formula failing on these figures, nothing left to pay, or a person the run no longer pays as it stands. */
function notRecomputable(outcome: PersonOutcome | null, t: Translate): HttpError {
  const warning = outcome?.warning;
  if (warning?.kind === "formula_error" && warning.error) {
    return invalidField("adjustments", "payslips.adjustments.formulaFailed", { code: warning.detail ?? "", reason: t(warning.error.key, warning.error.params) });
  }
  if (warning?.kind === "nothing_to_pay") return invalidField("adjustments", "payslips.adjustments.nothingLeft");
  return new HttpError(409, "payslips.recalculateRun");
}

const withoutAuthors = ({ id, name, kind, amount, taxable, pre_tax, reason }: AdjustmentRow) => ({ id, name, kind, amount, taxable, pre_tax, reason });

/**
 * PUT /api/payslips/update-user-payslip/{id}: the payslip's whole set of
 * adjustments, then that one person's payslip computed again from the run's
 * inputs (their attendance, rates and overrides as of now, the components in
 * force) with the adjustments, replacing the old figures in place (the
 * payslip keeps its id and note), and the run's totals and warnings following.
 */
export async function saveAdjustments(ctx: AppContext, actor: Actor, author: Author, id: number, body: AdjustmentsBody, t: Translate): Promise<PayslipEditReply> {
  const target = await loadTarget(ctx.db, id);
  authorizeEdit(actor, "payslips.update", target);
  const { run } = target;
  // An imported run's figures came from its file: the engine would quietly put its own in their place.
  if (run.imported_from !== null) throw new HttpError(409, "payslips.importedRun", { file: run.imported_from });
  const userId = target.payslip.user_id;
  // Read before the transaction: it takes many queries, and the embedded database runs one thing at a time.
  const inputs = await loadRunInputs(ctx, storedRunToLoad(run, [userId]));
  const now = ctx.clock.now();
  await mutate(ctx, author, { action: "payslip.adjusted", subjectType: "payslip" }, async (tx) => {
    await lockOpenRun(tx, run.id);
    const current = await lockPayslip(tx, target);
    const kept = await tx
      .select()
      .from(payslipAdjustments)
      .where(and(eq(payslipAdjustments.payroll_id, run.id), eq(payslipAdjustments.user_id, userId)))
      .orderBy(asc(payslipAdjustments.id));
    const changes = compareAdjustments(kept, body.adjustments);
    if (changes.added.length + changes.changed.length + changes.removed.length === 0) return { result: null, unchanged: true };
    const adjustments = await writeAdjustments(tx, run.id, userId, changes, actor.id, now);

    const [person] = inputs.people;
    const outcome = person ? calculatePerson({ ...inputs, adjustments: new Map([[userId, adjustments]]) }, person) : null;
    if (!outcome?.payslip) throw notRecomputable(outcome, t);
    const { gross, deductions, net, employer_cost, taxable, lines, inputs: facts, explanation } = outcome.payslip;
    await keepFormulaSet(tx, inputs.plan.formulas);
    await tx.update(payslips).set({ gross, deductions, net, employer_cost, taxable, lines, inputs: facts, explanation }).where(eq(payslips.id, id));
    await settleRuns(tx, [{ run_id: run.id, user_id: userId, warning: outcome.warning, leaves: false }], actor.id, now);

    const added = adjustments.filter((row) => !kept.some((before) => before.id === row.id)).map(withoutAuthors);
    return {
      result: null,
      subjectId: id,
      changes: {
        payroll_id: run.id,
        user_id: userId,
        user_name: target.user_name,
        adjustments: {
          added,
          changed: changes.changed.map(({ id: changedId, from, to, fields }) => ({ id: changedId, name: fields.name, from, to, reason: fields.reason })),
          removed: changes.removed.map(withoutAuthors),
        },
        net: { from: current.net, to: net },
        ...(outcome.warning ? { warning: outcome.warning.kind } : {}),
      },
    };
  });
  return readEdit(ctx, actor, id);
}

/**
 * Takes the people of these payslips out of their runs: the payslips and
 * their adjustments deleted, each person added to those the run's
 * recalculations leave out, the runs' totals summed again. One statement of
 * each kind whatever the number, one activity row; a payslip refused says why.
 */
async function removePayslips(ctx: AppContext, actor: Actor, author: Author, ids: readonly number[]) {
  const targets = await loadTargets(ctx.db, ids);
  const removable: Target[] = [];
  const refused: (Refusal & { id: number })[] = [];
  for (const id of ids) {
    const target = targets.find((candidate) => candidate.payslip.id === id);
    const refusal = target ? refusalOf(actor, "payslips.delete", target) : { reason: "errors.notFound", status: 404 };
    if (refusal) refused.push({ id, ...refusal });
    else removable.push(target!);
  }
  const meanwhile = new Map<number, Refusal>();
  const deleted =
    removable.length === 0
      ? []
      : await mutate(ctx, author, { action: "payslip.deleted", subjectType: "payslip" }, async (tx) => {
          const runs = await lockRuns(tx, [...new Set(removable.map((target) => target.run.id))]);
          const going = removable.filter((target) => runs.get(target.run.id) === null);
          for (const target of removable) {
            const refusal = runs.get(target.run.id);
            if (refusal) meanwhile.set(target.payslip.id, refusal);
          }
          const gone =
            going.length === 0
              ? []
              : await tx
                  .delete(payslips)
                  .where(and(anyOf(payslips.id, going.map((target) => target.payslip.id)), anyOf(payslips.payroll_id, going.map((target) => target.run.id))))
                  .returning({ id: payslips.id, payroll_id: payslips.payroll_id, user_id: payslips.user_id, net: payslips.net });
          if (gone.length === 0) return { result: [] as number[], unchanged: true };
          const runIds = array(gone.map((payslip) => payslip.payroll_id));
          const userIds = array(gone.map((payslip) => payslip.user_id));
          await tx.execute(sql`
            delete from ${payslipAdjustments} using unnest(${runIds}::int[], ${userIds}::int[]) as d(run_id, user_id)
            where ${payslipAdjustments.payroll_id} = d.run_id and ${payslipAdjustments.user_id} = d.user_id`);
          await settleRuns(tx, gone.map((payslip) => ({ run_id: payslip.payroll_id, user_id: payslip.user_id, warning: null, leaves: true })), actor.id, ctx.clock.now());
          const names = new Map(going.map((target) => [target.payslip.id, target.user_name]));
          const goneIds = new Set(gone.map((payslip) => payslip.id));
          return {
            // In the order asked for.
            result: going.map((target) => target.payslip.id).filter((id) => goneIds.has(id)),
            subjectId: gone.length === 1 ? gone[0].id : null,
            changes: { payslips: gone.map((payslip) => ({ ...payslip, user_name: names.get(payslip.id) })) },
          };
        });
  for (const target of removable) {
    if (!deleted.includes(target.payslip.id)) refused.push({ id: target.payslip.id, ...(meanwhile.get(target.payslip.id) ?? { reason: "payroll.runs.changedMeanwhile", status: 409 }) });
  }
  return { deleted, refused };
}

/** DELETE /api/payslips/{id}. */
export async function deletePayslip(ctx: AppContext, actor: Actor, author: Author, id: number): Promise<void> {
  const { refused } = await removePayslips(ctx, actor, author, [id]);
  if (refused.length > 0) throw refuse(refused[0]);
}

/** POST /api/payslips/bulk-delete: those that may go, and why each other one stayed. */
export async function bulkDeletePayslips(ctx: AppContext, actor: Actor, author: Author, ids: readonly number[], t: Translate) {
  const { deleted, refused } = await removePayslips(ctx, actor, author, ids);
  return { deleted, refused: refused.map((refusal) => ({ id: refusal.id, message: t(refusal.reason, refusal.params) })) };
}
