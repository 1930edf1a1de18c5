/**
 * Payroll runs as the API tests make them: a month of 2026 by its number, and
 * a run created by the administrator and taken to a state through the API.
 */
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import type { TestApp } from "./api";
import { requestsTo } from "./requests";

export type RunState = "draft" | "calculated" | "approved" | "released";

/** The `number`th month from January 2026 (13 is January 2027): a run's period, paid on its last day. */
export const month = (number: number) => {
  const start = new Date(Date.UTC(2026, number - 1, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(2026, number, 0)).toISOString().slice(0, 10);
  return { period_start: start, period_end: end, pay_date: end };
};

/** The release body of a run whose attendance window has not ended on the test clock. */
export const CONFIRMED_OPEN = { confirm_open_attendance: true };

/** A run created from `body` (POST /api/payroll) and taken by the administrator to `state`: calculated (its job done), approved, released. */
export async function runTakenTo(t: TestApp, admin: string, state: RunState, body: Record<string, unknown>): Promise<RunRecord> {
  const { must } = requestsTo(() => t);
  const run: RunRecord = await must(admin, "POST", "/api/payroll", body, 201);
  if (state === "draft") return run;
  await must(admin, "POST", `/api/payslip/generate-payslips/${run.id}`, undefined, 202);
  await t.app.ctx.jobs.idle();
  if (state === "calculated") return must(admin, "GET", `/api/payroll/${run.id}`);
  await must(admin, "POST", `/api/payroll/${run.id}/approve`);
  if (state === "approved") return must(admin, "GET", `/api/payroll/${run.id}`);
  // Test runs are often of months still to come on the test clock: released knowing their attendance is open
  // (payroll-attendance-window.test.ts tests the refusal without it).
  return must(admin, "POST", `/api/payroll/release/${run.id}`, CONFIRMED_OPEN);
}

/** One person's payslip of a run, as the payslips list gives it. */
export async function payslipOf(t: TestApp, admin: string, run: { id: number }, person: { id: number }): Promise<PayslipRecord> {
  const { must } = requestsTo(() => t);
  const [payslip] = await must(admin, "GET", `/api/payslips?filter[payroll_id][equals]=${run.id}&filter[user_id][equals]=${person.id}`);
  return payslip;
}
