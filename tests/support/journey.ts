import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { axeFindings } from "./accessibility";
import { requestsInFlight, settled } from "./app-pages";
import { launchBrowser, newSession, ROOT_DIR, startServer, type BrowserSession, type RunningServer } from "./e2e";

/**
 * What every end-to-end journey file sets up the same way: one server on a copy
 * of the run's demo company and the run's Chromium for the file, a fresh browser
 * context per test, and on failure what the page showed and called.
 */

type Catalogue = Record<string, unknown>;
const catalogues = new Map<string, Catalogue>();

/** A message as locales/<language>.json holds it now: the journeys follow the translations as they change. */
export function message(key: string, language = "en"): string {
  let catalogue = catalogues.get(language);
  if (!catalogue) {
    catalogue = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, "locales", `${language}.json`), "utf8")) as Catalogue;
    catalogues.set(language, catalogue);
  }
  const value = key.split(".").reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
  if (typeof value !== "string") throw new Error(`locales/${language}.json has no string at ${key}`);
  return value;
}

export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly session: BrowserSession;
  readonly page: Page;
  /** Until the test's page has no API call or code chunk in flight and no spinner. */
  settled(): Promise<void>;
  /** axe's findings once the test's page has settled (a page caught mid-transition reads as faint). */
  audit(): Promise<string[]>;
}

/** Registers the file's hooks; the returned object's fields are there once a test runs. */
export function journeyHooks(contextOptions: BrowserContextOptions = {}): Journey {
  const state = {} as { server: RunningServer; browser: Browser; session: BrowserSession; inFlight: () => number };
  beforeAll(async () => {
    state.server = await startServer({ copyOf: inject("e2eDemoDataDir") });
    state.browser = await launchBrowser(inject("e2eBrowserEndpoint"));
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  beforeEach(async () => {
    state.session = await newSession(state.browser, state.server, contextOptions);
    state.inFlight = requestsInFlight(state.session.page);
  });
  afterEach(async (context) => {
    const { page } = state.session;
    if (context.task.result?.state === "fail") {
      const storage = await page.evaluate(() => JSON.stringify(localStorage)).catch(() => "?");
      const text = await page.locator("body").innerText().catch(() => "?");
      console.error(
        `[${context.task.name}] last URL: ${page.url()}\nlocal storage: ${storage}\npage errors: ${JSON.stringify(state.session.pageErrors)}\n` +
          `last API calls:\n  ${state.session.apiCalls().slice(-15).join("\n  ")}\npage text: ${text.slice(0, 800)}`,
      );
    }
    await state.session.context.close();
  });
  return {
    get server() {
      return state.server;
    },
    get browser() {
      return state.browser;
    },
    get session() {
      return state.session;
    },
    get page() {
      return state.session.page;
    },
    settled: () => settled(state.session.page, state.inFlight),
    audit: async () => {
      await settled(state.session.page, state.inFlight);
      return axeFindings(state.session.page);
    },
  };
}

/** Waits until the page's location passes the test; the error names what was expected and where the page is. */
export async function waitForLocation(page: Page, test: (url: URL) => boolean, what: string, timeout = 15_000): Promise<URL> {
  try {
    await page.waitForURL(test, { timeout });
  } catch {
    throw new Error(`expected ${what}, still on ${page.url()}`);
  }
  return new URL(page.url());
}

/** Waits for the location's pathname to be exactly this. */
export const waitForPath = (page: Page, pathname: string) => waitForLocation(page, (url) => url.pathname === pathname, pathname);

/** Signs in through the sign-in form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(password);
  await page.locator("form button[type=submit]").click();
}

/** Closes the toasts on screen: they sit over the header's account menu (top right) for their lifetime. */
export async function closeToasts(page: Page): Promise<void> {
  // Closed until none is left: a toast can arrive while the others close, and a click can miss one the page
  // was drawing again (a journey on a busy machine once waited 15 s for a toast nobody had closed).
  const notices = page.locator(".ant-notification-notice");
  const deadline = Date.now() + 15_000;
  while ((await notices.count()) > 0) {
    if (Date.now() > deadline) throw new Error(`toasts still on screen: ${(await notices.allTextContents()).join(" | ")}`);
    for (const close of await page.locator(".ant-notification-notice-close").all()) await close.click({ timeout: 1_000 }).catch(() => {});
    await page.waitForTimeout(100);
  }
}

/** Signs out through the account menu and its confirmation, and waits for the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await closeToasts(page);
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: message("header.signOut") }).click();
  const dialog = page.getByRole("dialog");
  // antd also labels the dialog with a hidden copy of the title: look at the visible one.
  await dialog.getByText(message("signOut.confirmTitle"), { exact: true }).filter({ visible: true }).waitFor();
  await dialog.getByRole("button", { name: message("signOut.confirm") }).click();
  await waitForPath(page, "/login");
}

/** Picks `option` in the antd select labelled `label`; typing `search` first narrows a long list. */
export async function chooseOption(page: Page, label: string, option: string, search?: string): Promise<void> {
  // The label names the select's search input, which the shown value covers.
  const input = page.getByLabel(label, { exact: true });
  await input.click({ force: true });
  if (search) await input.fill(search);
  // antd renders options in a dropdown at the end of <body>; only the open one is visible.
  const exactly = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option").filter({ hasText: exactly }).click();
}
