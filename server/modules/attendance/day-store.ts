/**
 * Keeps attendance_days current (the derived figures of every person's day
 * whose records are all closed), and attendance_months, their sums a month. Every write that changes what a day derives
 * to (a record, a schedule, an assignment, a holiday, the company's zone)
 * names the days it touches as a scope, and those days are derived again
 * by derive-core.ts, in the write's own transaction when they are few, by a
 * background job a thousand people at a time when they are many.
 */
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AttendanceDay } from "../../../contracts/attendance-reports";
import type { Db } from "../../db/client";
import { attendanceDays, attendanceMonths, attendanceRecords } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import type { JobKind } from "../../lib/jobs";
import { companyFacts } from "../company/facts";
import { recordDays } from "./derive";
import { KIND_MINUTES, NIGHT_KIND_MINUTES, SUMMED_MINUTES } from "./derive-core";
import { array } from "../../lib/any-of";

/**
 * Which days to derive again: the days with records of these people, from
 * this date, on these dates, or that the schedule was in force on; the
 * conditions that are given all apply. `{}` is every day.
 */
export interface DayScope {
  userIds?: readonly number[];
  from?: string;
  dates?: readonly string[];
  scheduleId?: number;
}

/** Days derived again inside the write; more go to the job. */
export const INLINE_DAYS = 2_000;
/** A job step (one transaction) takes people until it holds this many days, and at most PEOPLE_PER_STEP people. */
const STEP_DAYS = 5_000;
const PEOPLE_PER_STEP = 1_000;
/** Rows per INSERT: PGlite binds a few arrays, whatever their length. */
const INSERT_CHUNK = 5_000;
/** The assignments read for a refresh: every one that could be in force on a stored day. */
const FAR_FUTURE = "9999-12-31";

/** The scope as a condition on a table with user_id and work_date columns (`r.` for records, the stored days otherwise). */
function scopeOn(scope: DayScope, columns: { user: SQLWrapper; date: SQLWrapper }): SQL {
  const conditions: SQL[] = [sql`true`];
  if (scope.userIds) conditions.push(sql`${columns.user} = any(${array(scope.userIds)}::int[])`);
  if (scope.from) conditions.push(sql`${columns.date} >= ${scope.from}::date`);
  if (scope.dates) conditions.push(sql`${columns.date} = any(${array(scope.dates)}::date[])`);
  if (scope.scheduleId !== undefined) {
    conditions.push(sql`(${columns.user}, ${columns.date}) in (select user_id, work_date from ${attendanceDays} where schedule_id = ${scope.scheduleId})`);
  }
  return sql.join(conditions, sql` and `);
}

const onRecords = (scope: DayScope) => scopeOn(scope, { user: sql`r.user_id`, date: sql`r.work_date` });

/** The stored day's figures beyond who, when and status: one list for the insert and its update. */
const FIGURES = [
  "scheduled_minutes",
  "worked_minutes",
  "break_minutes",
  "late_minutes",
  "undertime_minutes",
  "overtime_minutes",
  ...KIND_MINUTES,
  "night_minutes",
  ...NIGHT_KIND_MINUTES,
  "crossed_minutes",
] as const satisfies readonly (keyof AttendanceDay)[];

/** Stores closed days' figures, replacing what was there. */
async function store(db: Db, days: readonly AttendanceDay[]): Promise<void> {
  const names = sql.raw(FIGURES.join(", "));
  const updates = sql.raw(FIGURES.map((name) => `${name} = excluded.${name}`).join(", "));
  for (let start = 0; start < days.length; start += INSERT_CHUNK) {
    const chunk = days.slice(start, start + INSERT_CHUNK);
    const column = <K extends keyof AttendanceDay>(key: K) => chunk.map((day) => day[key]);
    const figures = sql.join(FIGURES.map((name) => sql`${array(column(name))}::int[]`), sql`, `);
    await db.execute(sql`
      insert into ${attendanceDays} (user_id, work_date, status, schedule_id, holiday, first_in, last_out, leave_share, ${names})
      select * from unnest(${array(column("user_id"))}::int[], ${array(column("date"))}::date[], ${array(column("status"))}::text[],
        ${array(column("schedule_id"))}::int[], ${array(column("holiday"))}::text[], ${array(column("first_in"))}::timestamptz[], ${array(column("last_out"))}::timestamptz[],
        ${array(column("leave_share"))}::numeric[], ${figures})
      on conflict (user_id, work_date) do update set status = excluded.status, schedule_id = excluded.schedule_id, holiday = excluded.holiday,
        first_in = excluded.first_in, last_out = excluded.last_out, leave_share = excluded.leave_share, ${updates}
    `);
  }
}

/** Derives the scope's days again with `db` (a transaction when called from a write). */
export async function refreshDays(db: Db, scope: DayScope, now: Date): Promise<number> {
  // One refresh at a time, to the end of its transaction: on PostgreSQL a job step reading records while a
  // correction commits would otherwise store the day as it was before the correction.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('attendance:days'))`);
  const { time_zone } = await companyFacts(db);
  // A schedule's days are the ones stored with it: read them before they go.
  const keys = (await db.delete(attendanceDays).where(scopeOn(scope, { user: attendanceDays.user_id, date: attendanceDays.work_date })).returning({
    user_id: attendanceDays.user_id,
    work_date: attendanceDays.work_date,
  })) as { user_id: number; work_date: string }[];
  const filter =
    scope.scheduleId !== undefined
      ? sql`(r.user_id, r.work_date) in (select * from unnest(${array(keys.map((key) => key.user_id))}::int[], ${array(keys.map((key) => key.work_date))}::date[]))`
      : onRecords(scope);
  const days = (await recordDays(db, filter, FAR_FUTURE, time_zone, now)).filter((day) => day.last_out !== null);
  await store(db, days);
  await sumMonths(db, [...keys.map((key) => ({ user_id: key.user_id, date: key.work_date })), ...days]);
  return days.length;
}

