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
 * - Kinds of day: a regular holiday or a special non-working day is that,
 *   whatever the schedule says, and apart when it falls on the person's rest
 *   day (DOLE pays those 260 % and 150 %); otherwise a working day of the
 *   schedule in force is a workday (a special working day is one) and any
 *   other day a rest day. Without a schedule every day is a workday with no
 *   shift.
 * - Presence is clock-in to clock-out summed over the day's records (an open
 *   record counts to `now`); breaks taken are the recorded breaks.
 * - Unpaid break: the schedule's unpaid_break_minutes sit in the middle of
 *   the shift (08:00–17:00 with an hour: 12:00–13:00). A workday's presence
 *   that lasts at least half the shift loses the part of that window it was
 *   there for; a shorter one, or one that ends before the window, loses none.
 *   Recorded breaks are that same break: worked = presence − max(breaks
 *   taken, window reached). On a day with no shift (rest day, holiday, no
 *   schedule) nothing is allowed: worked = presence − breaks taken.
 * - Scheduled minutes = shift length − unpaid break.
 * - Late: the first clock-in after start + grace (strictly after). Once past
 *   grace, lateness counts from the start: 09:16 with 15 minutes' grace is
 *   16 minutes late, 09:15 is on time.
 * - Undertime: scheduled minutes not worked and not already counted as late
 *   (lateness is its own figure): max(0, scheduled − worked − late). Judged
 *   once the day's records are closed. A half day is a day worked: it is
 *   paid for its hours, its missing ones are its undertime (never also half
 *   a day less).
 * - Overtime: worked beyond overtime_after_minutes, the last minutes worked.
 *   On a workday it is overtime_minutes; on a rest day or holiday the first
 *   overtime_after_minutes are that day's own minutes and the rest its
 *   overtime (no schedule: no overtime).
 * - Hours after midnight: an overnight shift's minutes after 00:00 take the
 *   next date's kind when that day pays more (a holiday after a workday or a
 *   rest day, a regular holiday after a special day), as DOLE counts holiday
 *   work; they never lose a premium their own day gives. A workday's minutes
 *   so moved are `crossed_minutes`: that share of the day is paid at the
 *   other day's rate instead (see daysWorked).
 * - Night minutes: worked between 22:00 and 06:00 in the company's zone, on
 *   any kind of day.
 * - Leave: an approved leave day takes its share of the day (1, or 0.5 for a
 *   half day) off the scheduled minutes, so undertime counts only the hours
 *   still due; on a day partly on leave nobody is late (the hours due may
 *   start later). The clock still works on a leave day: a day with records
 *   is judged on them and keeps its leave beside.
 * - Status: holiday (a regular or special non-working holiday, worked or
 *   not); leave (a whole day of approved leave with no record); rest_day (not a working day of the schedule in force, or no
 *   schedule and no record); absent (a working day with no record, once the
 *   day is over: both its shift's end and the zone's midnight have passed);
 *   scheduled (a working day not yet over with no record yet); half_day
 *   (closed records and worked under half the scheduled minutes); late;
 *   present.
 */
import { HOLIDAY_MINUTES, REST_DAY_MINUTES, type DayStatus } from "../../../contracts/attendance-reports";
import { minutesOfDay, shiftMinutes, type HolidayKind } from "../../../contracts/schedules";
import { nextDate, weekday, zonedInstant } from "../../lib/time-zone";

export interface ScheduleRules {
  working_days: readonly number[];
  start_time: string;
  end_time: string;
  unpaid_break_minutes: number;
  grace_minutes: number;
  overtime_after_minutes: number;
}

/** A stretch of time, [start, end) in ms since the epoch. */
export interface Span {
  start: number;
  end: number;
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
  /** Each record's span (to now while open), in time order: when the person was there. */
  spans: readonly Span[];
  /** The recorded breaks' spans (to now while open). */
  breaks: readonly Span[];
}

export type DayKind = "workday" | "rest_day" | "special_holiday" | "special_holiday_rest_day" | "regular_holiday" | "regular_holiday_rest_day";

