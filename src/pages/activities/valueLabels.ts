import type { TFunction } from "i18next";
import { findLanguage } from "../../i18n/languages";
import { FIELD_CHOICES } from "../users/choices";

/**
 * A recorded value as the forms show it, in the reader's language: a choice
 * by its label (full_time → "Full-time"), a permission by its name, a
 * language by its own name, a theme by its label, yes/no for a switch.
 * Anything else (names, dates, amounts) reads as it was stored.
 */
export function valueLabel(field: string, value: unknown, t: TFunction): string {
  if (typeof value === "boolean") return t(value ? "activities.values.yes" : "activities.values.no");
  if (typeof value !== "string" && typeof value !== "number") return String(value);
  const choice = FIELD_CHOICES[field]?.find((candidate) => String(candidate.value) === String(value));
  if (choice) return t(choice.labelKey);
  switch (field) {
    case "permissions":
      return t(`permissions.names.${value}`, { defaultValue: String(value) });
    case "language":
      return findLanguage(String(value))?.name ?? String(value);
    case "theme_preset":
      return t(`theme.${value}`, { defaultValue: String(value) });
    default:
      return String(value);
  }
}
