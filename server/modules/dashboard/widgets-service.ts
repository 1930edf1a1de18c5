/**
 * The staff widgets both dashboards show (GET /api/dashboard/attendance-exceptions,
 * awaiting-approval, new-hires): each a capped list with the total of what
 * it lists, read in a few set-based queries whatever the number of people.
 * Attendance is judged by the reports' own rules (derive-core.ts), never
 * by rules of its own.
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { WIDGET_DEFAULT_LIMIT, type AttendanceException, type AttendanceExceptions, type AwaitingApproval, type NewHires } from "../../../contracts/dashboard-own";
import { attendanceRecords, payrollRuns, scheduleAssignments, users, workSchedules } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { deriveDays } from "../attendance/derive";
import { deriveDay, shiftOn, type ScheduleRules } from "../attendance/derive-core";
import { companyToday, thisMonth } from "../attendance/reports";

type Rows<T> = { rows: T[] };
/** int8 comes back as a number from PGlite and a string from pg. */
const int = (value: number | string | null | undefined) => Number(value ?? 0);

type Person = Pick<AttendanceException, "user_id" | "name" | "employee_number" | "department">;

/**
 * Minutes a clock-in now would be late by derive-core's rule (0 while the
 * grace lasts): a person due today who has not clocked in is absent once a
 * clock-in would count as late.
 */
function overdueMinutes(date: string, schedule: ScheduleRules, timeZone: string, now: Date): number {
  return deriveDay({ date, schedule, holiday: null, records: { count: 1, firstIn: now, presenceMs: 0, breakMs: 0, open: true }, timeZone, now }).late_minutes;
}

/** Today's late arrivals and absences, from the days of everyone (not archived) who follows a schedule. */
async function lateAndAbsent(ctx: AppContext, today: string, timeZone: string, now: Date): Promise<AttendanceException[]> {
  const people: Person[] = await ctx.db
    .select({ user_id: users.id, name: users.name, employee_number: users.employee_number, department: users.department })
    .from(users)
    .where(
      and(
        isNull(users.archived_at),
        sql`exists (select 1 from ${scheduleAssignments} a where a.user_id = ${users.id} and a.effective_from <= ${today}::date)`,
      ),
    );
  if (people.length === 0) return [];
  const days = await deriveDays(ctx.db, { userIds: people.map((person) => person.user_id), from: today, to: today, timeZone, now });
  const dueIds = [...new Set(days.filter((day) => day.status === "scheduled" && day.schedule_id !== null).map((day) => day.schedule_id!))];
  const schedules = new Map((dueIds.length === 0 ? [] : await ctx.db.select().from(workSchedules).where(inArray(workSchedules.id, dueIds))).map((row) => [row.id, row]));
  const byId = new Map(people.map((person) => [person.user_id, person]));
  const found: AttendanceException[] = [];
  for (const day of days) {
    const person = byId.get(day.user_id)!;
    if (day.late_minutes > 0 && day.first_in) {
      found.push({ ...person, kind: "late", at: day.first_in, minutes: day.late_minutes, distance_m: null, remote: false });
      continue;
    }
    const schedule = day.status === "scheduled" && day.schedule_id !== null ? schedules.get(day.schedule_id) : undefined;
    const overdue = schedule ? overdueMinutes(day.date, schedule, timeZone, now) : 0;
    if (schedule && overdue > 0) {
      found.push({ ...person, kind: "absent", at: shiftOn(day.date, schedule, timeZone).start.toISOString(), minutes: overdue, distance_m: null, remote: false });
    }
  }
  return found;
}

