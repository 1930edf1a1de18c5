/**
 * Payroll runs: created as drafts, calculated by a job, then approved and
 * released by payroll_release holders. Each transition is one conditional
 * UPDATE (… where status = the state it leaves), so of two at once only one
 * happens and the other is a 409; each writes its activity row (who, when,
 * why) through the write path.
 */
import { aliasedTable, and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { BLOCKING_WARNINGS, RUN_STATUSES, type RunBody, type RunRecord, type RunStatus, type RunTotals, type StoredRunWarning } from "../../../contracts/payroll";
import { decide, type Actor } from "../../../contracts/policies";
import type { RunSubject } from "../../../contracts/policies/payroll";
import type { Db } from "../../db/client";
import { jobs, payrollRuns, payslips, users } from "../../db/schema";
import { anyOf } from "../../lib/any-of";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField, notFound } from "../../lib/errors";
import type { Translate } from "../../lib/i18n";
import { defineListSpec, paged, parseListQuery } from "../../lib/list";
import { authorize } from "../../lib/policy";
import { dateInZone } from "../../lib/time-zone";
import { openAttendanceDays } from "../../../contracts/pay-periods";
import type { RequestOrigin } from "../../lib/origin";
import { mutate, type Author } from "../../lib/write";
import { companyFacts } from "../company/facts";
import { notify } from "../notifications/service";
import { queuePayslipMails } from "../payslips/email";
import { readSettings } from "../settings/service";
import { calculateJob } from "./calculate-job";
import { peopleInScope } from "./inputs";
import { runNotices } from "./run-notices";

export type RunRow = typeof payrollRuns.$inferSelect;

const calculator = aliasedTable(users, "calculator");
const approver = aliasedTable(users, "approver");
const releaser = aliasedTable(users, "releaser");

/** A run with the names behind its stamps and its calculation's progress while it runs. */
const runColumns = {
  run: payrollRuns,
  calculated_name: calculator.name,
  approved_name: approver.name,
  released_name: releaser.name,
  job_status: jobs.status,
  job_done: jobs.progress_done,
  job_total: jobs.progress_total,
};

type RunView = { run: RunRow; calculated_name: string | null; approved_name: string | null; released_name: string | null; job_status: string | null; job_done: number | null; job_total: number | null };

const selectRuns = (db: Db) =>
  db
    .select(runColumns)
    .from(payrollRuns)
    .leftJoin(calculator, eq(calculator.id, payrollRuns.calculated_by))
    .leftJoin(approver, eq(approver.id, payrollRuns.approved_by))
    .leftJoin(releaser, eq(releaser.id, payrollRuns.released_by))
    .leftJoin(jobs, eq(jobs.id, payrollRuns.job_id))
    .$dynamic();

export const runsList = defineListSpec({
  fields: {
    name: { column: payrollRuns.name, kind: "text" },
    status: { column: payrollRuns.status, kind: "choice", values: RUN_STATUSES },
    kind: { column: payrollRuns.kind, kind: "choice", values: ["regular", "off_cycle"] },
    period_start: { column: payrollRuns.period_start, kind: "date" },
    period_end: { column: payrollRuns.period_end, kind: "date" },
    pay_date: { column: payrollRuns.pay_date, kind: "date" },
    total_net: { column: payrollRuns.total_net, kind: "number" },
    total_people: { column: payrollRuns.total_people, kind: "number" },
    created_at: { column: payrollRuns.created_at, kind: "date" },
  },
  defaultSort: "-period_end",
  search: [payrollRuns.name],
});

export const totalsOf = (run: RunRow): RunTotals => ({
  people: run.total_people,
  gross: run.total_gross,
  deductions: run.total_deductions,
  net: run.total_net,
  employer_cost: run.total_employer_cost,
});

const stampOf = (by: number | null, name: string | null, at: Date | null) => (at ? { by, by_name: name, at: at.toISOString() } : null);

