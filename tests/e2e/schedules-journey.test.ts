import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { closeToasts, journeyHooks, message, signIn, waitForLocation } from "../support/journey";

/**
 * Work schedules end to end, against the built app and the real server in
 * headless Chromium: the administrator creates a night shift from the dialog
 * (typed times, the overnight note), puts the demo employee on it from the
 * people drawer and takes them off again, and adds a company holiday. axe
 * looks at each dialog and the drawer, in light mode on a desktop and in dark
 * mode on a phone, where nothing may run off the screen's edge.
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!" };
const PHONE = { width: 390, height: 844 };

const journey = journeyHooks();
let page: Page;
beforeEach(() => {
  page = journey.page;
});

const button = (key: string, scope: Page | ReturnType<Page["locator"]> = page) => scope.getByRole("button", { name: message(key), exact: true });

async function openSchedules(dark: boolean): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem("theme_dark", value), String(dark));
  await signIn(page, ADMIN.email, ADMIN.password);
  await waitForLocation(page, (url) => url.pathname !== "/login", "signed in");
  await page.goto("/attendance/schedules");
  await page.getByRole("heading", { name: message("schedulesUi.title"), exact: true }).waitFor();
}

/** What lies past the right edge of a phone's screen (antd's hidden measuring copies aside). */
const offScreen = () =>
  page.evaluate((width) => {
    const wide = document.documentElement.scrollWidth > width ? [`the page is ${document.documentElement.scrollWidth} px wide`] : [];
    const drawer = document.querySelector(".ant-drawer-content-wrapper")?.getBoundingClientRect();
    return drawer && drawer.right > width + 1 ? [...wide, `the drawer ends at ${drawer.right} px`] : wide;
  }, PHONE.width);

/** Types a time into the TimePicker labelled `label` and confirms it. */
async function typeTime(scope: ReturnType<Page["locator"]>, label: string, time: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(time);
  await input.press("Enter");
}

describe("work schedules", () => {
  it("creates a night shift, assigns the demo employee and removes them, adds a holiday; axe finds nothing", async () => {
    await openSchedules(false);
    await page.getByRole("button", { name: message("schedulesUi.create") }).click();
    const dialog = page.getByRole("dialog", { name: message("schedulesUi.create") });
    await dialog.getByLabel(message("schedulesUi.fields.name"), { exact: true }).fill("Night desk");
    await typeTime(dialog, message("schedulesUi.fields.start_time"), "22:00");
    await typeTime(dialog, message("schedulesUi.fields.end_time"), "06:00");
    await dialog.getByText("Overnight shift: from 10:00 PM to 6:00 AM the next day, 8:00 h.").waitFor();
    expect(await journey.audit()).toEqual([]);
    await button("common.save", dialog).click();
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row").filter({ hasText: "Night desk" });
    await row.getByText(message("schedulesUi.nextDay")).waitFor();
    await closeToasts(page);

    // The people drawer opens from the keyboard and closes with Escape.
    await row.getByRole("button", { name: "People on Night desk" }).focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "People on Night desk" });
    await drawer.getByText(message("schedulesUi.people.none")).waitFor();
    const picker = drawer.getByLabel(message("schedulesUi.people.who"), { exact: true });
    await picker.click({ force: true });
    await picker.fill("employee");
    // The search's own answer, not the first option of the list shown before it arrives (that one is replaced under the click).
    await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option", { hasText: "Emery Santos" }).click();
    await button("schedulesUi.people.assign", drawer).click();
    const assigned = drawer.locator("tbody tr.ant-table-row");
    await assigned.first().waitFor();
    expect(await assigned.count()).toBe(1);
    await closeToasts(page);
    expect(await journey.audit()).toEqual([]);

    await assigned.first().getByRole("button").click();
    await button("schedulesUi.people.removeOk").click();
    await drawer.getByText(message("schedulesUi.people.none")).waitFor();
    // The keyboard stays in the drawer once the row and its button are gone.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(message("schedulesUi.people.listTitle"));
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    await closeToasts(page);

    await page.getByRole("tab", { name: message("schedulesUi.tabs.holidays") }).click();
    await waitForLocation(page, (url) => url.search === "?tab=holidays", "the holidays tab");
    await page.getByRole("button", { name: message("schedulesUi.holidays.create") }).click();
    const holiday = page.getByRole("dialog", { name: message("schedulesUi.holidays.create") });
    const year = new Date().getFullYear();
    const date = holiday.getByLabel(message("schedulesUi.holidays.fields.date"), { exact: true });
    await date.click();
    // A date the demo never holds a holiday on (it seeds the Philippine holidays of its last weeks), typed key by
    // key as a person does: fill() sets the text in one go, which the picker may not have read when Enter comes,
    // and Enter then confirms the day it had highlighted (today) instead.
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(`${year}-10-15`);
    await page.keyboard.press("Enter");
    await holiday.getByLabel(message("schedulesUi.holidays.fields.name"), { exact: true }).fill("Founders' Day");
    expect(await journey.audit()).toEqual([]);
    await button("common.save", holiday).click();
    await holiday.waitFor({ state: "hidden" });
    await page.getByRole("row").filter({ hasText: "Founders' Day" }).getByText(`Oct 15, ${year}`).waitFor();
    await closeToasts(page);
    expect(await journey.audit()).toEqual([]);
  });

  it("fits a phone in dark mode: the list, the schedule dialog and the people drawer, with nothing for axe", async () => {
    await page.setViewportSize(PHONE);
    await openSchedules(true);
    expect(await offScreen()).toEqual([]);
    expect(await journey.audit()).toEqual([]);

    await page.getByRole("button", { name: message("schedulesUi.create") }).click();
    const dialog = page.getByRole("dialog", { name: message("schedulesUi.create") });
    await dialog.getByLabel(message("schedulesUi.fields.name"), { exact: true }).waitFor();
    expect(await offScreen()).toEqual([]);
    expect(await journey.audit()).toEqual([]);
    await dialog.getByLabel(message("schedulesUi.fields.name"), { exact: true }).fill("Early desk");
    await button("common.save", dialog).click();
    await dialog.waitFor({ state: "hidden" });
    await closeToasts(page);

    await page.getByRole("button", { name: "People on Early desk" }).click();
    const drawer = page.getByRole("dialog", { name: "People on Early desk" });
    await drawer.getByText(message("schedulesUi.people.none")).waitFor();
    expect(await offScreen()).toEqual([]);
    expect(await journey.audit()).toEqual([]);
  });
});
