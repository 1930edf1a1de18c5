/**
 * The employee's dashboard (/user-dashboard) and the staff widgets beside it
 * (GET /api/dashboard/quick-stats, attendance-exceptions, awaiting-approval,
 * new-hires). The widgets are the administrator's dashboard's too: each is
 * its own call under the permission of the work it shows. Money is integer
 * minor units with its currency; dates are YYYY-MM-DD in the company's zone.
 */
import { z } from "zod";
import { notificationRecord } from "./notifications";
import { cappedList, isoTimestamp } from "./replies";
import { shiftRecord } from "./schedules";
import { MESSAGE } from "./validation";

const count = z.number().int().nonnegative();
const minor = z.number().int();
const minutes = z.number().int();

/** How many notifications the dashboard shows. */
export const DASHBOARD_NOTIFICATIONS = 5;

/** GET /api/dashboard/quick-stats: the caller's own figures, nobody else's. */
export const quickStats = z.object({
  /** Today in the company's zone. */
  today: z.string(),
  /** The week holding today (from the company's first day of the week): time worked against the time scheduled, the days still to come included. */
  week: z.object({ from: z.string(), to: z.string(), worked_minutes: minutes, scheduled_minutes: minutes }),
  /** Today's shift if it has not ended, else the next working day's (days off and holidays skipped); null without a schedule. */
  next_shift: shiftRecord.extend({ schedule_name: z.string() }).nullable(),
  /** The latest released payslip not withdrawn (by pay date). */
  latest_payslip: z
    .object({
      id: z.number().int(),
      /** Its run (/user-payslips?run= opens the payslip). */
      payroll_id: z.number().int(),
      period_start: z.string(),
      period_end: z.string(),
      pay_date: z.string(),
      net: minor,
      currency: z.string(),
    })
    .nullable(),
  /**
   * This calendar year's released payslips still standing (by pay date), summed per currency: amounts
   * in different currencies are never added together. The currency paid most recently comes first;
   * none when nothing was released this year.
   */
  year_to_date: z.object({
    year: z.number().int(),
    totals: z.array(z.object({ currency: z.string(), payslips: count, gross: minor, deductions: minor, net: minor })),
  }),
  notifications: z.object({ unread: count, recent: z.array(notificationRecord) }),
});
export type QuickStats = z.infer<typeof quickStats>;

/** The most rows a widget list returns; its total counts them all. */
const WIDGET_MAX_LIMIT = 50;
export const WIDGET_DEFAULT_LIMIT = 10;

/** `?limit=`: how many rows a widget lists (the total counts every one). */
export const widgetQuery = z.strictObject({
  limit: z.coerce
    .number({ error: MESSAGE.invalidType })
    .int({ error: MESSAGE.invalid })
    .min(1, { error: MESSAGE.invalid })
    .max(WIDGET_MAX_LIMIT, { error: MESSAGE.invalid })
    .optional(),
});

/**
 * late: clocked in after the shift's start and its grace (as the reports count lateness);
 * absent: due, not clocked in, and the grace is over; clocked_in_outside / clocked_out_outside:
 * a clock event that matched none of the work locations (a remote clock-in, leaving from elsewhere).
 */
const EXCEPTION_KINDS = ["late", "absent", "clocked_in_outside", "clocked_out_outside"] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

const attendanceException = z.object({
  user_id: z.number().int(),
  name: z.string(),
  employee_number: z.string().nullable(),
  department: z.string().nullable(),
  kind: z.enum(EXCEPTION_KINDS),
  /** When: the clock-in (late), the shift's start (absent), the clock event (outside). */
  at: isoTimestamp,
  /** Minutes late (late), or since the shift started (absent); null for the others. */
  minutes: minutes.nullable(),
  /** How far from the nearest work location (outside); null without a position. */
  distance_m: z.number().int().nullable(),
  remote: z.boolean(),
});
export type AttendanceException = z.infer<typeof attendanceException>;

/** GET /api/dashboard/attendance-exceptions: today's, latest first. */
export const attendanceExceptions = z.object({
  date: z.string(),
  counts: z.object({ late: count, absent: count, outside: count }),
  total: count,
  items: z.array(attendanceException),
});
export type AttendanceExceptions = z.infer<typeof attendanceExceptions>;

/** A payroll run calculated and waiting for approval. */
const awaitingRun = z.object({
  id: z.number().int(),
  name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  pay_date: z.string(),
  currency: z.string(),
  people: count,
  gross: minor,
  net: minor,
  calculated_by: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  calculated_at: isoTimestamp.nullable(),
});

/** GET /api/dashboard/awaiting-approval: the runs waiting longest first. */
export const awaitingApproval = cappedList(awaitingRun);
export type AwaitingApproval = z.infer<typeof awaitingApproval>;

const newHire = z.object({
  id: z.number().int(),
  name: z.string(),
  employee_number: z.string().nullable(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  hire_date: z.string(),
});

/** GET /api/dashboard/new-hires: people hired in this calendar month (the company's), latest first. */
export const newHires = cappedList(newHire).extend({ from: z.string(), to: z.string() });
export type NewHires = z.infer<typeof newHires>;