export function toRunRecord(view: RunView, t: Translate, separateApprover: boolean, notices: RunRecord["notices"]): RunRecord {
  const { run } = view;
  const running = view.job_status === "queued" || view.job_status === "running";
  return {
    id: run.id,
    name: run.name,
    kind: run.kind,
    corrects_id: run.corrects_id,
    period_start: run.period_start,
    period_end: run.period_end,
    attendance_start: run.attendance_start,
    attendance_end: run.attendance_end,
    pay_date: run.pay_date,
    people: run.people,
    status: run.status,
    currency: run.currency,
    job_id: run.job_id,
    progress: running ? { done: view.job_done ?? 0, total: view.job_total } : null,
    totals: totalsOf(run),
    warnings: run.warnings.map((warning) => ({
      user_id: warning.user_id,
      user_name: warning.user_name,
      kind: warning.kind,
      detail: warning.detail ?? null,
      message: warning.error ? t(warning.error.key, warning.error.params) : null,
    })),
    notices,
    calculated: stampOf(run.calculated_by, view.calculated_name, run.calculated_at),
    approved: stampOf(run.approved_by, view.approved_name, run.approved_at),
    released: stampOf(run.released_by, view.released_name, run.released_at),
    separate_approver: separateApprover,
    created_at: run.created_at.toISOString(),
    updated_at: run.updated_at.toISOString(),
  };
}

export const subjectOfRun = (run: Pick<RunRow, "status" | "calculated_by">, separateApprover: boolean): RunSubject => ({ status: run.status, calculated_by: run.calculated_by, separate_approver: separateApprover });

/** Runs as the API shows them, with what the settings say of them (four eyes, the pay frequency's notices). */
async function toRunRecords(ctx: AppContext, views: readonly RunView[], t: Translate): Promise<RunRecord[]> {
  const settings = await readSettings(ctx, "payroll");
  const notices = await runNotices(ctx.db, views.map((view) => view.run), settings.pay_frequency);
  return views.map((view) => toRunRecord(view, t, settings.separate_approver, notices.get(view.run.id) ?? []));
}

async function separateApprover(ctx: AppContext): Promise<boolean> {
  return (await readSettings(ctx, "payroll")).separate_approver;
}

export async function loadRun(db: Db, id: number): Promise<RunView | null> {
  const [row] = await selectRuns(db).where(eq(payrollRuns.id, id));
  return row ?? null;
}

export async function listRuns(ctx: AppContext, query: Record<string, unknown>, t: Translate) {
  const list = parseListQuery(query, runsList);
  return paged(ctx.db, list, {
    rows: async (page) => toRunRecords(ctx, await selectRuns(ctx.db).where(page.where).orderBy(...page.orderBy).limit(page.limit).offset(page.offset), t),
    count: payrollRuns,
  });
}

export async function readRun(ctx: AppContext, actor: Actor, id: number, t: Translate): Promise<RunRecord> {
  const view = await loadRun(ctx.db, id);
  if (!view) throw notFound();
  const separate = await separateApprover(ctx);
  authorize(actor, "payroll.view", subjectOfRun(view.run, separate));
  const [record] = await toRunRecords(ctx, [view], t);
  return record;
}

/** "Payroll Nov 1 – Nov 30, 2026"-like names are the app's to word; the stored default is plain and sortable. */
const defaultName = (input: RunBody) => `${input.corrects_id ? "Correction" : "Payroll"} ${input.period_start} – ${input.period_end}`;

/**
 * An approved or released regular run that already pays someone the new run would pay, for a day of its
 * period: its name. Its figures are settled, so a second regular run would pay those days twice; found at
 * creation rather than at calculation, when the office can still choose a correction run instead.
 */
