/**
 * Days already paid: a released run's payslips were computed from them, and
 * a released run never changes. Attendance asks here before a day of a
 * person's changes (a difference is paid by a correction run, not by
 * rewriting what was paid).
 */
import { and, eq, gte, lte, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payrollRuns, payslips } from "../../db/schema";
import { HttpError } from "../../lib/errors";

/**
 * Refuses (409, naming the run) when any of the dates falls in the attendance a released run paid this person: its window,
 * so days after an early cut-off can still be recorded and corrected (the next run pays them).
 */
export async function assertDaysUnpaid(db: Db, userId: number, dates: readonly string[]): Promise<void> {
  if (dates.length === 0) return;
  const [paid] = await db
    .select({ name: payrollRuns.name })
    .from(payrollRuns)
    .innerJoin(payslips, and(eq(payslips.payroll_id, payrollRuns.id), eq(payslips.user_id, userId)))
    .where(and(eq(payrollRuns.status, "released"), or(...dates.map((date) => and(lte(payrollRuns.attendance_start, date), gte(payrollRuns.attendance_end, date))))))
    .limit(1);
  if (paid) throw new HttpError(409, "attendance.paidPeriod", { run: paid.name });
}
