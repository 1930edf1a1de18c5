import type { TFunction } from "i18next";
import type { CheckFact } from "../../../contracts/system-check";
import { formatFileSize } from "../../i18n/fileSize";
import { findLanguage } from "../../i18n/languages";
import { formatCount } from "../../i18n/numbers";
import { formatDateTime } from "../../lib/dates";
import { numberFormat } from "../../../contracts/intl";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * A length of time in the reader's language, as precise as it is useful:
 * "7 ms", "4.3 sec", then its two largest units ("3 days, 4 hours", "3 jours et 4 heures").
 */
function formatDuration(ms: number, language: string): string {
  const locale = findLanguage(language)?.htmlLang ?? "en";
  const unit = (name: string, value: number, display: "short" | "long" = "long", digits = 0) =>
    numberFormat(locale, { style: "unit", unit: name, unitDisplay: display, maximumFractionDigits: digits }).format(value);
  const size = Math.abs(ms);
  if (size < 1000) return unit("millisecond", Math.round(ms), "short");
  if (size < MINUTE_MS) return unit("second", ms / 1000, "short", 1);
  const parts = [
    ["day", Math.floor(size / DAY_MS)],
    ["hour", Math.floor((size % DAY_MS) / HOUR_MS)],
    ["minute", Math.floor((size % HOUR_MS) / MINUTE_MS)],
  ] as const;
  const first = parts.findIndex(([, value]) => value > 0);
  const shown = parts.slice(first, first + 2).filter(([, value]) => value > 0).map(([name, value]) => unit(name, value));
  return `${ms < 0 ? "-" : ""}${new Intl.ListFormat(locale, { type: "unit", style: "long" }).format(shown)}`;
}

/** A moment in the reader's language, whichever dayjs locale was active when the reply came. */
export const formatMoment = (iso: string, language: string): string => formatDateTime(iso, findLanguage(language)?.dayjs);

/** A check's figure as the reader reads it: sizes, counts, durations and dates in their language; names and versions as they are. */
export function formatFact(fact: CheckFact, t: TFunction, language: string): string {
  switch (fact.kind) {
    case "bytes":
      return formatFileSize(fact.value, language);
    case "count":
      return formatCount(fact.value, language);
    case "duration":
      return formatDuration(fact.value, language);
    case "datetime":
      return formatMoment(fact.value, language);
    case "yesNo":
      return t(fact.value ? "systemCheck.yes" : "systemCheck.no");
    case "text":
      return fact.value;
  }
}