async function approvedRunPaying(db: Db, input: RunBody): Promise<string | null> {
  const period = { start: input.period_start, end: input.period_end };
  const [row] = await db
    .select({ name: payrollRuns.name })
    .from(payrollRuns)
    .innerJoin(payslips, eq(payslips.payroll_id, payrollRuns.id))
    .innerJoin(users, eq(users.id, payslips.user_id))
    .where(
      and(
        eq(payrollRuns.kind, "regular"),
        inArray(payrollRuns.status, ["approved", "released"]),
        lte(payrollRuns.period_start, period.end),
        gte(payrollRuns.period_end, period.start),
        peopleInScope(period, input.people),
      ),
    )
    .orderBy(payrollRuns.period_start, payrollRuns.id)
    .limit(1);
  return row?.name ?? null;
}

export async function createRun(ctx: AppContext, actor: Actor, author: Author, input: RunBody, t: Translate): Promise<RunRecord> {
  if (input.corrects_id !== null) {
    const corrected = await loadRun(ctx.db, input.corrects_id);
    if (!corrected || corrected.run.status !== "released") throw invalidField("corrects_id", "payroll.runs.correctsReleasedOnly");
  }
  if (typeof input.people === "object" && "user_ids" in input.people) {
    const found = await ctx.db.select({ id: users.id }).from(users).where(anyOf(users.id, input.people.user_ids));
    if (found.length !== input.people.user_ids.length) throw invalidField("people.user_ids", "payroll.runs.unknownPeople");
  }
  if (input.corrects_id === null) {
    const paid = await approvedRunPaying(ctx.db, input);
    if (paid) throw new HttpError(409, "payroll.runs.periodPaid", { name: paid });
  }
  const { currency } = await companyFacts(ctx.db);
  const now = ctx.clock.now();
  const id = await mutate(ctx, author, { action: "payroll.created", subjectType: "payroll" }, async (tx) => {
    const [row] = await tx
      .insert(payrollRuns)
      .values({
        name: input.name ?? defaultName(input),
        kind: input.corrects_id === null ? "regular" : "off_cycle",
        corrects_id: input.corrects_id,
        period_start: input.period_start,
        period_end: input.period_end,
        attendance_start: input.attendance_start ?? input.period_start,
        attendance_end: input.attendance_end ?? input.period_end,
        pay_date: input.pay_date,
        people: input.people,
        currency,
        created_by: actor.id,
        updated_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: payrollRuns.id, name: payrollRuns.name });
    return { result: row.id, subjectId: row.id, changes: { ...input, name: row.name } };
  });
  return readRun(ctx, actor, id, t);
}

/**
 * Moves a run from one state to the next if it is still in the state the
 * check saw: the UPDATE's WHERE decides a race, the loser gets a 409.
 */
async function transition(
  ctx: AppContext,
  actor: Actor,
  author: Author,
  id: number,
  step: {
    action: "payroll.approve" | "payroll.reopen" | "payroll.release";
    event: string;
    to: RunStatus;
    set: Partial<RunRow>;
    reason?: string;
    check?: (run: RunRow) => void;
    /** What else the transition changes, in its transaction. */
    alsoWrite?: (tx: Db, run: RunRow) => Promise<void>;
  },
  t: Translate,
): Promise<RunRecord> {
  const view = await loadRun(ctx.db, id);
  if (!view) throw notFound();
  authorize(actor, step.action, subjectOfRun(view.run, await separateApprover(ctx)));
  step.check?.(view.run);
  const from = view.run.status;
  await mutate(ctx, author, { action: step.event, subjectType: "payroll" }, async (tx) => {
    const moved = await tx
      .update(payrollRuns)
      .set({ ...step.set, status: step.to, updated_at: ctx.clock.now(), updated_by: actor.id })
      .where(and(eq(payrollRuns.id, id), eq(payrollRuns.status, from), sql`${payrollRuns.updated_at} = ${view.run.updated_at.toISOString()}`))
      .returning({ id: payrollRuns.id });
    if (moved.length === 0) throw new HttpError(409, "payroll.runs.changedMeanwhile");
    await step.alsoWrite?.(tx, view.run);
    return { result: id, subjectId: id, changes: { status: { from, to: step.to }, ...(step.reason ? { reason: step.reason } : {}) } };
  });
  return readRun(ctx, actor, id, t);
}

