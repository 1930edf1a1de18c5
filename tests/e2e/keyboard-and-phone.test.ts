import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeFindings } from "../support/accessibility";
import { requestsInFlight, openInApp, SIGNED_OUT_PATHS, signedInPaths } from "../support/app-pages";
import { apiToken } from "../support/e2e";
import { journeyHooks, message, waitForLocation, waitForPath } from "../support/journey";

/**
 * The app by keyboard alone, and on a phone (390 × 844), against the built app
 * and the real server in headless Chromium (issue 9, points 2 and 4).
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!", name: "Alex Admin" };
const HR = { email: "hr@example.com", password: "Hr123456!", name: "Harper Reyes" };
const PHONE = { width: 390, height: 844 };

const journey = journeyHooks();

interface Focused {
  tag: string;
  id: string;
  name: string;
  /** Whether the focused control, or the box antd draws for it, shows an outline or a ring. */
  ringed: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: "BODY", id: "", name: "", ringed: false };
    const drawn = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    };
    // Hidden native inputs (checkbox, switch, segmented, select) lend their focus to the box antd draws beside or around them.
    // A multiple select's input sits deeper, among the chosen tags: its ring is on the select's box.
    const around = [element.parentElement, element.parentElement?.parentElement, element.parentElement?.parentElement?.parentElement, element.closest(".ant-select-selector")];
    const ringed = drawn(element) || drawn(element.nextElementSibling) || around.some((node) => drawn(node ?? null));
    const name = element.getAttribute("aria-label") ?? element.innerText ?? "";
    return { tag: element.tagName, id: element.id, name: name.trim(), ringed };
  });
}

/**
 * Presses Tab until the focused element passes the test; every element passed on the way must show
 * where the focus is. The error lists the way focus went.
 */
async function tabTo(page: Page, what: string, matches: (element: Focused) => boolean, limit = 80): Promise<void> {
  const way: string[] = [];
  const unringed: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press("Tab");
    let element = await focused(page);
    // Some of antd's controls (select, date picker) draw their ring on the render after the focus.
    if (!element.ringed) element = await page.waitForTimeout(300).then(() => focused(page));
    const label = `${element.tag}${element.id ? `#${element.id}` : ""} "${element.name.slice(0, 30)}"`;
    way.push(label);
    // Past the last control the focus goes back to the document (then the browser's own bar).
    if (!element.ringed && element.tag !== "BODY") unringed.push(label);
    if (matches(element)) {
      expect(unringed, `focus not visible on the way to ${what}`).toEqual([]);
      return;
    }
  }
  throw new Error(`Tab never reached ${what}; focus went: ${way.join(" → ")}`);
}

const named = (name: string) => (element: Focused) => element.name === name;

