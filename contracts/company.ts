/**
 * The company profile: who the employer is (names, numbers, address, contact)
 * and the facts the modules compute with — its currency (pay is stored in that
 * currency's minor units), time zone (work dates, payslip dates), first day of
 * week, date format and fiscal year. One record for the whole workspace.
 */
import { z } from "zod";
import { isoTimestamp } from "./replies";
import { currencyCode, MESSAGE, optionalText, requiredText } from "./validation";

/** A logo is shown small (the header, a payslip's corner): 1 MB is plenty. */
export const COMPANY_LOGO_MAX_BYTES = 1024 * 1024;

/** The date formats a payroll office chooses between; the spec's storage format first. */
export const DATE_FORMATS = ["YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY", "DD.MM.YYYY", "YYYY/MM/DD"] as const;

/** Weekday numbers as JavaScript counts them: 0 is Sunday (the spec's first day of the week). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Every IANA zone the platform knows, and UTC (which some platforms leave out of the list). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone === "UTC" || Intl.supportedValuesOf("timeZone").includes(zone);
  } catch {
    return false;
  }
}

/**
 * Two-letter codes the platform names as a region but that are not countries
 * (the European Union, the eurozone, the United Nations, outlying Oceania, unknown).
 */
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "ZZ"]);

/** ISO 3166-1 alpha-2 codes of the countries and territories the platform can name. */
export function countryCodes(): string[] {
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const codes: string[] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (!NOT_COUNTRIES.has(code) && names.of(code)) codes.push(code);
    }
  }
  return codes;
}

let knownCountries: Set<string> | null = null;
export function isCountryCode(code: string): boolean {
  knownCountries ??= new Set(countryCodes());
  return knownCountries.has(code);
}

/** Optional text as optionalText takes it (blank clears it) that, when given, must pass the check. */
const optionalChecked = (max: number, check: (value: string) => boolean, error: string) =>
  optionalText(max).refine((value) => value === null || value === undefined || check(value), { error });

const WEB_ADDRESS = /^https?:\/\/[^\s/]+\.[^\s]+$/i;

export const companyProfileBody = z.strictObject({
  legal_name: requiredText(200),
  trading_name: optionalText(200),
  registration_number: optionalText(64),
  tax_number: optionalText(64),
  address_line1: optionalText(200),
  address_line2: optionalText(200),
  city: optionalText(120),
  region: optionalText(120),
  postal_code: optionalText(20),
  // Room for a typed name ("PHL"), so a wrong code is told to choose from the list, not that it is too long.
  country: optionalChecked(8, (code) => isCountryCode(code.toUpperCase()), "validation.country").transform((code) => code && code.toUpperCase()),
  email: optionalChecked(254, (address) => z.email().safeParse(address).success, MESSAGE.email),
  phone: optionalText(40),
  website: optionalChecked(255, (address) => WEB_ADDRESS.test(address), "validation.website"),
  // Any three letters make a valid Intl currency; the company's must be one ISO 4217 lists.
  currency: currencyCode.refine((code) => Intl.supportedValuesOf("currency").includes(code), { error: MESSAGE.currency }),
  time_zone: z.string({ error: MESSAGE.required }).trim().refine(isTimeZone, { error: "validation.timeZone" }),
  first_day_of_week: z.number({ error: MESSAGE.invalidType }).int({ error: MESSAGE.invalid }).min(0, { error: MESSAGE.invalid }).max(6, { error: MESSAGE.invalid }),
  date_format: z.enum(DATE_FORMATS, { error: MESSAGE.invalid }),
  fiscal_year_start_month: z.number({ error: MESSAGE.invalidType }).int({ error: MESSAGE.invalid }).min(1, { error: MESSAGE.invalid }).max(12, { error: MESSAGE.invalid }),
});

export type CompanyProfileBody = z.input<typeof companyProfileBody>;

export const companyProfileRecord = z.object({
  legal_name: z.string(),
  trading_name: z.string().nullable(),
  registration_number: z.string().nullable(),
  tax_number: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  currency: z.string(),
  /** Digits after the decimal point in the currency (ISO 4217: JPY 0, PHP 2). */
  currency_minor_digits: z.number().int(),
  time_zone: z.string(),
  first_day_of_week: z.number().int(),
  date_format: z.enum(DATE_FORMATS),
  fiscal_year_start_month: z.number().int(),
  logo_url: z.string().nullable(),
  updated_at: isoTimestamp.nullable(),
});

export type CompanyProfileRecord = z.infer<typeof companyProfileRecord>;

/** One choice of the options endpoint: its code and its name in the reader's language. */
export const namedOption = z.object({ code: z.string(), name: z.string() });

export const companyProfileOptions = z.object({
  currencies: z.array(namedOption.extend({ minor_digits: z.number().int() })),
  time_zones: z.array(namedOption),
  countries: z.array(namedOption),
  date_formats: z.array(z.enum(DATE_FORMATS)),
});

export type CompanyProfileOptions = z.infer<typeof companyProfileOptions>;
