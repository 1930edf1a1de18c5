/**
 * The attendance read calls' rules, no HTTP: ranges, pages of one person's
 * days, pages of people with their sums, and the batches exports stream.
 * Every figure comes from derive.ts.
 */
import { and, asc, count, eq, gt, isNull, min, sql, type SQL } from "drizzle-orm";
import { date, pgTable } from "drizzle-orm/pg-core";
import type { ListResponse } from "../../../contracts/list";
import { MAX_RANGE_DAYS, type AttendanceDay, type ReportRow } from "../../../contracts/attendance-reports";
import { attendanceRecords, scheduleAssignments, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { invalidField } from "../../lib/errors";
import { dateInZone, nextDate, weekday } from "../../lib/time-zone";
import { defineListSpec, listMeta, paged, parseListQuery } from "../../lib/list";
import { companyFacts } from "../company/facts";
import { countsByDate, sumsByPerson } from "./day-sums";
import { deriveDays } from "./derive";

/** People read per query when an export of days covers everyone: one grid of this many × the range's days. */
export const PEOPLE_PER_BATCH = 5000;
/** People summed per query when the report covers everyone: one row of sums a person, so 10,000 people are one query, not three. */
const SUMMED_PER_BATCH = 20_000;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** `to` on or after `from`, and not longer than MAX_RANGE_DAYS: a 422 on `to` otherwise. */
export function checkRange(range: { from: string; to: string }): void {
  if (range.to < range.from) throw invalidField("to", "attendanceReports.badRange");
  if (daysBetween(range.from, range.to) > MAX_RANGE_DAYS) throw invalidField("to", "attendanceReports.rangeTooLong", { max: MAX_RANGE_DAYS });
}

/** The company's zone and today's date in it. */
export async function companyToday(ctx: AppContext) {
  const facts = await companyFacts(ctx.db);
  const now = ctx.clock.now();
  return { ...facts, now, today: dateInZone(now, facts.time_zone) };
}

/** A range of days for some people, derived. */
export async function daysOf(ctx: AppContext, userIds: readonly number[], from: string, to: string): Promise<AttendanceDay[]> {
  const { time_zone, now } = await companyToday(ctx);
  return deriveDays(ctx.db, { userIds, from, to, timeZone: time_zone, now });
}

/** The days as the list engine sees them: a date column of a generated series (never a table). */
const days = pgTable("days", { day: date("day").primaryKey() });
export const dayList = defineListSpec({ fields: { date: { column: days.day, kind: "date" } }, defaultSort: "-date", tiebreaker: days.day });

/**
 * One person's days, paged: from their first assignment or record (whichever
 * is earlier) to today in the company's zone, filtered and sorted by date.
 */
export async function personDays(ctx: AppContext, userId: number, query: Record<string, unknown>): Promise<ListResponse<AttendanceDay>> {
  const list = parseListQuery(query, dayList);
  const { today } = await companyToday(ctx);
  const [[assigned], [recorded]] = await Promise.all([
    ctx.db.select({ first: min(scheduleAssignments.effective_from) }).from(scheduleAssignments).where(eq(scheduleAssignments.user_id, userId)),
    ctx.db.select({ first: min(attendanceRecords.work_date) }).from(attendanceRecords).where(eq(attendanceRecords.user_id, userId)),
  ]);
  const starts = [assigned?.first, recorded?.first].filter((value): value is string => typeof value === "string" && value <= today);
  if (starts.length === 0) return { data: [], meta: listMeta(list.page, list.perPage, 0) };
  const series = sql`(select d::date as day from generate_series(${starts.sort()[0]}::date, ${today}::date, interval '1 day') as d) as days`;
  const where: SQL = list.where ?? sql`true`;
  const [page, counted] = await Promise.all([
    ctx.db.execute(sql`select days.day::text as day from ${series} where ${where} order by ${sql.join(list.orderBy, sql`, `)} limit ${list.limit} offset ${list.offset}`),
    ctx.db.execute(sql`select count(*)::int as total from ${series} where ${where}`),
  ]);
  const dates = (page as unknown as { rows: { day: string }[] }).rows.map((row) => row.day);
  const total = Number((counted as unknown as { rows: { total: number }[] }).rows[0].total);
  if (dates.length === 0) return { data: [], meta: listMeta(list.page, list.perPage, total) };
  const sorted = [...dates].sort();
  const byDate = new Map((await daysOf(ctx, [userId], sorted[0], sorted[sorted.length - 1])).map((day) => [day.date, day]));
  return { data: dates.map((day) => byDate.get(day)!), meta: listMeta(list.page, list.perPage, total) };
}

/** The people a report covers: everyone not archived, searched and filtered by the list engine. */
export const peopleList = defineListSpec({
  fields: {
    name: { column: users.name, kind: "text" },
    employee_number: { column: users.employee_number, kind: "text" },
    department: { column: users.department, kind: "text" },
  },
  defaultSort: "name",
  search: [users.name, users.email, users.employee_number],
});

const personColumns = { id: users.id, name: users.name, employee_number: users.employee_number, department: users.department };
type Person = { id: number; name: string; employee_number: string | null; department: string | null };

async function rowsFor(ctx: AppContext, people: readonly Person[], range: { from: string; to: string }): Promise<ReportRow[]> {
  const { time_zone, now } = await companyToday(ctx);
  const sums = await sumsByPerson(ctx.db, { userIds: people.map((person) => person.id), from: range.from, to: range.to, timeZone: time_zone, now });
  return people.map((person) => {
    const totals = sums.get(person.id)!;
    return { user_id: person.id, name: person.name, employee_number: person.employee_number, department: person.department, ...totals, worked_hours: Math.round(totals.worked_minutes / 0.6) / 100 };
  });
}

/** The report: a page of people (by name) with their sums over the range. */
export async function reportPage(ctx: AppContext, range: { from: string; to: string }, query: Record<string, unknown>): Promise<ListResponse<ReportRow>> {
  checkRange(range);
  const list = parseListQuery(query, peopleList);
  const people = await paged(ctx.db, list, { from: users, select: personColumns, where: isNull(users.archived_at) });
  return { data: await rowsFor(ctx, people.data, range), meta: people.meta };
}

/** Everyone the filters keep, `size` at a time (by id, so a batch never repeats or skips anyone). */
async function* peopleBatches(ctx: AppContext, query: Record<string, unknown>, size: number): AsyncGenerator<Person[]> {
  const { where } = parseListQuery({ ...query, page: undefined, per_page: undefined, sort: undefined }, peopleList);
  let after = 0;
  for (;;) {
    const batch = await ctx.db.select(personColumns).from(users).where(and(isNull(users.archived_at), where, gt(users.id, after))).orderBy(asc(users.id)).limit(size);
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1].id;
  }
}

