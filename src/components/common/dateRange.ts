import { dateTimeFormat } from "../../../contracts/intl";
/**
 * A range of calendar days (YYYY-MM-DD, both ends included), as report calls
 * take it. Calendar days carry no zone: they are counted in UTC so that a
 * daylight-saving change never makes a day 23 or 25 hours long.
 */
export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const time = (date: string) => Date.parse(`${date}T00:00:00Z`);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const isIsoDate = (value: string | null | undefined): value is string => typeof value === "string" && ISO_DATE.test(value) && !Number.isNaN(time(value));

/** The day `days` after `date` (before it when negative). */
export const addDays = (date: string, days: number): string => isoDate(time(date) + days * DAY_MS);

/** How many days the range covers, both ends counted. */
export const rangeLength = (range: DateRange): number => Math.round((time(range.to) - time(range.from)) / DAY_MS) + 1;

/** Today's date in a time zone (the browser's when none is given). */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The calendar month holding `date`. */
export function monthOf(date: string): DateRange {
  const [year, month] = date.split("-").map(Number);
  return { from: isoDate(Date.UTC(year, month - 1, 1)), to: isoDate(Date.UTC(year, month, 0)) };
}

/** The range if both ends are dates in order and it is at most `maxDays` long; otherwise nothing. */
export function validRange(from: string | null | undefined, to: string | null | undefined, maxDays: number): DateRange | undefined {
  if (!isIsoDate(from) || !isIsoDate(to) || to < from) return undefined;
  const range = { from, to };
  return rangeLength(range) <= maxDays ? range : undefined;
}

/**
 * A new start for a range: the end stays where it was while the range is
 * still in order and short enough; otherwise it moves with the start, keeping
 * the range's length (a month moved back is still a month).
 */
export function withStart(range: DateRange, from: string, maxDays: number): DateRange {
  if (validRange(from, range.to, maxDays)) return { from, to: range.to };
  return { from, to: addDays(from, Math.min(rangeLength(range), maxDays) - 1) };
}
