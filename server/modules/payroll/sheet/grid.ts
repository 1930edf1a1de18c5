/**
 * GET /api/payroll-sheet/{run}/{sheet}: a page of a sheet's people (by name)
 * with every component column of the run and the whole sheet's totals, and
 * the run's departments for tabs. Pages, because a run may pay 10,000 people
 * and a browser should not hold them all in one grid.
 */
import { SHEET_ALL, SHEET_NO_DEPARTMENT, type PayrollSheetReply } from "../../../../contracts/payroll-sheet";
import type { Actor } from "../../../../contracts/policies";
import type { AppContext } from "../../../lib/context";
import { notFound } from "../../../lib/errors";
import type { Translate } from "../../../lib/i18n";
import { runFor } from "./run-access";
import { runColumns, runDepartments, sheetPage, sheetTotals, type DepartmentSums, type SheetScope } from "./sheet-data";

/** The sheet a path names among the run's departments: "all", "-" (no department) or a name in any case; null when the run has no such one. */
function scopeOf(sheet: string, departments: readonly DepartmentSums[]): { scope: SheetScope; sheet: string } | null {
  if (sheet.toLowerCase() === SHEET_ALL) return { scope: { kind: "all" }, sheet: SHEET_ALL };
  const key = sheet === SHEET_NO_DEPARTMENT ? null : sheet.toLowerCase();
  const found = departments.find((department) => department.key === key);
  if (!found) return null;
  return { scope: found.key === null ? { kind: "none" } : { kind: "department", key: found.key }, sheet: found.sheet };
}

export async function payrollSheet(ctx: AppContext, actor: Actor, runId: number, sheet: string, paging: { page: number; per_page: number }, t: Translate): Promise<PayrollSheetReply> {
  const { run } = await runFor(ctx, actor, runId, "payroll.sheet");
  const [departments, columns] = await Promise.all([runDepartments(ctx.db, run.id), runColumns(ctx.db, run.id, t)]);
  const chosen = scopeOf(sheet.trim(), departments);
  if (!chosen) throw notFound();
  const [totals, rows] = await Promise.all([
    sheetTotals(ctx.db, run.id, chosen.scope, columns),
    sheetPage(ctx.db, run.id, chosen.scope, columns, { limit: paging.per_page, offset: (paging.page - 1) * paging.per_page }),
  ]);
  return {
    run: { id: run.id, name: run.name, status: run.status, currency: run.currency, period_start: run.period_start, period_end: run.period_end, pay_date: run.pay_date },
    sheet: chosen.sheet,
    departments: departments.map((department) => ({ name: department.name, sheet: department.sheet, people: department.people })),
    columns,
    rows,
    totals,
    meta: { current_page: paging.page, per_page: paging.per_page, total: totals.people, last_page: Math.max(1, Math.ceil(totals.people / paging.per_page)), total_capped: false },
  };
}
