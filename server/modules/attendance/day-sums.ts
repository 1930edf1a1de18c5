/**
 * Days summed over a range for many people at once, without deriving each
 * day on the read: the closed days come summed from attendance_days (one
 * aggregate query), the few days still open are derived now, and the days
 * without records are counted from the calendar (each schedule's working
 * days, holidays out) once per schedule and stretch of dates, not per person.
 * The figures equal summing derive-core's days one by one (tests compare).
 */
import { sql } from "drizzle-orm";
import type { DayStatus } from "../../../contracts/attendance-reports";
import type { Db } from "../../db/client";
import { attendanceDays, attendanceMonths, attendanceRecords, holidays, scheduleAssignments, workSchedules } from "../../db/schema";
import { dateInZone, nextDate, weekday } from "../../lib/time-zone";
import { recordDays } from "./derive";
import { dayOver, type DaysSummary, type ScheduleRules } from "./derive-core";
import { array } from "../../lib/any-of";

export interface SumsQuery {
  userIds: readonly number[];
  from: string;
  to: string;
  timeZone: string;
  now: Date;
}

/** How many people were in each state on one date. */
export interface DayCounts {
  date: string;
  present: number;
  late: number;
  half_day: number;
  absent: number;
  scheduled: number;
}

/** The range's working days of each schedule that people follow in it (holidays out), each with whether it is over. */
interface Calendar {
  schedules: Map<number, ScheduleRules>;
  /** Per schedule: the last date of the range that is over (a day's end only moves later with its date). */
  lastOver: Map<number, string>;
  /** Every working date of every schedule: the columns of a relation (schedule_id, date, over) for the query. */
  working: { scheduleIds: number[]; dates: string[]; over: boolean[] };
}

/** Each person's assignments that touch the range, cut to it: (user_id, schedule_id, first, last). */
const spansOf = (query: SumsQuery) => sql`spans as (
      select user_id, schedule_id, greatest(effective_from, ${query.from}::date) as first, least(coalesce(until - 1, ${query.to}::date), ${query.to}::date) as last
      from (select user_id, schedule_id, effective_from, lead(effective_from) over (partition by user_id order by effective_from) as until
            from ${scheduleAssignments} where user_id = any(${array(query.userIds)}::int[]) and effective_from <= ${query.to}::date) as assigned
      where until is null or until > ${query.from}::date
    )`;

async function calendar(db: Db, query: SumsQuery): Promise<Calendar> {
  const followed = sql`select distinct schedule_id from (select schedule_id, effective_from, lead(effective_from) over (partition by user_id order by effective_from) as until
    from ${scheduleAssignments} where user_id = any(${array(query.userIds)}::int[]) and effective_from <= ${query.to}::date) as assigned where until is null or until > ${query.from}::date`;
  const [scheduleRows, holidayRows] = await Promise.all([
    db.select().from(workSchedules).where(sql`${workSchedules.id} in (${followed})`),
    db.select({ date: holidays.date }).from(holidays).where(sql`${holidays.date} between ${query.from}::date and ${query.to}::date`),
  ]);
  const holidayDates = new Set(holidayRows.map((row) => row.date));
  const calendar: Calendar = { schedules: new Map(scheduleRows.map((row) => [row.id, row])), lastOver: new Map(), working: { scheduleIds: [], dates: [], over: [] } };
  for (const [id, schedule] of calendar.schedules) {
    for (let date = query.from; date <= query.to; date = nextDate(date)) {
      const over = dayOver(date, schedule, query.timeZone, query.now);
      if (over) calendar.lastOver.set(id, date);
      if (!schedule.working_days.includes(weekday(date)) || holidayDates.has(date)) continue;
      calendar.working.scheduleIds.push(id);
      calendar.working.dates.push(date);
      calendar.working.over.push(over);
    }
  }
  return calendar;
}

/** The calendar's working dates and each schedule's last date over, as relations `working` and `cutoffs`. */
const calendarRelations = (cal: Calendar) => {
  const cutoffs = [...cal.lastOver];
  return sql`working as (select * from unnest(${array(cal.working.scheduleIds)}::int[], ${array(cal.working.dates)}::date[], ${array(cal.working.over)}::bool[]) as w(schedule_id, date, over)),
    cutoffs as (select * from unnest(${array(cutoffs.map(([id]) => id))}::int[], ${array(cutoffs.map(([, date]) => date))}::date[]) as c(schedule_id, last_over))`;
};

/**
 * The days of the range with a record still open: derived now (at most one a
 * person). Their records are found first, led by the open ones (a partial
 * index of a few rows), and handed over by id: filtered by person and range
 * in one query, the planner read every record and break of the range.
 */
