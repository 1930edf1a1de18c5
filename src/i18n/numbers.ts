import i18next from "i18next";
import { findLanguage } from "./languages";
import { numberFormat } from "../../contracts/intl";

/** A count in the reader's language: 10,000 in English, 10 000 in French. */
export function formatCount(value: number, code: string = i18next.language): string {
  return numberFormat(findLanguage(code)?.htmlLang ?? "en").format(value);
}

const localeOf = (language: string) => findLanguage(language)?.htmlLang ?? "en";

/**
 * Decimal text in the reader's number format. Intl formats a numeric string
 * exactly (no float in between) where the browser supports it.
 */
export function formatDecimal(text: string, language: string, maximumFractionDigits = 6): string {
  return numberFormat(localeOf(language), { maximumFractionDigits }).format(text as unknown as number);
}

/** Decimal text in major units as money in the currency: "2500" → "₱2,500.00". */
export function formatMajor(text: string, currency: string | undefined, language: string, maximumFractionDigits = 6): string {
  if (!currency) return formatDecimal(text, language, maximumFractionDigits);
  const minimum = numberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return numberFormat(localeOf(language), {
    style: "currency",
    currency,
    minimumFractionDigits: minimum,
    maximumFractionDigits: Math.max(minimum, maximumFractionDigits),
  }).format(text as unknown as number);
}

/** A fraction as a percentage in the reader's format: "0.045" → "4.5%". */
export function formatRate(fraction: string, language: string): string {
  return numberFormat(localeOf(language), { style: "percent", maximumFractionDigits: 4 }).format(fraction as unknown as number);
}
