import { countryCodes, DATE_FORMATS, type CompanyProfileOptions } from "../../../contracts/company";
import type { LanguageCode } from "../../../contracts/auth";
import { minorDigits } from "../../../contracts/money";
import { intlLocale } from "../../lib/i18n";

/** The offset a zone has now, as "UTC+08:00", to tell zones of the same name apart. */
function zoneLabel(zone: string, locale: string, now: Date): string {
  const offset = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(now).find((part) => part.type === "timeZoneName")?.value;
  return offset ? `${zone.replaceAll("_", " ")} (${offset.replace("GMT", "UTC")})` : zone;
}

const HOUR_MS = 3_600_000;
const made = new Map<LanguageCode, { hour: number; options: CompanyProfileOptions }>();

/**
 * The company profile's choices, named in the reader's language from the
 * platform's own Intl data (CLDR), sorted as that language sorts them. Naming
 * and sorting some 700 entries takes about 50 ms of the (shared) main thread:
 * each language's list is made once an hour, which is as often as a zone's
 * offset can change.
 */
export function companyProfileOptions(language: LanguageCode, now = new Date()): CompanyProfileOptions {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  const kept = made.get(language);
  if (kept?.hour === hour) return kept.options;
  const options = nameOptions(language, now);
  made.set(language, { hour, options });
  return options;
}

function nameOptions(language: LanguageCode, now: Date): CompanyProfileOptions {
  const locale = intlLocale(language);
  const collator = new Intl.Collator(locale);
  const byName = <T extends { name: string }>(items: T[]) => items.sort((a, b) => collator.compare(a.name, b.name));
  const currencyNames = new Intl.DisplayNames([locale], { type: "currency", fallback: "code" });
  const regionNames = new Intl.DisplayNames([locale], { type: "region", fallback: "code" });
  return {
    currencies: byName(Intl.supportedValuesOf("currency").map((code) => ({ code, name: currencyNames.of(code) ?? code, minor_digits: minorDigits(code) }))),
    time_zones: ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")].map((code) => ({ code, name: zoneLabel(code, locale, now) })),
    countries: byName(countryCodes().map((code) => ({ code, name: regionNames.of(code) ?? code }))),
    date_formats: [...DATE_FORMATS],
  };
}
