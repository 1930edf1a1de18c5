/**
 * The settings pages: the company profile (its fields, options in the
 * reader's language, the logo in the header, the server's refusals), the
 * groups' forms sending only their own fields, read-only for whoever may only
 * read, one's own preferences, and /settings leading where the person may go.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CompanyProfileOptions } from "../../contracts/company";
import { DEFAULT_DELIVERY } from "../../contracts/notification-types";
import type { PreferencesRecord } from "../../contracts/settings";
import { PAYROLL_SETTINGS } from "./payroll-settings";
import { renderAt } from "./render";
import { COMPANY, meAs, signedInAs, switchesLanguage } from "./session";
import { toasts } from "./toasts";
import { setupUser } from "./user";
import { SYSTEM_SETTINGS } from "./system-settings";

switchesLanguage(() => [import("../../src/pages/settings")]);

const ADMIN = meAs(1, 0, "Alex Admin");
const location = () => screen.getByTestId("location");

const OPTIONS: CompanyProfileOptions = {
  currencies: [
    { code: "PHP", name: "Philippine Peso", minor_digits: 2 },
    { code: "JPY", name: "Japanese Yen", minor_digits: 0 },
  ],
  time_zones: [
    { code: "Asia/Manila", name: "Asia/Manila (UTC+08:00)" },
    { code: "UTC", name: "UTC (UTC)" },
  ],
  countries: [
    { code: "PH", name: "Philippines" },
    { code: "JP", name: "Japan" },
  ],
  date_formats: ["YYYY-MM-DD", "MM/DD/YYYY"],
};


const PREFERENCES: PreferencesRecord = { language: null, theme_preset: null, dark_mode: null, date_format: null, notifications: DEFAULT_DELIVERY };

const putBody = (fake: ReturnType<typeof signedInAs>, url: string) => fake.calls.filter((call) => call.method === "PUT" && call.url === url).at(-1)?.body;

describe("the company profile", () => {
  it("shows the stored profile with its choices, saves a change, and the header shows the company", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/company-profile/options", [200, { data: OPTIONS }]);
    fake.on("PUT", "/company-profile", (body) => [200, { data: { ...COMPANY, ...(body as object) }, message: "Company profile saved." }]);
    renderAt("/settings/company-profile");
    expect(await screen.findByRole("heading", { name: "Company profile" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Legal name")).toHaveValue("Paydesk Demo Corporation"));
    expect(within(screen.getByTestId("company-badge")).getByText("Paydesk Demo Co.")).toBeInTheDocument();
    // Choices named from the options, the weekday in the reader's language.
    expect(screen.getByTitle("PHP — Philippine Peso")).toBeInTheDocument();
    expect(screen.getByTitle("Sunday")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Trading name"), { target: { value: "Acme Payroll" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    // Only what was changed here is sent: a field another administrator changed meanwhile keeps their value.
    await waitFor(() => expect(putBody(fake, "/company-profile")).toEqual({ trading_name: "Acme Payroll" }));
    await waitFor(() => expect(toasts().join()).toContain("Company profile saved."));
  }, 60_000);

  it("says the server's refusal of a currency change, and puts a 422 on its field", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/company-profile/options", [200, { data: OPTIONS }]);
    let answer: [number, unknown] = [409, { message: "The currency cannot change from PHP to JPY: pay amounts are already recorded in PHP." }];
    fake.on("PUT", "/company-profile", () => answer);
    renderAt("/settings/company-profile");
    await waitFor(() => expect(screen.getByLabelText("Legal name")).toHaveValue("Paydesk Demo Corporation"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The currency cannot change from PHP to JPY: pay amounts are already recorded in PHP.")).toBeInTheDocument();

    answer = [422, { message: "Enter a web address that starts with http:// or https://.", errors: { website: ["Enter a web address that starts with http:// or https://."] } }];
    // The browser's own check of a web address would say it again, in the browser's language.
    expect(screen.getByLabelText("Website").closest("form")).toHaveAttribute("novalidate");
    fireEvent.change(screen.getByLabelText("Website"), { target: { value: "acme.example" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a web address that starts with http:// or https://.", { selector: ".ant-form-item-explain-error" })).toBeInTheDocument();
  }, 60_000);

  it("uploads a logo, which the header then shows", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/company-profile/options", [200, { data: OPTIONS }]);
    const withLogo = { ...COMPANY, logo_url: "/api/files/9?expires=1&signature=x" };
    fake.on("POST", "/company-profile/logo", () => {
      fake.on("GET", "/company-profile", [200, { data: withLogo }]);
      return [200, { data: withLogo, message: "Logo updated." }];
    });
    renderAt("/settings/company-profile");
    await waitFor(() => expect(screen.getByLabelText("Legal name")).toHaveValue("Paydesk Demo Corporation"));
    // Typed, not saved yet: the profile refreshed by the upload must not wipe it.
    fireEvent.change(screen.getByLabelText("Trading name"), { target: { value: "Acme Payroll" } });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST" && call.url === "/company-profile/logo")).toBe(true));
    await waitFor(() => expect(screen.getByTestId("company-badge").querySelector("img")).toHaveAttribute("src", withLogo.logo_url));
    expect(screen.getByRole("button", { name: "Remove the logo" })).toBeInTheDocument();
    expect(screen.getByLabelText("Trading name")).toHaveValue("Acme Payroll");

    // A refused removal says why, and the logo stays.
    fake.on("DELETE", "/company-profile/logo", [403, { message: "You do not have permission." }]);
    await user.click(screen.getByRole("button", { name: "Remove the logo" }));
    await waitFor(() => expect(toasts().join()).toContain("You do not have permission."));
    expect(screen.getByTestId("company-badge").querySelector("img")).toHaveAttribute("src", withLogo.logo_url);
  }, 60_000);
});

/** The payroll settings page as the administrator opens it, the server taking what is saved. */
function payrollSettingsAsAdmin() {
  const fake = signedInAs(ADMIN);
  fake.on("GET", "/settings/payroll", [200, { data: PAYROLL_SETTINGS }]);
  fake.on("PUT", "/settings/payroll", (body) => [200, { data: { ...PAYROLL_SETTINGS, ...(body as object) }, message: "Settings saved." }]);
  renderAt("/settings/payroll-settings");
  return fake;
}