async function openDays(db: Db, query: SumsQuery) {
  const wanted = new Set(query.userIds);
  const found = (await db.execute(sql`select r.id, r.user_id
    from (select user_id, work_date from ${attendanceRecords} where clock_out_at is null and work_date between ${query.from}::date and ${query.to}::date) as open
    join ${attendanceRecords} r on r.user_id = open.user_id and r.work_date = open.work_date`)) as unknown as { rows: { id: number; user_id: number }[] };
  const ids = found.rows.filter((record) => wanted.has(Number(record.user_id))).map((record) => Number(record.id));
  if (ids.length === 0) return [];
  return recordDays(db, sql`r.id = any(${array(ids)}::int[])`, query.to, query.timeZone, query.now);
}

/** Whether a day with records on a working day counts against the absences: a working day that is over. */
function overWorkingDay(cal: Calendar, day: { schedule_id: number | null; date: string; scheduled_minutes: number }, query: SumsQuery): boolean {
  if (day.scheduled_minutes === 0 || day.schedule_id === null) return false;
  const schedule = cal.schedules.get(day.schedule_id);
  return schedule !== undefined && dayOver(day.date, schedule, query.timeZone, query.now);
}

/**
 * The range as the whole months read from attendance_months (every day of
 * them over for any schedule: ended two days before today) and the pieces
 * around them read day by day. A range with no such month is all pieces.
 */
export function splitRange(query: Pick<SumsQuery, "from" | "to" | "timeZone" | "now">): { months: string[]; days: { from: string; to: string }[] } {
  const settled = nextDate(dateInZone(query.now, query.timeZone), -2);
  const months: string[] = [];
  let month = query.from.endsWith("-01") ? query.from : nextMonth(query.from);
  for (let end = nextDate(nextMonth(month), -1); end <= query.to && end <= settled; end = nextDate(nextMonth(month), -1)) {
    months.push(month);
    month = nextMonth(month);
  }
  if (months.length === 0) return { months, days: [{ from: query.from, to: query.to }] };
  const pieces = [
    { from: query.from, to: nextDate(months[0], -1) },
    { from: nextMonth(months[months.length - 1]), to: query.to },
  ];
  return { months, days: pieces.filter((piece) => piece.from <= piece.to) };
}

/** The first day of the month after a date's. */
function nextMonth(date: string): string {
  const [year, month] = date.split("-").map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}

const EMPTY: DaysSummary = { days_scheduled: 0, days_present: 0, days_late: 0, days_half: 0, days_absent: 0, late_minutes: 0, worked_minutes: 0, overtime_minutes: 0, undertime_minutes: 0 };
const PRESENT: readonly DayStatus[] = ["present", "late", "half_day"];

/** Each person's days over the range, summed (every person of the query has an entry). */
export async function sumsByPerson(db: Db, query: SumsQuery): Promise<Map<number, DaysSummary>> {
  const sums = new Map<number, DaysSummary>(query.userIds.map((id) => [id, { ...EMPTY }]));
  if (query.userIds.length === 0) return sums;
  const cal = await calendar(db, query);
  const split = splitRange(query);
  // People on the same schedule over the same stretch share its working days: counted once per stretch, not per person.
  const [summed, open] = await Promise.all([
    db.execute(sql`
      with ${spansOf(query)}, ${calendarRelations(cal)},
      stretches as (
        select st.schedule_id, st.first, st.last, count(w.date)::int as scheduled, count(w.date) filter (where w.over)::int as over
        from (select distinct schedule_id, first, last from spans) as st
        left join working w on w.schedule_id = st.schedule_id and w.date between st.first and st.last
        group by st.schedule_id, st.first, st.last
      ),
      due as (
        select sp.user_id, sum(st.scheduled)::int as scheduled, sum(st.over)::int as over
        from spans sp join stretches st on st.schedule_id = sp.schedule_id and st.first = sp.first and st.last = sp.last
        group by sp.user_id
      ),
      stored as (
        select user_id, sum(days_present)::int as days_present, sum(days_late)::int as days_late, sum(days_half)::int as days_half,
          sum(over_worked)::int as over_worked, sum(late_minutes)::int as late_minutes, sum(worked_minutes)::int as worked_minutes,
          sum(overtime_minutes)::int as overtime_minutes, sum(undertime_minutes)::int as undertime_minutes
        from (
          select m.user_id, m.days_present, m.days_late, m.days_half, m.days_worked_scheduled as over_worked,
            m.late_minutes, m.worked_minutes, m.overtime_minutes, m.undertime_minutes
          from ${attendanceMonths} m
          where m.user_id = any(${array(query.userIds)}::int[]) and m.month = any(${array(split.months)}::date[])
          union all
          select d.user_id, (d.status in ('present', 'late', 'half_day'))::int, (d.late_minutes > 0)::int, (d.status = 'half_day')::int,
            (d.scheduled_minutes > 0 and d.work_date <= c.last_over)::int, d.late_minutes, d.worked_minutes, d.overtime_minutes, d.undertime_minutes
          from ${attendanceDays} d left join cutoffs c on c.schedule_id = d.schedule_id
          where d.user_id = any(${array(query.userIds)}::int[]) and (${sql.join([sql`false`, ...split.days.map((piece) => sql`d.work_date between ${piece.from}::date and ${piece.to}::date`)], sql` or `)})
        ) as parts
        group by user_id
      )
      select coalesce(due.user_id, stored.user_id) as user_id, coalesce(due.scheduled, 0) as days_scheduled, coalesce(due.over, 0) - coalesce(stored.over_worked, 0) as days_absent,
        coalesce(stored.days_present, 0) as days_present, coalesce(stored.days_late, 0) as days_late, coalesce(stored.days_half, 0) as days_half,
        coalesce(stored.late_minutes, 0) as late_minutes, coalesce(stored.worked_minutes, 0) as worked_minutes,
        coalesce(stored.overtime_minutes, 0) as overtime_minutes, coalesce(stored.undertime_minutes, 0) as undertime_minutes
      from due full join stored on stored.user_id = due.user_id`),
    openDays(db, query),
  ]);
  for (const { user_id, ...figures } of (summed as unknown as { rows: (DaysSummary & { user_id: number })[] }).rows) Object.assign(sums.get(user_id)!, figures);
  for (const day of open) {
    const sum = sums.get(day.user_id)!;
    if (PRESENT.includes(day.status)) sum.days_present++;
    if (day.late_minutes > 0) sum.days_late++;
    sum.late_minutes += day.late_minutes;
    sum.worked_minutes += day.worked_minutes;
    sum.overtime_minutes += day.overtime_minutes;
    sum.undertime_minutes += day.undertime_minutes;
    if (overWorkingDay(cal, day, query)) sum.days_absent--;
  }
  return sums;
}

