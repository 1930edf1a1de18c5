import type { AttendanceRecord } from "../../../contracts/attendance";
import { findLanguage } from "../../i18n/languages";
import { dateTimeFormat } from "../../../contracts/intl";

/** The browser's zone, until the company's is known. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A moment's time of day in the company's zone, as the reader's language writes it ("8:05 AM", "8:05"). */
export function clockTime(iso: string, zone: string | undefined, language: string): string {
  const locale = findLanguage(language)?.htmlLang ?? "en";
  return dateTimeFormat(locale, { timeZone: zone ?? browserZone(), hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

/** A work date (YYYY-MM-DD, the company's day) as the reader's language writes it, with its weekday (and its year where the week is no guide). */
export function workDate(date: string, language: string, options: { withYear?: boolean } = {}): string {
  const locale = findLanguage(language)?.htmlLang ?? "en";
  const [year, month, day] = date.split("-").map(Number);
  const parts: Intl.DateTimeFormatOptions = { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", ...(options.withYear && { year: "numeric" }) };
  return dateTimeFormat(locale, parts).format(new Date(Date.UTC(year, month - 1, day)));
}

const ms = (iso: string) => new Date(iso).getTime();

/** Seconds worked in one record up to `now`: from clock-in to clock-out (or now), breaks taken off. */
export function workedSeconds(record: AttendanceRecord, now: number): number {
  const end = record.clock_out_at ? ms(record.clock_out_at) : now;
  const breaks = record.breaks.reduce((sum, pause) => sum + Math.max(0, Math.min(end, pause.ended_at ? ms(pause.ended_at) : end) - ms(pause.started_at)), 0);
  return Math.max(0, Math.floor((end - ms(record.clock_in_at) - breaks) / 1000));
}

/** Seconds as H:MM:SS, the timer's face. */
export function hms(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** Today's records and the open one (a night shift begun yesterday), each once, in clock-in order. */
export function dayRecords(today: AttendanceRecord[] | undefined, open: AttendanceRecord | null | undefined): AttendanceRecord[] {
  const records = [...(today ?? [])];
  if (open && !records.some((record) => record.id === open.id)) records.push(open);
  return records.sort((a, b) => ms(a.clock_in_at) - ms(b.clock_in_at));
}

export { hoursMinutes } from "../../../contracts/durations";
