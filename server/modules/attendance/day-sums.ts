/**
 * Days summed over a range for many people at once, without deriving each
 * day on the read: the closed days come summed from attendance_days (one
 * aggregate query), the few days still open are derived now, and the days
 * without records are counted from the calendar (each schedule's working
 * days, holidays out) once per schedule and stretch of dates, not per person.
 * The figures equal summing derive-core's days one by one (tests compare).
 */
import { sql, type SQL } from "drizzle-orm";
import type { DayStatus } from "../../../contracts/attendance-reports";
import type { UnworkedHolidayRule } from "../../../contracts/settings";
import type { Db } from "../../db/client";
import { LEAVE_TAKEN } from "../../../contracts/leave";
import { attendanceDays, attendanceMonths, attendanceRecords, holidays, leaveDays, leaveRequests, scheduleAssignments, users, workSchedules } from "../../db/schema";
import { dateInZone, nextDate, weekday } from "../../lib/time-zone";
import { recordDays } from "./derive";
import { DAY_WORKED_SHARE } from "./day-store";
import { dayOver, EMPTY_SUMMARY, isWorkingDay, roundDays, SUMMED_MINUTES, workedDayShare, type DaysSummary, type ScheduleRules } from "./derive-core";
import { array } from "../../lib/any-of";
import { jsonRows } from "../../lib/sql-rows";

/**
 * Whose days a query reads: these people, or everyone not archived (the
 * counts of everyone: a condition on users, not ten thousand ids sent and
 * looked up row by row).
 */
export type People = readonly number[] | "not_archived";

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
  /** A whole day of approved leave, no record (not absent, not awaited). */
  leave: number;
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

type Range = Pick<SumsQuery, "from" | "to"> & { userIds: People };

/** `column` (a user id) is one of the query's people. */
const among = (query: Range, column: SQL) =>
  query.userIds === "not_archived"
    ? sql`not exists (select 1 from ${users} u where u.id = ${column} and u.archived_at is not null)`
    : sql`${column} = any(${array(query.userIds)}::int[])`;

/** Each person's assignments in force at some time in the range, with the day the next one starts (until). */
const assignedIn = (query: Range) => sql`select user_id, schedule_id, effective_from, until
      from (select user_id, schedule_id, effective_from, lead(effective_from) over (partition by user_id order by effective_from) as until
            from ${scheduleAssignments} where ${among(query, sql`user_id`)} and effective_from <= ${query.to}::date) as assigned
      where until is null or until > ${query.from}::date`;

/** Each person's assignments that touch the range, cut to it: (user_id, schedule_id, first, last). */
const spansOf = (query: Range) => sql`spans as (
      select user_id, schedule_id, greatest(effective_from, ${query.from}::date) as first, least(coalesce(until - 1, ${query.to}::date), ${query.to}::date) as last
      from (${assignedIn(query)}) as assigned
    )`;

/** Each person's approved leave on each date of the range (a date's shares together, at most a day): `leave_taken`. */
const leaveTakenIn = (query: Range) => sql`leave_taken as (
      select ld.user_id, ld.work_date, least(sum(ld.share), 1) as share
      from ${leaveDays} ld join ${leaveRequests} lr on lr.id = ld.request_id and lr.status = any(${array(LEAVE_TAKEN)}::text[])
      where ${among(query, sql`ld.user_id`)} and ld.work_date between ${query.from}::date and ${query.to}::date
      group by ld.user_id, ld.work_date
    ),
    leave_off as (
      select lt.user_id, lt.work_date, lt.share, coalesce(w.over, false) as over, w.date is not null as working,
        exists (select 1 from ${attendanceRecords} r where r.user_id = lt.user_id and r.work_date = lt.work_date) as recorded
      from leave_taken lt
      left join spans sp on sp.user_id = lt.user_id and lt.work_date between sp.first and sp.last
      left join working w on w.schedule_id = sp.schedule_id and w.date = lt.work_date
    )`;

/** The schedules someone follows at some time in the range. */
const followedIn = (query: Range) => sql`select distinct schedule_id from (${assignedIn(query)}) as assigned`;

