/**
 * Clocking in and out, with breaks: the state rules (one open record, one
 * open break), the geofence for `onsite` people, and the evidence kept with
 * every event. No HTTP here: the routes parse, this decides.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AttendanceRecord, ClockState, LocationCheck, Position } from "../../../contracts/attendance";
import type { Db } from "../../db/client";
import { attendanceBreaks, attendanceRecords, userWorkLocations, users, workLocations } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { databaseErrorCode, HttpError, invalidField, notFound } from "../../lib/errors";
import { checkFence, type Circle, type FenceVerdict } from "../../lib/geo";
import { dateInZone } from "../../lib/time-zone";
import { mutate, type Author } from "../../lib/write";
import { dayReopened, refreshDays } from "./day-store";
import { companyFacts } from "../company/facts";
import { readSettings } from "../settings/service";
import { loadRecord, loadRecords, openRecordOf } from "./records";

/** The locations a person may clock in at: those listed for them, or every active one when none is. */
async function locationsOf(db: Db, userId: number): Promise<Circle[]> {
  const columns = { id: workLocations.id, name: workLocations.name, latitude: workLocations.latitude, longitude: workLocations.longitude, radius_m: workLocations.radius_m };
  const listed = await db.select({ id: userWorkLocations.location_id }).from(userWorkLocations).where(eq(userWorkLocations.user_id, userId));
  const active = eq(workLocations.active, true);
  return db
    .select(columns)
    .from(workLocations)
    .where(listed.length > 0 ? and(active, inArray(workLocations.id, listed.map((row) => row.id))) : active);
}

async function fenceFor(ctx: AppContext, userId: number, position: Position): Promise<FenceVerdict> {
  const [locations, settings] = await Promise.all([locationsOf(ctx.db, userId), readSettings(ctx, "attendance")]);
  return checkFence(position, locations, { maxAccuracyM: settings.max_accuracy_m, accuracyAllowanceM: settings.accuracy_allowance_m });
}

/** The check without clocking: what the clock screen shows before the button is pressed. */
export async function validateLocation(ctx: AppContext, userId: number, position: Position): Promise<LocationCheck> {
  const [verdict, policy, settings] = await Promise.all([fenceFor(ctx, userId, position), clockPolicyOf(ctx.db, userId), readSettings(ctx, "attendance")]);
  const nearest = verdict.kind === "imprecise" ? null : verdict.nearest;
  const place = (circle: { id: number; name: string; radius_m: number }) => ({ id: circle.id, name: circle.name, radius_m: circle.radius_m });
  const reason = verdict.kind === "inside" ? "inside" : policy === "anywhere" ? "anywhere" : verdict.kind === "imprecise" ? "imprecise" : nearest ? "outside" : "no_locations";
  return {
    allowed: reason === "inside" || reason === "anywhere",
    reason,
    clock_policy: policy,
    location: verdict.kind === "inside" ? place(verdict.location) : null,
    distance_m: verdict.kind === "inside" ? Math.round(verdict.distanceM) : null,
    nearest: nearest && { ...place(nearest.location), distance_m: Math.round(nearest.distanceM) },
    accuracy_m: Math.round(position.accuracy),
    max_accuracy_m: settings.max_accuracy_m,
  };
}

/** Why an onsite clock-in is refused, in words the person can act on (a 422 on the position). */
function refusal(verdict: Exclude<FenceVerdict, { kind: "inside" }>, maxAccuracyM: number): HttpError {
  if (verdict.kind === "imprecise") return invalidField("accuracy", "attendance.tooImprecise", { accuracy: Math.round(verdict.accuracyM), max: maxAccuracyM });
  if (!verdict.nearest) return invalidField("latitude", "attendance.noLocations");
  const { location, distanceM } = verdict.nearest;
  return invalidField("latitude", "attendance.outside", { name: location.name, distance: Math.round(distanceM), radius: location.radius_m });
}

type Side = "in" | "out";

