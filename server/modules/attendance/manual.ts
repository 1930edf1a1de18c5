/**
 * Days entered, corrected or removed by an attendance administrator, always
 * with a reason: the reason goes to the activity log with the change, and
 * the person is told (the notifications module listens to these events).
 * A day a released payroll paid is locked (payroll/paid-days.ts).
 */
import { and, eq, lt, ne, sql, type SQL } from "drizzle-orm";
import type { AttendanceRecord, Correction, ManualEntry } from "../../../contracts/attendance";
import type { Db } from "../../db/client";
import { attendanceBreaks, attendanceRecords, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField, notFound } from "../../lib/errors";
import { dateInZone } from "../../lib/time-zone";
import { mutate, type Author } from "../../lib/write";
import { refreshDays } from "./day-store";
import { companyFacts } from "../company/facts";
import { assertDaysUnpaid } from "../payroll/paid-days";
import { loadRecord } from "./records";

interface Span {
  clockIn: Date;
  clockOut: Date;
  breaks: { started_at: Date; ended_at: Date }[];
}

const toSpan = (clockIn: string | Date, clockOut: string | Date, breaks: { started_at: string | Date; ended_at: string | Date }[]): Span => ({
  clockIn: new Date(clockIn),
  clockOut: new Date(clockOut),
  breaks: breaks.map((entry) => ({ started_at: new Date(entry.started_at), ended_at: new Date(entry.ended_at) })).sort((a, b) => a.started_at.getTime() - b.started_at.getTime()),
});

/** The longest stretch one record may hold: a double shift, not days on end. */
const MAX_SPAN_MS = 24 * 3_600_000;
/** Nothing is entered for before the list engine's first year. */
const EARLIEST = Date.UTC(1000, 0, 1);

/** A day that makes sense: out after in, at most a day long, not in the future, breaks inside it, one after another. */
function checkSpan(span: Span, now: Date): void {
  if (span.clockIn.getTime() < EARLIEST) throw invalidField("clock_in_at", "attendance.instant");
  if (span.clockOut <= span.clockIn) throw invalidField("clock_out_at", "attendance.outBeforeIn");
  if (span.clockOut > now) throw invalidField("clock_out_at", "attendance.inFuture");
  if (span.clockOut.getTime() - span.clockIn.getTime() > MAX_SPAN_MS) throw invalidField("clock_out_at", "attendance.tooLong", { hours: MAX_SPAN_MS / 3_600_000 });
  let previousEnd = span.clockIn;
  for (const entry of span.breaks) {
    if (entry.ended_at <= entry.started_at || entry.started_at < previousEnd || entry.ended_at > span.clockOut) throw invalidField("breaks", "attendance.breaksOutside");
    previousEnd = entry.ended_at;
  }
}

/** No two stretches of one person's work overlap (an open one runs until now). */
async function assertNoOverlap(db: Db, userId: number, span: Span, exceptId?: number): Promise<void> {
  const overlapping: SQL[] = [
    eq(attendanceRecords.user_id, userId),
    lt(attendanceRecords.clock_in_at, span.clockOut),
    sql`coalesce(${attendanceRecords.clock_out_at}, 'infinity'::timestamptz) > ${span.clockIn.toISOString()}::timestamptz`,
  ];
  if (exceptId !== undefined) overlapping.push(ne(attendanceRecords.id, exceptId));
  const [other] = await db.select({ id: attendanceRecords.id, work_date: attendanceRecords.work_date }).from(attendanceRecords).where(and(...overlapping)).limit(1);
  if (other) throw new HttpError(409, "attendance.overlaps", { date: other.work_date });
}

async function writeBreaks(tx: Db, recordId: number, span: Span): Promise<void> {
  await tx.delete(attendanceBreaks).where(eq(attendanceBreaks.record_id, recordId));
  if (span.breaks.length > 0) await tx.insert(attendanceBreaks).values(span.breaks.map((entry) => ({ record_id: recordId, ...entry })));
}

const summary = (span: Span) => ({ clock_in_at: span.clockIn.toISOString(), clock_out_at: span.clockOut.toISOString(), breaks: span.breaks.length });

