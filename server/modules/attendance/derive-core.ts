/**
 * The figures of one person's day, from their schedule and records: no
 * database, no clock of its own, so every rule is unit-tested here and read
 * by reports and payroll alike (through derive.ts).
 *
 * The rules, in minutes (whole minutes, rounded down):
 * - The shift of a day D starts at the schedule's start time on D in the
 *   company's zone and lasts until its end time, on D+1 when the end is at
 *   or before the start (22:00–06:00 is D's shift). A record belongs to the
 *   day of its work date (the zone's date of clock-in).
 * - Presence is clock-in to clock-out summed over the day's records (an open
 *   record counts to `now`); breaks taken are the recorded breaks.
 * - Unpaid break: the schedule's unpaid_break_minutes is deducted from every
 *   worked day, taken or not, because the shift includes it. Recorded breaks
 *   within that allowance are that same break; only the part beyond it is
 *   deducted as well: worked = presence − max(breaks taken, allowance).
 *   On a day with no shift (rest day, holiday, no schedule) nothing is
 *   allowed: worked = presence − breaks taken.
 * - Scheduled minutes = shift length − unpaid break.
 * - Late: the first clock-in after start + grace (strictly after). Once past
 *   grace, lateness counts from the start: 09:16 with 15 minutes' grace is
 *   16 minutes late, 09:15 is on time.
 * - Undertime: scheduled minutes not worked and not already counted as late
 *   (lateness is its own figure): max(0, scheduled − worked − late). Judged
 *   once the day's records are closed.
 * - Overtime: worked beyond overtime_after_minutes on a working day; every
 *   worked minute on a rest day or holiday.
 * - Status: holiday (a company holiday, worked or not); rest_day (not a
 *   working day of the schedule in force, or no schedule and no record);
 *   absent (a working day with no record, once the day is over: both its
 *   shift's end and the zone's midnight have passed); scheduled (a working
 *   day not yet over with no record yet); half_day (closed records and worked
 *   under half the scheduled minutes); late; present.
 */
import type { DayStatus } from "../../../contracts/attendance-reports";
import { minutesOfDay, shiftMinutes } from "../../../contracts/schedules";
import { nextDate, weekday, zonedInstant } from "../../lib/time-zone";

export interface ScheduleRules {
  working_days: readonly number[];
  start_time: string;
  end_time: string;
  unpaid_break_minutes: number;
  grace_minutes: number;
  overtime_after_minutes: number;
}

/** A day's records, summed (what the set-based query hands over per person and day). */
export interface DayRecords {
  /** How many records the day has (0: none). */
  count: number;
  firstIn: Date | null;
  /** Clock-in to clock-out (or now), summed, in milliseconds. */
  presenceMs: number;
  /** Breaks taken, summed (an open one to now), in milliseconds. */
  breakMs: number;
  /** A record still open (clocked in, not out). */
  open: boolean;
}

export interface DayInput {
  /** YYYY-MM-DD, the work date. */
  date: string;
  schedule: ScheduleRules | null;
  holiday: string | null;
  records: DayRecords;
  timeZone: string;
  now: Date;
}

export interface DayFigures {
  status: DayStatus;
  scheduled_minutes: number;
  worked_minutes: number;
  break_minutes: number;
  late_minutes: number;
  undertime_minutes: number;
  overtime_minutes: number;
}

export const NO_RECORDS: DayRecords = { count: 0, firstIn: null, presenceMs: 0, breakMs: 0, open: false };

const MINUTE = 60_000;
const toMinutes = (ms: number) => Math.max(0, Math.floor(ms / MINUTE));

/** The shift a schedule has on a date (whether or not the date is a working day). */
export function shiftOn(date: string, schedule: Pick<ScheduleRules, "start_time" | "end_time">, timeZone: string): { start: Date; end: Date } {
  const start = zonedInstant(date, schedule.start_time, timeZone);
  const crosses = minutesOfDay(schedule.end_time) <= minutesOfDay(schedule.start_time);
  return { start, end: zonedInstant(crosses ? nextDate(date) : date, schedule.end_time, timeZone) };
}

