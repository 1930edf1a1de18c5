import type { AttendanceRecord } from "../../../contracts/attendance";
import { dayAfter, instantOf, wallClockOf } from "../../components/attendance/zonedTime";

/** The entry form as sent: the day, times of day on the company's clock ("HH:mm"), and why. */
export interface EntryValues {
  date: string;
  clock_in_at: string;
  clock_out_at: string;
  breaks?: { started_at: string; ended_at: string }[];
  reason: string;
}

/** A record as the form opens it for correcting: an open day has no clock-out yet, an open break no end. */
export interface EntryPrefill {
  date: string;
  clock_in_at: string;
  clock_out_at?: string;
  breaks: { started_at: string; ended_at?: string }[];
}

/**
 * The typed times as the instants the API takes. A time earlier than the
 * clock-in belongs to the next day: a night shift is typed as the clock read.
 */
export function spanOf(values: EntryValues, zone: string) {
  const at = (time: string) => instantOf({ date: time < values.clock_in_at ? dayAfter(values.date) : values.date, time }, zone);
  return {
    clock_in_at: at(values.clock_in_at),
    clock_out_at: at(values.clock_out_at),
    breaks: (values.breaks ?? []).map((entry) => ({ started_at: at(entry.started_at), ended_at: at(entry.ended_at) })),
  };
}

/** A record on the company's clock: its clock-in's day and the times of day. */
export function prefillOf(record: AttendanceRecord, zone: string): EntryPrefill {
  const clockIn = wallClockOf(record.clock_in_at, zone);
  const time = (iso: string | null) => (iso ? wallClockOf(iso, zone).time : undefined);
  return {
    date: clockIn.date,
    clock_in_at: clockIn.time,
    clock_out_at: time(record.clock_out_at),
    breaks: record.breaks.map((entry) => ({ started_at: wallClockOf(entry.started_at, zone).time, ended_at: time(entry.ended_at) })),
  };
}
