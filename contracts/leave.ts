/**
 * Leave: the kinds of time off a company grants (vacation, sick, the statutory ones), each with its entitlement and the
 * rules a request of it follows. Requests, balances and their effect on attendance and pay come with them.
 */
import { z } from "zod";
import { payCode } from "./payroll";
import { isoTimestamp } from "./replies";
import { MESSAGE, requiredText } from "./validation";

/** What a request of the type is counted in: whole days, half days, or hours where the company wants them. */
export const LEAVE_UNITS = ["day", "half_day", "hour"] as const;
export type LeaveUnit = (typeof LEAVE_UNITS)[number];
/** How the yearly entitlement arrives: all at the year's start, or a twelfth each month. */
export const LEAVE_ACCRUALS = ["yearly", "monthly"] as const;
export type LeaveAccrual = (typeof LEAVE_ACCRUALS)[number];

/** A number of days: whole or in quarters (a monthly twelfth of 15 days is 1.25), at most a year's. */
const days = z
  .number({ error: MESSAGE.invalidType })
  .min(0, { error: MESSAGE.notNegative })
  .max(366, { error: "leave.types.daysRange" })
  .refine((value) => Number.isInteger(value * 100), { error: "leave.types.daysRange" });

const leaveTypeFields = {
  /** What formulas name it by (leave_days("VL")) and what imports map: upper case, as pay codes. */
  code: payCode,
  name: requiredText(120),
  paid: z.boolean({ error: MESSAGE.invalidType }),
  unit: z.enum(LEAVE_UNITS, { error: MESSAGE.invalid }),
  /** Days granted a year. */
  yearly_days: days,
  accrual: z.enum(LEAVE_ACCRUALS, { error: MESSAGE.invalid }),
  /** The most of a year's unused balance that carries into the next (0: none). */
  carry_over_days: days,
  /** How far below zero a balance may go (0: not at all). */
  negative_days: days,
  /** Months of service before it may be used (the service incentive leave's twelve). */
  service_months: z.number({ error: MESSAGE.invalidType }).int({ error: MESSAGE.invalidType }).min(0, { error: MESSAGE.notNegative }).max(120, { error: "leave.types.serviceRange" }),
  needs_approval: z.boolean({ error: MESSAGE.invalidType }),
  /** A request longer than this many days needs a document (a sick note); null: never, 0: always. */
  document_after_days: days.nullable(),
  active: z.boolean({ error: MESSAGE.invalidType }),
};

export const leaveTypeBody = z.strictObject({
  ...leaveTypeFields,
  unit: leaveTypeFields.unit.default("day"),
  accrual: leaveTypeFields.accrual.default("yearly"),
  carry_over_days: leaveTypeFields.carry_over_days.default(0),
  negative_days: leaveTypeFields.negative_days.default(0),
  service_months: leaveTypeFields.service_months.default(0),
  needs_approval: leaveTypeFields.needs_approval.default(true),
  document_after_days: leaveTypeFields.document_after_days.default(null),
  active: leaveTypeFields.active.default(true),
});
export type LeaveTypeBody = z.infer<typeof leaveTypeBody>;

export const leaveTypeUpdateBody = z.strictObject(leaveTypeFields).partial();

export const leaveTypeRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  paid: z.boolean(),
  unit: z.enum(LEAVE_UNITS),
  yearly_days: z.number(),
  accrual: z.enum(LEAVE_ACCRUALS),
  carry_over_days: z.number(),
  negative_days: z.number(),
  service_months: z.number().int(),
  needs_approval: z.boolean(),
  document_after_days: z.number().nullable(),
  active: z.boolean(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type LeaveTypeRecord = z.infer<typeof leaveTypeRecord>;
