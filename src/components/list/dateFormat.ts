import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { findLanguage } from "../../i18n/languages";
import { useSavedPreferences } from "../layout/preferenceSaver";

/** What the API sends and accepts for a date (spec: YYYY-MM-DD). */
export const API_DATE_FORMAT = "YYYY-MM-DD";

/** A moment in a CSV: what spreadsheets read as a date and time. */
export const CSV_DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm:ss";

/**
 * The spec's date input order, mm/dd/yy, is the American one: English and Tagalog use it, shown with
 * four-digit years (a two-digit year on screen leaves the century to guess); two are still typed.
 */
const SPEC_INPUT_FORMAT = "MM/DD/YYYY";

/** The short date a language's readers expect, from its dayjs locale (loaded when the language is chosen). */
export function displayDateFormat(dayjsLocale: string): string {
  if (dayjsLocale === "en" || dayjsLocale === "tl") return SPEC_INPUT_FORMAT;
  return dayjs.Ls[dayjsLocale]?.formats?.L ?? SPEC_INPUT_FORMAT;
}

/**
 * Formats a date picker shows (the first, always with a four-digit year) and accepts when typed:
 * the person's chosen format, else the language's own, the same with a two-digit year, and ISO.
 */
export function useDateInputFormats(): string[] {
  const { i18n } = useTranslation();
  const chosen = useSavedPreferences().date_format;
  const display = (chosen ?? displayDateFormat(findLanguage(i18n.language)?.dayjs ?? "en")).replace(/\bYY\b/, "YYYY");
  return [...new Set([display, display.replace(/\bYYYY\b/, "YY"), API_DATE_FORMAT])];
}
