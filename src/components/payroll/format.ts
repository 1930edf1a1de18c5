import type { RunRecord } from "../../../contracts/payroll";
import type { RunSubject } from "../../../contracts/policies/payroll";
import { wordDay, wordPeriod, wordRunName } from "../../../contracts/period-words";
import { findLanguage } from "../../i18n/languages";

const localeOf = (language: string) => findLanguage(language)?.htmlLang ?? "en";

/** A calendar day without its weekday, as the reader's language writes it ("Nov 5, 2026", "2026年11月5日"). */
export const formatDay = (date: string, language: string): string => wordDay(date, localeOf(language));

/** A pay period as one range in the reader's language: "Oct 1 – 31, 2026", "2026/10/1～31", "1–31 oct. 2026". */
export const formatPeriod = (start: string, end: string, language: string): string => wordPeriod(start, end, localeOf(language));

/** A run as its policy reads it: the app's buttons ask the same question the server will. */
export function runSubject(run: Pick<RunRecord, "status" | "calculated" | "separate_approver">): RunSubject {
  return { status: run.status, calculated_by: run.calculated?.by ?? null, separate_approver: run.separate_approver };
}

/** A run's name as the reader sees it (wordRunName): a typed name as typed, the server's default in the reader's language. */
export const runName = (name: string, language: string, t: (key: string, values: Record<string, string>) => string): string => wordRunName(name, localeOf(language), t);