export interface DayInput {
  /** YYYY-MM-DD, the work date. */
  date: string;
  schedule: ScheduleRules | null;
  /** The kind of holiday the date is, if any. */
  holiday: HolidayKind | null;
  /** The next date's holiday: an overnight shift's hours after midnight may take its kind. */
  nextHoliday: HolidayKind | null;
  /** Approved leave on the date: its share of the day (1, or 0.5 for a half day). */
  leaveShare?: number;
  records: DayRecords;
  timeZone: string;
  now: Date;
}

/** Minutes worked on a kind of day other than a workday: the first hours, and the overtime after them. */
export interface KindMinutes {
  rest_day_minutes: number;
  rest_day_overtime_minutes: number;
  regular_holiday_minutes: number;
  regular_holiday_overtime_minutes: number;
  special_holiday_minutes: number;
  special_holiday_overtime_minutes: number;
  /** A holiday that falls on the person's rest day, apart: it pays more than either. */
  special_holiday_rest_day_minutes: number;
  special_holiday_rest_day_overtime_minutes: number;
  regular_holiday_rest_day_minutes: number;
  regular_holiday_rest_day_overtime_minutes: number;
}

/** Night minutes (22:00–06:00) that fell on a kind of day paying more than a workday: their premium is on that day's rate. */
export interface NightKindMinutes {
  rest_day_night_minutes: number;
  regular_holiday_night_minutes: number;
  special_holiday_night_minutes: number;
  special_holiday_rest_day_night_minutes: number;
  regular_holiday_rest_day_night_minutes: number;
}

export interface DayFigures extends KindMinutes, NightKindMinutes {
  status: DayStatus;
  scheduled_minutes: number;
  worked_minutes: number;
  break_minutes: number;
  late_minutes: number;
  undertime_minutes: number;
  /** Overtime on a workday. */
  overtime_minutes: number;
  night_minutes: number;
  /** A workday's first hours that fell after midnight on a day that pays more. */
  crossed_minutes: number;
}

export const NO_RECORDS: DayRecords = { count: 0, firstIn: null, presenceMs: 0, breakMs: 0, open: false, spans: [], breaks: [] };

export const KIND_MINUTES = [...REST_DAY_MINUTES, ...HOLIDAY_MINUTES] as const satisfies readonly (keyof KindMinutes)[];

const NO_KIND_MINUTES = Object.fromEntries(KIND_MINUTES.map((name) => [name, 0])) as unknown as KindMinutes;

export const NIGHT_KIND_MINUTES = [
  "rest_day_night_minutes",
  "regular_holiday_night_minutes",
  "special_holiday_night_minutes",
  "special_holiday_rest_day_night_minutes",
  "regular_holiday_rest_day_night_minutes",
] as const satisfies readonly (keyof NightKindMinutes)[];

const NO_NIGHT_KIND_MINUTES = Object.fromEntries(NIGHT_KIND_MINUTES.map((name) => [name, 0])) as unknown as NightKindMinutes;

/** A day's own figures, beside the minutes of each kind of day (see dayFigures). */
type OwnFigures = Pick<DayFigures, "status" | "scheduled_minutes" | "worked_minutes" | "break_minutes" | "late_minutes" | "undertime_minutes" | "overtime_minutes" | "night_minutes" | "crossed_minutes">;

/**
 * A day's figures as one object literal of a fixed shape. Spreading the kinds'
 * objects into it instead took V8's slow path and cost four times the rest of
 * deriving a day (2,000 open days: 60 ms, now 12).
 */
function dayFigures(own: OwnFigures, kinds: KindMinutes, nightKinds: NightKindMinutes): DayFigures {
  return {
    break_minutes: own.break_minutes,
    late_minutes: own.late_minutes,
    undertime_minutes: own.undertime_minutes,
    overtime_minutes: own.overtime_minutes,
    crossed_minutes: own.crossed_minutes,
    rest_day_minutes: kinds.rest_day_minutes,
    rest_day_overtime_minutes: kinds.rest_day_overtime_minutes,
    regular_holiday_minutes: kinds.regular_holiday_minutes,
    regular_holiday_overtime_minutes: kinds.regular_holiday_overtime_minutes,
    special_holiday_minutes: kinds.special_holiday_minutes,
    special_holiday_overtime_minutes: kinds.special_holiday_overtime_minutes,
    special_holiday_rest_day_minutes: kinds.special_holiday_rest_day_minutes,
    special_holiday_rest_day_overtime_minutes: kinds.special_holiday_rest_day_overtime_minutes,
    regular_holiday_rest_day_minutes: kinds.regular_holiday_rest_day_minutes,
    regular_holiday_rest_day_overtime_minutes: kinds.regular_holiday_rest_day_overtime_minutes,
    rest_day_night_minutes: nightKinds.rest_day_night_minutes,
    regular_holiday_night_minutes: nightKinds.regular_holiday_night_minutes,
    special_holiday_night_minutes: nightKinds.special_holiday_night_minutes,
    special_holiday_rest_day_night_minutes: nightKinds.special_holiday_rest_day_night_minutes,
    regular_holiday_rest_day_night_minutes: nightKinds.regular_holiday_rest_day_night_minutes,
    status: own.status,
    scheduled_minutes: own.scheduled_minutes,
    worked_minutes: own.worked_minutes,
    night_minutes: own.night_minutes,
  };
}