/** Today's own clock events (not entries by an administrator) that matched none of the work locations. */
async function outsideTheFence(ctx: AppContext, today: string): Promise<AttendanceException[]> {
  const rows = (
    (await ctx.db.execute(sql`
      select r.user_id, u.name, u.employee_number, u.department, r.remote,
        r.clock_in_at, r.in_location_id is null as in_outside, r.in_distance_m,
        r.clock_out_at, (r.clock_out_at is not null and r.out_location_id is null) as out_outside, r.out_distance_m
      from ${attendanceRecords} r join ${users} u on u.id = r.user_id
      where r.work_date = ${today}::date and r.source = 'clock' and u.archived_at is null
        and (r.in_location_id is null or (r.clock_out_at is not null and r.out_location_id is null))`)) as unknown as Rows<{
      user_id: number;
      name: string;
      employee_number: string | null;
      department: string | null;
      remote: boolean;
      clock_in_at: string | Date;
      in_outside: boolean;
      in_distance_m: number | null;
      clock_out_at: string | Date | null;
      out_outside: boolean;
      out_distance_m: number | null;
    }>
  ).rows;
  const iso = (value: string | Date) => new Date(value).toISOString();
  return rows.flatMap((row) => {
    const person = { user_id: Number(row.user_id), name: row.name, employee_number: row.employee_number, department: row.department, remote: row.remote, minutes: null };
    const events: AttendanceException[] = [];
    if (row.in_outside) events.push({ ...person, kind: "clocked_in_outside", at: iso(row.clock_in_at), distance_m: row.in_distance_m });
    if (row.out_outside && row.clock_out_at) events.push({ ...person, kind: "clocked_out_outside", at: iso(row.clock_out_at), distance_m: row.out_distance_m });
    return events;
  });
}

/** Today's exceptions in the company's zone, latest first, `limit` of them with the counts of all. */
export async function exceptionsToday(ctx: AppContext, limit = WIDGET_DEFAULT_LIMIT): Promise<AttendanceExceptions> {
  const { today, time_zone, now } = await companyToday(ctx);
  const [timekeeping, fence] = await Promise.all([lateAndAbsent(ctx, today, time_zone, now), outsideTheFence(ctx, today)]);
  const all = [...timekeeping, ...fence].sort((a, b) => b.at.localeCompare(a.at) || a.name.localeCompare(b.name) || a.user_id - b.user_id);
  const counted = (kinds: AttendanceException["kind"][]) => all.filter((item) => kinds.includes(item.kind)).length;
  return {
    date: today,
    counts: { late: counted(["late"]), absent: counted(["absent"]), outside: counted(["clocked_in_outside", "clocked_out_outside"]) },
    total: all.length,
    items: all.slice(0, limit),
  };
}

/** Runs calculated and waiting for approval, longest waiting first (along the status index). */
export async function runsAwaitingApproval(ctx: AppContext, limit = WIDGET_DEFAULT_LIMIT): Promise<AwaitingApproval> {
  const rows = await ctx.db
    .select({
      id: payrollRuns.id,
      name: payrollRuns.name,
      period_start: payrollRuns.period_start,
      period_end: payrollRuns.period_end,
      pay_date: payrollRuns.pay_date,
      currency: payrollRuns.currency,
      people: payrollRuns.total_people,
      gross: payrollRuns.total_gross,
      net: payrollRuns.total_net,
      calculated_by: payrollRuns.calculated_by,
      calculated_by_name: users.name,
      calculated_at: payrollRuns.calculated_at,
      total: sql<number>`count(*) over ()`.mapWith(int),
    })
    .from(payrollRuns)
    .leftJoin(users, eq(users.id, payrollRuns.calculated_by))
    .where(eq(payrollRuns.status, "calculated"))
    .orderBy(sql`${payrollRuns.calculated_at} asc nulls last`, asc(payrollRuns.id))
    .limit(limit);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ calculated_by, calculated_by_name, calculated_at, total: _total, ...run }) => ({
      ...run,
      calculated_by: calculated_by === null ? null : { id: calculated_by, name: calculated_by_name },
      calculated_at: calculated_at?.toISOString() ?? null,
    })),
  };
}

/** People hired in this calendar month of the company's, on the books (not archived, not terminated), latest first. */
export async function hiredThisMonth(ctx: AppContext, limit = WIDGET_DEFAULT_LIMIT): Promise<NewHires> {
  const month = await thisMonth(ctx);
  const rows = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      employee_number: users.employee_number,
      department: users.department,
      position: users.position,
      hire_date: sql<string>`${users.hire_date}::text`,
      total: sql<number>`count(*) over ()`.mapWith(int),
    })
    .from(users)
    .where(and(isNull(users.archived_at), ne(users.employment_status, "terminated"), sql`${users.hire_date} between ${month.from}::date and ${month.to}::date`))
    .orderBy(desc(users.hire_date), asc(users.name), asc(users.id))
    .limit(limit);
  return { ...month, total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...person }) => person) };
}
