/**
 * A run's payslips from its inputs, person by person (pure: the job loads
 * and stores). People who cannot be paid as things stand get a warning
 * instead of a payslip; a negative net keeps the payslip and warns. A
 * negative net or a formula failing on someone's figures blocks approval.
 * The payroll office's adjustments of the person in the run count too.
 */
import type { PayslipInputs, PayslipLine, PayslipTrace, StoredRunWarning } from "../../../contracts/payroll";
import { computePay, PersonPayError, roundMoney, toMinor, type MoneyRules } from "./engine";
import type { DaysSummary } from "../attendance/derive-core";
import type { BasicPay } from "./basic-pay";
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
  /** How its lines were worked out; null for a payslip imported from a file. */
  explanation: PayslipTrace | null;
}

export interface PersonOutcome {
  payslip: PayslipDraft | null;
  warning: StoredRunWarning | null;
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** What a payslip says it was computed from: the rate in force and the basic pay (none when the person has no pay), and the period's attendance. */
export function payslipFacts(pay: BasicPay | null, days: DaysSummary | null, money: MoneyRules): PayslipInputs {
  const paid = pay?.kind === "paid" ? pay : null;
  return {
    pay_basis: paid?.pay_basis ?? null,
    rate: paid?.rate ?? null,
    basic: paid ? toMinor(roundMoney(paid.basic, money), money.digits) : null,
    days_worked: days?.days_worked ?? 0,
    hours_worked: hours(days?.worked_minutes ?? 0),
    overtime_hours: hours(days?.overtime_minutes ?? 0),
    worked_minutes: days?.worked_minutes ?? 0,
    overtime_minutes: days?.overtime_minutes ?? 0,
    late_minutes: days?.late_minutes ?? 0,
    undertime_minutes: days?.undertime_minutes ?? 0,
    absences: days?.days_absent ?? 0,
  };
}

export function calculatePerson(inputs: RunInputs, person: PayPerson): PersonOutcome {
  const warn = (kind: StoredRunWarning["kind"], extra: Partial<StoredRunWarning> = {}): StoredRunWarning => ({ user_id: person.id, user_name: person.name, kind, ...extra });
  if (inputs.paidElsewhere.has(person.id)) return { payslip: null, warning: warn("other_run") };
  const { pay, variables, codeReadings, days } = personInputs(inputs, person);
  if (pay.kind === "missing_rate") return { payslip: null, warning: warn("missing_rate") };
  if (pay.kind === "other_currency") return { payslip: null, warning: warn("other_currency", { detail: pay.currency }) };
  const facts = payslipFacts(pay, days, inputs.money);
  let result;
  try {
    result = computePay(inputs.plan, inputs.tables, variables!, inputs.overrides.get(person.id) ?? new Map(), inputs.money, { adjustments: inputs.adjustments.get(person.id), monthToDate: inputs.monthToDate.get(person.id), codeReadings, explain: true });
  } catch (error) {
    if (!(error instanceof PersonPayError)) throw error;
    return { payslip: null, warning: warn("formula_error", { detail: error.code, error: { key: error.error.key, params: error.error.params } }) };
  }
  const { values: _values, trace, ...totals } = result;
  const payslip: PayslipDraft = { user_id: person.id, currency: inputs.currency, ...totals, inputs: facts, explanation: trace };
  if (result.lines.length === 0) return { payslip: null, warning: warn("nothing_to_pay") };
  if (result.net < 0) return { payslip, warning: warn("negative_net") };
  // Paid by the day or hour with workdays scheduled and not a minute recorded: most often attendance not entered yet.
  if (pay.pay_basis !== "monthly" && days.days_scheduled > 0 && days.worked_minutes === 0) return { payslip, warning: warn("no_attendance") };
  return { payslip, warning: null };
}