describe("by keyboard alone", () => {
  it("signs in, opens an employee from the menu, edits and saves a field, and signs out", async () => {
    const { page } = journey;
    await page.goto("/login");
    await page.locator("#login-email").waitFor();
    await tabTo(page, "the e-mail field", (element) => element.id === "login-email");
    await page.keyboard.type(ADMIN.email);
    await tabTo(page, "the password field", (element) => element.id === "login-password");
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press("Enter");
    await waitForPath(page, "/dashboard");

    // Groups other than the current page's start folded: the arrows reach a group in the menu, Enter opens it.
    await tabTo(page, "the menu", (element) => element.tag === "UL");
    for (let step = 0; step < 12 && (await focused(page)).name !== message("menu.groups.employeeManagement"); step++) {
      await page.keyboard.press("ArrowDown");
      // The menu moves its focus a frame later: read it then, or Enter opens the group after the one read.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    }
    expect((await focused(page)).name).toBe(message("menu.groups.employeeManagement"));
    await page.keyboard.press("Enter");
    await tabTo(page, "Employees in the menu", named(message("menu.employees")));
    await page.keyboard.press("Enter");
    await waitForPath(page, "/employees");
    await page.getByRole("link", { name: "Amara Okoye", exact: true }).waitFor();

    await tabTo(page, "Amara Okoye's name in the list", named("Amara Okoye"));
    await page.keyboard.press("Enter");
    const id = (await waitForLocation(page, (url) => /^\/employee-profile\/\d+$/.test(url.pathname), "Amara Okoye's record")).pathname.split("/").pop();

    await tabTo(page, "the Edit button", named(message("employees.edit")));
    await page.keyboard.press("Enter");
    await waitForPath(page, `/employees/${id}/edit`);
    await page.locator("#position").waitFor();
    await tabTo(page, "the Position field", (element) => element.id === "position");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Head of Customer Support");
    await tabTo(page, "the Save button", named(message("common.save")));
    await page.keyboard.press("Enter");
    await page.getByText(message("users.updated"), { exact: false }).first().waitFor();
    await page.getByText("Head of Customer Support").first().waitFor();

    await tabTo(page, "the account menu", named(message("header.userMenu").replace("{{name}}", ADMIN.name)));
    await page.keyboard.press("Enter");
    const signOut = page.getByRole("menuitem", { name: message("header.signOut") });
    await signOut.waitFor();
    // The open menu has the focus: arrows move through it. The menu marks the next item at once but
    // moves the focus there on the next frame, and Enter acts on the focused item, so each press waits
    // for the focus to arrive before looking.
    for (let press = 0; press < 5 && !(await signOut.evaluate((item) => item === document.activeElement)); press++) {
      await page.keyboard.press("ArrowDown");
      await page.waitForFunction(() => document.activeElement?.classList.contains("ant-dropdown-menu-item-active"));
    }
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("button", { name: message("signOut.confirm"), exact: true });
    await confirm.waitFor();
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await waitForPath(page, "/login");
  });
});

/**
 * What a phone shows wrongly, as sentences: the page scrolling sideways, a header control (or, signed
 * out, any control) beyond the screen's edges, a page title off screen or with something lying over it.
 */
async function phoneLayoutProblems(page: Page): Promise<string[]> {
  // settled() saw nothing in flight and no spinner twice, yet under CI load /profile once had no title
  // then (a gap between its code arriving and its first render): every signed-in page has a title, so the
  // check waits for one; a title that never comes is still reported below.
  if ((await page.locator(".ant-layout-header").count()) > 0) {
    await page.locator("#main-content :is(h1, h2, h3, h4)").first().waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 30)}"`;
    if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    const header = document.querySelector(".ant-layout-header");
    const controls = header ? header.querySelectorAll("a, button, select, input, [role=switch], .ant-avatar, [aria-hidden]") : document.querySelectorAll("a, button, select, input");
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width > 0 && (box.left < 0 || box.right > width)) problems.push(`${describe(control)} lies from x = ${Math.round(box.left)} to ${Math.round(box.right)}`);
    }
    if (!header) return problems;
    const title = document.querySelector("#main-content :is(h1, h2, h3, h4)");
    // What the page shows instead tells a slow render from a page that failed (an empty or error state).
    if (!title) return [...problems, `the page has no title (it shows: "${(document.querySelector("#main-content")?.textContent ?? "no #main-content").trim().slice(0, 120)}")`];
    const box = title.getBoundingClientRect();
    if (box.left < 0 || box.right > width) problems.push(`the title ${describe(title)} lies from x = ${Math.round(box.left)} to ${Math.round(box.right)}`);
    for (const x of [box.left + 2, box.left + box.width / 2]) {
      const shown = document.elementFromPoint(x, box.top + box.height / 2);
      if (shown && !title.contains(shown)) problems.push(`${describe(shown)} lies over the title ${describe(title)}`);
    }
    return problems;
  });
}

async function signInAt(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  await page.locator("#login-email").fill(user.email);
  await page.locator("#login-password").fill(user.password);
  await page.locator("form button[type=submit]").click();
  await page.getByTestId("user-menu").waitFor();
}