/** The columns of one clock event's evidence: where, how sure, what it matched, from which address and device. */
function evidence(side: Side, position: Partial<Position>, verdict: FenceVerdict | null, author: Author): Record<string, unknown> {
  const matched = verdict?.kind === "inside" ? verdict : null;
  const nearest = verdict && verdict.kind !== "imprecise" ? verdict.nearest : null;
  return {
    [`${side}_latitude`]: position.latitude ?? null,
    [`${side}_longitude`]: position.longitude ?? null,
    [`${side}_accuracy_m`]: position.accuracy ?? null,
    [`${side}_location_id`]: matched?.location.id ?? null,
    [`${side}_distance_m`]: matched ? Math.round(matched.distanceM) : nearest ? Math.round(nearest.distanceM) : null,
    [`${side}_ip`]: author.origin.ip,
    [`${side}_device`]: author.origin.userAgent?.slice(0, 300) ?? null,
  };
}

const hasPosition = (position: Partial<Position>): position is Position =>
  position.latitude !== undefined && position.longitude !== undefined && position.accuracy !== undefined;

/** Why a clock action does not fit the person's state, as the 409 words it: the state they are in and what to do. */
type StateConflict = "out" | "in" | "on_break" | "alreadyOnBreak" | "notOnBreak";
const wrongState = (conflict: StateConflict) => new HttpError(409, `attendance.state.${conflict}`);

async function clockPolicyOf(db: Db, userId: number) {
  const [person] = await db.select({ clock_policy: users.clock_policy }).from(users).where(eq(users.id, userId));
  if (!person) throw notFound();
  return person.clock_policy;
}

export async function clockStatus(ctx: AppContext, userId: number): Promise<{ state: ClockState; record: AttendanceRecord | null }> {
  const open = await openRecordOf(ctx.db, userId);
  if (!open) return { state: "out", record: null };
  return { state: open.openBreak ? "on_break" : "in", record: await loadRecord(ctx.db, open.record.id, ctx.clock.now()) };
}

/**
 * Opens the day's record. An `onsite` person must be inside one of their
 * locations; an `anywhere` person is recorded where they are, flagged remote.
 * Two taps at once open one record: the second meets the unique index and
 * is told they are clocked in.
 */
export async function clockIn(ctx: AppContext, author: Author, userId: number, position: Partial<Position>): Promise<AttendanceRecord> {
  const now = ctx.clock.now();
  const [policy, facts, open] = await Promise.all([clockPolicyOf(ctx.db, userId), companyFacts(ctx.db), openRecordOf(ctx.db, userId)]);
  if (open) throw wrongState(open.openBreak ? "on_break" : "in");
  const remote = policy === "anywhere";
  if (!remote && !hasPosition(position)) throw invalidField("latitude", "attendance.positionRequired");
  const verdict = hasPosition(position) ? await fenceFor(ctx, userId, position) : null;
  if (!remote && verdict && verdict.kind !== "inside") throw refusal(verdict, (await readSettings(ctx, "attendance")).max_accuracy_m);
  const workDate = dateInZone(now, facts.time_zone);
  try {
    const id = await mutate(ctx, author, { action: "attendance.clocked_in", subjectType: "attendance" }, async (tx) => {
      const [row] = await tx
        .insert(attendanceRecords)
        .values({ user_id: userId, work_date: workDate, clock_in_at: now, remote, ...evidence("in", position, verdict, author), created_by: userId, updated_by: userId, created_at: now, updated_at: now })
        .returning({ id: attendanceRecords.id, in_location_id: attendanceRecords.in_location_id, in_distance_m: attendanceRecords.in_distance_m });
      await dayReopened(tx, userId, workDate);
      return { result: row.id, subjectId: row.id, changes: { work_date: workDate, remote, location_id: row.in_location_id, distance_m: row.in_distance_m } };
    });
    return (await loadRecord(ctx.db, id, now))!;
  } catch (error) {
    if (databaseErrorCode(error) === "23505") throw wrongState("in");
    throw error;
  }
}

/**
 * Holds the record, still open, for the rest of the transaction: a clock-out
 * and a break started at the same moment take turns, and the second finds
 * the state the first left (no break opened on a closed day, no second clock-out).
 */
