import { aliasedTable, and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import type { AttendanceRecord } from "../../../contracts/attendance";
import type { Db } from "../../db/client";
import { attendanceBreaks, attendanceRecords, users, workLocations } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { checkRange } from "./reports";

type RecordRow = typeof attendanceRecords.$inferSelect;
type BreakRow = typeof attendanceBreaks.$inferSelect;

const inLocation = aliasedTable(workLocations, "in_location");
const outLocation = aliasedTable(workLocations, "out_location");

/** Records with their locations' names and their breaks, in two queries whatever their number. */
export async function loadRecords(db: Db, where: ReturnType<typeof and>, now: Date): Promise<AttendanceRecord[]> {
  const rows = await db
    .select({ record: attendanceRecords, inName: inLocation.name, outName: outLocation.name })
    .from(attendanceRecords)
    .leftJoin(inLocation, eq(inLocation.id, attendanceRecords.in_location_id))
    .leftJoin(outLocation, eq(outLocation.id, attendanceRecords.out_location_id))
    .where(where)
    .orderBy(asc(attendanceRecords.clock_in_at));
  if (rows.length === 0) return [];
  const breaks = await db
    .select()
    .from(attendanceBreaks)
    .where(inArray(attendanceBreaks.record_id, rows.map(({ record }) => record.id)))
    .orderBy(asc(attendanceBreaks.started_at));
  return rows.map(({ record, inName, outName }) => toRecord(record, breaks.filter((entry) => entry.record_id === record.id), { inName, outName }, now));
}

export async function loadRecord(db: Db, id: number, now: Date): Promise<AttendanceRecord | null> {
  return (await loadRecords(db, and(eq(attendanceRecords.id, id)), now))[0] ?? null;
}

/**
 * A person's records with work dates in the range (both ends), breaks and clock
 * evidence included: what an administrator checks before correcting a day.
 */
export async function personRecords(ctx: AppContext, userId: number, range: { from: string; to: string }): Promise<AttendanceRecord[]> {
  checkRange(range);
  const [person] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!person) throw notFound();
  const inRange = and(eq(attendanceRecords.user_id, userId), gte(attendanceRecords.work_date, range.from), lte(attendanceRecords.work_date, range.to));
  return loadRecords(ctx.db, inRange, ctx.clock.now());
}

/** A person's open record (clocked in, not out), with its open break if any. */
export async function openRecordOf(db: Db, userId: number): Promise<{ record: RecordRow; openBreak: BreakRow | null } | null> {
  const [record] = await db.select().from(attendanceRecords).where(and(eq(attendanceRecords.user_id, userId), isNull(attendanceRecords.clock_out_at)));
  if (!record) return null;
  const [openBreak] = await db.select().from(attendanceBreaks).where(and(eq(attendanceBreaks.record_id, record.id), isNull(attendanceBreaks.ended_at)));
  return { record, openBreak: openBreak ?? null };
}

const MINUTE = 60_000;

/** Minutes between two instants, an open end counting to `now`. */
const span = (from: Date, to: Date | null, now: Date) => Math.max(0, (to ?? now).getTime() - from.getTime());

/** Time at work: from clock-in to clock-out (or now), breaks taken off, to the whole minute. */
export function workedMinutes(record: Pick<RecordRow, "clock_in_at" | "clock_out_at">, breaks: Pick<BreakRow, "started_at" | "ended_at">[], now: Date): number {
  const onBreak = breaks.reduce((sum, entry) => sum + span(entry.started_at, entry.ended_at, now), 0);
  return Math.floor((span(record.clock_in_at, record.clock_out_at, now) - onBreak) / MINUTE);
}

function toRecord(row: RecordRow, breaks: BreakRow[], names: { inName: string | null; outName: string | null }, now: Date): AttendanceRecord {
  const named = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
  return {
    id: row.id,
    user_id: row.user_id,
    work_date: row.work_date,
    clock_in_at: row.clock_in_at.toISOString(),
    clock_out_at: row.clock_out_at?.toISOString() ?? null,
    remote: row.remote,
    source: row.source,
    in_location: named(row.in_location_id, names.inName),
    in_distance_m: row.in_distance_m,
    out_location: named(row.out_location_id, names.outName),
    out_distance_m: row.out_distance_m,
    breaks: breaks.map((entry) => ({ id: entry.id, started_at: entry.started_at.toISOString(), ended_at: entry.ended_at?.toISOString() ?? null })),
    worked_minutes: workedMinutes(row, breaks, now),
  };
}
