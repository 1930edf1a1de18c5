/** GET /api/schedules/my-schedule: the caller's schedule in force today and their next shift, in the company's zone. */
import { and, asc, between, desc, eq, lte } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dataReply } from "../../../contracts/replies";
import { mySchedule, type MySchedule } from "../../../contracts/schedules";
import { holidays, scheduleAssignments, workSchedules } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { dateInZone, nextDate } from "../../lib/time-zone";
import { isWorkingDay, shiftOn } from "../attendance/derive-core";
import { companyFacts } from "../company/facts";

/** How far ahead the next shift is looked for: a schedule works at least one day a week, holidays aside. */
const LOOK_AHEAD_DAYS = 31;

export async function myScheduleOf(ctx: AppContext, userId: number): Promise<MySchedule> {
  const { time_zone: timeZone } = await companyFacts(ctx.db);
  const now = ctx.clock.now();
  const today = dateInZone(now, timeZone);
  const [assigned] = await ctx.db
    .select({ schedule: workSchedules, effective_from: scheduleAssignments.effective_from })
    .from(scheduleAssignments)
    .innerJoin(workSchedules, eq(workSchedules.id, scheduleAssignments.schedule_id))
    .where(and(eq(scheduleAssignments.user_id, userId), lte(scheduleAssignments.effective_from, today)))
    .orderBy(desc(scheduleAssignments.effective_from))
    .limit(1);
  const last = nextDate(today, LOOK_AHEAD_DAYS);
  const daysOff = await ctx.db.select({ date: holidays.date, name: holidays.name, kind: holidays.kind }).from(holidays).where(between(holidays.date, today, last)).orderBy(asc(holidays.date));
  const holidayOn = new Map(daysOff.map((day) => [day.date, day]));
  const todayHoliday = holidayOn.get(today) ?? null;
  if (!assigned) return { time_zone: timeZone, today, schedule: null, effective_from: null, holiday: todayHoliday, next_shift: null };

  const { schedule } = assigned;
  // A later assignment starting within the look-ahead is not followed: the next shift is the current schedule's.
  let next: MySchedule["next_shift"] = null;
  for (let date = today; date <= last && !next; date = nextDate(date)) {
    if (!isWorkingDay(date, schedule, holidayOn.get(date)?.kind ?? null)) continue;
    const shift = shiftOn(date, schedule, timeZone);
    if (shift.end > now) next = { date, starts_at: shift.start.toISOString(), ends_at: shift.end.toISOString(), start_time: schedule.start_time, end_time: schedule.end_time };
  }
  return {
    time_zone: timeZone,
    today,
    schedule: {
      id: schedule.id,
      name: schedule.name,
      working_days: schedule.working_days,
      start_time: schedule.start_time,
      end_time: schedule.end_time,
      unpaid_break_minutes: schedule.unpaid_break_minutes,
      grace_minutes: schedule.grace_minutes,
      overtime_after_minutes: schedule.overtime_after_minutes,
      active: schedule.active,
    },
    effective_from: assigned.effective_from,
    holiday: todayHoliday,
    next_shift: next,
  };
}

export const myScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/schedules/my-schedule", { config: { action: "attendance.clock" }, schema: { response: { 200: dataReply(mySchedule) } } }, async (request) => ({
    data: await myScheduleOf(app.ctx, request.user.id),
  }));
};
