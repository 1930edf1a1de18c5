import { minorDigits } from "../../../contracts/money";
import { findLanguage } from "../../i18n/languages";
import { dateTimeFormat, numberFormat } from "../../../contracts/intl";

const locale = (language: string) => findLanguage(language)?.htmlLang ?? "en";
const utcDay = (date: string) => {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day));
};

/** An axis' day: month and day as the reader's language writes them ("Nov 3", "11月3日"). */
export function shortDay(date: string, language: string): string {
  return dateTimeFormat(locale(language), { timeZone: "UTC", month: "short", day: "numeric" }).format(utcDay(date));
}

/** An axis' month of a YYYY-MM-01 date ("Nov 26", "26年11月"). */
export function shortMonth(date: string, language: string): string {
  return dateTimeFormat(locale(language), { timeZone: "UTC", month: "short", year: "2-digit" }).format(utcDay(date));
}

/** A month in full ("November 2026", "2026年11月"). */
export function longMonth(date: string, language: string): string {
  return dateTimeFormat(locale(language), { timeZone: "UTC", month: "long", year: "numeric" }).format(utcDay(date));
}

/** A share in basis points (9,250) as a percentage in the reader's language ("92.5%", "92,5 %"). */
export function formatPercent(basisPoints: number, language: string): string {
  return numberFormat(locale(language), { style: "percent", maximumFractionDigits: 1 }).format(basisPoints / 10_000);
}

/** An axis' amount of minor units, shortened ("$1.2M", "¥120万"): the table beside it has the exact figure. */
export function formatMoneyCompact(minor: number, currency: string, language: string): string {
  // Division only for display: the amount itself stays an integer.
  return numberFormat(locale(language), { style: "currency", currency, notation: "compact" }).format(minor / 10 ** minorDigits(currency));
}
