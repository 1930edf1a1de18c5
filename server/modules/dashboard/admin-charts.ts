/**
 * The administrator's charts (GET /api/dashboard/admin-dashboard): each one
 * aggregate query. Attendance counts are the reports' own day sums, so the
 * dashboard and the reports cannot disagree.
 */
import { sql } from "drizzle-orm";
import type { AdminCharts } from "../../../contracts/dashboard";
import { attendanceMonths, payrollRuns, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { int, rowsOf } from "../../lib/sql-rows";
import { nextDate } from "../../lib/time-zone";
import { companyToday, countsOver } from "../attendance/reports";
import { addMonths, monthStart } from "./months";
import { onTheBooks } from "./on-the-books";

const ATTENDANCE_DAYS = 30;
const PAYROLL_MONTHS = 12;

async function headcountByDepartment(ctx: AppContext) {
  const rows = rowsOf<{ department: string | null; people: number | string }>(
    await ctx.db.execute(sql`select ${users.department} as department, count(*) as people from ${users} where ${onTheBooks} group by 1 order by 2 desc, 1`),
  );
  return rows.map((row) => ({ department: row.department, people: int(row.people) }));
}

/** `part` out of `whole` in basis points (9,250 is 92.50 %), rounded half up; null out of nothing. */
export function basisPoints(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.floor((part * 20_000 + whole) / (2 * whole));
}

async function attendanceByDay(ctx: AppContext, today: string) {
  const { days } = await countsOver(ctx, { from: nextDate(today, -(ATTENDANCE_DAYS - 1)), to: today });
  return days.map(({ date, present, late, half_day, absent }) => {
    const worked = present + late + half_day;
    return { date, present, late, half_day, absent, rate_bp: basisPoints(worked, worked + absent), late_bp: basisPoints(late, worked) };
  });
}

async function payrollCost(ctx: AppContext, today: string, currency: string) {
  const first = addMonths(today, -(PAYROLL_MONTHS - 1));
  const rows = rowsOf<Record<string, number | string>>(
    await ctx.db.execute(sql`
      select date_trunc('month', pay_date)::date::text as month, count(*) as runs, sum(total_gross) as gross, sum(total_net) as net, sum(total_employer_cost) as employer_cost
      from ${payrollRuns} where status = 'released' and currency = ${currency} and pay_date >= ${first}::date and pay_date < ${addMonths(today, 1)}::date
      group by 1`),
  );
  const byMonth = new Map(rows.map((row) => [String(row.month), row]));
  const months = Array.from({ length: PAYROLL_MONTHS }, (_, index) => {
    const month = addMonths(first, index);
    const row = byMonth.get(month);
    return { month, runs: int(row?.runs ?? 0), gross: int(row?.gross ?? 0), net: int(row?.net ?? 0), employer_cost: int(row?.employer_cost ?? 0) };
  });
  return { currency, months };
}

/** This month's overtime per department from the month sums the day store keeps: one row a person. */
async function overtimeByDepartment(ctx: AppContext, today: string) {
  const month = monthStart(today);
  const rows = rowsOf<{ department: string | null; overtime_minutes: number | string; people: number | string }>(
    await ctx.db.execute(sql`
      select u.department as department, sum(m.overtime_minutes) as overtime_minutes, count(*) filter (where m.overtime_minutes > 0) as people
      from ${attendanceMonths} m join ${users} u on u.id = m.user_id
      where m.month = ${month}::date and u.archived_at is null
      group by 1 having sum(m.overtime_minutes) > 0 order by 2 desc, 1`),
  );
  return { month, departments: rows.map((row) => ({ department: row.department, overtime_minutes: int(row.overtime_minutes), people: int(row.people) })) };
}

export async function adminCharts(ctx: AppContext): Promise<AdminCharts> {
  const { today, currency } = await companyToday(ctx);
  const [departments, attendance, cost, overtime] = await Promise.all([
    headcountByDepartment(ctx),
    attendanceByDay(ctx, today),
    payrollCost(ctx, today, currency),
    overtimeByDepartment(ctx, today),
  ]);
  return { today, headcount_by_department: departments, attendance_by_day: attendance, payroll_cost_by_month: cost, overtime_by_department: overtime };
}