const MINUTE = 60_000;
const toMinutes = (ms: number) => Math.max(0, Math.floor(ms / MINUTE));

/** The shift a schedule has on a date (whether or not the date is a working day). */
export function shiftOn(date: string, schedule: Pick<ScheduleRules, "start_time" | "end_time">, timeZone: string): { start: Date; end: Date } {
  const start = zonedInstant(date, schedule.start_time, timeZone);
  const crosses = minutesOfDay(schedule.end_time) <= minutesOfDay(schedule.start_time);
  return { start, end: zonedInstant(crosses ? nextDate(date) : date, schedule.end_time, timeZone) };
}

/** What kind of day a date is for someone on this schedule (see the rules above). */
export function dayKind(date: string, schedule: Pick<ScheduleRules, "working_days"> | null, holiday: HolidayKind | null): DayKind {
  const restDay = schedule !== null && !schedule.working_days.includes(weekday(date));
  if (holiday === "regular") return restDay ? "regular_holiday_rest_day" : "regular_holiday";
  if (holiday === "special_non_working") return restDay ? "special_holiday_rest_day" : "special_holiday";
  return restDay ? "rest_day" : "workday";
}

export const isWorkingDay = (date: string, schedule: ScheduleRules | null, holiday: HolidayKind | null): schedule is ScheduleRules =>
  schedule !== null && dayKind(date, schedule, holiday) === "workday";

/**
 * The minutes late of a day's first clock-in: 0 when on time or within the
 * grace, on a day with no shift, or on a day partly on leave (the hours due may
 * start later: a morning off). What deriveDay counts, for readers that know only
 * the first clock-in (today's exceptions).
 */
export function lateMinutes(date: string, schedule: ScheduleRules | null, holiday: HolidayKind | null, firstIn: Date | null, timeZone: string, leaveShare = 0): number {
  if (!isWorkingDay(date, schedule, holiday) || firstIn === null) return 0;
  const lateMs = firstIn.getTime() - shiftOn(date, schedule, timeZone).start.getTime();
  return Math.min(1, leaveShare) === 0 && lateMs > schedule.grace_minutes * MINUTE ? toMinutes(lateMs) : 0;
}

/** A day is over once both its shift's end and the zone's next midnight have passed: only then is a missing record an absence. */
export function dayOver(date: string, schedule: Pick<ScheduleRules, "start_time" | "end_time">, timeZone: string, now: Date): boolean {
  return now.getTime() >= Math.max(shiftOn(date, schedule, timeZone).end.getTime(), zonedInstant(nextDate(date), "00:00", timeZone).getTime());
}

/** How much a kind of day pays over a workday: minutes after midnight move only up. */
const KIND_RANK: Record<DayKind, number> = { workday: 0, rest_day: 1, special_holiday: 1, special_holiday_rest_day: 2, regular_holiday: 3, regular_holiday_rest_day: 4 };

const HOLIDAY_KINDS: readonly DayKind[] = ["special_holiday", "special_holiday_rest_day", "regular_holiday", "regular_holiday_rest_day"];

const overlap = (a: Span, b: Span) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

/** `spans` less `cuts` (both in time order or not): what remains, in time order. */
function subtract(spans: readonly Span[], cuts: readonly Span[]): Span[] {
  let pieces = [...spans].sort((a, b) => a.start - b.start);
  for (const cut of cuts) {
    pieces = pieces.flatMap((piece) =>
      [
        { start: piece.start, end: Math.min(piece.end, cut.start) },
        { start: Math.max(piece.start, cut.end), end: piece.end },
      ].filter((part) => part.end > part.start),
    );
  }
  return pieces;
}

