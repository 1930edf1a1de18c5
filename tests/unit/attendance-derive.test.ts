/**
 * The day's figures (server/modules/attendance/derive-core.ts): worked time
 * with the unpaid break, lateness and its grace, undertime, overtime, the
 * status of each kind of day, night shifts and the company zone's edges.
 * Figures are worked out by hand in each case's comment.
 */
import { describe, expect, it } from "vitest";
import { dayKind, deriveDay, EMPTY_SUMMARY, NO_RECORDS, shiftOn, summarize, type DayRecords, type ScheduleRules } from "../../server/modules/attendance/derive-core";
import { zonedInstant } from "../../server/lib/time-zone";

const MANILA = "Asia/Manila"; // UTC+8, no daylight saving
const NEW_YORK = "America/New_York";
const DAY: ScheduleRules = { working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "18:00", unpaid_break_minutes: 60, grace_minutes: 15, overtime_after_minutes: 480 };
const NIGHT: ScheduleRules = { ...DAY, start_time: "22:00", end_time: "06:00" };
const LATER = new Date("2030-01-01T00:00:00Z");

/**
 * Records of one stay from `in` to `out` (wall times on the given dates) with breaks: a number of minutes each,
 * taken one after another in the middle of the stay, or a [from, to] pair of wall times.
 */
function stay(inAt: string, outAt: string | null, breaks: (number | [string, string])[] = [], zone = MANILA): DayRecords {
  const at = (text: string) => zonedInstant(text.slice(0, 10), text.slice(11, 16), zone).getTime();
  const start = at(inAt);
  const end = outAt ? at(outAt) : LATER.getTime();
  const minutesTaken = breaks.reduce<number>((sum, taken) => sum + (Array.isArray(taken) ? 0 : taken), 0);
  let next = start + Math.floor((end - start - minutesTaken * 60_000) / 2);
  const breakSpans = breaks.map((taken) => {
    if (Array.isArray(taken)) return { start: at(taken[0]), end: at(taken[1]) };
    const span = { start: next, end: next + taken * 60_000 };
    next = span.end;
    return span;
  });
  return {
    count: 1,
    firstIn: new Date(start),
    presenceMs: end - start,
    breakMs: breakSpans.reduce((sum, span) => sum + span.end - span.start, 0),
    open: outAt === null,
    spans: [{ start, end }],
    breaks: breakSpans,
  };
}

// 2026-03-02 is a Monday.
const day = (records: DayRecords, overrides: Partial<Parameters<typeof deriveDay>[0]> = {}) =>
  deriveDay({ date: "2026-03-02", schedule: DAY, holiday: null, nextHoliday: null, records, timeZone: MANILA, now: LATER, ...overrides });

describe("worked time and the unpaid break", () => {
  it("deducts the unpaid hour when no break is recorded: 09:00–18:00 is 480 worked, no undertime, no overtime", () => {
    expect(day(stay("2026-03-02 09:00", "2026-03-02 18:00"))).toMatchObject({ status: "present", scheduled_minutes: 480, worked_minutes: 480, late_minutes: 0, undertime_minutes: 0, overtime_minutes: 0 });
  });

  it("counts several breaks within the allowance as that same hour: 20 + 30 minutes taken, still 480 worked", () => {
    expect(day(stay("2026-03-02 09:00", "2026-03-02 18:00", [20, 30]))).toMatchObject({ worked_minutes: 480, break_minutes: 50 });
  });

  it("deducts breaks beyond the allowance: 45 + 30 = 75 minutes taken, 465 worked, 15 undertime", () => {
    expect(day(stay("2026-03-02 09:00", "2026-03-02 18:00", [45, 30]))).toMatchObject({ worked_minutes: 465, undertime_minutes: 15, status: "present" });
  });

  it("counts overtime past the threshold: 09:00–19:30 is 630 presence, 570 worked, 90 overtime", () => {
    expect(day(stay("2026-03-02 09:00", "2026-03-02 19:30"))).toMatchObject({ worked_minutes: 570, overtime_minutes: 90, undertime_minutes: 0 });
  });
});

