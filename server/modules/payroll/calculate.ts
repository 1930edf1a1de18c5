/**
 * A run's payslips from its inputs, person by person (pure: the job loads
 * and stores). People who cannot be paid as things stand get a warning
 * instead of a payslip; a negative net keeps the payslip and warns. A
 * negative net or a formula failing on someone's figures blocks approval.
 * The payroll office's adjustments of the person in the run count too.
 */
import type { PayslipInputs, PayslipLine, StoredRunWarning } from "../../../contracts/payroll";
import { computePay, PersonPayError } from "./engine";
import { personInputs, type PayPerson, type RunInputs } from "./inputs";

export interface PayslipDraft {
  user_id: number;
  currency: string;
  gross: number;
  deductions: number;
  net: number;
  employer_cost: number;
  taxable: number;
  lines: PayslipLine[];
  inputs: PayslipInputs;
}

export interface PersonOutcome {
  payslip: PayslipDraft | null;
  warning: StoredRunWarning | null;
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

export function calculatePerson(inputs: RunInputs, person: PayPerson): PersonOutcome {
  const warn = (kind: StoredRunWarning["kind"], extra: Partial<StoredRunWarning> = {}): StoredRunWarning => ({ user_id: person.id, user_name: person.name, kind, ...extra });
  if (inputs.paidElsewhere.has(person.id)) return { payslip: null, warning: warn("other_run") };
  const { pay, variables, days } = personInputs(inputs, person);
  if (pay.kind === "missing_rate") return { payslip: null, warning: warn("missing_rate") };
  if (pay.kind === "other_currency") return { payslip: null, warning: warn("other_currency", { detail: pay.currency }) };
  const facts: PayslipInputs = {
    pay_basis: pay.pay_basis,
    rate: pay.rate,
    days_worked: days.days_present - days.days_half / 2,
    hours_worked: hours(days.worked_minutes),
    overtime_hours: hours(days.overtime_minutes),
    late_minutes: days.late_minutes,
    undertime_minutes: days.undertime_minutes,
    absences: days.days_absent,
  };
  let result;
  try {
    result = computePay(inputs.plan, inputs.tables, variables!, inputs.overrides.get(person.id) ?? new Map(), inputs.money, inputs.adjustments.get(person.id));
  } catch (error) {
    if (!(error instanceof PersonPayError)) throw error;
    return { payslip: null, warning: warn("formula_error", { detail: error.code, error: { key: error.error.key, params: error.error.params } }) };
  }
  const { values: _values, ...totals } = result;
  const payslip: PayslipDraft = { user_id: person.id, currency: inputs.currency, ...totals, inputs: facts };
  if (result.lines.length === 0) return { payslip: null, warning: warn("nothing_to_pay") };
  if (result.net < 0) return { payslip, warning: warn("negative_net") };
  return { payslip, warning: null };
}
