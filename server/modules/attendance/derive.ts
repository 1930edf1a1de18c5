/**
 * People's days as reports and payroll read them: one set-based query lays
 * out the grid (people × days, generate_series) with the assignment in force
 * each day, the holiday and the day's records summed, and derive-core.ts
 * turns each cell into figures. Nothing is stored: a record edited after the
 * fact is read as it now is.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AttendanceDay } from "../../../contracts/attendance-reports";
import type { Db } from "../../db/client";
import { attendanceBreaks, attendanceRecords, holidays, leaveDays, leaveRequests, leaveTypes, scheduleAssignments, workSchedules } from "../../db/schema";
import { array } from "../../lib/any-of";
import { jsonRows } from "../../lib/sql-rows";
import { LEAVE_TAKEN } from "../../../contracts/leave";
import type { HolidayKind } from "../../../contracts/schedules";
import { deriveDay, type DayFigures, type Span } from "./derive-core";

export interface DaysQuery {
  userIds: readonly number[];
  from: string;
  to: string;
  timeZone: string;
  now: Date;
}

interface GridRow {
  user_id: number;
  date: string;
  schedule_id: number | null;
  working_days: number[] | null;
  start_time: string | null;
  end_time: string | null;
  unpaid_break_minutes: number | null;
  grace_minutes: number | null;
  overtime_after_minutes: number | null;
  holiday: string | null;
  holiday_kind: HolidayKind | null;
  next_holiday_kind: HolidayKind | null;
  records: number | null;
  first_in_ms: number | null;
  last_out_ms: number | null;
  presence_ms: number | null;
  break_ms: number | null;
  open: boolean | null;
  /** Each record's clock-in and clock-out (now while open), in ms, in the order of clock-in. */
  ins: number[] | null;
  outs: number[] | null;
  break_starts: number[] | null;
  break_ends: number[] | null;
  leave_share: number | null;
  leave_code: string | null;
}

/** Whole numbers as one array literal: one bound parameter whatever their number. */
export const intArray = (values: readonly number[]) => `{${values.map((value) => Math.trunc(value)).join(",")}}`;

const GRID_COLUMNS = sql`s.id as schedule_id, s.working_days, s.start_time, s.end_time,
      s.unpaid_break_minutes, s.grace_minutes, s.overtime_after_minutes, h.name as holiday, h.kind as holiday_kind, hn.kind as next_holiday_kind,
      records.records, records.first_in_ms::float8 as first_in_ms, records.last_out_ms::float8 as last_out_ms,
      records.presence_ms::float8 as presence_ms, records.break_ms::float8 as break_ms, records.open,
      records.ins::float8[] as ins, records.outs::float8[] as outs, day_breaks.starts::float8[] as break_starts, day_breaks.ends::float8[] as break_ends,
      leave_taken.share::float8 as leave_share, leave_taken.code as leave_code`;

/**
 * The common table expressions every day query shares: `spans` (each
 * assignment with the day the next one starts) for `people`, `records`
 * (the records of `recordFilter`, summed per person and work date, breaks
 * included; open ones counted to `now`) and `day_breaks` (their breaks'
 * times, for where the work fell: at night, after midnight).
 */
function dayParts(people: SQL, upTo: string, recordFilter: SQL, now: Date): SQL {
  const at = now.toISOString();
  return sql`spans as (
      select user_id, schedule_id, effective_from, lead(effective_from) over (partition by user_id order by effective_from) as until
      from ${scheduleAssignments} where user_id in (${people}) and effective_from <= ${upTo}::date
    ),
    break_rows as (
      select b.record_id, r.user_id, r.work_date, extract(epoch from b.started_at) * 1000 as start_ms, extract(epoch from coalesce(b.ended_at, ${at}::timestamptz)) * 1000 as end_ms
      from ${attendanceBreaks} b join ${attendanceRecords} r on r.id = b.record_id
      where ${recordFilter}
    ),
    breaks as (select record_id, sum(end_ms - start_ms) as ms from break_rows group by record_id),
    day_breaks as (
      select user_id, work_date, array_agg(start_ms order by start_ms) as starts, array_agg(end_ms order by start_ms) as ends
      from break_rows group by user_id, work_date
    ),
    leave_taken as (
      select ld.user_id, ld.work_date, least(sum(ld.share), 1) as share, string_agg(distinct t.code, '+') as code
      from ${leaveDays} ld join ${leaveRequests} lr on lr.id = ld.request_id and lr.status = any(${array(LEAVE_TAKEN)}::text[])
      join ${leaveTypes} t on t.id = lr.leave_type_id
      where ld.user_id in (${people}) and ld.work_date <= ${upTo}::date
      group by ld.user_id, ld.work_date
    ),
    records as (
      select r.user_id, r.work_date, count(*)::int as records,
        extract(epoch from min(r.clock_in_at)) * 1000 as first_in_ms,
        extract(epoch from max(r.clock_out_at)) * 1000 as last_out_ms,
        sum(extract(epoch from (coalesce(r.clock_out_at, ${at}::timestamptz) - r.clock_in_at))) * 1000 as presence_ms,
        coalesce(sum(breaks.ms), 0) as break_ms,
        bool_or(r.clock_out_at is null) as open,
        array_agg(extract(epoch from r.clock_in_at) * 1000 order by r.clock_in_at) as ins,
        array_agg(extract(epoch from coalesce(r.clock_out_at, ${at}::timestamptz)) * 1000 order by r.clock_in_at) as outs
      from ${attendanceRecords} r left join breaks on breaks.record_id = r.id
      where ${recordFilter}
      group by r.user_id, r.work_date
    )`;
}

