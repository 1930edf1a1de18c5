import i18next from "i18next";
import { findLanguage } from "./languages";
import { numberFormat } from "../../contracts/intl";

/** The spec's units (section 9), base 1024: anything larger stays in terabytes. */
const UNITS = ["kb", "mb", "gb", "tb"] as const;

/**
 * A size in bytes as the spec shows it: whole bytes below 1 KB, then KB, MB,
 * GB or TB with two decimals, base 1024 ("0 Bytes", "1.00 KB", "1.50 MB");
 * the number and the unit's word in the reader's language ("1,50 Mo").
 */
export function formatFileSize(bytes: number, language: string): string {
  const t = i18next.getFixedT(language);
  const locale = findLanguage(language)?.htmlLang ?? "en";
  if (Math.abs(bytes) < 1024) {
    const whole = Math.round(bytes);
    return `${numberFormat(locale).format(whole)} ${t("fileSize.bytes", { count: whole })}`;
  }
  let step = Math.min(Math.floor(Math.log(Math.abs(bytes)) / Math.log(1024)), UNITS.length);
  // 1,048,575 bytes is 1023.999 KB: shown with two decimals that would read "1024.00 KB", so it is "1.00 MB".
  if (step < UNITS.length && Math.round((Math.abs(bytes) / 1024 ** step) * 100) / 100 >= 1024) step += 1;
  const number = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / 1024 ** step);
  return `${number} ${t(`fileSize.${UNITS[step - 1]}`)}`;
}