describe("the settings groups", () => {
  it("sends the system group's fields, shows a 422 on its field, and shows the outbox to level 0", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/settings/system", [200, { data: SYSTEM_SETTINGS }]);
    fake.on("GET", "/settings/system/outbox", [200, { data: [{ id: 1, to_address: "emery@example.com", subject: "Reset your password", body_text: "Open the link", status: "logged", error: null, created_at: "2026-11-20T09:00:00Z", sent_at: null }], meta: { current_page: 1, per_page: 20, total: 1, last_page: 1, total_capped: false } }]);
    fake.on("PUT", "/settings/system", [422, { message: "Use an address or extension people can reach.", errors: { admin_contact: ["Use an address or extension people can reach."] } }]);
    renderAt("/settings/system-settings");
    await waitFor(() => expect(screen.getByLabelText("Session lifetime (hours)")).toHaveValue("12"));
    expect(await screen.findByText("Reset your password")).toBeInTheDocument();
    expect(screen.getByText("Outbox only (no SMTP configured)")).toBeInTheDocument();

    // The contract's own rule first: nothing is sent.
    fireEvent.change(screen.getByLabelText("Session lifetime (hours)"), { target: { value: "0" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a value from 1 to 720.", { selector: ".ant-form-item-explain-error" })).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === "PUT")).toBe(false);

    fireEvent.change(screen.getByLabelText("Session lifetime (hours)"), { target: { value: "8" } });
    fireEvent.change(screen.getByLabelText("Administrator contact"), { target: { value: "x".repeat(10) } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Use an address or extension people can reach.", { selector: ".ant-form-item-explain-error" })).toBeInTheDocument();
    expect(putBody(fake, "/settings/system")).toEqual({ session_hours: 8, admin_contact: "xxxxxxxxxx" });
  }, 60_000);

  it("is read-only for whoever may read but not change it: no Save, fields disabled, nothing sent", async () => {
    const fake = signedInAs(meAs(4, 2, "Priya Payroll", ["payroll_view", "payroll_manage"]));
    fake.on("GET", "/settings/payroll", [200, { data: PAYROLL_SETTINGS }]);
    renderAt("/settings/payroll-settings");
    await waitFor(() => expect(screen.getByLabelText("Working days per month")).toHaveValue("22"));
    expect(screen.getByLabelText("Working days per month")).toBeDisabled();
    expect(screen.getByText("You can read these settings. Changing them needs the settings permission.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  }, 60_000);

  it("asks the day of the month only when pay day is a fixed day, and checks the decimals before sending", async () => {
    const user = setupUser();
    const fake = payrollSettingsAsAdmin();
    await waitFor(() => expect(screen.getByLabelText("Hours per day")).toHaveValue("8"));
    expect(screen.queryByLabelText("Day of the month")).toBeNull();
    fireEvent.change(screen.getByLabelText("Hours per day"), { target: { value: "7.555" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a number such as 8 or 21.75.", { selector: ".ant-form-item-explain-error" })).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === "PUT")).toBe(false);
    fireEvent.change(screen.getByLabelText("Hours per day"), { target: { value: "7.5" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(putBody(fake, "/settings/payroll")).toEqual({ hours_per_day: "7.5" }));
  }, 60_000);

  it("turns on e-mailing payslips with their PDF, saying who gets them and how the sending is kept", async () => {
    const user = setupUser();
    const fake = payrollSettingsAsAdmin();
    const toggle = await screen.findByRole("switch", { name: "E-mail each released payslip to its person, its PDF attached" });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/kept in the payslip's downloads as “Sent by e-mail”/)).toBeInTheDocument();
    await user.click(toggle);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(putBody(fake, "/settings/payroll")).toEqual({ email_payslips: true }));
  }, 60_000);

  it("changes one notification default", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/settings/notifications", [200, { data: { defaults: DEFAULT_DELIVERY } }]);
    fake.on("PUT", "/settings/notifications", (body) => [200, { data: body, message: "Settings saved." }]);
    renderAt("/settings/notifications");
    const announcementsByMail = await screen.findByRole("switch", { name: "Announcements: By e-mail" });
    expect(announcementsByMail).not.toBeChecked();
    await user.click(announcementsByMail);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(putBody(fake, "/settings/notifications")).toEqual({ defaults: { system: { email: true } } }));
  }, 60_000);
});

describe("one's own preferences", () => {
  it("saves the date format and what reaches the person, and the app applies the language at once", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(3, 1, "Emery Employee", ["attendance_access"]));
    fake.on("GET", "/settings/preferences", [200, { data: PREFERENCES }]);
    fake.on("PUT", "/settings/preferences", (body) => [200, { data: { ...PREFERENCES, ...(body as object), notifications: DEFAULT_DELIVERY }, message: "Paramètres enregistrés." }]);
    renderAt("/settings/user-preferences");
    await screen.findByRole("heading", { name: "User preferences" });
    await user.click(await screen.findByRole("switch", { name: "Password changed: In the app" }));
    // The page's own language choice (the header has one too).
    await user.click(screen.getByLabelText("Language", { selector: "input" }));
    await user.click(await screen.findByTitle("Français"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(putBody(fake, "/settings/preferences")).toEqual({ language: "fr", notifications: { password_changed: { in_app: false } } }));
    expect(await screen.findByRole("heading", { name: "Préférences" })).toBeInTheDocument();
  }, 60_000);
});

describe("where /settings leads", () => {
  it("takes an employee to their preferences, and refuses them the company's settings", async () => {
    const fake = signedInAs(meAs(3, 1, "Emery Employee", ["attendance_access"]));
    fake.on("GET", "/settings/preferences", [200, { data: PREFERENCES }]);
    renderAt("/settings");
    await waitFor(() => expect(location()).toHaveTextContent("/settings/user-preferences"));
    expect(await screen.findByRole("heading", { name: "User preferences" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: /System settings/ })).toBeNull();
  }, 60_000);

  it("takes an administrator to the company profile", async () => {
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/company-profile/options", [200, { data: OPTIONS }]);
    renderAt("/settings");
    await waitFor(() => expect(location()).toHaveTextContent("/settings/company-profile"));
  }, 60_000);
});
