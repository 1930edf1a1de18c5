import { findLanguage } from "../../i18n/languages";
import { ApiError } from "../../lib/http";
import { dateTimeFormat } from "../../../contracts/intl";

/**
 * When a sign-in block (429 with Retry-After) ends, as a clock time in the
 * reader's language; null for any other refusal. Intl, not a date library:
 * the sign-in page's script budget is nearly spent.
 */
export function blockEnd(error: unknown, language: string, now = new Date()): string | null {
  if (!(error instanceof ApiError) || error.status !== 429 || error.retryAfterSeconds === undefined) return null;
  const end = new Date(now.getTime() + error.retryAfterSeconds * 1000);
  return dateTimeFormat(findLanguage(language)?.htmlLang, { timeStyle: "short" }).format(end);
}
