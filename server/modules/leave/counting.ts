/**
 * The days a request takes: the person's scheduled workdays in its range, read from the same day grid attendance and
 * payroll read (the schedule in force each day, the company's holidays). Rest days and regular or special non-working
 * holidays inside the range take nothing; a special working day is a workday. Without a schedule every day but a
 * holiday is a workday, as attendance counts it.
 */
import type { HalfDay } from "../../../contracts/leave";
import type { Db } from "../../db/client";
import { deriveDays } from "../attendance/derive";

export interface LeaveDay {
  date: string;
  /** 1, or 0.5 for a half day. */
  share: number;
}

export async function workdaysOf(db: Db, query: { userId: number; from: string; to: string; halfDay: HalfDay | null | undefined; timeZone: string; now: Date }): Promise<LeaveDay[]> {
  const days = await deriveDays(db, { userIds: [query.userId], from: query.from, to: query.to, timeZone: query.timeZone, now: query.now });
  const share = query.halfDay ? 0.5 : 1;
  return days.filter((day) => day.status !== "holiday" && !(day.status === "rest_day" && day.schedule_id !== null)).map((day) => ({ date: day.date, share }));
}
