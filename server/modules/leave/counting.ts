/**
 * The days a request takes: the person's scheduled workdays in its range (every date, for a type counted in calendar days), read from the same day grid attendance and
 * payroll read (the schedule in force each day, the company's holidays). Rest days and regular or special non-working
 * holidays inside the range take nothing; a special working day is a workday. Without a schedule every day but a
 * holiday is a workday, as attendance counts it.
 */
import type { HalfDay } from "../../../contracts/leave";
import type { Db } from "../../db/client";
import { nextDate } from "../../lib/time-zone";
import { deriveDays } from "../attendance/derive";

export interface LeaveDay {
  date: string;
  /** 1, or 0.5 for a half day. */
  share: number;
}

export async function workdaysOf(db: Db, query: { userId: number; from: string; to: string; halfDay: HalfDay | null | undefined; calendarDays: boolean; timeZone: string; now: Date }): Promise<LeaveDay[]> {
  const share = query.halfDay ? 0.5 : 1;
  // A type counted in calendar days (maternity leave) takes every date of the range.
  if (query.calendarDays) {
    const dates: LeaveDay[] = [];
    for (let date = query.from; date <= query.to; date = nextDate(date)) dates.push({ date, share });
    return dates;
  }
  const days = await deriveDays(db, { userIds: [query.userId], from: query.from, to: query.to, timeZone: query.timeZone, now: query.now });
  return days.filter((day) => day.status !== "holiday" && !(day.status === "rest_day" && day.schedule_id !== null)).map((day) => ({ date: day.date, share }));
}