describe("lateness and its grace", () => {
  it.each([
    ["09:15", 0, "present"], // exactly at the end of grace: on time
    ["09:16", 16, "late"], // past grace: counted from the start
    ["08:50", 0, "present"],
  ])("clocking in at %s is %i minutes late (%s)", (time, late, status) => {
    expect(day(stay(`2026-03-02 ${time}`, "2026-03-02 18:30"))).toMatchObject({ late_minutes: late, status });
  });

  it("takes seconds into account at the grace boundary: 09:15:01 is late by 15 minutes", () => {
    const records = stay("2026-03-02 09:15", "2026-03-02 18:00");
    const late = { ...records, firstIn: new Date(records.firstIn!.getTime() + 1000), presenceMs: records.presenceMs - 1000 };
    expect(day(late)).toMatchObject({ late_minutes: 15, status: "late" });
  });

  it("does not count lateness again as undertime: in at 09:30, out 18:00 is 450 worked, 30 late, 0 undertime", () => {
    expect(day(stay("2026-03-02 09:30", "2026-03-02 18:00"))).toMatchObject({ worked_minutes: 450, late_minutes: 30, undertime_minutes: 0 });
  });
});

describe("status", () => {
  it("is half_day under half the scheduled minutes once closed (09:00–12:00: 180 < 240, no break reached), and present while still open", () => {
    expect(day(stay("2026-03-02 09:00", "2026-03-02 12:00"))).toMatchObject({ status: "half_day", worked_minutes: 180, undertime_minutes: 300 });
    expect(day(stay("2026-03-02 09:00", "2026-03-02 12:00"), {})).toMatchObject({ status: "half_day" });
    const open = { ...stay("2026-03-02 09:00", "2026-03-02 12:00"), open: true };
    expect(day(open)).toMatchObject({ status: "present", undertime_minutes: 0 });
  });

  it("is absent on a working day without records only once the day is over in the company zone", () => {
    // Monday ends at 2026-03-02T16:00Z in Manila (midnight local).
    expect(day(NO_RECORDS, { now: new Date("2026-03-02T15:59:00Z") })).toMatchObject({ status: "scheduled", scheduled_minutes: 480, worked_minutes: 0 });
    expect(day(NO_RECORDS, { now: new Date("2026-03-02T16:00:00Z") })).toMatchObject({ status: "absent" });
  });

  it("is a holiday on a regular or special non-working holiday, worked or not, its minutes that day's own; a rest day off the schedule's days", () => {
    expect(day(NO_RECORDS, { holiday: "regular" })).toMatchObject({ status: "holiday", scheduled_minutes: 0 });
    expect(day(stay("2026-03-02 10:00", "2026-03-02 12:00", [15]), { holiday: "regular" })).toMatchObject({
      status: "holiday",
      worked_minutes: 105,
      regular_holiday_minutes: 105,
      overtime_minutes: 0,
    });
    expect(day(stay("2026-03-02 10:00", "2026-03-02 12:00"), { holiday: "special_non_working" })).toMatchObject({ status: "holiday", special_holiday_minutes: 120, regular_holiday_minutes: 0 });
    // 2026-03-01 is a Sunday.
    expect(day(NO_RECORDS, { date: "2026-03-01" })).toMatchObject({ status: "rest_day" });
    expect(day(stay("2026-03-01 10:00", "2026-03-01 11:00"), { date: "2026-03-01" })).toMatchObject({ status: "rest_day", worked_minutes: 60, rest_day_minutes: 60, overtime_minutes: 0 });
  });

  it("keeps a special working day an ordinary working day: due, late, absent like any other", () => {
    expect(day(NO_RECORDS, { holiday: "special_working" })).toMatchObject({ status: "absent", scheduled_minutes: 480 });
    expect(day(stay("2026-03-02 09:20", "2026-03-02 18:00"), { holiday: "special_working" })).toMatchObject({ status: "late", worked_minutes: 460, special_holiday_minutes: 0 });
  });

  it("without a schedule: a day with records is present (no lateness, no overtime), one without is a rest day", () => {
    expect(day(stay("2026-03-02 10:00", "2026-03-02 12:00"), { schedule: null })).toMatchObject({ status: "present", worked_minutes: 120, overtime_minutes: 0, late_minutes: 0 });
    expect(day(NO_RECORDS, { schedule: null })).toMatchObject({ status: "rest_day" });
  });
});

