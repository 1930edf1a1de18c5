import type { Locator, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { wallClockOf } from "../../src/components/attendance/zonedTime";
import { axeFindings } from "../support/accessibility";
import { apiToken, newSession } from "../support/e2e";
import { journeyHooks, message, signIn, waitForLocation } from "../support/journey";

/**
 * /user-attendance end to end against the built app and the real server: an
 * administrator picks the demo employee and enters, opens, corrects and
 * deletes a day with the keyboard alone, axe checking the page and each
 * dialog; on a 390 px phone in dark mode the page, a day's records and the
 * profile's Attendance tab fit the screen and pass axe too.
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!" };
/** The demo company's zone. */
const ZONE = "Asia/Manila";

const journey = journeyHooks();
let page: Page;
beforeEach(() => {
  page = journey.page;
});

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const token = await apiToken(journey.server, ADMIN.email, ADMIN.password);
  const response = await fetch(`${journey.server.url}/api${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return response.json();
}

const demoEmployee = async (): Promise<{ id: number; name: string }> => (await api("/users?search=employee%40example.com")).data[0];

/** The two latest weekend days on the company's calendar, wholly in the past: the demo clocks on weekdays only, so they hold no record; each test works on its own. */
const [WEEKEND_DAY, OTHER_WEEKEND_DAY] = [1, 2, 3, 4, 5, 6, 7, 8]
  .map((days) => wallClockOf(new Date(Date.now() - days * 86_400_000).toISOString(), ZONE).date)
  .filter((date) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()));

/** The button opening a day's records, named as the page names it ("Records of Tue, Nov 24, 2026"). */
function recordsOf(date: string): Locator {
  const [year, month, day] = date.split("-").map(Number);
  const label = new Intl.DateTimeFormat("en", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", year: "numeric" }).format(new Date(Date.UTC(year, month - 1, day)));
  return page.getByRole("button", { name: message("userAttendance.records.open").replace("{{date}}", label), exact: true });
}

/** Focuses a control and presses a key on it, as someone without a mouse does. */
async function press(control: Locator, key = "Enter") {
  await control.focus();
  await page.keyboard.press(key);
}

/** Types into a dialog's date or time picker and confirms the value with Enter. */
async function typeInto(dialog: Locator, label: string, text: string) {
  await dialog.getByLabel(label, { exact: true }).focus();
  // A value already there is replaced, not added to.
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

const dialogTitled = (title: string) => page.locator(".ant-modal").filter({ has: page.locator(".ant-modal-title", { hasText: title }) });

describe("an employee's attendance, corrected", () => {
  it("picks the person, enters a day with a break, opens its records, corrects and deletes it, by keyboard alone", async () => {
    const person = await demoEmployee();
    const date = WEEKEND_DAY;
    await signIn(page, ADMIN.email, ADMIN.password);
    await waitForLocation(page, (url) => url.pathname !== "/login", "signed in");
    await page.goto("/user-attendance");
    await page.getByText(message("userAttendance.choosePerson"), { exact: true }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByLabel(message("userAttendance.person"), { exact: true }).focus();
    await page.keyboard.type(person.name.split(" ")[0]);
    await page.locator(".ant-select-item-option-active").filter({ hasText: person.name }).waitFor();
    await page.keyboard.press("Enter");
    await waitForLocation(page, (url) => url.searchParams.get("user_id") === String(person.id), "the person in the address");

    await press(page.getByRole("button", { name: new RegExp(message("userAttendance.actions.add")) }));
    const entry = dialogTitled(message("userAttendance.entry.addTitle"));
    await entry.waitFor();
    await typeInto(entry, message("userAttendance.entry.date"), date);
    await typeInto(entry, message("userAttendance.entry.clockIn"), "09:00");
    await typeInto(entry, message("userAttendance.entry.clockOut"), "17:30");
    await press(entry.getByRole("button", { name: new RegExp(message("userAttendance.entry.addBreak")) }));
    await typeInto(entry, message("userAttendance.entry.breakStart").replace("{{number}}", "1"), "12:00");
    await typeInto(entry, message("userAttendance.entry.breakEnd").replace("{{number}}", "1"), "13:00");
    await entry.getByLabel(message("userAttendance.entry.reason"), { exact: true }).focus();
    await page.keyboard.type("Forgot to clock in");
    expect(await axeFindings(page)).toEqual([]);
    await press(entry.getByRole("button", { name: message("common.save") }));
    await page.getByText("Day entered.", { exact: true }).waitFor();
    await entry.waitFor({ state: "detached" });

    await press(recordsOf(date));
    const records = dialogTitled("Records of ");
    await records.getByText("9:00 AM – 5:30 PM", { exact: true }).waitFor();
    await records.getByText("12:00 PM – 1:00 PM", { exact: true }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await press(records.getByRole("button", { name: /^Edit the record / }));
    const correction = dialogTitled(message("userAttendance.entry.editTitle"));
    await correction.waitFor();
    expect(await correction.getByLabel(message("userAttendance.entry.clockIn"), { exact: true }).inputValue()).toBe("9:00 AM");
    await typeInto(correction, message("userAttendance.entry.clockOut"), "18:15");
    await correction.getByLabel(message("userAttendance.entry.reason"), { exact: true }).focus();
    await page.keyboard.type("Stayed for the stock count");
    await press(correction.getByRole("button", { name: message("common.save") }));
    await records.getByText("9:00 AM – 6:15 PM", { exact: true }).waitFor();

    await press(records.getByRole("button", { name: /^Delete the record / }));
    const removal = dialogTitled(message("userAttendance.remove.title"));
    await removal.waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await removal.getByLabel(message("userAttendance.entry.reason"), { exact: true }).focus();
    await page.keyboard.type("Entered twice");
    await press(removal.getByRole("button", { name: message("common.delete") }));
    await records.getByText(message("userAttendance.records.none"), { exact: true }).waitFor();
    await page.keyboard.press("Escape");
    await records.waitFor({ state: "detached" });
  });

  it("fits a 390 px phone in dark mode: the page, a day's records and the profile's Attendance tab, with nothing for axe", async () => {
    const person = await demoEmployee();
    const date = OTHER_WEEKEND_DAY;
    await api("/attendance/manual", { method: "POST", body: { user_id: person.id, clock_in_at: `${date}T08:00:00+08:00`, clock_out_at: `${date}T16:00:00+08:00`, reason: "Phone check" } });
    const token = await apiToken(journey.server, ADMIN.email, ADMIN.password);
    const phone = await newSession(journey.browser, journey.server, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await phone.context.addInitScript((auth) => {
        localStorage.setItem("auth_token", auth);
        localStorage.setItem("is_authenticated", "true");
        localStorage.setItem("theme_dark", "true");
      }, token);
      page = phone.page;
      const fitsScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

      await page.goto(`/user-attendance?user_id=${person.id}`);
      await recordsOf(date).waitFor();
      expect(await fitsScreen()).toBe(true);
      expect(await axeFindings(page)).toEqual([]);

      await recordsOf(date).click();
      const records = dialogTitled("Records of ");
      await records.getByText("8:00 AM – 4:00 PM", { exact: true }).waitFor();
      const box = await records.locator(".ant-modal-content").boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await axeFindings(page)).toEqual([]);
      await page.keyboard.press("Escape");

      await page.goto(`/employee-profile/${person.id}`);
      await page.getByRole("tab", { name: message("userAttendance.profile.tab") }).click();
      await page.getByRole("link", { name: message("userAttendance.profile.openAll") }).waitFor();
      await page.locator(".ant-table-row").first().waitFor();
      expect(await fitsScreen()).toBe(true);
      expect(await axeFindings(page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
