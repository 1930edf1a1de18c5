/**
 * The administrator's dashboard: each widget is one aggregate query over an
 * index (or a table of a few rows), never a loop over people. Attendance
 * counts come from the reports' own day sums, so the dashboard and the
 * reports cannot disagree.
 */
import { sql } from "drizzle-orm";
import type { AdminCharts, AdminStats, ClockedInReply, StorageInfo } from "../../../contracts/dashboard";
import type { RunStatus } from "../../../contracts/payroll";
import { attendanceBreaks, attendanceMonths, attendanceRecords, files, mailOutbox, notifications, payrollRuns, users, workLocations } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { nextDate } from "../../lib/time-zone";
import { companyToday, countsOver } from "../attendance/reports";
import { exceptionsToday } from "./attendance-exceptions";

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
/** int8 and numeric come back as numbers from PGlite and strings from pg. */
const int = (value: number | string | null) => Number(value ?? 0);

const ATTENDANCE_DAYS = 30;
const PAYROLL_MONTHS = 12;
export const CLOCKED_IN_LIMIT = 50;

/** People counted as staff: on the books, not archived, not gone. */
const current = sql`${users.archived_at} is null and ${users.employment_status} <> 'terminated'`;

const monthStart = (date: string) => `${date.slice(0, 8)}01`;
/** The first day of the month `months` before (negative) or after the month of `date`. */
function addMonths(date: string, months: number): string {
  const [year, month] = date.split("-").map(Number);
  const index = year * 12 + month - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

async function headcount(ctx: AppContext, today: string) {
  const [row] = rowsOf<Record<string, number | string>>(
    await ctx.db.execute(sql`
      select count(*) filter (where ${users.employment_status} = 'active') as active,
        count(*) filter (where ${users.employment_status} = 'on_leave') as on_leave,
        count(*) filter (where ${users.hire_date} between ${monthStart(today)}::date and ${nextDate(addMonths(today, 1), -1)}::date) as new_this_month
      from ${users} where ${current}`),
  );
  return { active: int(row.active), on_leave: int(row.on_leave), new_this_month: int(row.new_this_month) };
}

/** Open records and their open breaks: read through the partial indexes of open rows. */
async function clockedNow(ctx: AppContext) {
  const [row] = rowsOf<Record<string, number | string>>(
    await ctx.db.execute(sql`
      select count(*) as clocked_in, count(b.id) as on_break
      from ${attendanceRecords} r left join ${attendanceBreaks} b on b.record_id = r.id and b.ended_at is null
      where r.clock_out_at is null`),
  );
  return { clocked_in: int(row.clocked_in), on_break: int(row.on_break) };
}

/** The newest run still on its way to release; once every run is released, the newest. */
async function currentRun(ctx: AppContext) {
  const [run] = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      select id, name, status, period_start::text, period_end::text, pay_date::text, currency, total_people, total_gross, total_net, total_employer_cost
      from ${payrollRuns} order by (status = 'released'), period_end desc, id desc limit 1`),
  );
  if (!run) return null;
  return {
    id: Number(run.id),
    name: String(run.name),
    status: run.status as RunStatus,
    period_start: String(run.period_start),
    period_end: String(run.period_end),
    pay_date: String(run.pay_date),
    currency: String(run.currency),
    total_people: int(run.total_people as number),
    total_gross: int(run.total_gross as number),
    total_net: int(run.total_net as number),
    total_employer_cost: int(run.total_employer_cost as number),
  };
}

async function unreadNotifications(ctx: AppContext, userId: number): Promise<number> {
  const [row] = rowsOf<{ unread: number | string }>(
    await ctx.db.execute(sql`select count(*) as unread from ${notifications} where user_id = ${userId} and read_at is null and archived_at is null`),
  );
  return int(row.unread);
}

/** Late and absent so far today, as the attendance exceptions judge them: the same figures as that widget's. */
async function lateAndAbsent(ctx: AppContext) {
  const { counts } = await exceptionsToday(ctx, 1);
  return { late: counts.late, absent: counts.absent };
}

export async function adminStats(ctx: AppContext, userId: number): Promise<AdminStats> {
  const { today } = await companyToday(ctx);
  const [people, now, today_, run, unread] = await Promise.all([headcount(ctx, today), clockedNow(ctx), lateAndAbsent(ctx), currentRun(ctx), unreadNotifications(ctx, userId)]);
  return { today, headcount: people, now: { ...now, ...today_ }, current_run: run, unread_notifications: unread };
}

async function headcountByDepartment(ctx: AppContext) {
  const rows = rowsOf<{ department: string | null; people: number | string }>(
    await ctx.db.execute(sql`select ${users.department} as department, count(*) as people from ${users} where ${current} group by 1 order by 2 desc, 1`),
  );
  return rows.map((row) => ({ department: row.department, people: int(row.people) }));
}

/** `part` out of `whole` in basis points (9,250 is 92.50 %), rounded half up; null out of nothing. */
export function basisPoints(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.floor((part * 20_000 + whole) / (2 * whole));
}

async function attendanceByDay(ctx: AppContext, today: string) {
  const { days } = await countsOver(ctx, { from: nextDate(today, -(ATTENDANCE_DAYS - 1)), to: today });
  return days.map(({ date, present, late, half_day, absent }) => {
    const worked = present + late + half_day;
    return { date, present, late, half_day, absent, rate_bp: basisPoints(worked, worked + absent), late_bp: basisPoints(late, worked) };
  });
}

async function payrollCost(ctx: AppContext, today: string, currency: string) {
  const first = addMonths(today, -(PAYROLL_MONTHS - 1));
  const rows = rowsOf<Record<string, number | string>>(
    await ctx.db.execute(sql`
      select date_trunc('month', pay_date)::date::text as month, count(*) as runs, sum(total_gross) as gross, sum(total_net) as net, sum(total_employer_cost) as employer_cost
      from ${payrollRuns} where status = 'released' and currency = ${currency} and pay_date >= ${first}::date and pay_date < ${addMonths(today, 1)}::date
      group by 1`),
  );
  const byMonth = new Map(rows.map((row) => [String(row.month), row]));
  const months = Array.from({ length: PAYROLL_MONTHS }, (_, index) => {
    const month = addMonths(first, index);
    const row = byMonth.get(month);
    return { month, runs: int(row?.runs ?? 0), gross: int(row?.gross ?? 0), net: int(row?.net ?? 0), employer_cost: int(row?.employer_cost ?? 0) };
  });
  return { currency, months };
}

/** This month's overtime per department from the month sums the day store keeps: one row a person. */
async function overtimeByDepartment(ctx: AppContext, today: string) {
  const month = monthStart(today);
  const rows = rowsOf<{ department: string | null; overtime_minutes: number | string; people: number | string }>(
    await ctx.db.execute(sql`
      select u.department as department, sum(m.overtime_minutes) as overtime_minutes, count(*) filter (where m.overtime_minutes > 0) as people
      from ${attendanceMonths} m join ${users} u on u.id = m.user_id
      where m.month = ${month}::date and u.archived_at is null
      group by 1 having sum(m.overtime_minutes) > 0 order by 2 desc, 1`),
  );
  return { month, departments: rows.map((row) => ({ department: row.department, overtime_minutes: int(row.overtime_minutes), people: int(row.people) })) };
}

export async function adminCharts(ctx: AppContext): Promise<AdminCharts> {
  const { today, currency } = await companyToday(ctx);
  const [departments, attendance, cost, overtime] = await Promise.all([
    headcountByDepartment(ctx),
    attendanceByDay(ctx, today),
    payrollCost(ctx, today, currency),
    overtimeByDepartment(ctx, today),
  ]);
  return { today, headcount_by_department: departments, attendance_by_day: attendance, payroll_cost_by_month: cost, overtime_by_department: overtime };
}

/** Who is clocked in now, longest first, with their open break and where they clocked in. */
export async function clockedIn(ctx: AppContext): Promise<ClockedInReply> {
  const rows = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      select u.id as user_id, u.name, u.employee_number, u.department, r.clock_in_at as since, b.started_at as on_break_since, r.remote, l.name as location,
        count(*) over () as total
      from ${attendanceRecords} r join ${users} u on u.id = r.user_id
      left join ${attendanceBreaks} b on b.record_id = r.id and b.ended_at is null
      left join ${workLocations} l on l.id = r.in_location_id
      where r.clock_out_at is null
      order by r.clock_in_at, u.name limit ${CLOCKED_IN_LIMIT}`),
  );
  const iso = (value: unknown) => new Date(value as string | Date).toISOString();
  return {
    total: int((rows[0]?.total as number | undefined) ?? 0),
    people: rows.map((row) => ({
      user_id: Number(row.user_id),
      name: String(row.name),
      employee_number: (row.employee_number as string | null) ?? null,
      department: (row.department as string | null) ?? null,
      since: iso(row.since),
      on_break_since: row.on_break_since ? iso(row.on_break_since) : null,
      remote: Boolean(row.remote),
      location: (row.location as string | null) ?? null,
    })),
  };
}

