import type { I18nProvider } from "@refinedev/core";
import type { i18n as I18n } from "i18next";
import { changeLanguage } from "../i18n/setup";

/** Refine's own keys that have their message elsewhere in our catalogue (useModalForm asks with this one). */
const ALIASES: Record<string, string> = { warnWhenUnsavedChanges: "common.unsavedChanges" };

/**
 * Built per language (the shell memoises it on i18n.language), so Refine's
 * own components re-render when the language changes.
 * Refine calls translate(key, "default text") as well as translate(key, options, default).
 */
export function createI18nProvider(i18n: I18n): I18nProvider {
  return {
    translate: (refineKey: string, options?: unknown, defaultMessage?: string) => {
      const key = ALIASES[refineKey] ?? refineKey;
      if (typeof options === "string") return i18n.t(key, { defaultValue: options });
      return i18n.t(key, { ...(options as object), defaultValue: defaultMessage ?? key });
    },
    changeLocale: changeLanguage,
    getLocale: () => i18n.language,
  };
}