async function calendar(db: Db, query: Range & Pick<SumsQuery, "timeZone" | "now">): Promise<Calendar> {
  const [scheduleRows, holidayRows] = await Promise.all([
    db.select().from(workSchedules).where(sql`${workSchedules.id} in (${followedIn(query)})`),
    db.select({ date: holidays.date, kind: holidays.kind }).from(holidays).where(sql`${holidays.date} between ${query.from}::date and ${query.to}::date`),
  ]);
  const holidayOn = new Map(holidayRows.map((row) => [row.date, row.kind]));
  const calendar: Calendar = { schedules: new Map(scheduleRows.map((row) => [row.id, row])), lastOver: new Map(), working: { scheduleIds: [], dates: [], over: [] } };
  for (const [id, schedule] of calendar.schedules) {
    for (let date = query.from; date <= query.to; date = nextDate(date)) {
      const over = dayOver(date, schedule, query.timeZone, query.now);
      if (over) calendar.lastOver.set(id, date);
      if (!isWorkingDay(date, schedule, holidayOn.get(date) ?? null)) continue;
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
async function openDays(db: Db, query: Range & Pick<SumsQuery, "timeZone" | "now">) {
  const found = (await db.execute(sql`select r.id
    from (select user_id, work_date from ${attendanceRecords} where clock_out_at is null and work_date between ${query.from}::date and ${query.to}::date) as open
    join ${attendanceRecords} r on r.user_id = open.user_id and r.work_date = open.work_date
    where ${among(query, sql`open.user_id`)}`)) as unknown as { rows: { id: number }[] };
  const ids = found.rows.map((record) => Number(record.id));
  if (ids.length === 0) return [];
  return recordDays(db, sql`r.id = any(${array(ids)}::int[])`, query.to, query.timeZone, query.now);
}

/** Whether a day with records on a working day counts against the absences: a working day that is over. */
function overWorkingDay(cal: Calendar, day: { schedule_id: number | null; date: string; scheduled_minutes: number }, query: Pick<SumsQuery, "timeZone" | "now">): boolean {
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

const PRESENT: readonly DayStatus[] = ["present", "late", "half_day"];
const MINUTES = sql.raw(SUMMED_MINUTES.join(", "));
const summedAs = (from: string) => sql.raw(SUMMED_MINUTES.map((name) => `sum(${from}.${name})::int as ${name}`).join(", "));

/** Each person's days over the range, summed (every person of the query has an entry). */
export async function sumsByPerson(db: Db, query: SumsQuery): Promise<Map<number, DaysSummary>> {
  const sums = new Map<number, DaysSummary>(query.userIds.map((id) => [id, { ...EMPTY_SUMMARY }]));
  if (query.userIds.length === 0) return sums;
  const cal = await calendar(db, query);
  const split = splitRange(query);
  // People on the same schedule over the same stretch share its working days: counted once per stretch, not per person.
  // One JSON value rather than 30 figures a person decoded one by one (jsonRows).
  const [summed, open] = await Promise.all([
    jsonRows<DaysSummary & { user_id: number }>(db, sql`
      with ${spansOf(query)}, ${calendarRelations(cal)}, ${leaveTakenIn(query)},
      leave_sums as (
        -- Leave on a working day that is over, with no record, is no absence: its share comes off them.
        select user_id, sum(share) as days_leave, coalesce(sum(share) filter (where over and not recorded), 0) as excused
        from leave_off group by user_id
      ),
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
          sum(over_worked)::int as over_worked, round(sum(days_worked), 6)::float8 as days_worked, ${summedAs("parts")}
        from (
          select m.user_id, m.days_present, m.days_late, m.days_half, m.days_worked_scheduled as over_worked, m.days_worked, ${MINUTES}
          from ${attendanceMonths} m
          where m.user_id = any(${array(query.userIds)}::int[]) and m.month = any(${array(split.months)}::date[])
          union all
          select d.user_id, (d.status in ('present', 'late', 'half_day'))::int, (d.late_minutes > 0)::int, (d.status = 'half_day')::int,
            (d.scheduled_minutes > 0 and d.work_date <= c.last_over)::int, ${DAY_WORKED_SHARE}, ${MINUTES}
          from ${attendanceDays} d left join cutoffs c on c.schedule_id = d.schedule_id
          where d.user_id = any(${array(query.userIds)}::int[]) and (${sql.join([sql`false`, ...split.days.map((piece) => sql`d.work_date between ${piece.from}::date and ${piece.to}::date`)], sql` or `)})
        ) as parts
        group by user_id
      )
      select coalesce(due.user_id, stored.user_id, ls.user_id) as user_id, coalesce(due.scheduled, 0) as days_scheduled,
        (coalesce(due.over, 0) - coalesce(stored.over_worked, 0) - coalesce(ls.excused, 0))::float8 as days_absent, coalesce(ls.days_leave, 0)::float8 as days_leave,
        coalesce(stored.days_present, 0) as days_present, coalesce(stored.days_late, 0) as days_late, coalesce(stored.days_half, 0) as days_half,
        coalesce(stored.days_worked, 0) as days_worked, ${sql.raw(SUMMED_MINUTES.map((name) => `coalesce(stored.${name}, 0) as ${name}`).join(", "))}
      from due full join stored on stored.user_id = due.user_id full join leave_sums ls on ls.user_id = coalesce(due.user_id, stored.user_id)`),
    openDays(db, query),
  ]);
  for (const { user_id, ...figures } of summed) Object.assign(sums.get(user_id)!, figures);
  for (const day of open) {
    const sum = sums.get(day.user_id)!;
    if (PRESENT.includes(day.status)) sum.days_present++;
    if (day.late_minutes > 0) sum.days_late++;
    sum.days_worked = roundDays(sum.days_worked + workedDayShare(day));
    for (const name of SUMMED_MINUTES) sum[name] += day[name];
    if (overWorkingDay(cal, day, query)) sum.days_absent--;
  }
  return sums;
}

/** How many of the people were in each state, date by date over the range. */
export async function countsByDate(db: Db, query: Omit<SumsQuery, "userIds"> & { userIds: People }): Promise<DayCounts[]> {
  const counts = new Map<string, DayCounts>();
  for (let date = query.from; date <= query.to; date = nextDate(date)) counts.set(date, { date, present: 0, late: 0, half_day: 0, absent: 0, leave: 0, scheduled: 0 });
  if (query.userIds !== "not_archived" && query.userIds.length === 0) return [...counts.values()];
  const cal = await calendar(db, query);
  const [counted, open] = await Promise.all([
    db.execute(sql`
      with ${spansOf(query)}, ${calendarRelations(cal)}, ${leaveTakenIn(query)},
      away as (
        select work_date as date, count(*) filter (where over)::int as over, count(*) filter (where not over)::int as not_over
        from leave_off where share >= 1 and working and not recorded group by work_date
      ),
      due as (
        select w.date, coalesce(sum(st.people) filter (where w.over), 0)::int as over, coalesce(sum(st.people) filter (where not w.over), 0)::int as not_over
        from (select schedule_id, first, last, count(*)::int as people from spans group by schedule_id, first, last) as st
        join working w on w.schedule_id = st.schedule_id and w.date between st.first and st.last
        group by w.date
      ),
      stored as (
        -- Counted by date and schedule first (one pass over the days, no join a row), then each schedule's cutoff applied.
        select g.date, sum(g.present)::int as present, sum(g.late)::int as late, sum(g.half_day)::int as half_day,
          coalesce(sum(g.scheduled) filter (where g.date <= c.last_over), 0)::int as over_worked,
          coalesce(sum(g.scheduled) filter (where c.last_over is null or g.date > c.last_over), 0)::int as due_worked
        from (
          select d.work_date as date, d.schedule_id,
            count(*) filter (where d.status = 'present') as present, count(*) filter (where d.status = 'late') as late,
            count(*) filter (where d.status = 'half_day') as half_day, count(*) filter (where d.scheduled_minutes > 0) as scheduled
          from ${attendanceDays} d
          where ${among(query, sql`d.user_id`)} and d.work_date between ${query.from}::date and ${query.to}::date
          group by d.work_date, d.schedule_id
        ) as g left join cutoffs c on c.schedule_id = g.schedule_id
        group by g.date
      )
      select coalesce(due.date, stored.date)::text as date, coalesce(stored.present, 0) as present, coalesce(stored.late, 0) as late, coalesce(stored.half_day, 0) as half_day,
        coalesce(due.over, 0) - coalesce(stored.over_worked, 0) - coalesce(away.over, 0) as absent, coalesce(away.over, 0) + coalesce(away.not_over, 0) as leave,
        coalesce(due.not_over, 0) - coalesce(stored.due_worked, 0) - coalesce(away.not_over, 0) as scheduled
      from due full join stored on stored.date = due.date left join away on away.date = coalesce(due.date, stored.date)`),
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

/** Holidays on people's workdays that they did not work: what pays an unworked holiday. */
export interface UnworkedHolidays {
  /** Regular holidays on a working day of the person's schedule, not worked, that the rule pays. */
  regular: number;
  /** Special non-working days on a working day of the person's schedule, not worked. */
  special: number;
}

/** How far back the workday before a holiday is looked for: a schedule works at least one day a week. */
const LOOK_BACK_DAYS = 14;

/**
 * Each person's holidays in the range that fell on their schedule's working
 * days and that they did not work (no record that day). A regular holiday
 * counts under `present_day_before` only when the person has a record or paid leave on the
 * schedule's working day before it (holidays skipped); under `always`, always.
 */
export async function unworkedHolidays(db: Db, query: Pick<SumsQuery, "userIds" | "from" | "to">, rule: UnworkedHolidayRule): Promise<Map<number, UnworkedHolidays>> {
  const counts = new Map<number, UnworkedHolidays>(query.userIds.map((id) => [id, { regular: 0, special: 0 }]));
  if (query.userIds.length === 0) return counts;
  const lookFrom = nextDate(query.from, -LOOK_BACK_DAYS);
  const [scheduleRows, holidayRows] = await Promise.all([
    db.select().from(workSchedules).where(sql`${workSchedules.id} in (${followedIn(query)})`),
    db.select({ date: holidays.date, kind: holidays.kind }).from(holidays).where(sql`${holidays.date} between ${lookFrom}::date and ${query.to}::date`),
  ]);
  const holidayOn = new Map(holidayRows.map((row) => [row.date, row.kind]));
  // Per schedule: its holidays on working weekdays in the range, each with the working day before it.
  const due: { scheduleIds: number[]; dates: string[]; kinds: string[]; before: (string | null)[] } = { scheduleIds: [], dates: [], kinds: [], before: [] };
  for (const schedule of scheduleRows) {
    for (const holiday of holidayRows) {
      if (holiday.date < query.from || holiday.kind === "special_working" || !schedule.working_days.includes(weekday(holiday.date))) continue;
      let before: string | null = null;
      for (let date = nextDate(holiday.date, -1); date >= lookFrom && before === null; date = nextDate(date, -1)) {
        if (isWorkingDay(date, schedule, holidayOn.get(date) ?? null)) before = date;
      }
      due.scheduleIds.push(schedule.id);
      due.dates.push(holiday.date);
      due.kinds.push(holiday.kind);
      due.before.push(before);
    }
  }
  if (due.dates.length === 0) return counts;
  const worked = (date: SQL) => sql`exists (select 1 from ${attendanceRecords} r where r.user_id = sp.user_id and r.work_date = ${date})`;
  // A day of paid leave is a day present for the rule: the law pays the holiday to someone on paid leave the day before.
  const presentOrPaidLeave = (date: SQL) =>
    sql`(${worked(date)} or exists (select 1 from ${leaveDays} ld join ${leaveRequests} lr on lr.id = ld.request_id and lr.status = any(${array(LEAVE_TAKEN)}::text[])
      join leave_types lt on lt.id = lr.leave_type_id and lt.paid where ld.user_id = sp.user_id and ld.work_date = ${date}))`;
  const result = (await db.execute(sql`
    with ${spansOf(query)},
    due as (select * from unnest(${array(due.scheduleIds)}::int[], ${array(due.dates)}::date[], ${array(due.kinds)}::text[], ${array(due.before)}::date[]) as d(schedule_id, date, kind, before))
    select sp.user_id, count(*) filter (where due.kind = 'regular')::int as regular, count(*) filter (where due.kind = 'special_non_working')::int as special
    from spans sp join due on due.schedule_id = sp.schedule_id and due.date between sp.first and sp.last
    where not ${worked(sql`due.date`)}
      and (due.kind <> 'regular' or ${rule === "always"} or (due.before is not null and ${presentOrPaidLeave(sql`due.before`)}))
    group by sp.user_id`)) as unknown as { rows: { user_id: number; regular: number; special: number }[] };
  for (const row of result.rows) counts.set(Number(row.user_id), { regular: Number(row.regular), special: Number(row.special) });
  return counts;
}
