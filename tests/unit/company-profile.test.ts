import { describe, expect, it } from "vitest";
import { companyProfileBody, countryCodes, isTimeZone } from "../../contracts/company";
import { companyProfileOptions } from "../../server/modules/company/options";

const PROFILE = {
  legal_name: "Paydesk Demo Corporation",
  currency: "PHP",
  time_zone: "Asia/Manila",
  first_day_of_week: 0,
  date_format: "YYYY-MM-DD",
  fiscal_year_start_month: 1,
};

/** The message keys zod gives each field of a refused body. */
function refusals(body: Record<string, unknown>): Record<string, string[]> {
  const result = companyProfileBody.safeParse(body);
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) (fields[issue.path.join(".")] ??= []).push(issue.message);
  return fields;
}

describe("the company profile's rules", () => {
  it("takes a complete profile, upper-casing the codes and clearing blanks", () => {
    const parsed = companyProfileBody.parse({ ...PROFILE, currency: "php", country: "ph", trading_name: "  ", website: "https://example.com/about", email: "payroll@example.com" });
    expect(parsed).toMatchObject({ currency: "PHP", country: "PH", trading_name: null, website: "https://example.com/about" });
  });

  it("refuses what is not a real currency, zone, country or web address, naming the field", () => {
    expect(refusals({ ...PROFILE, currency: "ABC" })).toEqual({ currency: ["validation.currency"] });
    expect(refusals({ ...PROFILE, time_zone: "Mars/Olympus_Mons" })).toEqual({ time_zone: ["validation.timeZone"] });
    expect(refusals({ ...PROFILE, country: "EU" })).toEqual({ country: ["validation.country"] });
    expect(refusals({ ...PROFILE, country: "XX" })).toEqual({ country: ["validation.country"] });
    expect(refusals({ ...PROFILE, website: "example.com" })).toEqual({ website: ["validation.website"] });
    expect(refusals({ ...PROFILE, email: "payroll@" })).toEqual({ email: ["validation.email"] });
  });

  it("keeps weekday, month and date format within their ranges", () => {
    expect(Object.keys(refusals({ ...PROFILE, first_day_of_week: 7, fiscal_year_start_month: 0, date_format: "D/M/YY" })).sort()).toEqual(["date_format", "first_day_of_week", "fiscal_year_start_month"]);
    expect(Object.keys(refusals({ ...PROFILE, first_day_of_week: 1.5, fiscal_year_start_month: 13 })).sort()).toEqual(["first_day_of_week", "fiscal_year_start_month"]);
  });

  it("knows UTC and the IANA zones, and the countries without the unions and unknowns", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Asia/Manila")).toBe(true);
    expect(isTimeZone("asia/nowhere")).toBe(false);
    const countries = countryCodes();
    expect(countries).toEqual(expect.arrayContaining(["PH", "JP", "FR", "CN", "US"]));
    expect(countries).not.toEqual(expect.arrayContaining(["EU"]));
    expect(countries.length).toBeGreaterThan(200);
  });
});

describe("the company profile's options", () => {
  it("names currencies with their minor-unit digits, countries and zones in the reader's language", () => {
    const english = companyProfileOptions("en");
    expect(english.currencies).toEqual(expect.arrayContaining([
      { code: "PHP", name: "Philippine Peso", minor_digits: 2 },
      { code: "JPY", name: "Japanese Yen", minor_digits: 0 },
    ]));
    expect(english.countries).toContainEqual({ code: "PH", name: "Philippines" });
    expect(english.time_zones).toContainEqual({ code: "Asia/Manila", name: "Asia/Manila (UTC+08:00)" });
    expect(english.time_zones[0].code).toBe("UTC");

    const japanese = companyProfileOptions("jp");
    expect(japanese.countries).toContainEqual({ code: "PH", name: "フィリピン" });
    expect(japanese.currencies.find((currency) => currency.code === "PHP")?.name).toBe("フィリピン ペソ");
    expect(companyProfileOptions("fr").countries).toContainEqual({ code: "DE", name: "Allemagne" });
  });

  it("sorts each list as the reader's language sorts names", () => {
    const names = companyProfileOptions("fr").countries.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("fr").compare));
    expect(names.indexOf("Égypte")).toBeLessThan(names.indexOf("Espagne"));
  });
});
