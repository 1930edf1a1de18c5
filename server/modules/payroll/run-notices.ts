/**
 * What the run page tells the payroll office about a run not yet approved,
 * besides its people's warnings: attendance recorded only part of the way
 * through the run's attendance window (days not entered yet, or still to
 * come), leave in the window still waiting for a decision, and for a regular run a period that is not one of the pay
 * frequency's and an earlier run of the same month still open (its figures
 * count for this run's mtd() only once it is approved). Worked out when read,
 * for a page of runs at once, as things stand now.
 */
import { and, between, eq, gte, inArray, lte, max, sql } from "drizzle-orm";
import { periodFits, type PayFrequency } from "../../../contracts/pay-periods";
import type { RunNotice } from "../../../contracts/payroll";
import type { Db } from "../../db/client";
import { attendanceRecords, leaveRequests, payrollRuns, users } from "../../db/schema";
import { array } from "../../lib/any-of";
import { peopleInScope } from "./inputs";

type NoticedRun = Pick<typeof payrollRuns.$inferSelect, "id" | "kind" | "status" | "period_start" | "period_end" | "attendance_start" | "attendance_end" | "people">;

const isOpen = (run: NoticedRun) => run.status === "draft" || run.status === "calculated";
const isOpenRegular = (run: NoticedRun) => run.kind === "regular" && isOpen(run);

/** The last day in the run's attendance window on which any of its people has time recorded (null: none at all). */
async function lastRecordedDay(db: Db, run: NoticedRun): Promise<string | null> {
  const [row] = await db
    .select({ last: max(attendanceRecords.work_date) })
    .from(attendanceRecords)
    .innerJoin(users, eq(users.id, attendanceRecords.user_id))
    .where(and(between(attendanceRecords.work_date, run.attendance_start, run.attendance_end), peopleInScope({ start: run.period_start, end: run.period_end }, run.people)));
  return row?.last ?? null;
}

/** Leave requests of the run's people with a day in its attendance window still waiting for a decision: what it pays may change. */
async function pendingLeave(db: Db, run: NoticedRun): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.user_id))
    .where(
      and(
        inArray(leaveRequests.status, ["pending", "cancel_requested"]),
        lte(leaveRequests.start_date, run.attendance_end),
        gte(leaveRequests.end_date, run.attendance_start),
        peopleInScope({ start: run.period_start, end: run.period_end }, run.people),
      ),
    );
  return row?.n ?? 0;
}

export async function runNotices(db: Db, runs: readonly NoticedRun[], frequency: PayFrequency): Promise<Map<number, RunNotice[]>> {
  const notices = new Map<number, RunNotice[]>(runs.map((run) => [run.id, []]));
  for (const run of runs.filter(isOpen)) {
    const last = await lastRecordedDay(db, run);
    // The detail is the last day recorded, empty when none is: the page words both.
    if (last === null || last < run.attendance_end) notices.get(run.id)!.push({ kind: "attendance_incomplete", detail: last ?? "", run_id: null });
    const waiting = await pendingLeave(db, run);
    if (waiting > 0) notices.get(run.id)!.push({ kind: "leave_pending", detail: String(waiting), run_id: null });
  }
  const open = runs.filter(isOpenRegular);
  if (open.length === 0) return notices;
  for (const run of open) {
    if (!periodFits(frequency, run)) notices.get(run.id)!.push({ kind: "period_misfit", detail: frequency, run_id: null });
  }
  const earlier = (await db.execute(sql`
    select r.id, e.id as earlier_id, e.name as earlier_name
    from ${payrollRuns} r join ${payrollRuns} e
      on e.kind = 'regular' and e.id <> r.id and e.status in ('draft', 'calculated')
      and date_trunc('month', e.pay_date) = date_trunc('month', r.pay_date) and e.period_start < r.period_start
    where r.id = any(${array(open.map((run) => run.id))}::int[])
    order by r.id, e.period_start, e.id`)) as unknown as { rows: { id: number; earlier_id: number; earlier_name: string }[] };
  for (const row of earlier.rows) notices.get(Number(row.id))!.push({ kind: "earlier_run_open", detail: row.earlier_name, run_id: Number(row.earlier_id) });
  return notices;
}
