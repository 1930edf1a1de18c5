import { findLanguage } from "./languages";
import { dateTimeFormat } from "../../contracts/intl";

const localeOf = (language: string) => findLanguage(language)?.htmlLang ?? "en";

/**
 * The seven days (0 = Sunday … 6 = Saturday, as the API counts them) in the
 * order the company's week runs, each with its name in the reader's language.
 */
export function weekdaysFrom(firstDay: number, language: string, style: "short" | "long" = "short"): { day: number; name: string }[] {
  const names = dateTimeFormat(localeOf(language), { weekday: style, timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, offset) => {
    const day = (firstDay + offset) % 7;
    // 2023-01-01 was a Sunday: day n of that week is weekday n.
    return { day, name: names.format(Date.UTC(2023, 0, 1 + day)) };
  });
}

/** A time of day ("22:00", no date, no zone) as the reader's language writes it ("10:00 PM", "22:00"). */
export function formatTimeOfDay(time: string, language: string): string {
  const [hours, minutes] = time.split(":").map(Number);
  return dateTimeFormat(localeOf(language), { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(Date.UTC(2023, 0, 1, hours, minutes));
}

/** A calendar date (YYYY-MM-DD) with its weekday, as the reader's language writes it ("Fri, Dec 25, 2026"). */
export function formatCalendarDate(date: string, language: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return dateTimeFormat(localeOf(language), { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(Date.UTC(year, month - 1, day));
}

/** Today's date (YYYY-MM-DD) in a time zone: the company's day, whatever the browser's. */
export function todayIn(timeZone: string | undefined): string {
  // Swedish writes dates as ISO does.
  return dateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}
