/**
 * Attendance as both sides see it: clocking in and out with breaks, the
 * position evidence, and the record's shape. Messages are locale keys.
 */
import { z } from "zod";
import { isoTimestamp } from "./replies";
import { MESSAGE, recordId } from "./validation";

/** onsite: must be inside one of their locations; anywhere: recorded, flagged remote. */
export const CLOCK_POLICIES = ["onsite", "anywhere"] as const;
export type ClockPolicy = (typeof CLOCK_POLICIES)[number];

export const CLOCK_STATES = ["out", "in", "on_break"] as const;
export type ClockState = (typeof CLOCK_STATES)[number];

const coordinate = (limit: number, message: string) =>
  z.number({ error: MESSAGE.invalidType }).min(-limit, { error: message }).max(limit, { error: message });

/** Where the device says it is, and how sure it is (metres, the browser's `coords.accuracy`). */
export const positionBody = z.strictObject({
  latitude: coordinate(90, "locations.latitudeRange"),
  longitude: coordinate(180, "locations.longitudeRange"),
  accuracy: z.number({ error: MESSAGE.invalidType }).min(0, { error: MESSAGE.notNegative }).max(1_000_000, { error: MESSAGE.invalid }),
});

export type Position = z.infer<typeof positionBody>;

/** Clock-in and clock-out: a position, which only `anywhere` people may leave out. */
export const clockBody = positionBody.partial();

const breakRecord = z.object({ id: z.number().int(), started_at: isoTimestamp, ended_at: isoTimestamp.nullable() });

export const attendanceRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  work_date: z.string(),
  clock_in_at: isoTimestamp,
  clock_out_at: isoTimestamp.nullable(),
  remote: z.boolean(),
  source: z.enum(["clock", "manual"]),
  in_location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  in_distance_m: z.number().int().nullable(),
  out_location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  out_distance_m: z.number().int().nullable(),
  breaks: z.array(breakRecord),
  /** Minutes worked so far (breaks taken off), to the minute. */
  worked_minutes: z.number().int(),
});

export type AttendanceRecord = z.infer<typeof attendanceRecord>;

export const clockStatus = z.object({ state: z.enum(CLOCK_STATES), record: attendanceRecord.nullable() });

/**
 * Why a position check came out as it did: inside a location; outside every
 * one; too imprecise to tell; no location to check against; or the person
 * clocks from anywhere (allowed wherever they are, recorded as remote).
 */
export const LOCATION_REASONS = ["inside", "outside", "imprecise", "no_locations", "anywhere"] as const;

/** What a position check says: allowed or not and why, the location matched, and the nearest one with its distance. */
export const locationCheck = z.object({
  allowed: z.boolean(),
  reason: z.enum(LOCATION_REASONS),
  clock_policy: z.enum(CLOCK_POLICIES),
  location: z.object({ id: z.number().int(), name: z.string(), radius_m: z.number().int() }).nullable(),
  distance_m: z.number().int().nullable(),
  nearest: z.object({ id: z.number().int(), name: z.string(), distance_m: z.number().int(), radius_m: z.number().int() }).nullable(),
  /** The position's reported accuracy and the most the company accepts, in metres. */
  accuracy_m: z.number().int(),
  max_accuracy_m: z.number().int(),
});

export type LocationCheck = z.infer<typeof locationCheck>;

/** An instant as ISO 8601 with its offset ("2026-03-02T09:00:00+08:00"). */
const instant = z.iso.datetime({ offset: true, error: "attendance.instant" });

const breakInput = z.strictObject({ started_at: instant, ended_at: instant });

/** Why an administrator entered, changed or removed someone's time: kept in the activity log and told to the person. */
const reason = z.string({ error: MESSAGE.required }).trim().min(1, { error: "attendance.reasonRequired" }).max(500, { error: MESSAGE.maxLength });

export const MAX_BREAKS = 10;

/** A day entered by an attendance administrator: a closed record with its breaks. */
export const manualEntryBody = z.strictObject({
  user_id: recordId,
  clock_in_at: instant,
  clock_out_at: instant,
  breaks: z.array(breakInput, { error: MESSAGE.invalidType }).max(MAX_BREAKS, { error: MESSAGE.invalid }).default([]),
  reason,
});

/** A correction: the times that change (breaks replaced when given), and why. */
export const correctionBody = z.strictObject({
  clock_in_at: instant.optional(),
  clock_out_at: instant.optional(),
  breaks: z.array(breakInput, { error: MESSAGE.invalidType }).max(MAX_BREAKS, { error: MESSAGE.invalid }).optional(),
  reason,
});

export const removalBody = z.strictObject({ reason });

export type ManualEntry = z.output<typeof manualEntryBody>;
export type Correction = z.output<typeof correctionBody>;
