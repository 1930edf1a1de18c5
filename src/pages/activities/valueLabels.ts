import type { TFunction } from "i18next";
import { findLanguage } from "../../i18n/languages";
import { FIELD_CHOICES } from "../users/choices";

/**
 * Where a recorded word's label lives, by "<subject>.<key>" (a payroll's status
 * and a leave request's differ) or by the key alone, or by "<parent>.<key>"
 * for a key inside an object (a component's calculation type).
 */
const VALUE_PREFIXES: Readonly<Record<string, string>> = {
  "payroll.status": "payrollUi.status",
  "leave_request.status": "leave.requests.statuses",
  "holiday.kind": "schedulesUi.holidays.kinds",
  "rate_table.kind": "payrollUi.tables.kinds",
  "pay_component.kind": "payrollUi.components.kinds",
  "payslip.kind": "payslipsAdmin.adjustments.kinds",
  "calculation.type": "payrollUi.components.types",
  "employer_share.type": "payrollUi.components.types",
  half_day: "leave.requests.halves",
  mode: "payrollUi.overrides.modes",
  unit: "leave.types.units",
  accrual: "leave.types.accruals",
  clock_policy: "employees.clockPolicies",
  pay_frequency: "settings.payroll.frequencies",
  pay_day_rule: "settings.payroll.payDayRules",
  rounding: "settings.payroll.roundingRules",
  unworked_holiday_rule: "settings.payroll.unworkedHolidayRules",
  theme_preset: "theme",
  permissions: "permissions.names",
  two_factor: "activities.values.twoFactor",
  with: "activities.values.twoFactor",
  via: "activities.values.via",
  invitation: "activities.values.invitation",
  password: "activities.values.password",
  device: "activities.values.device",
  warning: "activities.values.warning",
};

export interface ValueContext {
  /** The log row's subject type: a status reads by its subject's words. */
  subjectType: string | null | undefined;
  /** The key of the object the value sits in, if any. */
  parent?: string;
}

/**
 * A recorded word as the forms show it, in the reader's language: a choice by
 * its label (full_time → "Full-time"), a permission by its name, a language by
 * its own name, yes/no for a switch. Anything else reads as it was stored.
 */
export function valueLabel(field: string, value: string | number | boolean, t: TFunction, context: ValueContext = { subjectType: null }): string {
  if (typeof value === "boolean") return t(value ? "activities.values.yes" : "activities.values.no");
  const choice = FIELD_CHOICES[field]?.find((candidate) => String(candidate.value) === String(value));
  if (choice) return t(choice.labelKey);
  if (field === "language") return findLanguage(String(value))?.name ?? String(value);
  const prefix =
    (context.subjectType ? VALUE_PREFIXES[`${context.subjectType}.${field}`] : undefined) ??
    (context.parent ? VALUE_PREFIXES[`${context.parent}.${field}`] : undefined) ??
    VALUE_PREFIXES[field];
  return prefix ? t(`${prefix}.${value}`, { defaultValue: String(value) }) : String(value);
}