/** The minutes a month sums from its stored days. */
const MONTH_MINUTES = SUMMED_MINUTES;

/**
 * A stored day `d`'s count in days_worked (derive-core's workedDayShare): a
 * worked workday counts one, less the share of it paid at a holiday's rate, less its share of leave.
 */
export const DAY_WORKED_SHARE = sql.raw(
  `case when d.scheduled_minutes > 0 and d.status in ('present', 'late', 'half_day') then (1 - d.leave_share) * (1 - d.crossed_minutes::numeric / d.scheduled_minutes) else 0 end`,
);

/** The first day of a date's month. */
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/** Sums again the months these days fall in, for their people, from the stored days. */
async function sumMonths(db: Db, days: readonly { user_id: number; date: string }[]): Promise<void> {
  const touched = new Map(days.map((day) => [`${day.user_id}|${monthOf(day.date)}`, { user_id: day.user_id, month: monthOf(day.date) }]));
  if (touched.size === 0) return;
  const pairs = sql`unnest(${array([...touched.values()].map((key) => key.user_id))}::int[], ${array([...touched.values()].map((key) => key.month))}::date[]) as touched(user_id, month)`;
  await db.execute(sql`delete from ${attendanceMonths} where (user_id, month) in (select user_id, month from ${pairs})`);
  const summed = sql.raw(MONTH_MINUTES.join(", "));
  const sums = sql.raw(MONTH_MINUTES.map((name) => `sum(d.${name})`).join(", "));
  await db.execute(sql`
    insert into ${attendanceMonths} (user_id, month, days_present, days_late, days_half, days_worked_scheduled, days_worked, ${summed})
    select d.user_id, touched.month,
      count(*) filter (where d.status in ('present', 'late', 'half_day')), count(*) filter (where d.late_minutes > 0), count(*) filter (where d.status = 'half_day'),
      count(*) filter (where d.scheduled_minutes > 0), round(sum(${DAY_WORKED_SHARE}), 6), ${sums}
    from ${pairs} join ${attendanceDays} d on d.user_id = touched.user_id and d.work_date >= touched.month and d.work_date < touched.month + interval '1 month'
    group by d.user_id, touched.month`);
}

/** A day with an open record is worked out when read: a clock-in takes its stored figures away. */
export async function dayReopened(tx: Db, userId: number, workDate: string): Promise<void> {
  const gone = await tx.delete(attendanceDays).where(and(eq(attendanceDays.user_id, userId), eq(attendanceDays.work_date, workDate))).returning({ user_id: attendanceDays.user_id });
  if (gone.length > 0) await sumMonths(tx, [{ user_id: userId, date: workDate }]);
}

interface RefreshInput {
  scope: DayScope;
  /** People with an id above this one are still to do. */
  after: number;
  [key: string]: unknown;
}

/** The job that derives a large scope again, about STEP_DAYS days a step, each step its own transaction. */
export function refreshJob(ctx: AppContext): JobKind<RefreshInput> {
  const kind: JobKind<RefreshInput> = {
    name: "attendance.refresh-days",
    run: (job) =>
      job.commit(async (tx) => {
        const { scope, after } = job.input;
        // The next people in the scope with how many days each has there: a step takes people until it holds STEP_DAYS days.
        const counted = (await tx.execute(sql`
          select r.user_id as id, count(distinct r.work_date)::int as days from ${attendanceRecords} r
          where ${onRecords(scope)} and r.user_id > ${after}
          group by r.user_id order by r.user_id limit ${PEOPLE_PER_STEP}`)) as unknown as { rows: { id: number; days: number }[] };
        const people: number[] = [];
        let days = 0;
        for (const person of counted.rows) {
          if (people.length > 0 && days + Number(person.days) > STEP_DAYS) break;
          people.push(Number(person.id));
          days += Number(person.days);
        }
        const stored = people.length === 0 ? 0 : await refreshDays(tx, { ...scope, userIds: people }, ctx.clock.now());
        const more = people.length < counted.rows.length || counted.rows.length === PEOPLE_PER_STEP;
        if (more) await ctx.jobs.enqueue(kind, { scope, after: people[people.length - 1] }, { db: tx });
        return { people: people.length, stored };
      }),
  };
  return kind;
}

/**
 * What a write calls once it has changed the scope's days, with its
 * transaction: at once when the scope holds few days, otherwise queued for
 * the job (the figures follow within seconds).
 */
export async function daysChanged(ctx: AppContext, tx: Db, scope: DayScope): Promise<void> {
  // A schedule's days are the stored ones it was in force on; any other scope's are its days with records.
  const touched =
    scope.scheduleId !== undefined
      ? sql`select 1 from ${attendanceDays} where schedule_id = ${scope.scheduleId} limit ${INLINE_DAYS + 1}`
      : sql`select 1 from ${attendanceRecords} r where ${onRecords(scope)} group by r.user_id, r.work_date limit ${INLINE_DAYS + 1}`;
  const counted = (await tx.execute(sql`select count(*)::int as days from (${touched}) as touched`)) as unknown as { rows: { days: number }[] };
  if (Number(counted.rows[0].days) <= INLINE_DAYS) await refreshDays(tx, scope, ctx.clock.now());
  else await ctx.jobs.enqueue(refreshJob(ctx), { scope, after: 0 }, { db: tx });
}
