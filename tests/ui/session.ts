import { configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import type { Me } from "../../contracts/auth";
import type { CompanyProfileRecord } from "../../contracts/company";
import type { UserPreferences, UserRecord } from "../../contracts/users";
import { syncFromStorage } from "../../src/auth/store";
import { LANGUAGES } from "../../src/i18n/languages";
import { changeLanguage } from "../../src/i18n/setup";
import { fakeApi } from "./fake-api";

/** The signed-in person as GET /me answers; the role's permissions as the API sends them (JSON text). */
export function meAs(id: number, access_level: number, name: string, permissions: string[] | null = []): Me {
  return {
    id,
    name,
    email: `${name.split(" ")[0].toLowerCase()}@example.com`,
    access_level,
    is_active: true,
    role: permissions && { id: 1, name: "Role", permissions: JSON.stringify(permissions) },
    profile_picture_url: null,
    leads_team: false,
    created_at: "2026-01-01T00:00:00Z",
  };
}

/**
 * A session left by an earlier visit: token in storage, the user answered by
 * GET /me, and the language and theme saved with the account by GET /user/settings.
 */
export function signedInAs(user: Me, preferences: UserPreferences = {}) {
  localStorage.setItem("auth_token", "stored-token");
  localStorage.setItem("is_authenticated", "true");
  syncFromStorage();
  const fake = fakeApi();
  fake.on("GET", "/public-config", [200, { data: {} }]);
  fake.on("GET", "/me", [200, { data: user }]);
  fake.on("GET", "/user/settings", [200, { data: preferences }]);
  fake.on("GET", "/company-profile", [200, { data: COMPANY }]);
  // The employee form lists work locations to attendance administrators.
  fake.on("GET", "/locations", page([]));
  // The header's bell: its count on every page, its recent list when opened.
  fake.on("GET", "/notifications/unread-count", [200, { data: { count: 0 } }]);
  fake.on("GET", "/notifications/recent", [200, { data: [] }]);
  return fake;
}

/** The company every signed-in screen reads (the header's name and logo). */
export const COMPANY: CompanyProfileRecord = {
  legal_name: "Paydesk Demo Corporation",
  trading_name: "Paydesk Demo Co.",
  registration_number: null,
  tax_number: null,
  address_line1: null,
  address_line2: null,
  city: "Makati City",
  region: null,
  postal_code: null,
  country: "PH",
  email: null,
  phone: null,
  website: null,
  currency: "PHP",
  currency_minor_digits: 2,
  time_zone: "Asia/Manila",
  first_day_of_week: 0,
  date_format: "MM/DD/YYYY",
  fiscal_year_start_month: 1,
  logo_url: null,
  updated_at: "2026-11-01T00:00:00Z",
};

/**
 * Every language's lazily loaded parts (antd and dayjs locales), loaded up
 * front: a test that switches language must not leave an import running
 * after its environment is gone.
 */
export async function loadEveryLanguage(): Promise<void> {
  await Promise.all(LANGUAGES.flatMap((language) => [language.antd(), language.dayjsLocale()]));
}

/** A person as the API returns them; pay fields only when `pay` is given. */
export function person(id: number, first: string, last: string, pay?: { base_rate: number; currency: string }): UserRecord {
  return {
    id,
    name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}@example.com`,
    access_level: 1,
    role: null,
    manager_id: null,
    is_active: true,
    employee_number: `E-${id}`,
    phone: null,
    department: "Finance",
    position: "Clerk",
    employment_type: "full_time",
    employment_status: "active",
    hire_date: "2025-04-01",
    end_date: null,
    birth_date: null,
    address: null,
    emergency_contact_name: null,
    emergency_contact_phone: null,
    profile_picture_url: null,
    clock_policy: "onsite",
    work_location_ids: [],
    archived_at: null,
    created_at: "2025-04-01T00:00:00Z",
    updated_at: "2025-04-01T00:00:00Z",
    ...(pay && { pay_basis: "monthly", bank_name: null, bank_account: null, tax_id: null, social_insurance_id: null, ...pay }),
  };
}

/** A list call's answer: one page holding all of `data`. */
export const page = <T,>(data: T[]) => [200, { data, meta: { current_page: 1, per_page: 20, total: data.length, last_page: 1, total_capped: false } }] as [number, unknown];

/**
 * The hooks of a file whose tests switch language: the signed-in app, the
 * file's pages and every language loaded before its tests; each test ends in
 * English with nothing stored.
 */
export function switchesLanguage(loadPages: () => Promise<unknown>[]): void {
  beforeAll(async () => {
    await Promise.all([import("../../src/SignedInApp"), ...loadPages(), loadEveryLanguage()]);
  }, 60_000);
  configure({ asyncUtilTimeout: 15_000 });
  afterEach(async () => {
    localStorage.clear();
    await changeLanguage("en");
  });
}
