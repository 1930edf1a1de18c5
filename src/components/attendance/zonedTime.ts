import { dateTimeFormat } from "../../../contracts/intl";
/**
 * Wall clocks in the company's zone: an administrator types the times a person
 * worked as the office clock read them, whatever zone their own browser is in,
 * and the API takes instants with their offset.
 */

/** A date and a time of day on the zone's wall clock: "2026-03-02", "09:05". */
export interface WallClock {
  date: string;
  time: string;
}

const pad = (value: number) => String(value).padStart(2, "0");

function wallClockParts(instant: number, zone: string) {
  const parts = dateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

/** Minutes the zone is ahead of UTC at an instant (Manila: 480); daylight saving included. */
function offsetMinutes(instant: number, zone: string): number {
  const wall = wallClockParts(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** An instant as the zone's wall clock reads it. */
export function wallClockOf(iso: string, zone: string): WallClock {
  const wall = wallClockParts(new Date(iso).getTime(), zone);
  return { date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/**
 * The instant a wall clock of the zone names, as ISO 8601 with the offset in
 * force then ("2026-03-02T09:05:00+08:00"). The offset is looked up twice: a
 * first guess from the wall time may sit across a daylight-saving change.
 */
export function instantOf({ date, time }: WallClock, zone: string): string {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offset = offsetMinutes(wall - offsetMinutes(wall, zone) * 60_000, zone);
  const size = Math.abs(offset);
  return `${date}T${time}:00${offset < 0 ? "-" : "+"}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** The calendar day after a YYYY-MM-DD. */
export function dayAfter(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}
