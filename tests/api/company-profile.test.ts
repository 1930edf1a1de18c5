/**
 * The company profile (/api/company-profile): everyone signed in reads it,
 * company_profile_manage changes it; its contract (ISO currency, IANA zone,
 * country, web address), the currency lock once pay is recorded, the logo
 * (type by content, size limit, the old one kept on a refusal), the options
 * in the reader's language, and the activity log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { describe as describeImage, picture, pngClaiming } from "../support/images";
import { activitiesAfter, ADMIN, call, EMPLOYEE, HR, JPEG_TINY, lastActivityId, multipart, PNG_1X1, staffWith } from "../support/people";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

const read = (token: string | null) => call(t, token, { method: "GET", url: "/api/company-profile" });
const put = (token: string | null, payload: Record<string, unknown>) => call(t, token, { method: "PUT", url: "/api/company-profile", payload });
const logo = (content: Buffer, contentType = "image/png") => [{ name: "file", filename: "logo.png", contentType, content }];
const upload = (token: string | null, parts: Parameters<typeof multipart>[0]) => call(t, token, { method: "POST", url: "/api/company-profile/logo", ...multipart(parts) });
const removeLogo = (token: string | null) => call(t, token, { method: "DELETE", url: "/api/company-profile/logo" });

describe("who may", () => {
  it("lets every signed-in person read the profile and its options, and nobody signed out", async () => {
    const employee = await t.tokenFor(EMPLOYEE.email);
    for (const token of [employee, await t.tokenFor(HR.email), admin]) {
      const response = await read(token);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ legal_name: "Paydesk Demo Co.", currency: "USD", currency_minor_digits: 2, time_zone: "UTC", first_day_of_week: 0 });
      expect((await call(t, token, { method: "GET", url: "/api/company-profile/options" })).statusCode).toBe(200);
    }
    expect((await read(null)).statusCode).toBe(401);
    expect((await call(t, null, { method: "GET", url: "/api/company-profile/options" })).statusCode).toBe(401);
  });

  it("refuses changes (403) to an employee and to staff without company_profile_manage, and to nobody (401), changing nothing", async () => {
    const employee = await t.tokenFor(EMPLOYEE.email);
    const staff = await staffWith(t, admin, ["settings_manage", "users_manage"]);
    for (const [token, status] of [[null, 401], [employee, 403], [staff.token, 403]] as const) {
      expect((await put(token, { legal_name: "Taken Over Inc." })).statusCode).toBe(status);
      expect((await upload(token, logo(PNG_1X1))).statusCode).toBe(status);
      expect((await removeLogo(token)).statusCode).toBe(status);
    }
    expect((await read(admin)).json().data.legal_name).toBe("Paydesk Demo Co.");
  });

  it("lets staff holding company_profile_manage change it", async () => {
    const staff = await staffWith(t, admin, ["company_profile_manage"]);
    const response = await put(staff.token, { phone: "+63 2 8000 0000" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { phone: "+63 2 8000 0000" }, message: "Company profile saved." });
  });
});

describe("the record", () => {
  it("changes only what is sent, normalises codes, clears a blank optional field, and logs the change once", async () => {
    const since = await lastActivityId(t, admin);
    const response = await put(admin, { trading_name: "Acme Payroll", country: "ph", city: "Makati City", website: "https://acme.example", fiscal_year_start_month: 4, region: "  " });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ legal_name: "Paydesk Demo Co.", trading_name: "Acme Payroll", country: "PH", city: "Makati City", region: null, fiscal_year_start_month: 4 });
    const rows = await activitiesAfter(t, admin, since);
    expect(rows.map((row) => [row.action, row.subject_type])).toEqual([["company.updated", "company"]]);
    expect(rows[0].changes).toMatchObject({ trading_name: { from: null, to: "Acme Payroll" }, country: { from: null, to: "PH" } });
    // The sign-in screen names the company by its trading name.
    expect((await call(t, null, { method: "GET", url: "/api/public-config" })).json().data.app_name).toBe("Acme Payroll");
    expect((await put(admin, { trading_name: null })).json().data.trading_name).toBeNull();
  });

  it("writes no activity row when nothing changes", async () => {
    const since = await lastActivityId(t, admin);
    const current = (await read(admin)).json().data;
    expect((await put(admin, { legal_name: current.legal_name, time_zone: current.time_zone })).statusCode).toBe(200);
    expect(await activitiesAfter(t, admin, since)).toEqual([]);
  });

  it.each([
    ["currency", "usd1", "Use a three-letter currency code such as USD or PHP."],
    ["currency", "ABC", "Use a three-letter currency code such as USD or PHP."],
    ["time_zone", "Mars/Olympus", "Choose a time zone from the list."],
    ["country", "XX", "Choose a country from the list."],
    ["country", "EU", "Choose a country from the list."],
    ["website", "acme.example", "Enter a web address that starts with http:// or https://."],
    ["email", "payroll-at-acme", "Value is not a valid email address"],
    ["first_day_of_week", 7, "Value is not valid"],
    ["fiscal_year_start_month", 0, "Value is not valid"],
    ["date_format", "D/M/YY", "Value is not valid"],
    ["legal_name", " ", "Value is required"],
    ["legal_name", "x".repeat(201), "This field should be at most 200 characters long"],
  ])("refuses %s = %j with a 422 on the field and changes nothing", async (field, value, message) => {
    const before = (await read(admin)).json().data;
    const response = await put(admin, { [field]: value, phone: "+1 000" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await read(admin)).json().data).toEqual(before);
  });

  it("refuses a field it does not know (422)", async () => {
    const response = await put(admin, { logo_url: "https://evil.example/logo.png" });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.logo_url).toEqual(["This field is not accepted here"]);
  });

  it("answers in the reader's language", async () => {
    const response = await call(t, admin, { method: "PUT", url: "/api/company-profile", headers: { "accept-language": "fr" }, payload: { time_zone: "Nowhere/City" } });
    expect(response.json().errors.time_zone).toEqual([expect.stringContaining("fuseau")]);
  });
});

describe("the currency", () => {
  it("is refused with 409 once a pay amount is recorded in it, and changes nothing", async () => {
    const refused = await put(admin, { currency: "JPY", phone: "+1 555 0100" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("The currency cannot change from USD to JPY: pay amounts are already recorded in USD.");
    expect((await read(admin)).json().data).toMatchObject({ currency: "USD" });
    expect((await read(admin)).json().data.phone).not.toBe("+1 555 0100");
    // The same currency written again is no change, and not refused.
    expect((await put(admin, { currency: "usd" })).statusCode).toBe(200);
  });

  it("changes while nobody is paid yet, and the people's currency follows it", async () => {
    await t.database.db.update(users).set({ base_rate: 0 });
    const changed = await put(admin, { currency: "JPY" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ currency: "JPY", currency_minor_digits: 0 });
    const people = await t.database.db.select({ currency: users.currency }).from(users);
    expect(new Set(people.map((person) => person.currency))).toEqual(new Set(["JPY"]));
  });
});

describe("the logo", () => {
  it("is stored by its content's type, shown by a signed link, replaced, and removed; each change logged", async () => {
    const since = await lastActivityId(t, admin);
    const first = await upload(admin, logo(PNG_1X1));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe("Logo updated.");
    const firstUrl = first.json().data.logo_url as string;
    expect(firstUrl).toMatch(/^\/api\/files\/\d+\?expires=\d+&signature=/);
    const image = await t.app.inject({ method: "GET", url: firstUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");

    // A JPEG that claims to be a PNG is a JPEG.
    const second = await upload(admin, logo(JPEG_TINY, "image/png"));
    const secondUrl = second.json().data.logo_url as string;
    expect((await t.app.inject({ method: "GET", url: secondUrl })).headers["content-type"]).toBe("image/jpeg");
    // The old file is gone with the replacement.
    expect((await t.app.inject({ method: "GET", url: firstUrl })).statusCode).toBe(404);
    // Every signed-in person sees it.
    expect((await read(await t.tokenFor(EMPLOYEE.email))).json().data.logo_url).toBe(secondUrl);

    const removed = await removeLogo(admin);
    expect(removed.json()).toMatchObject({ data: { logo_url: null }, message: "Logo removed." });
    expect((await t.app.inject({ method: "GET", url: secondUrl })).statusCode).toBe(404);
    // Removing what is not there changes nothing and logs nothing.
    expect((await removeLogo(admin)).statusCode).toBe(200);
    const rows = await activitiesAfter(t, admin, since);
    expect(rows.filter((row) => row.subject_type === "company").map((row) => row.action)).toEqual(["company.logo_changed", "company.logo_changed", "company.logo_removed"]);
  });

  it.each([
    ["a text file", Buffer.from("not an image at all"), "Upload a JPEG, PNG or WebP image."],
    ["a file over 1 MB", Buffer.concat([PNG_1X1, Buffer.alloc(1024 * 1024)]), "The picture is larger than 1 MB. Choose a smaller one."],
  ])("refuses %s (422 on file) and keeps the old logo", async (_, content, message) => {
    const kept = (await upload(admin, logo(PNG_1X1))).json().data.logo_url;
    const response = await upload(admin, logo(content));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([message]);
    expect((await read(admin)).json().data.logo_url).toBe(kept);
  });

  it("keeps a logo at the size it is shown (600 × 240 at most), a WebP as PNG, and refuses a decompression bomb", async () => {
    const wide = await upload(admin, logo(await picture(2400, 600, "webp"), "image/webp"));
    expect(wide.statusCode, wide.body).toBe(200);
    const kept = await t.app.inject({ method: "GET", url: wide.json().data.logo_url });
    expect(kept.headers["content-type"]).toBe("image/png");
    expect(await describeImage(kept.rawPayload)).toEqual({ width: 600, height: 150, format: "png", exif: false });
    const bomb = await upload(admin, logo(pngClaiming(13_000, 13_000)));
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().errors.file).toEqual(["This image is 13000 × 13000 pixels. Choose one of at most 25 million pixels (for example 5000 × 5000)."]);
    expect((await read(admin)).json().data.logo_url).toBe(wide.json().data.logo_url);
  });

  it("refuses a request without a file (422)", async () => {
    const response = await call(t, admin, { method: "POST", url: "/api/company-profile/logo", payload: { file: "x" } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(["Choose a picture to upload."]);
  });
});

describe("the options", () => {
  it("lists currencies with their minor digits, zones and countries, named in the reader's language", async () => {
    const english = (await call(t, admin, { method: "GET", url: "/api/company-profile/options" })).json().data;
    expect(english.currencies).toContainEqual({ code: "PHP", name: "Philippine Peso", minor_digits: 2 });
    expect(english.currencies).toContainEqual({ code: "JPY", name: "Japanese Yen", minor_digits: 0 });
    expect(english.time_zones.map((zone: { code: string }) => zone.code)).toEqual(expect.arrayContaining(["UTC", "Asia/Manila", "Europe/Paris"]));
    expect(english.countries).toContainEqual({ code: "PH", name: "Philippines" });
    expect(english.date_formats).toContain("YYYY-MM-DD");
    const japanese = (await call(t, admin, { method: "GET", url: "/api/company-profile/options", headers: { "accept-language": "jp" } })).json().data;
    expect(japanese.countries).toContainEqual({ code: "JP", name: "日本" });
    const french = (await call(t, admin, { method: "GET", url: "/api/company-profile/options", headers: { "accept-language": "fr" } })).json().data;
    expect(french.currencies.find((currency: { code: string }) => currency.code === "EUR").name).toBe("euro");
  });
});
