/**
 * The administrator's quick stats (GET /api/dashboard/admin-stats): each
 * figure one aggregate query over an index or a table of a few rows.
 */
import { desc, sql } from "drizzle-orm";
import type { AdminStats } from "../../../contracts/dashboard";
import { attendanceBreaks, attendanceRecords, payrollRuns, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { int, rowsOf } from "../../lib/sql-rows";
import { nextDate } from "../../lib/time-zone";
import { companyToday } from "../attendance/reports";
import type { UnreadCounts } from "../notifications/counts";
import { exceptionsToday } from "./attendance-exceptions";
import { addMonths, monthStart } from "./months";
import { onTheBooks } from "./on-the-books";

async function headcount(ctx: AppContext, today: string) {
  const [row] = rowsOf<Record<string, number | string>>(
    await ctx.db.execute(sql`
      select count(*) filter (where ${users.employment_status} = 'active') as active,
        count(*) filter (where ${users.employment_status} = 'on_leave') as on_leave,
        count(*) filter (where ${users.hire_date} between ${monthStart(today)}::date and ${nextDate(addMonths(today, 1), -1)}::date) as new_this_month
      from ${users} where ${onTheBooks}`),
  );
  return { active: int(row.active), on_leave: int(row.on_leave), new_this_month: int(row.new_this_month) };
}

/** Open records and their open breaks: read through the partial indexes of open rows. */
async function clockedNow(ctx: AppContext) {
  const [row] = rowsOf<Record<string, number | string>>(
    await ctx.db.execute(sql`
      select count(*) as clocked_in, count(b.id) as on_break
      from ${attendanceRecords} r left join ${attendanceBreaks} b on b.record_id = r.id and b.ended_at is null
      where r.clock_out_at is null`),
  );
  return { clocked_in: int(row.clocked_in), on_break: int(row.on_break) };
}

/** The newest run still on its way to release; once every run is released, the newest. */
async function currentRun(ctx: AppContext): Promise<AdminStats["current_run"]> {
  const [run] = await ctx.db
    .select({
      id: payrollRuns.id,
      name: payrollRuns.name,
      status: payrollRuns.status,
      period_start: payrollRuns.period_start,
      period_end: payrollRuns.period_end,
      pay_date: payrollRuns.pay_date,
      currency: payrollRuns.currency,
      total_people: payrollRuns.total_people,
      total_gross: payrollRuns.total_gross,
      total_net: payrollRuns.total_net,
      total_employer_cost: payrollRuns.total_employer_cost,
    })
    .from(payrollRuns)
    .orderBy(sql`${payrollRuns.status} = 'released'`, desc(payrollRuns.period_end), desc(payrollRuns.id))
    .limit(1);
  return run ?? null;
}

/** Late and absent so far today, as the attendance exceptions judge them: the same figures as that widget's. */
async function lateAndAbsent(ctx: AppContext) {
  const { counts } = await exceptionsToday(ctx, 1);
  return { late: counts.late, absent: counts.absent };
}

/** The quick stats; the unread count is the bell's own (kept between changes on the embedded database). */
export async function adminStats(ctx: AppContext, userId: number, unreadCounts: UnreadCounts): Promise<AdminStats> {
  const { today } = await companyToday(ctx);
  const [people, now, soFar, run, unread] = await Promise.all([headcount(ctx, today), clockedNow(ctx), lateAndAbsent(ctx), currentRun(ctx), unreadCounts.get(userId)]);
  return { today, headcount: people, now: { ...now, ...soFar }, current_run: run, unread_notifications: unread };
}