/** Takes up to `ms` of the pieces' time inside `window` away (the unpaid break not recorded as one). */
function takeFromWindow(pieces: readonly Span[], window: Span, ms: number): Span[] {
  let left = ms;
  const cuts: Span[] = [];
  for (const piece of pieces) {
    if (left <= 0) break;
    const start = Math.max(piece.start, window.start);
    const end = Math.min(piece.end, window.end, start + left);
    if (end > start) {
      cuts.push({ start, end });
      left -= end - start;
    }
  }
  return subtract(pieces, cuts);
}

/** The unpaid break's place: the middle of the shift. */
function breakWindow(shift: { start: Date; end: Date }, minutes: number): Span {
  const start = shift.start.getTime() + ((shift.end.getTime() - shift.start.getTime() - minutes * MINUTE) / 2);
  return { start, end: start + minutes * MINUTE };
}

/** 22:00–06:00 around a work date: the night before it, its own night and the next. */
function nights(date: string, timeZone: string): Span[] {
  const before = nextDate(date, -1);
  const after = nextDate(date);
  const span = (from: string, to: string): Span => ({ start: zonedInstant(from, "22:00", timeZone).getTime(), end: zonedInstant(to, "06:00", timeZone).getTime() });
  return [span(before, date), span(date, after), span(after, nextDate(after))];
}

/**
 * Where the worked time fell: the minutes of each kind of day (first hours
 * and overtime, `threshold` minutes worked being the first hours), the
 * workday's first hours moved to a day that pays more, and night minutes.
 */
function splitWorked(pieces: readonly Span[], input: DayInput, kind: DayKind, threshold: number) {
  const midnight = zonedInstant(nextDate(input.date), "00:00", input.timeZone).getTime();
  const nextKind = dayKind(nextDate(input.date), input.schedule, input.nextHoliday);
  const laterKind = KIND_RANK[nextKind] > KIND_RANK[kind] ? nextKind : kind;
  const ms = { first: new Map<DayKind, number>(), overtime: new Map<DayKind, number>() };
  const add = (bucket: Map<DayKind, number>, of: DayKind, amount: number) => bucket.set(of, (bucket.get(of) ?? 0) + amount);
  let elapsed = 0;
  for (const piece of pieces) {
    // Each piece cut where the first hours end and where midnight falls.
    const firstEnd = piece.start + Math.max(0, threshold * MINUTE - elapsed);
    for (const cut of [
      { start: piece.start, end: Math.min(piece.end, firstEnd), overtime: false },
      { start: Math.max(piece.start, firstEnd), end: piece.end, overtime: true },
    ]) {
      if (cut.end <= cut.start) continue;
      const bucket = cut.overtime ? ms.overtime : ms.first;
      add(bucket, kind, overlap(cut, { start: cut.start, end: midnight }));
      add(bucket, laterKind, overlap(cut, { start: midnight, end: cut.end }));
    }
    elapsed += piece.end - piece.start;
  }
  const minutes = (bucket: Map<DayKind, number>, of: DayKind) => toMinutes(bucket.get(of) ?? 0);
  // Night time, split where midnight falls as the hours are: after it, the next day's kind when that pays more.
  const nightMs = new Map<DayKind, number>();
  for (const window of nights(input.date, input.timeZone)) {
    for (const piece of pieces) {
      add(nightMs, kind, overlap(piece, { start: Math.max(window.start, piece.start), end: Math.min(window.end, midnight) }));
      add(nightMs, laterKind, overlap(piece, { start: Math.max(window.start, midnight), end: window.end }));
    }
  }
  const night = [...nightMs.values()].reduce((sum, ms) => sum + ms, 0);
  return {
    kinds: {
      rest_day_minutes: minutes(ms.first, "rest_day"),
      rest_day_overtime_minutes: minutes(ms.overtime, "rest_day"),
      regular_holiday_minutes: minutes(ms.first, "regular_holiday"),
      regular_holiday_overtime_minutes: minutes(ms.overtime, "regular_holiday"),
      special_holiday_minutes: minutes(ms.first, "special_holiday"),
      special_holiday_overtime_minutes: minutes(ms.overtime, "special_holiday"),
      special_holiday_rest_day_minutes: minutes(ms.first, "special_holiday_rest_day"),
      special_holiday_rest_day_overtime_minutes: minutes(ms.overtime, "special_holiday_rest_day"),
      regular_holiday_rest_day_minutes: minutes(ms.first, "regular_holiday_rest_day"),
      regular_holiday_rest_day_overtime_minutes: minutes(ms.overtime, "regular_holiday_rest_day"),
    } satisfies KindMinutes,
    nightKinds: {
      rest_day_night_minutes: minutes(nightMs, "rest_day"),
      regular_holiday_night_minutes: minutes(nightMs, "regular_holiday"),
      special_holiday_night_minutes: minutes(nightMs, "special_holiday"),
      special_holiday_rest_day_night_minutes: minutes(nightMs, "special_holiday_rest_day"),
      regular_holiday_rest_day_night_minutes: minutes(nightMs, "regular_holiday_rest_day"),
    } satisfies NightKindMinutes,
    movedFirst: kind === "workday" && laterKind !== kind ? minutes(ms.first, laterKind) : 0,
    movedOvertime: kind === "workday" && laterKind !== kind ? minutes(ms.overtime, laterKind) : 0,
    night: toMinutes(night),
  };
}