describe("night shifts and time zones", () => {
  it("puts a 22:00–06:00 shift on its start date, ending the next morning", () => {
    const { start, end } = shiftOn("2026-03-02", NIGHT, MANILA);
    expect([start.toISOString(), end.toISOString()]).toEqual(["2026-03-02T14:00:00.000Z", "2026-03-02T22:00:00.000Z"]);
  });

  it("derives a night worked across midnight: in 22:10, out 06:30 next day, 30 minutes' break: 10 late, 440 worked, 0 undertime", () => {
    const records = stay("2026-03-02 22:10", "2026-03-03 06:30", [30]);
    expect(day(records, { schedule: NIGHT })).toMatchObject({ status: "present", late_minutes: 0, worked_minutes: 440, undertime_minutes: 0 });
    const late = stay("2026-03-02 22:20", "2026-03-03 06:00");
    expect(day(late, { schedule: NIGHT })).toMatchObject({ status: "late", late_minutes: 20, worked_minutes: 400 });
  });

  it("keeps a night shift's absence open until its end the next morning", () => {
    expect(day(NO_RECORDS, { schedule: NIGHT, now: new Date("2026-03-02T21:59:00Z") })).toMatchObject({ status: "scheduled" });
    expect(day(NO_RECORDS, { schedule: NIGHT, now: new Date("2026-03-02T22:00:00Z") })).toMatchObject({ status: "absent" });
  });

  it("reads the start in the zone's offset of that day, across daylight saving (New York: UTC−5 in winter, −4 in summer)", () => {
    expect(zonedInstant("2026-03-06", "09:00", NEW_YORK).toISOString()).toBe("2026-03-06T14:00:00.000Z");
    expect(zonedInstant("2026-03-09", "09:00", NEW_YORK).toISOString()).toBe("2026-03-09T13:00:00.000Z");
    // 02:30 does not exist on 2026-03-08: read with the offset before the change, i.e. 03:30 EDT.
    expect(zonedInstant("2026-03-08", "02:30", NEW_YORK).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // A Monday after the change: on time at 09:00 EDT.
    const records = stay("2026-03-09 09:00", "2026-03-09 18:00", [], NEW_YORK);
    expect(deriveDay({ date: "2026-03-09", schedule: DAY, holiday: null, nextHoliday: null, records, timeZone: NEW_YORK, now: LATER })).toMatchObject({ late_minutes: 0, worked_minutes: 480 });
  });
});

describe("a person's days, summed", () => {
  it("counts days present, late, half and absent, and adds the minutes", () => {
    const days = [
      day(stay("2026-03-02 09:20", "2026-03-02 18:00")), // late 20, worked 460
      day(stay("2026-03-02 09:00", "2026-03-02 12:00")), // half day, worked 180 (no break reached), undertime 300
      day(NO_RECORDS), // absent
      day(NO_RECORDS, { date: "2026-03-01" }), // rest day
    ];
    expect(summarize(days)).toEqual({
      ...EMPTY_SUMMARY,
      days_scheduled: 3,
      days_present: 2,
      days_late: 1,
      days_half: 1,
      days_absent: 1,
      // A half day is a day worked: its missing hours are undertime, not half a day less.
      days_worked: 2,
      late_minutes: 20,
      worked_minutes: 640,
      undertime_minutes: 300,
    });
  });
});

describe("the unpaid break is lost only where it was reached", () => {
  // 08:00–17:00 with an hour's unpaid break: the break sits in the middle, 12:00–13:00; half the shift is 270 minutes.
  const OFFICE: ScheduleRules = { ...DAY, start_time: "08:00", end_time: "17:00" };

  it("keeps a 3-hour morning whole (08:00–11:00: 180 worked, not 120): it ended before the break", () => {
    expect(day(stay("2026-03-02 08:00", "2026-03-02 11:00"), { schedule: OFFICE })).toMatchObject({ worked_minutes: 180, undertime_minutes: 300, status: "half_day" });
  });

  it("keeps an afternoon shorter than half the shift whole (13:00–17:00: 240 worked)", () => {
    expect(day(stay("2026-03-02 13:00", "2026-03-02 17:00"), { schedule: OFFICE })).toMatchObject({ worked_minutes: 240 });
  });

  it("takes the part of the window a long enough stay covered: 08:00–12:30 is 270 present, 30 of the break, 240 worked", () => {
    expect(day(stay("2026-03-02 08:00", "2026-03-02 12:30"), { schedule: OFFICE })).toMatchObject({ worked_minutes: 240, undertime_minutes: 240 });
  });

  it("pays a half day for its hours, never half a day less as well: 186 minutes worked is 294 undertime and one day worked", () => {
    const half = day(stay("2026-03-02 08:00", "2026-03-02 11:06"), { schedule: OFFICE });
    expect(half).toMatchObject({ status: "half_day", worked_minutes: 186, undertime_minutes: 294, late_minutes: 0 });
    expect(summarize([half])).toMatchObject({ days_worked: 1, days_half: 1, undertime_minutes: 294 });
  });
});

describe("minutes by kind of day, and at night", () => {
  it("splits a holiday's hours into its first eight and its overtime: 08:00–19:00 with an hour's break is 480 + 120", () => {
    expect(day(stay("2026-03-02 08:00", "2026-03-02 19:00", [60]), { holiday: "regular" })).toMatchObject({
      worked_minutes: 600,
      regular_holiday_minutes: 480,
      regular_holiday_overtime_minutes: 120,
      overtime_minutes: 0,
    });
  });

  it("counts a rest day's hours as rest-day minutes (Sunday 08:00–17:00 with a recorded hour's lunch: 480)", () => {
    expect(day(stay("2026-03-01 08:00", "2026-03-01 17:00", [["2026-03-01 12:00", "2026-03-01 13:00"]]), { date: "2026-03-01" })).toMatchObject({
      status: "rest_day",
      worked_minutes: 480,
      rest_day_minutes: 480,
      rest_day_overtime_minutes: 0,
    });
  });

  it("counts night minutes between 22:00 and 06:00: a 22:00–07:00 shift with its hour's break in the middle (02:00–03:00) has 420", () => {
    const shift: ScheduleRules = { ...DAY, start_time: "22:00", end_time: "07:00" };
    expect(day(stay("2026-03-02 22:00", "2026-03-03 07:00"), { schedule: shift })).toMatchObject({ worked_minutes: 480, night_minutes: 420, overtime_minutes: 0 });
  });

  it("moves a workday night's hours after midnight to a regular holiday the next day, and says how much of the day they were", () => {
    // 22:00–06:00 with the hour's break at 01:30–02:30: 120 minutes before midnight, 90 + 210 after it.
    const figures = day(stay("2026-03-02 22:00", "2026-03-03 06:00"), { schedule: NIGHT, nextHoliday: "regular" });
    expect(figures).toMatchObject({ worked_minutes: 420, regular_holiday_minutes: 300, crossed_minutes: 300, night_minutes: 420, overtime_minutes: 0 });
    expect(summarize([figures]).days_worked).toBeCloseTo(120 / 420, 6);
  });

  it("never moves hours after midnight to a day that pays less: a holiday night into a workday stays holiday work", () => {
    const figures = day(stay("2026-03-02 22:00", "2026-03-03 06:00", [60]), { schedule: NIGHT, holiday: "regular", nextHoliday: null });
    expect(figures).toMatchObject({ status: "holiday", worked_minutes: 420, regular_holiday_minutes: 420, crossed_minutes: 0 });
  });

  it("moves a rest day's hours after midnight to a regular holiday (Sunday night into Monday's holiday)", () => {
    const figures = day(stay("2026-03-01 20:00", "2026-03-02 02:00"), { date: "2026-03-01", nextHoliday: "regular" });
    expect(figures).toMatchObject({ rest_day_minutes: 240, regular_holiday_minutes: 120, crossed_minutes: 0, night_minutes: 240 });
  });

  it("puts overtime after midnight on the day it fell on: a workday from 14:00 to 02:00 into a special day", () => {
    // 720 present, the hour's break in the middle of the 14:00–23:00 shift (18:00–19:00): 660 worked, 480 first hours to 23:00, then 180 overtime, 120 of it after midnight.
    const late: ScheduleRules = { ...DAY, start_time: "14:00", end_time: "23:00" };
    const figures = day(stay("2026-03-02 14:00", "2026-03-03 02:00"), { schedule: late, nextHoliday: "special_non_working" });
    expect(figures).toMatchObject({ worked_minutes: 660, overtime_minutes: 60, special_holiday_overtime_minutes: 120, special_holiday_minutes: 0, crossed_minutes: 0, night_minutes: 240 });
  });
});

describe("kinds of day", () => {
  it("keeps a holiday on the person's rest day apart from both (DOLE pays it 150 % or 260 %), and a holiday on a workday the holiday", () => {
    // Monday 16 and Sunday 22 February 2026, on a Monday-to-Friday schedule.
    expect(dayKind("2026-02-16", DAY, "regular")).toBe("regular_holiday");
    expect(dayKind("2026-02-22", DAY, "regular")).toBe("regular_holiday_rest_day");
    expect(dayKind("2026-02-21", DAY, "special_non_working")).toBe("special_holiday_rest_day");
    expect(dayKind("2026-02-17", DAY, "special_non_working")).toBe("special_holiday");
    // A special working day is a workday; without a schedule there is no rest day.
    expect(dayKind("2026-02-25", DAY, "special_working")).toBe("workday");
    expect(dayKind("2026-02-22", null, "regular")).toBe("regular_holiday");
    expect(dayKind("2026-02-22", DAY, null)).toBe("rest_day");
  });
});