const calculating = (job: string | null) => job === "queued" || job === "running";

export async function approveRun(ctx: AppContext, actor: Actor, author: Author, id: number, t: Translate): Promise<RunRecord> {
  const view = await loadRun(ctx.db, id);
  if (view && calculating(view.job_status)) throw new HttpError(409, "payroll.runs.calculating");
  return transition(ctx, actor, author, id, {
    action: "payroll.approve",
    event: "payroll.approved",
    to: "approved",
    set: { approved_by: actor.id, approved_at: ctx.clock.now() },
    check: (run) => {
      const blocking = run.warnings.filter((warning: StoredRunWarning) => BLOCKING_WARNINGS.includes(warning.kind));
      if (blocking.length > 0) throw new HttpError(409, "payroll.runs.blockingWarnings", { count: blocking.length });
    },
  }, t);
}

/** Takes an approval back (the run is calculated again, open to recalculation): the reason is kept in the activity log. */
export async function reopenRun(ctx: AppContext, actor: Actor, author: Author, id: number, reason: string, t: Translate): Promise<RunRecord> {
  return transition(ctx, actor, author, id, { action: "payroll.reopen", event: "payroll.reopened", to: "calculated", set: { approved_by: null, approved_at: null }, reason }, t);
}

export async function releaseRun(ctx: AppContext, actor: Actor, author: Author, id: number, confirmOpenAttendance: boolean, t: Translate): Promise<RunRecord> {
  const today = dateInZone(ctx.clock.now(), (await companyFacts(ctx.db)).time_zone);
  return transition(ctx, actor, author, id, {
    action: "payroll.release",
    event: "payroll.released",
    to: "released",
    set: { released_by: actor.id, released_at: ctx.clock.now() },
    // Time recorded on those days after the release is not this run's: the office says it knows (the next run pays it).
    check: (run) => {
      const open = openAttendanceDays(run, today);
      if (open && !confirmOpenAttendance) throw new HttpError(409, "payroll.runs.attendanceOpen", open);
    },
    // Everyone paid hears of it with the release itself: nobody is told of a release rolled back.
    alsoWrite: async (tx, run) => {
      const paid = await tx.select({ user_id: payslips.user_id }).from(payslips).where(eq(payslips.payroll_id, id));
      const { pdf_password, email_payslips } = await readSettings({ db: tx, config: ctx.config }, "payroll");
      // Protected PDFs: the message says how to open them (never the password itself).
      const params = { name: run.name, period_start: run.period_start, period_end: run.period_end, pay_date: run.pay_date, ...(pdf_password ? { context: "protected" } : {}) };
      // The link opens each person's own payslip of this run. With payslips e-mailed, the e-mail is the one carrying
      // the PDF: the notification stays in the app, so nobody gets two messages about one payslip.
      await notify(ctx, { recipients: paid.map((row) => row.user_id), type: "payslip_released", params, link: `/user-payslips?run=${id}`, senderId: actor.id, email: !email_payslips }, tx);
      if (email_payslips) await queuePayslipMails(ctx, tx, run, pdf_password);
    },
  }, t);
}

/** Which runs may go: drafts and calculated runs not being calculated; the others with why not. */
function sortDeletable(actor: Actor, rows: readonly { run: RunRow; job_status: string | null }[], ids: readonly number[], separate: boolean) {
  const deletable: RunRow[] = [];
  const refused: { id: number; reason: string; params?: Record<string, unknown>; status: number }[] = [];
  for (const id of ids) {
    const row = rows.find((candidate) => candidate.run.id === id);
    if (!row) {
      refused.push({ id, reason: "errors.notFound", status: 404 });
      continue;
    }
    const decision = decide(actor, "payroll.delete", subjectOfRun(row.run, separate));
    if (decision !== true) refused.push({ id, reason: decision.reason, params: decision.params, status: decision.status ?? 403 });
    else if (calculating(row.job_status)) refused.push({ id, reason: "payroll.runs.calculating", status: 409 });
    else deletable.push(row.run);
  }
  return { deletable, refused };
}