async function lockOpen(tx: Db, recordId: number): Promise<void> {
  const held = await tx.execute(sql`select id from ${attendanceRecords} where id = ${recordId} and clock_out_at is null for update`);
  if ((held as unknown as { rows: unknown[] }).rows.length === 0) throw wrongState("out");
}

/** Ends the record's open break, if any; whether there was one. */
async function endOpenBreak(tx: Db, recordId: number, now: Date): Promise<boolean> {
  const ended = await tx
    .update(attendanceBreaks)
    .set({ ended_at: now })
    .where(and(eq(attendanceBreaks.record_id, recordId), isNull(attendanceBreaks.ended_at)))
    .returning({ id: attendanceBreaks.id });
  return ended.length > 0;
}

/** Closes the open record (and its open break); where it happened is kept, not checked: nobody is kept from leaving. */
export async function clockOut(ctx: AppContext, author: Author, userId: number, position: Partial<Position>): Promise<AttendanceRecord> {
  const now = ctx.clock.now();
  const open = await openRecordOf(ctx.db, userId);
  if (!open) throw wrongState("out");
  const verdict = hasPosition(position) ? await fenceFor(ctx, userId, position) : null;
  await mutate(ctx, author, { action: "attendance.clocked_out", subjectType: "attendance" }, async (tx) => {
    await lockOpen(tx, open.record.id);
    const breakEnded = await endOpenBreak(tx, open.record.id, now);
    await tx
      .update(attendanceRecords)
      .set({ clock_out_at: now, ...evidence("out", position, verdict, author), updated_by: userId, updated_at: now })
      .where(eq(attendanceRecords.id, open.record.id));
    await refreshDays(tx, { userIds: [userId], dates: [open.record.work_date] }, now);
    return { result: undefined, subjectId: open.record.id, changes: { clock_out_at: now.toISOString(), break_ended: breakEnded } };
  });
  return (await loadRecord(ctx.db, open.record.id, now))!;
}

export async function startBreak(ctx: AppContext, author: Author, userId: number): Promise<AttendanceRecord> {
  const now = ctx.clock.now();
  const open = await openRecordOf(ctx.db, userId);
  if (!open || open.openBreak) throw wrongState(open ? "alreadyOnBreak" : "out");
  try {
    await mutate(ctx, author, { action: "attendance.break_started", subjectType: "attendance" }, async (tx) => {
      await lockOpen(tx, open.record.id);
      await tx.insert(attendanceBreaks).values({ record_id: open.record.id, started_at: now });
      return { result: undefined, subjectId: open.record.id, changes: { started_at: now.toISOString() } };
    });
  } catch (error) {
    if (databaseErrorCode(error) === "23505") throw wrongState("alreadyOnBreak");
    throw error;
  }
  return (await loadRecord(ctx.db, open.record.id, now))!;
}

export async function endBreak(ctx: AppContext, author: Author, userId: number): Promise<AttendanceRecord> {
  const now = ctx.clock.now();
  const open = await openRecordOf(ctx.db, userId);
  if (!open?.openBreak) throw wrongState(open ? "notOnBreak" : "out");
  await mutate(ctx, author, { action: "attendance.break_ended", subjectType: "attendance" }, async (tx) => {
    await lockOpen(tx, open.record.id);
    if (!(await endOpenBreak(tx, open.record.id, now))) throw wrongState("notOnBreak");
    return { result: undefined, subjectId: open.record.id, changes: { ended_at: now.toISOString() } };
  });
  return (await loadRecord(ctx.db, open.record.id, now))!;
}

/** The person's records of today's work date in the company's time zone. */
export async function todayOf(ctx: AppContext, userId: number): Promise<AttendanceRecord[]> {
  const now = ctx.clock.now();
  const { time_zone } = await companyFacts(ctx.db);
  return loadRecords(ctx.db, and(eq(attendanceRecords.user_id, userId), eq(attendanceRecords.work_date, dateInZone(now, time_zone))), now);
}
