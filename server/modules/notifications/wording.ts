/**
 * A notification's words in one language: its title and message from the
 * type's messages (notifications.types.<type>) and the values it was sent
 * with, and the e-mail built from them. Stored rows keep the type and the
 * values only, so each reader sees them in their own language.
 */
import { LANGUAGE_CODES, type LanguageCode } from "../../../contracts/auth";
import { isDefaultRunName, wordDay, wordPeriod, wordRunName } from "../../../contracts/period-words";
import type { Translate } from "../../lib/i18n";

/** A stored language preference as a product language; anything else reads English. */
export function languageOf(code: unknown): LanguageCode {
  return (LANGUAGE_CODES as readonly unknown[]).includes(code) ? (code as LanguageCode) : "en";
}

export interface Wording {
  title: string;
  message: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The values a notification was stored with, as its reader's language writes
 * them: days ("Dec 5, 2026"), numbers ("1,5" in French), and a payroll run
 * (stored `name` with its `period_start` and `period_end`) as `run`: its
 * default name worded, or the name an officer typed with its period.
 */
export function paramsInWords(t: Translate, params: Record<string, unknown>): Record<string, unknown> {
  const numbers = new Intl.NumberFormat(t.locale, { maximumFractionDigits: 2 });
  const worded = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === "string" && DAY.test(value) ? wordDay(value, t.locale) : typeof value === "number" && key !== "count" ? numbers.format(value) : value,
    ]),
  );
  const { name, period_start: start, period_end: end } = params;
  if (typeof name === "string" && typeof start === "string" && typeof end === "string") {
    worded.run = isDefaultRunName(name) ? wordRunName(name, t.locale, t) : `${name} (${wordPeriod(start, end, t.locale)})`;
  }
  return worded;
}

/**
 * Values are put in as they are, once: a broadcast's own text that happens to
 * hold "{{...}}" is shown as typed, not read as a placeholder.
 */
export function wordingOf(t: Translate, type: string, params: Record<string, unknown>): Wording {
  // A context picks a variant of the message (as i18next's context does): "message_protected".
  const variant = typeof params.context === "string" ? `_${params.context}` : "";
  const values = paramsInWords(t, params);
  return { title: t(`notifications.types.${type}.title`, values), message: t(`notifications.types.${type}.message${variant}`, values) };
}

/** The e-mail of a notification; `url` is the app's full address of its link, if it has one. */
export function emailOf(t: Translate, type: string, params: Record<string, unknown>, url: string | null): { subject: string; text: string } {
  const { title, message } = wordingOf(t, type, params);
  const parts = [message, url ? t("notifications.email.open", { url }) : null, t("notifications.email.footer")];
  return { subject: t("notifications.email.subject", { title }), text: `${parts.filter(Boolean).join("\n\n")}\n` };
}