export async function enterDay(ctx: AppContext, author: Author, input: ManualEntry): Promise<AttendanceRecord> {
  const now = ctx.clock.now();
  const [person] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, input.user_id));
  if (!person) throw invalidField("user_id", "attendance.personMissing");
  const span = toSpan(input.clock_in_at, input.clock_out_at, input.breaks);
  checkSpan(span, now);
  await assertNoOverlap(ctx.db, input.user_id, span);
  const workDate = dateInZone(span.clockIn, (await companyFacts(ctx.db)).time_zone);
  await assertDaysUnpaid(ctx.db, input.user_id, [workDate]);
  const id = await mutate(ctx, author, { action: "attendance.entered", subjectType: "attendance" }, async (tx) => {
    const [row] = await tx
      .insert(attendanceRecords)
      .values({ user_id: input.user_id, work_date: workDate, clock_in_at: span.clockIn, clock_out_at: span.clockOut, source: "manual", created_by: author.actorId, updated_by: author.actorId, created_at: now, updated_at: now })
      .returning({ id: attendanceRecords.id });
    await writeBreaks(tx, row.id, span);
    await refreshDays(tx, { userIds: [input.user_id], dates: [workDate] }, now);
    return { result: row.id, subjectId: row.id, changes: { user_id: input.user_id, work_date: workDate, ...summary(span), reason: input.reason } };
  });
  return (await loadRecord(ctx.db, id, now))!;
}

async function loadRow(db: Db, id: number) {
  const [row] = await db.select().from(attendanceRecords).where(eq(attendanceRecords.id, id));
  if (!row) throw notFound();
  const breaks = await db.select().from(attendanceBreaks).where(eq(attendanceBreaks.record_id, id));
  return { row, breaks };
}

/** Changes a day's times (an open day may be closed this way); the breaks are replaced when given. */
export async function correctDay(ctx: AppContext, author: Author, id: number, input: Correction): Promise<AttendanceRecord> {
  const now = ctx.clock.now();
  const { row, breaks } = await loadRow(ctx.db, id);
  const clockOut = input.clock_out_at ?? row.clock_out_at;
  if (!clockOut) throw invalidField("clock_out_at", "attendance.outRequired");
  const span = toSpan(input.clock_in_at ?? row.clock_in_at, clockOut, input.breaks ?? breaks.map((entry) => ({ started_at: entry.started_at, ended_at: entry.ended_at ?? clockOut })));
  checkSpan(span, now);
  await assertNoOverlap(ctx.db, row.user_id, span, id);
  const workDate = dateInZone(span.clockIn, (await companyFacts(ctx.db)).time_zone);
  await assertDaysUnpaid(ctx.db, row.user_id, [row.work_date, workDate]);
  const before = toSpan(row.clock_in_at, row.clock_out_at ?? now, breaks.map((entry) => ({ started_at: entry.started_at, ended_at: entry.ended_at ?? now })));
  await mutate(ctx, author, { action: "attendance.corrected", subjectType: "attendance" }, async (tx) => {
    await tx
      .update(attendanceRecords)
      .set({ work_date: workDate, clock_in_at: span.clockIn, clock_out_at: span.clockOut, updated_by: author.actorId, updated_at: now })
      .where(eq(attendanceRecords.id, id));
    await writeBreaks(tx, id, span);
    await refreshDays(tx, { userIds: [row.user_id], dates: [row.work_date, workDate] }, now);
    return { result: undefined, subjectId: id, changes: { user_id: row.user_id, work_date: workDate, before: summary(before), after: summary(span), reason: input.reason } };
  });
  return (await loadRecord(ctx.db, id, now))!;
}

export async function removeDay(ctx: AppContext, author: Author, id: number, reason: string): Promise<void> {
  const { row, breaks } = await loadRow(ctx.db, id);
  await assertDaysUnpaid(ctx.db, row.user_id, [row.work_date]);
  await mutate(ctx, author, { action: "attendance.removed", subjectType: "attendance" }, async (tx) => {
    await tx.delete(attendanceRecords).where(eq(attendanceRecords.id, id));
    await refreshDays(tx, { userIds: [row.user_id], dates: [row.work_date] }, ctx.clock.now());
    const removed = { clock_in_at: row.clock_in_at.toISOString(), clock_out_at: row.clock_out_at?.toISOString() ?? null, breaks: breaks.length };
    return { result: undefined, subjectId: id, changes: { user_id: row.user_id, work_date: row.work_date, ...removed, reason } };
  });
}