/** The figures of one person's day (see the rules above). */
export function deriveDay(input: DayInput): DayFigures {
  const { date, schedule, holiday, records, timeZone, now } = input;
  const breakMinutes = toMinutes(records.breakMs);
  const presence = toMinutes(records.presenceMs);
  const kind = dayKind(date, schedule, holiday);
  const worked = subtract(records.spans, records.breaks);
  // Each return writes the day's own figures out whole: no spread of shared ones (see dayFigures).

  if (!isWorkingDay(date, schedule, holiday)) {
    // No shift: the day's own minutes up to the threshold, its overtime after; without a schedule it is plain presence.
    const workedMinutes = toMinutes(records.presenceMs - records.breakMs);
    const onLeave = records.count === 0 && schedule === null && (input.leaveShare ?? 0) >= 1;
    const status: DayStatus = HOLIDAY_KINDS.includes(kind) ? "holiday" : onLeave ? "leave" : records.count === 0 || schedule !== null ? "rest_day" : "present";
    const split = splitWorked(worked, input, kind, input.schedule?.overtime_after_minutes ?? Number.POSITIVE_INFINITY);
    const own = { status, scheduled_minutes: 0, worked_minutes: workedMinutes, break_minutes: breakMinutes, late_minutes: 0, undertime_minutes: 0, overtime_minutes: 0, night_minutes: split.night, crossed_minutes: 0 };
    return dayFigures(own, split.kinds, split.nightKinds);
  }

  const leave = Math.min(1, input.leaveShare ?? 0);
  const fullShift = shiftMinutes(schedule.start_time, schedule.end_time) - schedule.unpaid_break_minutes;
  const shift = shiftOn(date, schedule, timeZone);
  if (records.count === 0) {
    const status: DayStatus = leave >= 1 ? "leave" : dayOver(date, schedule, timeZone, now) ? "absent" : "scheduled";
    const own = { status, scheduled_minutes: fullShift, worked_minutes: 0, break_minutes: breakMinutes, late_minutes: 0, undertime_minutes: 0, overtime_minutes: 0, night_minutes: 0, crossed_minutes: 0 };
    return dayFigures(own, NO_KIND_MINUTES, NO_NIGHT_KIND_MINUTES);
  }
  // Leave takes its share of the day's hours: what is still due is the rest (a half day off, a half day to work).
  const scheduled = Math.round(fullShift * (1 - leave));

  const window = breakWindow(shift, schedule.unpaid_break_minutes);
  const shiftLength = shiftMinutes(schedule.start_time, schedule.end_time);
  const reached = presence * 2 < shiftLength ? 0 : Math.min(schedule.unpaid_break_minutes, toMinutes(records.spans.reduce((sum, span) => sum + overlap(span, window), 0)));
  const workedMinutes = Math.max(0, presence - Math.max(breakMinutes, reached));
  // The unpaid break not taken as a recorded one comes off the time in its window.
  const pieces = takeFromWindow(worked, window, Math.max(0, reached - breakMinutes) * MINUTE);
  const late = lateMinutes(date, schedule, holiday, records.firstIn, timeZone, leave);
  const undertime = records.open ? 0 : Math.max(0, scheduled - workedMinutes - late);
  const split = splitWorked(pieces, input, kind, schedule.overtime_after_minutes);
  const overtime = Math.max(0, Math.max(0, workedMinutes - schedule.overtime_after_minutes) - split.movedOvertime);
  const status: DayStatus = !records.open && workedMinutes < scheduled / 2 ? "half_day" : late > 0 ? "late" : "present";
  return dayFigures(
    { status, scheduled_minutes: scheduled, worked_minutes: workedMinutes, break_minutes: breakMinutes, late_minutes: late, undertime_minutes: undertime, overtime_minutes: overtime, night_minutes: split.night, crossed_minutes: split.movedFirst },
    split.kinds,
    split.nightKinds,
  );
}

