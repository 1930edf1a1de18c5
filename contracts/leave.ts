/**
 * Leave: the kinds of time off a company grants (vacation, sick, the statutory ones), each with its entitlement and the
 * rules a request of it follows. Requests, balances and their effect on attendance and pay come with them.
 */
import { z } from "zod";
import { payCode } from "./payroll";
import { isoTimestamp } from "./replies";
import { calendarDate } from "./schedules";
import { isStorableText, MESSAGE, recordId, requiredText } from "./validation";

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
  /** Counted in calendar days, rest days and holidays included, as the law counts maternity leave (RA 11210): not in workdays. */
  calendar_days: z.boolean({ error: MESSAGE.invalidType }),
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
  calendar_days: leaveTypeFields.calendar_days.default(false),
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
  calendar_days: z.boolean(),
  document_after_days: z.number().nullable(),
  active: z.boolean(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type LeaveTypeRecord = z.infer<typeof leaveTypeRecord>;

/** Which half of a one-day request: the morning's or the afternoon's hours. */
export const HALF_DAYS = ["morning", "afternoon"] as const;
export type HalfDay = (typeof HALF_DAYS)[number];

/**
 * Where a request stands. `cancel_requested`: approved and already begun, the person asked to take it back and the
 * approver decides (approve: cancelled, reject: approved again).
 */
export const LEAVE_STATUSES = ["pending", "approved", "rejected", "cancelled", "cancel_requested"] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** Requests whose days are leave: approved (a request to cancel it still waits, so it stands meanwhile). */
export const LEAVE_TAKEN: readonly LeaveStatus[] = ["approved", "cancel_requested"];
/** Requests that hold their days: they take from the balance (approved) or reserve it (pending), and nothing may overlap them. */
export const LEAVE_HOLDING: readonly LeaveStatus[] = ["pending", "approved", "cancel_requested"];

/** The longest a single request may run: a maternity leave's 105 days fit with room. */
export const LEAVE_REQUEST_MAX_DAYS = 186;

const requestReason = z.string({ error: MESSAGE.invalidType }).trim().max(1000, { error: MESSAGE.maxLength }).refine(isStorableText, { error: MESSAGE.characters });

/** POST /api/leave-requests: a person's request; `user_id` (someone else's, entered by HR) needs leave_manage. */
export const leaveRequestBody = z
  .strictObject({
    leave_type_id: recordId,
    start_date: calendarDate,
    end_date: calendarDate,
    half_day: z.enum(HALF_DAYS, { error: MESSAGE.invalid }).nullish(),
    reason: requestReason.nullish(),
    user_id: recordId.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.end_date < value.start_date) ctx.addIssue({ code: "custom", path: ["end_date"], message: "validation.endBeforeStart" });
    else if (value.half_day && value.end_date !== value.start_date) ctx.addIssue({ code: "custom", path: ["half_day"], message: "leave.requests.halfDayOneDate" });
    else if ((Date.parse(value.end_date) - Date.parse(value.start_date)) / 86_400_000 + 1 > LEAVE_REQUEST_MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "leave.requests.tooLong", params: { max: LEAVE_REQUEST_MAX_DAYS } });
    }
  });
export type LeaveRequestBody = z.infer<typeof leaveRequestBody>;

/** approve, reject (and deciding on a cancellation): the decider's reason, which the person reads. */
export const leaveDecision = z.strictObject({ reason: requestReason.nullish() });
/** The body may be left out altogether. */
export const leaveDecisionBody = leaveDecision.nullish();

/** Bulk approve or reject from the approvals page: each request is decided on its own (one refusal stops none of the others). */
export const leaveBulkDecisionBody = z.strictObject({
  ids: z.array(recordId, { error: MESSAGE.invalidType }).min(1, { error: MESSAGE.required }).max(200, { error: MESSAGE.invalid }),
  decision: z.enum(["approve", "reject"], { error: MESSAGE.invalid }),
  reason: requestReason.nullish(),
});

export const leaveBulkDecisionReply = z.object({
  decided: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), message: z.string() })),
});

const person = z.object({ id: z.number().int(), name: z.string(), department: z.string().nullable() });

