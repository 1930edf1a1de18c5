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
  const format = new Intl.DateTimeFormat(localeOf(language), { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  return start === end ? format.format(utc(start)) : format.formatRange(utc(start), utc(end));
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