/** How many of the people were in each state, date by date over the range. */
export async function countsByDate(db: Db, query: SumsQuery): Promise<DayCounts[]> {
  const counts = new Map<string, DayCounts>();
  for (let date = query.from; date <= query.to; date = nextDate(date)) counts.set(date, { date, present: 0, late: 0, half_day: 0, absent: 0, scheduled: 0 });
  if (query.userIds.length === 0) return [...counts.values()];
  const cal = await calendar(db, query);
  const [counted, open] = await Promise.all([
    db.execute(sql`
      with ${spansOf(query)}, ${calendarRelations(cal)},
      due as (
        select w.date, coalesce(sum(st.people) filter (where w.over), 0)::int as over, coalesce(sum(st.people) filter (where not w.over), 0)::int as not_over
        from (select schedule_id, first, last, count(*)::int as people from spans group by schedule_id, first, last) as st
        join working w on w.schedule_id = st.schedule_id and w.date between st.first and st.last
        group by w.date
      ),
      stored as (
        select d.work_date as date,
          count(*) filter (where d.status = 'present')::int as present, count(*) filter (where d.status = 'late')::int as late,
          count(*) filter (where d.status = 'half_day')::int as half_day,
          count(*) filter (where d.scheduled_minutes > 0 and d.work_date <= c.last_over)::int as over_worked,
          count(*) filter (where d.scheduled_minutes > 0 and (c.last_over is null or d.work_date > c.last_over))::int as due_worked
        from ${attendanceDays} d left join cutoffs c on c.schedule_id = d.schedule_id
        where d.user_id = any(${array(query.userIds)}::int[]) and d.work_date between ${query.from}::date and ${query.to}::date
        group by d.work_date
      )
      select coalesce(due.date, stored.date)::text as date, coalesce(stored.present, 0) as present, coalesce(stored.late, 0) as late, coalesce(stored.half_day, 0) as half_day,
        coalesce(due.over, 0) - coalesce(stored.over_worked, 0) as absent, coalesce(due.not_over, 0) - coalesce(stored.due_worked, 0) as scheduled
      from due full join stored on stored.date = due.date`),
    openDays(db, query),
  ]);
  for (const row of (counted as unknown as { rows: DayCounts[] }).rows) Object.assign(counts.get(row.date)!, row);
  for (const day of open) {
    const count = counts.get(day.date)!;
    if (day.status === "present" || day.status === "late" || day.status === "half_day") count[day.status]++;
    if (day.scheduled_minutes === 0) continue;
    // A day with a record is neither absent nor still awaited.
    if (overWorkingDay(cal, day, query)) count.absent--;
    else count.scheduled--;
  }
  return [...counts.values()];
}
