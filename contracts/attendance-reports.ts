/**
 * What the attendance read calls answer: a person's derived days and their
 * sums (history, recent, stats, weekly views, reports). The figures come
 * from the records, the schedule in force and the holidays by the rules of
 * server/modules/attendance/derive-core.ts: stored per person and day once a
 * day's records are closed (day-store.ts), derived on reading while one is open.
 */
import { z } from "zod";
import { isoTimestamp } from "./replies";
import { calendarDate } from "./schedules";
import { MESSAGE, recordId } from "./validation";

export const DAY_STATUSES = ["present", "late", "half_day", "absent", "leave", "holiday", "rest_day", "scheduled"] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];

/** The longest range one call reads: a quarter. */
export const MAX_RANGE_DAYS = 93;

const minutes = z.number().int();

/** A rest day's minutes, first hours and overtime. */
export const REST_DAY_MINUTES = ["rest_day_minutes", "rest_day_overtime_minutes"] as const;
/** A holiday's minutes, first hours and overtime, of each kind (one on the person's rest day apart). */
export const HOLIDAY_MINUTES = [
  "regular_holiday_minutes",
  "regular_holiday_overtime_minutes",
  "special_holiday_minutes",
  "special_holiday_overtime_minutes",
  "special_holiday_rest_day_minutes",
  "special_holiday_rest_day_overtime_minutes",
  "regular_holiday_rest_day_minutes",
  "regular_holiday_rest_day_overtime_minutes",
] as const;

/** Minutes worked on rest days, regular holidays and special non-working days (those on a rest day apart): the first hours, and the overtime after them. */
const kindMinutes = {
  rest_day_minutes: minutes,
  rest_day_overtime_minutes: minutes,
  regular_holiday_minutes: minutes,
  regular_holiday_overtime_minutes: minutes,
  special_holiday_minutes: minutes,
  special_holiday_overtime_minutes: minutes,
  /** A holiday on the person's rest day, apart from both (DOLE pays it 150 % or 260 %). */
  special_holiday_rest_day_minutes: minutes,
  special_holiday_rest_day_overtime_minutes: minutes,
  regular_holiday_rest_day_minutes: minutes,
  regular_holiday_rest_day_overtime_minutes: minutes,
};

/** Of the night minutes, those on a rest day, a regular holiday, a special non-working day: their premium is on that day's rate. */
const nightKindMinutes = {
  rest_day_night_minutes: minutes,
  regular_holiday_night_minutes: minutes,
  special_holiday_night_minutes: minutes,
  special_holiday_rest_day_night_minutes: minutes,
  regular_holiday_rest_day_night_minutes: minutes,
};

/** One person's day. */
export const attendanceDay = z.object({
  user_id: z.number().int(),
  date: z.string(),
  /** present, late, half_day, absent, leave (a whole day of approved leave, no record), holiday, rest_day, or scheduled (a working day not over yet, no record yet). */
  status: z.enum(DAY_STATUSES),
  holiday: z.string().nullable(),
  schedule_id: z.number().int().nullable(),
  first_in: isoTimestamp.nullable(),
  last_out: isoTimestamp.nullable(),
  scheduled_minutes: minutes,
  worked_minutes: minutes,
  break_minutes: minutes,
  late_minutes: minutes,
  undertime_minutes: minutes,
  /** Overtime on a workday; a rest day's or holiday's is in its own figures below. */
  overtime_minutes: minutes,
  ...kindMinutes,
  /** Worked between 22:00 and 06:00 in the company's zone. */
  night_minutes: minutes,
  ...nightKindMinutes,
  /** A workday's first hours that fell after midnight on a day that pays more (a holiday): paid at that day's rate. */
  crossed_minutes: minutes,
  /** Approved leave on the day: its type's code and share of the day (0: none, 0.5: a half day). */
  leave_code: z.string().nullable(),
  leave_share: z.number(),
});
export type AttendanceDay = z.infer<typeof attendanceDay>;

/** Days summed over a range. */
export const daysSummary = z.object({
  days_scheduled: z.number().int(),
  days_present: z.number().int(),
  days_late: z.number().int(),
  days_half: z.number().int(),
  /** Workdays over with no record and no leave; the unleft half of a half day of leave with no record counts 0.5. */
  days_absent: z.number(),
  /** Workdays of approved leave in the range (half days as 0.5), taken or to come. */
  days_leave: z.number(),
  /** Workdays worked, a half day as one (its missing hours are undertime), less the share of a night that ran into a holiday. */
  days_worked: z.number(),
  late_minutes: minutes,
  worked_minutes: minutes,
  overtime_minutes: minutes,
  undertime_minutes: minutes,
  night_minutes: minutes,
  ...nightKindMinutes,
  ...kindMinutes,
});

/** A range of days with its sums: stats (this month) and weekly-summary (this week). */
export const periodSummary = z.object({ from: z.string(), to: z.string(), totals: daysSummary, days: z.array(attendanceDay) });

/** One row of the report: a person and their sums over the range. */
export const reportRow = daysSummary.extend({
  user_id: z.number().int(),
  name: z.string(),
  employee_number: z.string().nullable(),
  department: z.string().nullable(),
  /** worked_minutes in hours, two decimals. */
  worked_hours: z.number(),
});
export type ReportRow = z.infer<typeof reportRow>;

/** How many people were in each state, day by day: weekly-attendance (this week, or the week of `date`) and reports/daily (any range). */
export const weeklyAttendance = z.object({
  from: z.string(),
  to: z.string(),
  people: z.number().int(),
  days: z.array(z.object({ date: z.string(), present: z.number().int(), late: z.number().int(), half_day: z.number().int(), absent: z.number().int(), leave: z.number().int(), scheduled: z.number().int() })),
});

/** A date range, both ends included; `to` on or after `from`, at most MAX_RANGE_DAYS days. */
export const rangeQuery = z.object({ from: calendarDate, to: calendarDate });

export const personQuery = z.object({ user_id: z.coerce.number({ error: MESSAGE.invalid }).pipe(recordId) });

/** weekly-* : any day of the week wanted (default today). */
export const weekQuery = z.object({ date: calendarDate.optional() });
