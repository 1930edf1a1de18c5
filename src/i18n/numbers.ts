import i18next from "i18next";
import { findLanguage } from "./languages";

/** A count in the reader's language: 10,000 in English, 10 000 in French. */
export function formatCount(value: number, code: string = i18next.language): string {
  return new Intl.NumberFormat(findLanguage(code)?.htmlLang ?? "en").format(value);
}
