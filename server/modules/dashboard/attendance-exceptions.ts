/**
 * Today's attendance exceptions (GET /api/dashboard/attendance-exceptions):
 * who is late, who is absent so far, and whose clock events matched no work
 * location. Lateness and absence are derive-core's rules, applied to the
 * stored days, to the days still open, and once per schedule for those not
 * in yet (as day-sums.ts counts the calendar). Each kind is counted whole and
 * only its latest `limit` rows are read; the people are named only for the
 * rows listed.
 */
import { sql } from "drizzle-orm";
import type { HolidayKind } from "../../../contracts/schedules";
import { WIDGET_DEFAULT_LIMIT, type AttendanceException, type AttendanceExceptions, type ExceptionKind } from "../../../contracts/dashboard-own";
import { attendanceDays, attendanceRecords, holidays, scheduleAssignments, users, workSchedules } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { int, rowsOf } from "../../lib/sql-rows";
import { isWorkingDay, lateMinutes, shiftOn, type ScheduleRules } from "../attendance/derive-core";
import { companyToday } from "../attendance/reports";
import { array } from "../../lib/any-of";
import { onApprovedLeave } from "../leave/taken";

/** An exception before its person is named. */
type Event = Omit<AttendanceException, "name" | "employee_number" | "department">;

/** A kind's latest events (at most the limit) and how many there are in all. */
interface Found {
  total: number;
  latest: Event[];
}

/** Today in the company's zone, with the schedules someone follows today and today's holiday: what lateness and absence are judged by. */
interface Today {
  date: string;
  timeZone: string;
  now: Date;
  schedules: Map<number, ScheduleRules>;
  /** Today's holiday's kind, if today is one. */
  holiday: HolidayKind | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** Latest first, then by person: the order every list of exceptions keeps. */
const latestFirst = (a: Event, b: Event) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.user_id - b.user_id);

/** Each person's schedule in force on `date`: their latest assignment from that date or before (along the (user_id, effective_from) index). */
const inForceOn = (date: string) =>
  sql`select distinct on (user_id) user_id, schedule_id from ${scheduleAssignments} where effective_from <= ${date}::date order by user_id, effective_from desc`;

async function todayOf(ctx: AppContext): Promise<Today> {
  const { today, time_zone, now } = await companyToday(ctx);
  const [schedules, [holiday]] = await Promise.all([
    ctx.db.select().from(workSchedules).where(sql`${workSchedules.id} in (select schedule_id from (${inForceOn(today)}) as in_force)`),
    ctx.db.select({ kind: holidays.kind }).from(holidays).where(sql`${holidays.date} = ${today}::date`),
  ]);
  return { date: today, timeZone: time_zone, now, schedules: new Map(schedules.map((schedule) => [schedule.id, schedule])), holiday: holiday?.kind ?? null };
}

/**
 * The minutes late of a first clock-in by derive-core's rule (0 when on time,
 * or on a day with no shift). Lateness depends on the first clock-in alone,
 * so a day still open is judged without summing its records (or deriving the rest of it).
 */
function lateBy(today: Today, schedule: ScheduleRules | undefined, firstIn: Date): number {
  return lateMinutes(today.date, schedule ?? null, today.holiday, firstIn, today.timeZone);
}

/** A query's rows with `count(*) over ()` as total: the kind's events and their whole count. */
function found<T extends { total: number | string }>(rows: T[], toEvent: (row: T) => Event): Found {
  return { total: int(rows[0]?.total), latest: rows.map(toEvent) };
}

/** A person on the books: archived people are no one's exception. */
const current = sql`exists (select 1 from ${users} u where u.id = x.user_id and u.archived_at is null)`;

/**
 * Today's late arrivals: the closed days as attendance_days stored them, and
 * the days with a record still open judged now (the two never overlap: a
 * clock-in takes a day's stored figures away).
 */
async function lateToday(ctx: AppContext, today: Today, limit: number): Promise<Found> {
  const [stored, open] = await Promise.all([
    ctx.db.execute(sql`
      select x.user_id, x.first_in, x.late_minutes, count(*) over () as total
      from ${attendanceDays} x where x.work_date = ${today.date}::date and x.late_minutes > 0 and ${current}
      order by x.first_in desc, x.user_id limit ${limit}`),
    ctx.db.execute(sql`
      select x.user_id, x.first_in, s.schedule_id
      from (select r.user_id, min(r.clock_in_at) as first_in from ${attendanceRecords} r
            where r.work_date = ${today.date}::date and r.user_id in (select user_id from ${attendanceRecords} where clock_out_at is null and work_date = ${today.date}::date)
            group by r.user_id) as x
      join lateral (select a.schedule_id from ${scheduleAssignments} a where a.user_id = x.user_id and a.effective_from <= ${today.date}::date
                    order by a.effective_from desc limit 1) as s on true
      where ${current} and not ${onApprovedLeave(sql`x.user_id`, sql`${today.date}::date`)}`),
  ]);
  const closed = found(rowsOf<{ user_id: number; first_in: string | Date; late_minutes: number; total: number | string }>(stored), (row) => ({ user_id: Number(row.user_id), kind: "late", at: iso(row.first_in), minutes: Number(row.late_minutes), distance_m: null, remote: false }));
  const opened: Event[] = [];
  for (const row of rowsOf<{ user_id: number; first_in: string | Date; schedule_id: number }>(open)) {
    const minutes = lateBy(today, today.schedules.get(Number(row.schedule_id)), new Date(row.first_in));
    if (minutes > 0) opened.push({ user_id: Number(row.user_id), kind: "late", at: iso(row.first_in), minutes, distance_m: null, remote: false });
  }
  return { total: closed.total + opened.length, latest: [...closed.latest, ...opened.sort(latestFirst).slice(0, limit)] };
}

