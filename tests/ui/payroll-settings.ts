import type { SettingsRecord } from "../../contracts/settings";

/** The payroll settings group as GET /settings/payroll answers it: monthly pay on the last working day, PDFs without a password. */
export const PAYROLL_SETTINGS: SettingsRecord<"payroll"> = {
  pay_frequency: "monthly",
  pay_day_rule: "last_working_day",
  pay_day_of_month: 25,
  attendance_cutoff_days: 0,
  working_days_per_month: "22",
  hours_per_day: "8",
  overtime_multiplier: "1.25",
  unworked_holiday_rule: "present_day_before",
  rounding: "half_up",
  separate_approver: false,
  pdf_password: false,
  email_payslips: false,
};
