import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newSession } from "../support/e2e";
import { chooseOption, journeyHooks, message, signIn, waitForLocation, waitForPath } from "../support/journey";

/**
 * The workspace end to end, against the built app and the real server in
 * headless Chromium: the administrator sets up the company (the currency is
 * locked once people are paid; the time zone and the logo change, and the
 * header shows the logo) and announces something to everyone, whose bells
 * ring without a reload; an employee chooses which notifications reach them.
 * Each test signs in on its own, so each runs alone or in any order.
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!" };
const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };

// 1×1 transparent PNG.
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const journey = journeyHooks();
let page: Page;
let tempDir: string;

beforeAll(async () => {
  tempDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "paydesk-e2e-logo-"));
});
afterAll(async () => {
  if (tempDir) await fs.promises.rm(tempDir, { recursive: true, force: true });
});
beforeEach(() => {
  page = journey.page;
});

const field = (name: string) => page.getByLabel(message(`settings.company.fields.${name}`), { exact: true });
const save = () => page.getByRole("button", { name: message("common.save"), exact: true }).click();
const saidOnce = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe("the company profile", () => {
  it("keeps the currency once people are paid, changes the time zone, and shows the uploaded logo in the header", async () => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await waitForPath(page, "/dashboard");
    await page.goto("/settings");
    await waitForPath(page, "/settings/company-profile");
    await expect.poll(() => field("legal_name").inputValue()).toBe("Paydesk Demo Corporation");
    const badge = page.getByTestId("company-badge");
    expect(await badge.innerText()).toContain("Paydesk Demo Co.");

    // The demo pays its people in pesos: another currency is refused, with the reason.
    await chooseOption(page, message("settings.company.fields.currency"), "JPY — Japanese Yen", "JPY");
    await save();
    await saidOnce("The currency cannot change from PHP to JPY: pay amounts are already recorded in PHP.");
    await chooseOption(page, message("settings.company.fields.currency"), "PHP — Philippine Peso", "PHP");

    await chooseOption(page, message("settings.company.fields.time_zone"), "Asia/Tokyo (UTC+09:00)", "Tokyo");
    await save();
    await saidOnce(message("company.updated"));
    await page.reload();
    await expect.poll(() => page.locator(".ant-select-selection-item").allInnerTexts()).toContain("Asia/Tokyo (UTC+09:00)");

    // The logo: through the upload's file input (the button only opens the file chooser).
    const logo = path.join(tempDir, "logo.png");
    await fs.promises.writeFile(logo, TINY_PNG);
    await page.locator("input[type=file]").setInputFiles(logo);
    await saidOnce(message("company.logoUpdated"));
    const headerLogo = badge.locator("img");
    await headerLogo.waitFor();
    expect(await headerLogo.getAttribute("src")).toMatch(/^\/api\/files\/\d+\?expires=\d+&signature=/);
    // The link works without a bearer token (an <img> sends none).
    expect(await headerLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  });
});

describe("one's own notification preferences", () => {
  it("lets an employee choose announcements by e-mail, kept with the account", async () => {
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await waitForPath(page, "/user-payslips");
    await page.goto("/settings");
    await waitForPath(page, "/settings/user-preferences");
    const label = message("settings.notifications.switchLabel")
      .replace("{{event}}", message("settings.notificationTypes.system"))
      .replace("{{channel}}", message("settings.notifications.email"));
    const byMail = page.getByRole("switch", { name: label });
    expect(await byMail.getAttribute("aria-checked")).toBe("false");
    await byMail.click();
    await save();
    await saidOnce(message("settings.saved"));
    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: label }).getAttribute("aria-checked")).toBe("true");
  });
});

describe("an announcement", () => {
  it("reaches a signed-in employee's bell without a reload; opening it marks it read", async () => {
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await waitForPath(page, "/user-payslips");
    const bell = page.getByTestId("notification-bell");
    const noneUnread = message("notificationsUi.bell.labelNone");
    await expect.poll(() => bell.getAttribute("aria-label")).toBe(noneUnread);

    // The administrator announces it from another browser.
    const admin = await newSession(journey.browser, journey.server);
    try {
      await signIn(admin.page, ADMIN.email, ADMIN.password);
      await waitForPath(admin.page, "/dashboard");
      await admin.page.goto("/notifications");
      // The toolbar's button (an empty list offers the same one under its message).
      await admin.page.getByRole("button", { name: message("notificationsUi.broadcast.button") }).first().click();
      const dialog = admin.page.getByRole("dialog", { name: message("notificationsUi.broadcast.title") });
      await dialog.getByLabel(message("notificationsUi.broadcast.fields.title"), { exact: true }).fill("Office closed on Friday");
      await dialog.getByLabel(message("notificationsUi.broadcast.fields.message"), { exact: true }).fill("The Makati office is closed for the holiday.");
      await dialog.getByRole("button", { name: message("notificationsUi.broadcast.send") }).click();
      // The whole company: the sender says yes to how many people that is.
      const question = admin.page.getByRole("dialog", { name: message("notificationsUi.broadcast.confirmTitle") });
      await question.getByText(/the whole company/).waitFor();
      await question.getByRole("button", { name: message("notificationsUi.broadcast.send") }).click();
      await admin.page.getByText(/^Sent to \d+ people\.$/).waitFor();
    } finally {
      await admin.context.close();
    }

    // The employee's page was not reloaded: the stream raised the badge.
    await expect.poll(() => bell.getAttribute("aria-label")).toBe(message("notificationsUi.bell.label_one").replace("{{count}}", "1"));
    await bell.click();
    const panel = page.getByTestId("bell-panel");
    await panel.getByText("Office closed on Friday").click();
    await waitForLocation(page, (url) => /^\/notifications\/\d+$/.test(url.pathname), "the notification's page");
    await page.getByText("The Makati office is closed for the holiday.").waitFor();
    await expect.poll(() => bell.getAttribute("aria-label")).toBe(noneUnread);
  });
});
