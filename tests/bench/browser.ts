/**
 * The app as a person meets it, in Chromium on the demo company: sign-in to
 * the dashboard's first drawn widget and to the whole dashboard, moving
 * between the administrator's pages inside the app (as the menu does), and a
 * reload of each page. A page is "drawn" when its h1 is on screen, no
 * skeleton or spinner is left and no API call is in flight; every time is
 * taken inside the page (performance.now, checked each frame).
 *
 * Standalone: `npm run build && node --import tsx tests/bench/browser.ts`.
 */
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { signedInPaths } from "../support/app-pages";
import { apiToken, launchBrowser, newSession, startServer } from "../support/e2e";

export const BROWSER_TARGETS = { navigationMedianMs: 250, navigationWorstMs: 600, firstWidgetMs: 800, dashboardMs: 1_500, reloadMs: 1_200 } as const;

const ADMIN = { email: "admin@example.com", password: "Admin123!" };

export interface BrowserFigures {
  firstWidgetMs: number;
  dashboardMs: number;
  /** In-app moves, the first visit of each page (its code and data loaded then), and a second round. */
  firstVisits: { path: string; ms: number }[];
  secondVisits: { path: string; ms: number }[];
  reloads: { path: string; ms: number }[];
}

type Check = "drawn" | "firstCard";

declare global {
  interface Window {
    __benchStart?: number;
    __benchChecks?: Record<Check, () => boolean>;
  }
}

/**
 * Put into every page before its own scripts (the app's CSP allows no eval): counts the XHRs in flight
 * (the app's API calls all go through axios) and holds the checks. Plain text, not a function of this
 * module: the TypeScript loader wraps functions in helpers the page does not have.
 */
const INSTALL_CHECKS = `
  (() => {
    let pending = 0;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (...args) {
      pending++;
      this.addEventListener("loadend", () => pending--, { once: true });
      return send.apply(this, args);
    };
    const loading = () => document.querySelector(".ant-skeleton, .ant-spin-spinning") !== null;
    window.__benchChecks = {
      // An h1 that was not there before the move (or a kept one that now names another page), nothing loading, no call in flight.
      drawn: () => [...document.querySelectorAll("h1")].some((title) => title.dataset.benchOld !== title.textContent) && !loading() && pending === 0,
      // One dashboard card with its content.
      firstCard: () => [...document.querySelectorAll("main .ant-card")].some((card) => card.querySelector(".ant-card-body") !== null && card.querySelector(".ant-skeleton") === null),
    };
  })();
`;

/** Milliseconds from `window.__benchStart` (the document's start if unset) until the check holds, looked at every frame. */
async function timeUntil(page: Page, check: Check): Promise<number> {
  const handle = await page.waitForFunction((name) => (window.__benchChecks?.[name]() ? performance.now() - (window.__benchStart ?? 0) : false), check, { polling: "raf", timeout: 30_000 });
  return Number(await handle.jsonValue());
}

/** Moves inside the app, as a menu link does, and times the new page until drawn. */
async function move(page: Page, path: string): Promise<number> {
  await page.evaluate((to) => {
    document.querySelectorAll("h1").forEach((title) => (title.dataset.benchOld = title.textContent ?? ""));
    window.__benchStart = performance.now();
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  return timeUntil(page, "drawn").catch((error: unknown) => {
    throw new Error(`${path} was never drawn: ${String(error)}`);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)];
};

export const summary = (visits: { path: string; ms: number }[]) => {
  const worst = visits.reduce((a, b) => (b.ms > a.ms ? b : a), visits[0]);
  return { median: median(visits.map((visit) => visit.ms)), worst };
};

export async function measureBrowser(): Promise<BrowserFigures> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const paths = (await signedInPaths(server, await apiToken(server, ADMIN.email, ADMIN.password))).filter((path) => path !== "/dashboard");
    const { page, context } = await newSession(browser, server, { viewport: { width: 1440, height: 900 } });
    await context.addInitScript(INSTALL_CHECKS);

    // Sign-in: from the press of the button to the dashboard's first card drawn, then to all of them.
    await page.goto("/login");
    await page.locator("#login-email").fill(ADMIN.email);
    await page.locator("#login-password").fill(ADMIN.password);
    await page.evaluate(() => (window.__benchStart = performance.now()));
    await page.locator("form button[type=submit]").click();
    const firstWidgetMs = await timeUntil(page, "firstCard");
    const dashboardMs = await timeUntil(page, "drawn");

    const firstVisits: BrowserFigures["firstVisits"] = [];
    for (const path of paths) firstVisits.push({ path, ms: await move(page, path) });
    const secondVisits: BrowserFigures["secondVisits"] = [];
    for (const path of paths) secondVisits.push({ path, ms: await move(page, path) });

    const reloads: BrowserFigures["reloads"] = [];
    for (const path of ["/dashboard", ...paths]) {
      await page.goto(path);
      // A fresh document: its clock starts at the navigation, so performance.now() is the time since.
      reloads.push({ path, ms: await timeUntil(page, "drawn") });
    }
    await context.close();
    return { firstWidgetMs, dashboardMs, firstVisits, secondVisits, reloads };
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const figures = await measureBrowser();
  const line = (label: string, value: string, target: string) => console.log(`${label.padEnd(52)} ${value.padEnd(26)} ${target}`);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const spread = (visits: { path: string; ms: number }[]) => {
    const { median: middle, worst } = summary(visits);
    return `${ms(middle)}; worst ${ms(worst.ms)} (${worst.path})`;
  };
  line("sign-in to the first dashboard widget", ms(figures.firstWidgetMs), `<= ${BROWSER_TARGETS.firstWidgetMs} ms`);
  line("sign-in to the whole dashboard drawn", ms(figures.dashboardMs), `<= ${BROWSER_TARGETS.dashboardMs} ms`);
  line(`in-app move, first visit (${figures.firstVisits.length} pages): median`, spread(figures.firstVisits), `<= ${BROWSER_TARGETS.navigationMedianMs} / ${BROWSER_TARGETS.navigationWorstMs} ms`);
  line("in-app move, second visit: median", spread(figures.secondVisits), "(context)");
  line(`reload (${figures.reloads.length} pages): median`, spread(figures.reloads), `worst <= ${BROWSER_TARGETS.reloadMs} ms`);
  for (const [first, reload] of figures.firstVisits.map((visit) => [visit, figures.reloads.find((entry) => entry.path === visit.path)] as const)) {
    line(`  ${first.path}: move / reload`, `${ms(first.ms)} / ${reload ? ms(reload.ms) : "?"}`, "");
  }
}