/**
 * Today's absences so far: people whose schedule in force has a shift today
 * whose grace is over (a clock-in now would be late), and who have no record
 * today and no approved leave. Judged once per schedule, not per person.
 */
async function absentToday(ctx: AppContext, today: Today, limit: number): Promise<Found> {
  const overdue = [...today.schedules]
    .filter(([, schedule]) => isWorkingDay(today.date, schedule, today.holiday))
    .map(([id, schedule]) => ({ id, start: shiftOn(today.date, schedule, today.timeZone).start.toISOString(), minutes: lateBy(today, schedule, today.now) }))
    .filter((due) => due.minutes > 0);
  if (overdue.length === 0) return { total: 0, latest: [] };
  const rows = rowsOf<{ user_id: number; starts_at: string; minutes: number; total: number | string }>(
    await ctx.db.execute(sql`
    with due as (select * from unnest(${array(overdue.map((due) => due.id))}::int[], ${array(overdue.map((due) => due.start))}::text[], ${array(overdue.map((due) => due.minutes))}::int[]) as d(schedule_id, starts_at, minutes))
    select x.user_id, due.starts_at, due.minutes, count(*) over () as total
    from (${inForceOn(today.date)}) as x join due on due.schedule_id = x.schedule_id
    where ${current} and not exists (select 1 from ${attendanceRecords} r where r.user_id = x.user_id and r.work_date = ${today.date}::date)
      and not ${onApprovedLeave(sql`x.user_id`, sql`${today.date}::date`)}
    order by due.starts_at desc, x.user_id limit ${limit}`),
  );
  return found(rows, (row) => ({ user_id: Number(row.user_id), kind: "absent", at: row.starts_at, minutes: Number(row.minutes), distance_m: null, remote: false }));
}

/** Today's own clock events (not entries by an administrator) that matched none of the work locations. */
async function outsideTheFence(ctx: AppContext, today: Today, limit: number): Promise<Found> {
  const ownToday = sql`r.work_date = ${today.date}::date and r.source = 'clock'`;
  const rows = rowsOf<{ user_id: number; kind: ExceptionKind; at: string | Date; distance_m: number | null; remote: boolean; total: number | string }>(
    await ctx.db.execute(sql`
    select x.*, count(*) over () as total from (
      select r.user_id, 'clocked_in_outside' as kind, r.clock_in_at as at, r.in_distance_m as distance_m, r.remote
      from ${attendanceRecords} r where ${ownToday} and r.in_location_id is null
      union all
      select r.user_id, 'clocked_out_outside', r.clock_out_at, r.out_distance_m, r.remote
      from ${attendanceRecords} r where ${ownToday} and r.clock_out_at is not null and r.out_location_id is null
    ) as x
    where ${current}
    order by x.at desc, x.user_id limit ${limit}`),
  );
  return found(rows, (row) => ({ user_id: Number(row.user_id), kind: row.kind, at: iso(row.at), minutes: null, distance_m: row.distance_m === null ? null : Number(row.distance_m), remote: row.remote }));
}

/** The people of the listed events, named. */
async function named(ctx: AppContext, events: Event[]): Promise<AttendanceException[]> {
  if (events.length === 0) return [];
  const people = await ctx.db
    .select({ id: users.id, name: users.name, employee_number: users.employee_number, department: users.department })
    .from(users)
    .where(sql`${users.id} = any(${array([...new Set(events.map((event) => event.user_id))])}::int[])`);
  const byId = new Map(people.map((person) => [person.id, person]));
  return events.map((event) => {
    const { name, employee_number, department } = byId.get(event.user_id)!;
    return { ...event, name, employee_number, department };
  });
}

/** Today's exceptions in the company's zone, latest first: `limit` of them, with the counts of all. */
export async function exceptionsToday(ctx: AppContext, limit = WIDGET_DEFAULT_LIMIT): Promise<AttendanceExceptions> {
  const today = await todayOf(ctx);
  const [late, absent, outside] = await Promise.all([lateToday(ctx, today, limit), absentToday(ctx, today, limit), outsideTheFence(ctx, today, limit)]);
  // The latest `limit` of all are among the latest `limit` of each kind.
  const listed = [...late.latest, ...absent.latest, ...outside.latest].sort(latestFirst).slice(0, limit);
  return {
    date: today.date,
    counts: { late: late.total, absent: absent.total, outside: outside.total },
    total: late.total + absent.total + outside.total,
    items: await named(ctx, listed),
  };
}
