import type { RunRecord } from "../../../contracts/payroll";
import type { RunSubject } from "../../../contracts/policies/payroll";
import { findLanguage } from "../../i18n/languages";

const localeOf = (language: string) => findLanguage(language)?.htmlLang ?? "en";
const utc = (date: string) => {
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year, month - 1, day);
};

/** A calendar day without its weekday, as the reader's language writes it ("Nov 5, 2026", "2026年11月5日"). */
export function formatDay(date: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(utc(date));
}

/** A pay period as one range in the reader's language: "Oct 1 – 31, 2026", "2026/10/1～31", "1–31 oct. 2026". */
export function formatPeriod(start: string, end: string, language: string): string {
  const locale = localeOf(language);
  const format = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  if (start === end) return format.format(utc(start));
  // Japanese and Chinese ranges come out as "2026/12/01～2026/12/31", unlike their single dates ("2026年12月5日"):
  // written as those are, the end's year and month left out when they are the start's ("2026年12月1日～31日").
  if (locale === "ja" || locale === "zh-CN") {
    const separator = locale === "ja" ? "～" : "–";
    const sameMonth = start.slice(0, 7) === end.slice(0, 7);
    const sameYear = start.slice(0, 4) === end.slice(0, 4);
    const endText = sameMonth
      ? new Intl.DateTimeFormat(locale, { day: "numeric", timeZone: "UTC" }).format(utc(end))
      : sameYear
        ? new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(utc(end))
        : format.format(utc(end));
    return `${format.format(utc(start))}${separator}${endText}`;
  }
  return format.formatRange(utc(start), utc(end));
}

/** A run as its policy reads it: the app's buttons ask the same question the server will. */
export function runSubject(run: Pick<RunRecord, "status" | "calculated" | "separate_approver">): RunSubject {
  return { status: run.status, calculated_by: run.calculated?.by ?? null, separate_approver: run.separate_approver };
}

/** The server's default names ("Payroll 2026-11-01 – 2026-11-30", "Correction …"): plain and sortable, worded here. */
const DEFAULT_NAME = /^(Payroll|Correction) (\d{4}-\d{2}-\d{2}) – (\d{4}-\d{2}-\d{2})$/;

/**
 * A run's name as the reader sees it: a name someone gave stays as typed; the
 * server's default reads in the reader's language ("Payroll Nov 1 – 30, 2026",
 * "給与 2026/11/1～30").
 */
export function runName(name: string, language: string, t: (key: string, values: Record<string, string>) => string): string {
  const match = DEFAULT_NAME.exec(name);
  if (!match) return name;
  const period = formatPeriod(match[2], match[3], language);
  return t(match[1] === "Payroll" ? "payrollUi.runs.defaultName" : "payrollUi.runs.defaultCorrectionName", { period });
}