/** The report's rows for everyone the filters keep, a batch at a time (reports/export). */
export async function* reportBatches(ctx: AppContext, range: { from: string; to: string }, query: Record<string, unknown>): AsyncGenerator<ReportRow[]> {
  for await (const people of peopleBatches(ctx, query, SUMMED_PER_BATCH)) yield rowsFor(ctx, people, range);
}

/** Days of everyone the filters keep, with who they are, a batch of people at a time (export-filtered). */
export async function* dayBatches(ctx: AppContext, range: { from: string; to: string }, query: Record<string, unknown>): AsyncGenerator<{ person: Person; day: AttendanceDay }[]> {
  for await (const people of peopleBatches(ctx, query, PEOPLE_PER_BATCH)) {
    const byId = new Map(people.map((person) => [person.id, person]));
    yield (await daysOf(ctx, people.map((person) => person.id), range.from, range.to)).map((day) => ({ person: byId.get(day.user_id)!, day }));
  }
}

/** The week holding `date` (default today), starting on the company's first day of the week. */
export async function weekOf(ctx: AppContext, date?: string): Promise<{ from: string; to: string }> {
  const { today, first_day_of_week } = await companyToday(ctx);
  const anchor = date ?? today;
  const from = nextDate(anchor, -((weekday(anchor) - first_day_of_week + 7) % 7));
  return { from, to: nextDate(from, 6) };
}

/** The calendar month holding today in the company's zone. */
export async function thisMonth(ctx: AppContext): Promise<{ from: string; to: string }> {
  const { today } = await companyToday(ctx);
  const from = `${today.slice(0, 8)}01`;
  const to = nextDate(`${nextDate(from, 31).slice(0, 8)}01`, -1);
  return { from, to };
}

/** Everyone's days of a range (not archived) counted by state, day by day (weekly-attendance, reports/daily). */
export async function countsOver(ctx: AppContext, range: { from: string; to: string }) {
  const { time_zone, now } = await companyToday(ctx);
  const [people] = await ctx.db.select({ count: count() }).from(users).where(isNull(users.archived_at));
  return { ...range, people: people.count, days: await countsByDate(ctx.db, { userIds: "not_archived", from: range.from, to: range.to, timeZone: time_zone, now }) };
}