/** A person's days over a range, summed: what the reports show per person. */
export interface DaysSummary extends KindMinutes, NightKindMinutes {
  days_scheduled: number;
  days_present: number;
  days_late: number;
  days_half: number;
  /** Workdays over with no record and no leave (the unleft half of a half day of leave: 0.5). */
  days_absent: number;
  /** Workdays of approved leave (half days 0.5). */
  days_leave: number;
  /** Workdays worked, less the share of each paid at another day's rate (crossed_minutes / scheduled_minutes) and of leave. */
  days_worked: number;
  late_minutes: number;
  worked_minutes: number;
  overtime_minutes: number;
  undertime_minutes: number;
  night_minutes: number;
}

/** Figures a summary adds up day by day (the rest are counts). */
export const SUMMED_MINUTES = ["late_minutes", "worked_minutes", "overtime_minutes", "undertime_minutes", "night_minutes", ...KIND_MINUTES, ...NIGHT_KIND_MINUTES] as const satisfies readonly (keyof DayFigures & keyof DaysSummary)[];

export const EMPTY_SUMMARY: DaysSummary = {
  days_scheduled: 0,
  days_present: 0,
  days_late: 0,
  days_half: 0,
  days_absent: 0,
  days_leave: 0,
  days_worked: 0,
  late_minutes: 0,
  worked_minutes: 0,
  overtime_minutes: 0,
  undertime_minutes: 0,
  night_minutes: 0,
  ...NO_KIND_MINUTES,
  ...NO_NIGHT_KIND_MINUTES,
};

/** days_worked to six decimals, as the stored sums give it: a share of a day is a fraction of minutes. */
export const roundDays = (days: number) => Math.round(days * 1e6) / 1e6;

/** A day's figures with its leave beside them (what the day grid gives). */
export type DayWithLeave = DayFigures & { leave_share?: number };

/** A worked workday's count in days_worked: one, less the share paid at another day's rate, less its share of leave. */
export const workedDayShare = (day: Pick<DayWithLeave, "status" | "scheduled_minutes" | "crossed_minutes" | "leave_share">): number =>
  day.scheduled_minutes > 0 && (day.status === "present" || day.status === "late" || day.status === "half_day") ? (1 - (day.leave_share ?? 0)) * (1 - day.crossed_minutes / day.scheduled_minutes) : 0;

export function summarize(days: readonly DayWithLeave[]): DaysSummary {
  const sum: DaysSummary = { ...EMPTY_SUMMARY };
  for (const day of days) {
    if (day.scheduled_minutes > 0) sum.days_scheduled++;
    if (day.status === "present" || day.status === "late" || day.status === "half_day") sum.days_present++;
    if (day.late_minutes > 0) sum.days_late++;
    if (day.status === "half_day") sum.days_half++;
    // Half a day of leave with no record: the other half is the absence.
    if (day.status === "absent") sum.days_absent += 1 - (day.leave_share ?? 0);
    sum.days_leave += day.leave_share ?? 0;
    sum.days_worked += workedDayShare(day);
    for (const key of SUMMED_MINUTES) sum[key] += day[key];
  }
  sum.days_worked = roundDays(sum.days_worked);
  sum.days_absent = roundDays(sum.days_absent);
  sum.days_leave = roundDays(sum.days_leave);
  return sum;
}
