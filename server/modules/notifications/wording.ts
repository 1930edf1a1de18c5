/**
 * A notification's words in one language: its title and message from the
 * type's messages (notifications.types.<type>) and the values it was sent
 * with, and the e-mail built from them. Stored rows keep the type and the
 * values only, so each reader sees them in their own language.
 */
import { LANGUAGE_CODES, type LanguageCode } from "../../../contracts/auth";
import type { Translate } from "../../lib/i18n";

/** A stored language preference as a product language; anything else reads English. */
export function languageOf(code: unknown): LanguageCode {
  return (LANGUAGE_CODES as readonly unknown[]).includes(code) ? (code as LanguageCode) : "en";
}

export interface Wording {
  title: string;
  message: string;
}

/**
 * Values are put in as they are, once: a broadcast's own text that happens to
 * hold "{{...}}" is shown as typed, not read as a placeholder.
 */
export function wordingOf(t: Translate, type: string, params: Record<string, unknown>): Wording {
  // A context picks a variant of the message (as i18next's context does): "message_protected".
  const variant = typeof params.context === "string" ? `_${params.context}` : "";
  return { title: t(`notifications.types.${type}.title`, params), message: t(`notifications.types.${type}.message${variant}`, params) };
}

/** The e-mail of a notification; `url` is the app's full address of its link, if it has one. */
export function emailOf(t: Translate, type: string, params: Record<string, unknown>, url: string | null): { subject: string; text: string } {
  const { title, message } = wordingOf(t, type, params);
  const parts = [message, url ? t("notifications.email.open", { url }) : null, t("notifications.email.footer")];
  return { subject: t("notifications.email.subject", { title }), text: `${parts.filter(Boolean).join("\n\n")}\n` };
}