export const isWorkingDay = (date: string, schedule: ScheduleRules | null, holiday: string | null): schedule is ScheduleRules =>
  schedule !== null && holiday === null && schedule.working_days.includes(weekday(date));

/** A day is over once both its shift's end and the zone's next midnight have passed: only then is a missing record an absence. */
export function dayOver(date: string, schedule: Pick<ScheduleRules, "start_time" | "end_time">, timeZone: string, now: Date): boolean {
  return now.getTime() >= Math.max(shiftOn(date, schedule, timeZone).end.getTime(), zonedInstant(nextDate(date), "00:00", timeZone).getTime());
}

/** The figures of one person's day (see the rules above). */
export function deriveDay(input: DayInput): DayFigures {
  const { date, schedule, holiday, records, timeZone, now } = input;
  const breakMinutes = toMinutes(records.breakMs);
  const presence = toMinutes(records.presenceMs);
  const figures = (status: DayStatus, scheduled: number, worked: number, late = 0, undertime = 0, overtime = 0): DayFigures => ({
    status,
    scheduled_minutes: scheduled,
    worked_minutes: worked,
    break_minutes: breakMinutes,
    late_minutes: late,
    undertime_minutes: undertime,
    overtime_minutes: overtime,
  });

  if (!isWorkingDay(date, schedule, holiday)) {
    // No shift: every worked minute is overtime on a rest day or holiday; without a schedule it is plain presence.
    const worked = toMinutes(records.presenceMs - records.breakMs);
    const status: DayStatus = holiday !== null ? "holiday" : records.count === 0 || schedule !== null ? "rest_day" : "present";
    return figures(status, 0, worked, 0, 0, schedule !== null || holiday !== null ? worked : 0);
  }

  const scheduled = shiftMinutes(schedule.start_time, schedule.end_time) - schedule.unpaid_break_minutes;
  const shift = shiftOn(date, schedule, timeZone);
  if (records.count === 0) return figures(dayOver(date, schedule, timeZone, now) ? "absent" : "scheduled", scheduled, 0);

  const worked = Math.max(0, presence - Math.max(breakMinutes, schedule.unpaid_break_minutes));
  const lateMs = records.firstIn ? records.firstIn.getTime() - shift.start.getTime() : 0;
  const late = lateMs > schedule.grace_minutes * MINUTE ? toMinutes(lateMs) : 0;
  const undertime = records.open ? 0 : Math.max(0, scheduled - worked - late);
  const overtime = Math.max(0, worked - schedule.overtime_after_minutes);
  const status: DayStatus = !records.open && worked < scheduled / 2 ? "half_day" : late > 0 ? "late" : "present";
  return figures(status, scheduled, worked, late, undertime, overtime);
}

/** A person's days over a range, summed: what the reports show per person. */
export interface DaysSummary {
  days_scheduled: number;
  days_present: number;
  days_late: number;
  days_half: number;
  days_absent: number;
  late_minutes: number;
  worked_minutes: number;
  overtime_minutes: number;
  undertime_minutes: number;
}

export function summarize(days: readonly DayFigures[]): DaysSummary {
  const total: DaysSummary = { days_scheduled: 0, days_present: 0, days_late: 0, days_half: 0, days_absent: 0, late_minutes: 0, worked_minutes: 0, overtime_minutes: 0, undertime_minutes: 0 };
  for (const day of days) {
    if (day.scheduled_minutes > 0) total.days_scheduled++;
    if (day.status === "present" || day.status === "late" || day.status === "half_day") total.days_present++;
    if (day.late_minutes > 0) total.days_late++;
    if (day.status === "half_day") total.days_half++;
    if (day.status === "absent") total.days_absent++;
    total.late_minutes += day.late_minutes;
    total.worked_minutes += day.worked_minutes;
    total.overtime_minutes += day.overtime_minutes;
    total.undertime_minutes += day.undertime_minutes;
  }
  return total;
}
