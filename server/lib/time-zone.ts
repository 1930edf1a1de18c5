/**
 * Calendar dates and wall-clock times in a time zone, by Intl (no zone
 * database of our own): the company's zone decides work dates, shifts, and
 * what "a day" means in list filters.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formats.set(timeZone, format);
  }
  return format;
}

function partsIn(epoch: number, timeZone: string): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(epoch))) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts;
}

/** The zone's offset from UTC (ms) at an instant. */
export function zoneOffset(epoch: number, timeZone: string): number {
  const parts = partsIn(epoch, timeZone);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second) - Math.floor(epoch / 1000) * 1000;
}

/** A date and time read as if in UTC (any year: Date.parse refuses five digits, Date.UTC reads 0–99 as 1900s). */
function wallClock(date: string, time: string): number {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute, 0, 0);
  return instant.getTime();
}

// A report asks the same few (day, time) pairs for thousands of people: each is worked out once.
const instants = new Map<string, number>();

/**
 * The instant a wall-clock time of a date has in a zone. A time the clocks
 * skip (spring forward) is read with the offset before the change, so 02:30
 * on such a day is 03:30 local; a time they pass twice is its first passing.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const key = `${timeZone}|${date}|${time}`;
  let epoch = instants.get(key);
  if (epoch === undefined) {
    const wall = wallClock(date, time);
    const first = wall - zoneOffset(wall, timeZone);
    epoch = wall - zoneOffset(first, timeZone);
    if (zoneOffset(epoch, timeZone) !== zoneOffset(first, timeZone)) epoch = first;
    if (instants.size > 100_000) instants.clear();
    instants.set(key, epoch);
  }
  return new Date(epoch);
}

/** The calendar date of an instant in a zone, as YYYY-MM-DD (four-digit year: the date column needs it). */
export function dateInZone(instant: Date, timeZone: string): string {
  const parts = partsIn(instant.getTime(), timeZone);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

// Deriving thousands of days steps through the same few dates again and again: each step is worked out once.
const steps = new Map<string, string>();

/** The date `days` after a YYYY-MM-DD (before, when negative), in four digits of year up to 9999. */
export function nextDate(date: string, days = 1): string {
  const key = `${date}|${days}`;
  let found = steps.get(key);
  if (found === undefined) {
    const next = new Date(wallClock(date, "00:00") + days * 86_400_000);
    const pad = (value: number, width = 2) => String(value).padStart(width, "0");
    found = `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
    if (steps.size > 100_000) steps.clear();
    steps.set(key, found);
  }
  return found;
}

/** The weekday of a YYYY-MM-DD, 0 = Sunday. */
export const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
