/**
 * Work schedules (when people are due), their assignment to people from a
 * date on, and company holidays. Messages are locale keys.
 */
import { z } from "zod";
import { isoTimestamp } from "./replies";
import { MESSAGE, recordId, requiredText } from "./validation";

// Working days, holidays and report ranges of the years 1900 to 2999: the calendar is stepped day by
// day, and a date past 9999 has no four-digit successor (nor has year 0000 a place in PostgreSQL).
const ISO_DATE = /^(19|2\d)\d{2}-\d{2}-\d{2}$/;
// A month past 12 or a day past 31 is no date at all (NaN); 2026-02-30 is one, but another day (March 2).
export function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return ISO_DATE.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/**
 * What a holiday does to a day: a regular holiday and a special non-working
 * day are days off with their own premiums for work on them; a special
 * working day is an ordinary working day that only has a name.
 */
export const HOLIDAY_KINDS = ["regular", "special_non_working", "special_working"] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

/** A required calendar date, YYYY-MM-DD (a real day: 2026-02-30 is refused). */
export const calendarDate = z.string({ error: MESSAGE.date }).trim().refine(isCalendarDate, { error: MESSAGE.date });

/** A time of day on the 24-hour clock, "HH:MM". */
export const timeOfDay = z.string({ error: MESSAGE.invalidType }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "schedules.timeFormat" });

/** Minutes from midnight of an "HH:MM". */
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The shift's length in minutes; an end at or before the start is on the next day (22:00–06:00 is 480). */
export const shiftMinutes = (start: string, end: string): number => (minutesOfDay(end) - minutesOfDay(start) + 1440) % 1440 || 1440;

const minutes = (max: number, message: string) =>
  z.number({ error: MESSAGE.invalidType }).int({ error: message }).min(0, { error: message }).max(max, { error: message });

const scheduleFields = {
  name: requiredText(120),
  /** Days of the week worked, 0 = Sunday … 6 = Saturday. */
  working_days: z
    .array(z.number({ error: MESSAGE.invalidType }).int({ error: "schedules.dayRange" }).min(0, { error: "schedules.dayRange" }).max(6, { error: "schedules.dayRange" }), {
      error: MESSAGE.invalidType,
    })
    .min(1, { error: "schedules.daysRequired" })
    .refine((days) => new Set(days).size === days.length, { error: "schedules.daysUnique" })
    .transform((days) => [...days].sort((a, b) => a - b)),
  start_time: timeOfDay,
  end_time: timeOfDay,
  unpaid_break_minutes: minutes(240, "schedules.breakRange"),
  grace_minutes: minutes(120, "schedules.graceRange"),
  overtime_after_minutes: minutes(1440, "schedules.overtimeRange"),
  active: z.boolean({ error: MESSAGE.invalidType }),
};

export interface ScheduleTimes {
  start_time: string;
  end_time: string;
  unpaid_break_minutes: number;
}

/**
 * What the times must say together: a shift of some length (start ≠ end) with
 * time left after the unpaid break. Checked on create here, and by the server
 * on an update against the record as it will be.
 */
export function scheduleProblem(value: ScheduleTimes): { field: keyof ScheduleTimes; message: string } | null {
  if (value.start_time === value.end_time) return { field: "end_time", message: "schedules.sameTimes" };
  if (value.unpaid_break_minutes >= shiftMinutes(value.start_time, value.end_time)) return { field: "unpaid_break_minutes", message: "schedules.breakTooLong" };
  return null;
}

export const scheduleBody = z
  .strictObject({
    ...scheduleFields,
    unpaid_break_minutes: scheduleFields.unpaid_break_minutes.default(60),
    grace_minutes: scheduleFields.grace_minutes.default(0),
    overtime_after_minutes: scheduleFields.overtime_after_minutes.default(480),
    active: scheduleFields.active.default(true),
  })
  .superRefine((value, ctx) => {
    const problem = scheduleProblem(value);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });

export const scheduleUpdateBody = z.strictObject(scheduleFields).partial();

export const scheduleRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  working_days: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  unpaid_break_minutes: z.number().int(),
  grace_minutes: z.number().int(),
  overtime_after_minutes: z.number().int(),
  active: z.boolean(),
  /** People whose assignment in force today is this schedule. */
  people_count: z.number().int(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

export type ScheduleRecord = z.infer<typeof scheduleRecord>;

/** The most people one assignment call takes (one set-based insert). */
export const MAX_ASSIGNED_AT_ONCE = 1000;

/** Puts people on a schedule from a date on; an assignment of the same person on the same date is replaced. */
export const assignmentBody = z.strictObject({
  user_ids: z
    .array(recordId, { error: MESSAGE.invalidType })
    .min(1, { error: "schedules.peopleRequired" })
    .max(MAX_ASSIGNED_AT_ONCE, { error: "schedules.tooManyPeople" })
    .transform((ids) => [...new Set(ids)]),
  effective_from: calendarDate,
});

export const assignmentRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  schedule_id: z.number().int(),
  effective_from: z.string(),
  created_at: isoTimestamp,
});

export type AssignmentRecord = z.infer<typeof assignmentRecord>;

/** One scheduled shift: its work date and when it starts and ends (ISO instants; local times in the company zone). */
export const shiftRecord = z.object({
  date: z.string(),
  starts_at: isoTimestamp,
  ends_at: isoTimestamp,
  start_time: z.string(),
  end_time: z.string(),
});

/** GET /api/schedules/my-schedule: the caller's schedule in force today and their next shift (null without a schedule). */
export const mySchedule = z.object({
  time_zone: z.string(),
  today: z.string(),
  schedule: scheduleRecord.omit({ people_count: true, created_at: true, updated_at: true }).nullable(),
  effective_from: z.string().nullable(),
  holiday: z.object({ date: z.string(), name: z.string(), kind: z.enum(HOLIDAY_KINDS) }).nullable(),
  /** Today's shift if it has not ended yet, else the next working day's (holidays skipped). */
  next_shift: shiftRecord.nullable(),
});

export type MySchedule = z.infer<typeof mySchedule>;

const holidayFields = { date: calendarDate, name: requiredText(120), kind: z.enum(HOLIDAY_KINDS, { error: "holidays.kindInvalid" }) };

export const holidayBody = z.strictObject({ ...holidayFields, kind: holidayFields.kind.default("regular") });
export const holidayUpdateBody = z.strictObject(holidayFields).partial();

export const holidayRecord = z.object({
  id: z.number().int(),
  date: z.string(),
  name: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

export type HolidayRecord = z.infer<typeof holidayRecord>;