export const leaveRequestRecord = z.object({
  id: z.number().int(),
  user: person,
  leave_type: z.object({ id: z.number().int(), code: z.string(), name: z.string(), paid: z.boolean() }),
  start_date: z.string(),
  end_date: z.string(),
  half_day: z.enum(HALF_DAYS).nullable(),
  /** The scheduled workdays it takes (rest days and holidays inside the range are not counted); 0.5 for a half day. */
  days: z.number(),
  status: z.enum(LEAVE_STATUSES),
  reason: z.string().nullable(),
  /** The type asks for a document (a sick note) at this length, and whether one is attached: approval waits for it. */
  needs_document: z.boolean(),
  has_document: z.boolean(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_at: isoTimestamp.nullable(),
  decision_reason: z.string().nullable(),
  /** Whether the reader may approve or reject it now (their team's, or leave_approve; never their own). */
  can_decide: z.boolean(),
  /** Whether the reader may cancel it (or ask to, once it has begun). */
  can_cancel: z.boolean(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type LeaveRequestRecord = z.infer<typeof leaveRequestRecord>;

/** What moves a balance; each is one ledger entry, and the balance is their sum. */
export const LEAVE_ENTRY_KINDS = ["allocation", "accrual", "carry_over", "taken", "returned", "adjustment", "expiry"] as const;
export type LeaveEntryKind = (typeof LEAVE_ENTRY_KINDS)[number];

export const leaveEntryRecord = z.object({
  id: z.number().int(),
  leave_type_id: z.number().int(),
  kind: z.enum(LEAVE_ENTRY_KINDS),
  /** Signed: what it adds to the balance (taken and expiry are negative). */
  days: z.number(),
  request_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  /** The day it counts from (an accrual's month, a request's first day, an adjustment's date). */
  effective_date: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: isoTimestamp,
});
export type LeaveEntryRecord = z.infer<typeof leaveEntryRecord>;

/** One type's year for one person. */
export const leaveBalanceLine = z.object({
  leave_type: z.object({ id: z.number().int(), code: z.string(), name: z.string(), paid: z.boolean(), unit: z.enum(LEAVE_UNITS), active: z.boolean() }),
  /** Granted this year: the allocation or the months accrued so far. */
  entitled: z.number(),
  carried_over: z.number(),
  /** Taken by approved leave, less what cancellations gave back. */
  taken: z.number(),
  adjusted: z.number(),
  expired: z.number(),
  /** The ledger's sum. */
  balance: z.number(),
  /** Days of requests still waiting for a decision. */
  pending: z.number(),
  /** What a new request may take: balance − pending + how far the type lets it go below zero. */
  available: z.number(),
  /** The first day it may be used, when the service months have not passed yet. */
  usable_from: z.string().nullable(),
});
export type LeaveBalanceLine = z.infer<typeof leaveBalanceLine>;

export const leaveBalancesQuery = z.strictObject({
  user_id: z.coerce.number({ error: MESSAGE.invalid }).pipe(recordId).optional().describe("Whose balances (default: one's own)"),
  year: z.coerce
    .number({ error: MESSAGE.invalid })
    .pipe(z.number().int({ error: MESSAGE.invalid }).min(1900, { error: MESSAGE.invalid }).max(2999, { error: MESSAGE.invalid }))
    .optional()
    .describe("The leave year (default: this year in the company's zone)"),
});

export const leaveBalancesReply = z.object({
  user: person,
  year: z.number().int(),
  lines: z.array(leaveBalanceLine),
  entries: z.array(leaveEntryRecord),
});
export type LeaveBalancesReply = z.infer<typeof leaveBalancesReply>;

/** POST /api/leave-balances/adjustments: HR corrects a balance, always with a reason. */
export const leaveAdjustmentBody = z.strictObject({
  user_id: recordId,
  leave_type_id: recordId,
  year: z.number({ error: MESSAGE.invalidType }).int({ error: MESSAGE.invalid }).min(1900, { error: MESSAGE.invalid }).max(2999, { error: MESSAGE.invalid }),
  days: z
    .number({ error: MESSAGE.invalidType })
    .min(-366, { error: "leave.types.daysRange" })
    .max(366, { error: "leave.types.daysRange" })
    .refine((value) => Number.isInteger(value * 100) && value !== 0, { error: "leave.balances.adjustmentDays" }),
  reason: requiredText(500),
});
export type LeaveAdjustmentBody = z.infer<typeof leaveAdjustmentBody>;

/** A request's document (a medical certificate, a birth certificate): a PDF or a photo of it. */
export const LEAVE_DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const LEAVE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
