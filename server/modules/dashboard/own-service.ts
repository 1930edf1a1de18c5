/**
 * One's own dashboard figures (GET /api/dashboard/quick-stats), each read the
 * way its own page reads it: the week as /attendance/weekly-summary derives
 * it, the next shift as /schedules/my-schedule finds it, payslips as
 * self-service shows them (released, not withdrawn), notifications as the
 * bell counts them. Only the caller's rows are ever read.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { DASHBOARD_NOTIFICATIONS, type QuickStats } from "../../../contracts/dashboard-own";
import { notifications, payrollRuns, payslips } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import type { Translate } from "../../lib/i18n";
import { summarize } from "../attendance/derive-core";
import { companyToday, daysOf, weekOf } from "../attendance/reports";
import type { UnreadCounts } from "../notifications/counts";
import { selectOwn, toRecord } from "../notifications/service";
import { ownStanding } from "../payslips/delivery";
import { myScheduleOf } from "../schedules/my-schedule";

async function thisWeek(ctx: AppContext, userId: number): Promise<QuickStats["week"]> {
  const week = await weekOf(ctx);
  const days = await daysOf(ctx, [userId], week.from, week.to);
  return { ...week, worked_minutes: summarize(days).worked_minutes, scheduled_minutes: days.reduce((sum, day) => sum + day.scheduled_minutes, 0) };
}

async function nextShift(ctx: AppContext, userId: number): Promise<QuickStats["next_shift"]> {
  const { schedule, next_shift } = await myScheduleOf(ctx, userId);
  return schedule && next_shift && { ...next_shift, schedule_name: schedule.name };
}

async function latestPayslip(ctx: AppContext, userId: number): Promise<QuickStats["latest_payslip"]> {
  const [row] = await ctx.db
    .select({
      id: payslips.id,
      payroll_id: payslips.payroll_id,
      period_start: payrollRuns.period_start,
      period_end: payrollRuns.period_end,
      pay_date: payrollRuns.pay_date,
      net: payslips.net,
      currency: payslips.currency,
    })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id))
    .where(ownStanding(userId))
    .orderBy(desc(payrollRuns.pay_date), desc(payslips.id))
    .limit(1);
  return row ?? null;
}

/** The calendar year's standing payslips summed per currency, the year of the company's today; the currency paid last first. */
async function yearToDate(ctx: AppContext, userId: number, year: number): Promise<QuickStats["year_to_date"]> {
  const totals = await ctx.db
    .select({
      currency: payslips.currency,
      payslips: sql<number>`count(*)::int`.mapWith(Number),
      gross: sql<number>`sum(${payslips.gross})::bigint`.mapWith(Number),
      deductions: sql<number>`sum(${payslips.deductions})::bigint`.mapWith(Number),
      net: sql<number>`sum(${payslips.net})::bigint`.mapWith(Number),
    })
    .from(payslips)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id))
    .where(and(ownStanding(userId), sql`${payrollRuns.pay_date} between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date`))
    .groupBy(payslips.currency)
    .orderBy(sql`max(${payrollRuns.pay_date}) desc`, payslips.currency);
  return { year, totals };
}

async function ownNotifications(ctx: AppContext, userId: number, unreadCounts: UnreadCounts, t: Translate): Promise<QuickStats["notifications"]> {
  const [unread, rows] = await Promise.all([
    unreadCounts.get(userId),
    // The bell's inbox (not archived), newest first along the (user_id, id) index.
    selectOwn(ctx.db, userId, isNull(notifications.archived_at)).orderBy(desc(notifications.id)).limit(DASHBOARD_NOTIFICATIONS),
  ]);
  return { unread, recent: rows.map((row) => toRecord(row, t)) };
}

export async function ownQuickStats(ctx: AppContext, userId: number, unreadCounts: UnreadCounts, t: Translate): Promise<QuickStats> {
  const { today } = await companyToday(ctx);
  const [week, next_shift, latest_payslip, year_to_date, notices] = await Promise.all([
    thisWeek(ctx, userId),
    nextShift(ctx, userId),
    latestPayslip(ctx, userId),
    yearToDate(ctx, userId, Number(today.slice(0, 4))),
    ownNotifications(ctx, userId, unreadCounts, t),
  ]);
  return { today, week, next_shift, latest_payslip, year_to_date, notifications: notices };
}
