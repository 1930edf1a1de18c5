import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { findLanguage } from "../../i18n/languages";
import { useSavedPreferences } from "../layout/preferenceSaver";

/** What the API sends and accepts for a date (spec: YYYY-MM-DD). */
export const API_DATE_FORMAT = "YYYY-MM-DD";

/** A moment in a CSV: what spreadsheets read as a date and time. */
export const CSV_DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm:ss";

/** The spec's date input format, mm/dd/yy, is the American one: English and Tagalog use it. */
const SPEC_INPUT_FORMAT = "MM/DD/YY";

/** The short date a language's readers expect, from its dayjs locale (loaded when the language is chosen). */
export function displayDateFormat(dayjsLocale: string): string {
  if (dayjsLocale === "en" || dayjsLocale === "tl") return SPEC_INPUT_FORMAT;
  return dayjs.Ls[dayjsLocale]?.formats?.L ?? SPEC_INPUT_FORMAT;
}

/**
 * Formats a date picker shows (the first) and accepts when typed: the
 * person's chosen format, else the language's own, four-digit years (two-digit years guess the century), and ISO.
 */
export function useDateInputFormats(): string[] {
  const { i18n } = useTranslation();
  const chosen = useSavedPreferences().date_format;
  const display = chosen ?? displayDateFormat(findLanguage(i18n.language)?.dayjs ?? "en");
  return [...new Set([display, display.replace(/\bYY\b/, "YYYY"), API_DATE_FORMAT])];
}
