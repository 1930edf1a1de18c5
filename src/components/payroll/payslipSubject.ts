import type { PayslipRecord } from "../../../contracts/payroll";
import type { PayslipSubject } from "../../../contracts/policies/payroll";

/** A payslip as its policy reads it: the app's buttons ask the question the server will (edit, remove, withdraw). */
export function payslipSubject(payslip: Pick<PayslipRecord, "user_id" | "status" | "withdrawn_at">): PayslipSubject {
  return { user_id: payslip.user_id, status: payslip.status, withdrawn: payslip.withdrawn_at !== null };
}
