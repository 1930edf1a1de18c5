/**
 * Attendance for everyone in a data directory, loaded set-based before the
 * server opens it: one schedule (Mon–Fri 09:00–18:00), everyone assigned, a
 * record with a break on every working day of the range (clock-in 08:45–09:45
 * so some are late), the days derived and stored as the server keeps them,
 * then ANALYZE. Rows go in day by day, as they would accumulate: a range of
 * dates then reads neighbouring pages, as it would in a real workspace.
 * PGlite allows one process at a time.
 */
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseOptions } from "../../server/db/client";
import { refreshDays } from "../../server/modules/attendance/day-store";

/** March 2026: 22 working days. */
export const BENCH_MONTH = { from: "2026-03-01", to: "2026-03-31", workingDays: 22 } as const;

/** Days derived and stored in one go: a week of 10,000 people is 50,000 days in memory. */
const DATES_PER_REFRESH = 7;

function datesOf(range: { from: string; to: string }): string[] {
  const dates: string[] = [];
  for (let day = new Date(`${range.from}T00:00:00Z`); day.toISOString().slice(0, 10) <= range.to; day.setUTCDate(day.getUTCDate() + 1)) dates.push(day.toISOString().slice(0, 10));
  return dates;
}

export async function loadAttendance(target: DatabaseOptions, range: { from: string; to: string }): Promise<{ people: number; records: number; ms: number }> {
  const started = performance.now();
  const database = await openDatabase(target);
  const { db } = database;
  try {
    await db.execute(sql`insert into work_schedules (name, working_days, start_time, end_time, unpaid_break_minutes, grace_minutes, overtime_after_minutes)
      values ('Bench office hours', '[1,2,3,4,5]'::jsonb, '09:00', '18:00', 60, 10, 480)`);
    await db.execute(sql`insert into schedule_assignments (user_id, schedule_id, effective_from)
      select id, (select id from work_schedules where name = 'Bench office hours'), ${range.from}::date from users`);
    await db.execute(sql`insert into attendance_records (user_id, work_date, clock_in_at, clock_out_at, source)
      select u.id, d::date,
        (d::date + time '09:00') at time zone 'UTC' + make_interval(mins => ((u.id * 7 + extract(day from d)::int * 13) % 60) - 15),
        (d::date + time '18:00') at time zone 'UTC' + make_interval(mins => (u.id * 11 + extract(day from d)::int) % 90),
        'manual'
      from users u cross join generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
      where extract(isodow from d) < 6
      order by d, u.id`);
    await db.execute(sql`insert into attendance_breaks (record_id, started_at, ended_at)
      select id, clock_in_at + interval '3 hours', clock_in_at + interval '3 hours' + make_interval(mins => 30 + id % 45) from attendance_records order by id`);
    // As the server would have stored them, one write at a time: derived once here, summed on every read.
    const dates = datesOf(range);
    for (let start = 0; start < dates.length; start += DATES_PER_REFRESH) await refreshDays(db, { dates: dates.slice(start, start + DATES_PER_REFRESH) }, new Date());
    await db.execute(sql`ANALYZE`);
    const counted = (await db.execute(sql`select (select count(*)::int from users) as people, (select count(*)::int from attendance_records) as records`)) as unknown as {
      rows: { people: number; records: number }[];
    };
    return { people: Number(counted.rows[0].people), records: Number(counted.rows[0].records), ms: performance.now() - started };
  } finally {
    await database.close();
  }
}

export const loadAttendanceMonth = (target: DatabaseOptions) => loadAttendance(target, BENCH_MONTH);