/**
 * Deletes drafts and calculated runs with their payslips, in one statement
 * that re-checks each state (a run approved meanwhile stays). One activity
 * row names every run deleted.
 */
async function removeRuns(ctx: AppContext, actor: Actor, author: Author, ids: readonly number[]) {
  const rows = await selectRuns(ctx.db).where(inArray(payrollRuns.id, [...ids]));
  const { deletable, refused } = sortDeletable(actor, rows, ids, await separateApprover(ctx));
  const deleted =
    deletable.length === 0
      ? []
      : await mutate(ctx, author, { action: "payroll.deleted", subjectType: "payroll" }, async (tx) => {
          const gone = await tx
            .delete(payrollRuns)
            .where(and(inArray(payrollRuns.id, deletable.map((run) => run.id)), inArray(payrollRuns.status, ["draft", "calculated"])))
            .returning({ id: payrollRuns.id, name: payrollRuns.name });
          if (gone.length === 0) return { result: [] as number[], unchanged: true };
          return { result: gone.map((run) => run.id), subjectId: gone.length === 1 ? gone[0].id : null, changes: { runs: gone } };
        });
  for (const run of deletable) if (!deleted.includes(run.id)) refused.push({ id: run.id, reason: "payroll.runs.changedMeanwhile", status: 409 });
  return { deleted, refused };
}

export async function deleteRun(ctx: AppContext, actor: Actor, author: Author, id: number): Promise<void> {
  const { refused } = await removeRuns(ctx, actor, author, [id]);
  if (refused.length > 0) throw new HttpError(refused[0].status, refused[0].reason, refused[0].params);
}

/** Deletes the runs that may go and says why each other one stayed. */
export async function bulkDeleteRuns(ctx: AppContext, actor: Actor, author: Author, ids: readonly number[], t: Translate) {
  const { deleted, refused } = await removeRuns(ctx, actor, author, ids);
  return { deleted, refused: refused.map((refusal) => ({ id: refusal.id, message: t(refusal.reason, refusal.params) })) };
}

/**
 * Queues the run's calculation (or answers the one already under way): the
 * job and the run's pointer to it commit together, so a run never waits on
 * a job that was not queued.
 */
export async function startCalculation(ctx: AppContext, actor: Actor, author: Author, id: number, origin: RequestOrigin, t: Translate): Promise<RunRecord> {
  const view = await loadRun(ctx.db, id);
  if (!view) throw notFound();
  authorize(actor, "payroll.calculate", subjectOfRun(view.run, await separateApprover(ctx)));
  if (calculating(view.job_status)) return readRun(ctx, actor, id, t);
  await mutate(ctx, author, { action: "payroll.calculation_queued", subjectType: "payroll" }, async (tx) => {
    const jobId = await ctx.jobs.enqueue(calculateJob(ctx), { run_id: id, origin }, { ownerId: actor.id, db: tx });
    const queued = await tx
      .update(payrollRuns)
      .set({ job_id: jobId, updated_at: ctx.clock.now(), updated_by: actor.id })
      .where(and(eq(payrollRuns.id, id), inArray(payrollRuns.status, ["draft", "calculated"]), sql`${payrollRuns.job_id} is not distinct from ${view.run.job_id}`))
      .returning({ id: payrollRuns.id });
    if (queued.length === 0) throw new HttpError(409, "payroll.runs.changedMeanwhile");
    return { result: jobId, subjectId: id, changes: { job_id: jobId } };
  });
  return readRun(ctx, actor, id, t);
}
