/**
 * The staff widgets both dashboards show beside today's attendance exceptions
 * (attendance-exceptions.ts): runs awaiting approval and this month's new
 * hires (GET /api/dashboard/awaiting-approval, new-hires), each a capped list
 * with the total of what it lists, from one indexed query.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { WIDGET_DEFAULT_LIMIT, type AwaitingApproval, type NewHires } from "../../../contracts/dashboard-own";
import { payrollRuns, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { int } from "../../lib/sql-rows";
import { thisMonth } from "../attendance/reports";
import { onTheBooks } from "./on-the-books";

/** Runs calculated and waiting for approval, longest waiting first (along the status index). */
export async function runsAwaitingApproval(ctx: AppContext, limit = WIDGET_DEFAULT_LIMIT): Promise<AwaitingApproval> {
  const rows = await ctx.db
    .select({
      id: payrollRuns.id,
      name: payrollRuns.name,
      period_start: payrollRuns.period_start,
      period_end: payrollRuns.period_end,
      pay_date: payrollRuns.pay_date,
      currency: payrollRuns.currency,
      people: payrollRuns.total_people,
      gross: payrollRuns.total_gross,
      net: payrollRuns.total_net,
      calculated_by: payrollRuns.calculated_by,
      calculated_by_name: users.name,
      calculated_at: payrollRuns.calculated_at,
      total: sql<number>`count(*) over ()`.mapWith(int),
    })
    .from(payrollRuns)
    .leftJoin(users, eq(users.id, payrollRuns.calculated_by))
    .where(eq(payrollRuns.status, "calculated"))
    .orderBy(sql`${payrollRuns.calculated_at} asc nulls last`, asc(payrollRuns.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ calculated_by, calculated_by_name, calculated_at, total: _total, ...run }) => ({
      ...run,
      calculated_by: calculated_by === null ? null : { id: calculated_by, name: calculated_by_name },
      calculated_at: calculated_at?.toISOString() ?? null,
    })),
  };
}

/** People hired in this calendar month of the company's, on the books (not archived, not terminated), latest first. */
export async function hiredThisMonth(ctx: AppContext, limit = WIDGET_DEFAULT_LIMIT): Promise<NewHires> {
  const month = await thisMonth(ctx);
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      employee_number: users.employee_number,
      department: users.department,
      position: users.position,
      hire_date: sql<string>`${users.hire_date}::text`,
      total: sql<number>`count(*) over ()`.mapWith(int),
    })
    .from(users)
    .where(and(onTheBooks, sql`${users.hire_date} between ${month.from}::date and ${month.to}::date`))
    .orderBy(desc(users.hire_date), asc(users.name), asc(users.id))
    .limit(limit);
  return { ...month, total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...person }) => person) };
}
