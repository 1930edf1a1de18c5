import { dateTimeFormat } from "./intl";
/**
 * Days, pay periods and run names in a reader's language, for the app's
 * screens and the server's notifications and e-mails alike. `locale` is an
 * Intl language tag ("en", "ja", "zh-CN").
 */

const utc = (date: string) => {
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year, month - 1, day);
};

const dayFormat = (locale: string) => dateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** A calendar day (YYYY-MM-DD) without its weekday: "Nov 5, 2026", "2026年11月5日". */
export function wordDay(date: string, locale: string): string {
  return dayFormat(locale).format(utc(date));
}

/** A pay period as one range: "Oct 1 – 31, 2026", "2026年10月1日～31日", "1–31 oct. 2026". */
export function wordPeriod(start: string, end: string, locale: string): string {
  const format = dayFormat(locale);
  if (start === end) return format.format(utc(start));
  // Japanese and Chinese ranges come out as "2026/12/01～2026/12/31", unlike their single dates ("2026年12月5日"):
  // written as those are, the end's year and month left out when they are the start's ("2026年12月1日～31日").
  const language = locale.split("-")[0];
  if (language === "ja" || language === "zh") {
    const separator = language === "ja" ? "～" : "–";
    const sameMonth = start.slice(0, 7) === end.slice(0, 7);
    const sameYear = start.slice(0, 4) === end.slice(0, 4);
    const endText = sameMonth
      ? dateTimeFormat(locale, { day: "numeric", timeZone: "UTC" }).format(utc(end))
      : sameYear
        ? dateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(utc(end))
        : format.format(utc(end));
    return `${format.format(utc(start))}${separator}${endText}`;
  }
  return format.formatRange(utc(start), utc(end));
}

/** The server's default run names ("Payroll 2026-11-01 – 2026-11-30", "Correction …"): plain and sortable, worded where shown. */
const DEFAULT_RUN_NAME = /^(Payroll|Correction) (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/;

/** Whether a run's name is the server's default, or one an officer typed. */
export const isDefaultRunName = (name: string) => DEFAULT_RUN_NAME.test(name);

/**
 * A run's name as the reader sees it: a name someone typed stays as typed;
 * the default reads in the reader's language ("Payroll Nov 1 – 30, 2026",
 * "Paie du 1er au 30 nov. 2026") through payrollUi.runs.defaultName.
 */
export function wordRunName(name: string, locale: string, t: (key: string, values: Record<string, string>) => string): string {
  const match = DEFAULT_RUN_NAME.exec(name);
  if (!match) return name;
  const period = wordPeriod(match[2], match[3], locale);
  return t(match[1] === "Payroll" ? "payrollUi.runs.defaultName" : "payrollUi.runs.defaultCorrectionName", { period });
}
