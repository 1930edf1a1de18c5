/**
 * Payslips as the payroll office reads them (GET /api/payslips, /{id}):
 * each with its person and run. Editing and documents come with
 * self-service; here they are the run's results, read-only.
 */
import { desc, eq, getTableColumns } from "drizzle-orm";
import { RUN_STATUSES, type PayslipDetail, type PayslipRecord } from "../../../contracts/payroll";
import type { Actor } from "../../../contracts/policies";
import type { Db } from "../../db/client";
import { payrollRuns, payslips, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { defineListSpec, paged, parseListQuery } from "../../lib/list";
import { authorize } from "../../lib/policy";
import { explainLines } from "./explain";
import { formulaSet } from "./formula-sets";

// A payslip's explanation is read with the one payslip asked for (GET /{id}), never with a list of them.
const { explanation: _explanation, ...payslipColumns } = getTableColumns(payslips);

const columns = {
  payslip: payslipColumns,
  payroll_name: payrollRuns.name,
  status: payrollRuns.status,
  period_start: payrollRuns.period_start,
  period_end: payrollRuns.period_end,
  pay_date: payrollRuns.pay_date,
  user_name: users.name,
  employee_number: users.employee_number,
  department: users.department,
};

type PayslipView = {
  payslip: Omit<typeof payslips.$inferSelect, "explanation">;
  payroll_name: string;
  status: PayslipRecord["status"];
  period_start: string;
  period_end: string;
  pay_date: string;
  user_name: string;
  employee_number: string | null;
  department: string | null;
};

const selectPayslips = (db: Db) =>
  db.select(columns).from(payslips).innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id)).innerJoin(users, eq(users.id, payslips.user_id)).$dynamic();

export const payslipsList = defineListSpec({
  fields: {
    payroll_id: { column: payslips.payroll_id, kind: "number" },
    user_id: { column: payslips.user_id, kind: "number" },
    user_name: { column: users.name, kind: "text" },
    employee_number: { column: users.employee_number, kind: "text" },
    department: { column: users.department, kind: "text" },
    status: { column: payrollRuns.status, kind: "choice", values: RUN_STATUSES },
    period_start: { column: payrollRuns.period_start, kind: "date" },
    period_end: { column: payrollRuns.period_end, kind: "date" },
    pay_date: { column: payrollRuns.pay_date, kind: "date" },
    gross: { column: payslips.gross, kind: "number" },
    deductions: { column: payslips.deductions, kind: "number" },
    net: { column: payslips.net, kind: "number" },
  },
  defaultSort: "-pay_date,user_name",
  search: [users.name, users.employee_number],
  tiebreaker: payslips.id,
});

export function toPayslipRecord(view: PayslipView): PayslipRecord {
  const { payslip } = view;
  return {
    id: payslip.id,
    payroll_id: payslip.payroll_id,
    payroll_name: view.payroll_name,
    status: view.status,
    user_id: payslip.user_id,
    user_name: view.user_name,
    employee_number: view.employee_number,
    department: view.department,
    period_start: view.period_start,
    period_end: view.period_end,
    pay_date: view.pay_date,
    currency: payslip.currency,
    gross: payslip.gross,
    deductions: payslip.deductions,
    net: payslip.net,
    employer_cost: payslip.employer_cost,
    taxable: payslip.taxable,
    lines: payslip.lines,
    inputs: payslip.inputs,
    withdrawn_at: payslip.withdrawn_at?.toISOString() ?? null,
    created_at: payslip.created_at.toISOString(),
  };
}

export async function listPayslips(ctx: AppContext, query: Record<string, unknown>) {
  const list = parseListQuery(query, payslipsList);
  return paged(ctx.db, list, {
    rows: async (page) => (await selectPayslips(ctx.db).where(page.where).orderBy(...page.orderBy).limit(page.limit).offset(page.offset)).map(toPayslipRecord),
    count: (where) => ctx.db.select({ one: payslips.id }).from(payslips).innerJoin(payrollRuns, eq(payrollRuns.id, payslips.payroll_id)).innerJoin(users, eq(users.id, payslips.user_id)).where(where).$dynamic(),
  });
}

/** The latest payslips written, newest first. */
export async function recentPayslips(db: Db, limit: number): Promise<PayslipRecord[]> {
  return (await selectPayslips(db).orderBy(desc(payslips.created_at), desc(payslips.id)).limit(limit)).map(toPayslipRecord);
}

/** One payslip with how each of its lines was worked out. */
export async function readPayslip(ctx: AppContext, actor: Actor, id: number): Promise<PayslipDetail> {
  const [view] = await selectPayslips(ctx.db).where(eq(payslips.id, id));
  if (!view) throw notFound();
  authorize(actor, "payslips.view", { user_id: view.payslip.user_id, status: view.status, withdrawn: view.payslip.withdrawn_at !== null });
  const [{ trace }] = await ctx.db.select({ trace: payslips.explanation }).from(payslips).where(eq(payslips.id, id));
  const components = trace ? await formulaSet(ctx.db, trace.formulas) : undefined;
  return { ...toPayslipRecord(view), explanation: trace && components ? explainLines(view.payslip.lines, trace, components) : null };
}