/** The schedule in force and the holiday of each (person, day) of `source` (a relation with user_id and day). */
const scheduleAndHoliday = (personDay: { user: SQL; day: SQL }) => sql`
    left join spans on spans.user_id = ${personDay.user} and spans.effective_from <= ${personDay.day} and (spans.until is null or ${personDay.day} < spans.until)
    left join ${workSchedules} s on s.id = spans.schedule_id
    left join ${holidays} h on h.date = ${personDay.day}
    left join ${holidays} hn on hn.date = ${personDay.day} + 1
    left join leave_taken on leave_taken.user_id = ${personDay.user} and leave_taken.work_date = ${personDay.day}`;

/** The grid of `userIds` × every day from `from` to `to`, ordered by person then day. */
async function grid(db: Db, query: DaysQuery): Promise<GridRow[]> {
  const ids = intArray(query.userIds);
  const inRange = sql`r.user_id = any(${ids}::int[]) and r.work_date between ${query.from}::date and ${query.to}::date`;
  const result = (await db.execute(sql`
    with people as (select unnest(${ids}::int[]) as user_id),
    days as (select day::date as day from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') as day),
    ${dayParts(sql`select user_id from people`, query.to, inRange, query.now)}
    select people.user_id, days.day::text as date, ${GRID_COLUMNS}
    from people cross join days
    ${scheduleAndHoliday({ user: sql`people.user_id`, day: sql`days.day` })}
    left join records on records.user_id = people.user_id and records.work_date = days.day
    left join day_breaks on day_breaks.user_id = people.user_id and day_breaks.work_date = days.day
    order by people.user_id, days.day
  `)) as unknown as { rows: GridRow[] };
  return result.rows;
}

/**
 * Only the days that have records, among the records `recordFilter` keeps
 * (on `r`, attendance_records): what day-store.ts keeps and what the reports
 * add for days still open. `upTo` bounds the assignments read.
 */
export async function recordDays(db: Db, recordFilter: SQL, upTo: string, timeZone: string, now: Date): Promise<AttendanceDay[]> {
  // One JSON value (jsonRows): thousands of days of two dozen columns and arrays each cost more to decode one by one than to derive.
  const rows = await jsonRows<GridRow>(db, sql`
    with ${dayParts(sql`select r.user_id from ${attendanceRecords} r where ${recordFilter}`, upTo, recordFilter, now)}
    select records.user_id, records.work_date::text as date, ${GRID_COLUMNS}
    from records
    ${scheduleAndHoliday({ user: sql`records.user_id`, day: sql`records.work_date` })}
    left join day_breaks on day_breaks.user_id = records.user_id and day_breaks.work_date = records.work_date
  `);
  return rows.map((row) => toDay(row, { timeZone, now }));
}

const spansOf = (starts: number[] | null, ends: number[] | null): Span[] => (starts ?? []).map((start, index) => ({ start: Number(start), end: Number(ends![index]) }));

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toDay(row: GridRow, query: Pick<DaysQuery, "timeZone" | "now">): AttendanceDay {
  const schedule =
    row.schedule_id === null
      ? null
      : {
          working_days: row.working_days!,
          start_time: row.start_time!,
          end_time: row.end_time!,
          unpaid_break_minutes: row.unpaid_break_minutes!,
          grace_minutes: row.grace_minutes!,
          overtime_after_minutes: row.overtime_after_minutes!,
        };
  const count = row.records ?? 0;
  const figures: DayFigures = deriveDay({
    date: row.date,
    schedule,
    holiday: row.holiday_kind,
    nextHoliday: row.next_holiday_kind,
    leaveShare: row.leave_share ?? 0,
    records: {
      count,
      firstIn: row.first_in_ms === null ? null : new Date(row.first_in_ms),
      presenceMs: row.presence_ms ?? 0,
      breakMs: row.break_ms ?? 0,
      open: row.open === true,
      spans: spansOf(row.ins, row.outs),
      breaks: spansOf(row.break_starts, row.break_ends),
    },
    timeZone: query.timeZone,
    now: query.now,
  });
  return {
    user_id: row.user_id,
    date: row.date,
    holiday: row.holiday,
    schedule_id: row.schedule_id,
    first_in: iso(row.first_in_ms),
    last_out: count > 0 && row.open !== true ? iso(row.last_out_ms) : null,
    ...figures,
    leave_code: row.leave_code,
    leave_share: row.leave_share ?? 0,
  };
}

/** Every day of the range for each person, derived: ordered by person, then day. */
export async function deriveDays(db: Db, query: DaysQuery): Promise<AttendanceDay[]> {
  if (query.userIds.length === 0) return [];
  return (await grid(db, query)).map((row) => toDay(row, query));
}