/** Where the space goes: every table of the database (with its indexes), the stored files and the mail outbox. */
export async function storageInfo(ctx: AppContext): Promise<StorageInfo> {
  const [tables, [database], [stored], [outbox]] = await Promise.all([
    ctx.db.execute(sql`
      select case when n.nspname = 'public' then c.relname else n.nspname || '.' || c.relname end as name,
        pg_total_relation_size(c.oid) as bytes, case when c.reltuples < 0 then null else c.reltuples::bigint end as rows
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      order by 2 desc, 1`).then(rowsOf<{ name: string; bytes: number | string; rows: number | string | null }>),
    ctx.db.execute(sql`select pg_database_size(current_database()) as bytes`).then(rowsOf<{ bytes: number | string }>),
    ctx.db.execute(sql`select count(*) as count, coalesce(sum(${files.size_bytes}), 0) as bytes from ${files}`).then(rowsOf<{ count: number | string; bytes: number | string }>),
    ctx.db
      .execute(sql`select count(*) as count, count(*) filter (where status = 'pending') as pending,
        coalesce(sum(octet_length(to_address) + octet_length(subject) + octet_length(body_text) + coalesce(octet_length(error), 0)), 0) as bytes from ${mailOutbox}`)
      .then(rowsOf<{ count: number | string; pending: number | string; bytes: number | string }>),
  ]);
  return {
    database: {
      engine: ctx.config.databaseUrl ? "postgresql" : "pglite",
      total_bytes: int(database.bytes),
      tables: tables.map((table) => ({ name: table.name, bytes: int(table.bytes), rows: table.rows === null ? null : int(table.rows) })),
    },
    files: { count: int(stored.count), bytes: int(stored.bytes) },
    outbox: { count: int(outbox.count), bytes: int(outbox.bytes), pending: int(outbox.pending) },
  };
}