describe("on a phone (390 × 844)", () => {
  it("keeps every header control on screen and nothing over the page title, on every page", async () => {
    const { page, server } = journey;
    await page.setViewportSize(PHONE);
    const inFlight = requestsInFlight(page);
    const problems: string[] = [];
    for (const path of SIGNED_OUT_PATHS) {
      await page.goto(path);
      await page.getByTestId("language-select").waitFor();
      problems.push(...(await phoneLayoutProblems(page)).map((problem) => `${path}: ${problem}`));
    }
    await signInAt(page, ADMIN);
    for (const path of await signedInPaths(server, await apiToken(server, ADMIN.email, ADMIN.password))) {
      const shown = await openInApp(page, path, inFlight);
      problems.push(...(await phoneLayoutProblems(page)).map((problem) => `${path} (shown: ${shown}): ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it("opens the menu from the header, and keeps language, theme and account in one panel", async () => {
    const { page } = journey;
    await page.setViewportSize(PHONE);
    await signInAt(page, HR);
    await page.getByRole("button", { name: message("header.openMenu") }).click();
    const menu = page.locator(".ant-drawer").filter({ has: page.getByRole("menu") });
    await menu.waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await menu.getByRole("menuitem", { name: message("menu.groups.employeeManagement") }).click();
    await menu.getByRole("link", { name: message("menu.roles"), exact: true }).click();
    await waitForPath(page, "/roles");
    await menu.waitFor({ state: "hidden" });

    // The bell is not at the screen's edge: its panel must still lie on screen.
    await page.getByTestId("notification-bell").click();
    const bellPanel = page.getByTestId("bell-panel");
    await bellPanel.waitFor();
    const bellBox = await bellPanel.boundingBox();
    expect(bellBox && bellBox.x >= 0 && bellBox.x + bellBox.width <= PHONE.width, JSON.stringify(bellBox)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await bellPanel.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: message("header.userMenu").replace("{{name}}", HR.name) }).click();
    const panelIn = (language: string) => page.getByRole("dialog", { name: message("header.accountPanel", language) });
    const panel = panelIn("en");
    await panel.waitFor();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await panel.getByRole("combobox", { name: message("header.language") }).selectOption("fr");
    await page.locator("#main-content").getByRole("heading", { name: message("roles.title", "fr") }).waitFor();
    const panelInFrench = panelIn("fr");
    await panelInFrench.getByRole("switch", { name: message("header.darkMode", "fr") }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await axeFindings(page)).toEqual([]);

    await panelInFrench.getByRole("button", { name: message("header.signOut", "fr") }).click();
    await page.getByRole("dialog").getByRole("button", { name: message("signOut.confirm", "fr") }).click();
    await waitForPath(page, "/login");
  });
});

describe("the menu at 1440 × 900", () => {
  it("opens the current page's group only, shows its entry, fits the window and keeps the fold button off the entries", async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, ADMIN);
    await page.goto("/settings/system-settings");
    const nav = page.getByRole("navigation", { name: message("header.mainMenu") });
    const current = nav.locator(".ant-menu-item-selected");
    await current.waitFor();
    expect(await current.innerText()).toBe(message("menu.systemSettings"));
    // Only Settings is open: the other groups start folded.
    expect(await nav.locator(".ant-menu-submenu-open").count()).toBe(1);
    expect(await nav.getByRole("link", { name: message("menu.payroll"), exact: true }).isVisible()).toBe(false);

    const layout = await nav.evaluate((element) => {
      const box = (node: Element) => node.getBoundingClientRect();
      const fold = element.querySelector(":scope > button")!;
      const list = element.querySelector(".ant-menu")!.parentElement!;
      const selected = box(element.querySelector(".ant-menu-item-selected")!);
      const items = [...element.querySelectorAll(".ant-menu-item, .ant-menu-submenu-title")].map(box).filter((item) => item.height > 0);
      return {
        windowScrolls: document.documentElement.scrollHeight > window.innerHeight && box(element).bottom > window.innerHeight,
        selectedInView: selected.top >= box(list).top && selected.bottom <= box(list).bottom,
        itemsUnderFold: items.filter((item) => item.bottom > box(fold).top && item.top < box(fold).bottom && item.bottom <= box(list).bottom).length,
        foldBelowList: box(fold).top >= box(list).bottom - 1,
      };
    });
    expect(layout).toEqual({ windowScrolls: false, selectedInView: true, itemsUnderFold: 0, foldBelowList: true });

    // Folded to icons and back: the button says what it will do.
    await nav.getByRole("button", { name: message("header.collapseMenu") }).click();
    await nav.getByRole("button", { name: message("header.expandMenu") }).click();
    await nav.getByRole("button", { name: message("header.collapseMenu") }).waitFor();
  });
});
