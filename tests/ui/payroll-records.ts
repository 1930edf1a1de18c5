import type { PayslipRecord, RunRecord } from "../../contracts/payroll";

/** Who did a run's step, and when (calculated, approved, released). */
export const stamp = (by: number, by_name: string, at: string) => ({ by, by_name, at });

/** The regular October 2026 run of 38 people as GET /payroll/{id} answers it: calculated by Pat Payroll. */
export function runRecord(id: number, changes: Partial<RunRecord> = {}): RunRecord {
  return {
    id,
    name: "October 2026",
    kind: "regular",
    corrects_id: null,
    period_start: "2026-10-01",
    period_end: "2026-10-31",
    pay_date: "2026-11-05",
    people: "all",
    status: "calculated",
    currency: "PHP",
    job_id: null,
    progress: null,
    totals: { people: 38, gross: 151_024_250, deductions: 6_796_091, net: 144_228_159, employer_cost: 165_371_554 },
    warnings: [],
    notices: [],
    calculated: stamp(4, "Pat Payroll", "2026-11-20T02:00:00.000Z"),
    approved: null,
    released: null,
    separate_approver: false,
    created_at: "2026-11-20T01:00:00.000Z",
    updated_at: "2026-11-20T02:00:00.000Z",
    ...changes,
    // Attendance follows the period unless the run closes it earlier.
    attendance_start: changes.attendance_start ?? changes.period_start ?? "2026-10-01",
    attendance_end: changes.attendance_end ?? changes.period_end ?? "2026-10-31",
  };
}

/** Dana Reyes's calculated payslip in that run as GET /payslips lists it: basic pay, overtime and social security. */
export function payslipRecord(id: number, changes: Partial<PayslipRecord> = {}): PayslipRecord {
  return {
    id,
    payroll_id: 2,
    payroll_name: "October 2026",
    status: "calculated",
    user_id: 11,
    user_name: "Dana Reyes",
    employee_number: "E-11",
    department: "Finance",
    period_start: "2026-10-01",
    period_end: "2026-10-31",
    pay_date: "2026-11-05",
    currency: "PHP",
    gross: 5_450_000,
    deductions: 245_250,
    net: 5_204_750,
    employer_cost: 5_967_750,
    taxable: 5_204_750,
    lines: [
      { code: "BASIC", name: "Basic pay", kind: "earning", amount: 5_400_000 },
      { code: "OT", name: "Overtime pay", kind: "earning", amount: 50_000 },
      { code: "SSS", name: "Social security", kind: "deduction", amount: 245_250 },
    ],
    inputs: { pay_basis: "monthly", rate: 5_400_000, days_worked: 21, hours_worked: 168, overtime_hours: 2.5, late_minutes: 0, undertime_minutes: 0, absences: 0 },
    withdrawn_at: null,
    created_at: "2026-11-20T02:00:00.000Z",
    ...changes,
  };
}
