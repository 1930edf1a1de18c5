import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ROUTES } from "../../src/routing/guards";
import { RESOURCES } from "../../src/resources";
import { apiToken, launchBrowser, newSession, startServer, type RunningServer } from "./e2e";

/**
 * axe-core (WCAG 2.0 A and AA, 2.1 AA) on every page of the app's resource
 * list, signed out and as each kind of demo user, in one colour mode: no
 * violation of any impact. A new resource's pages join through the list.
 * Each mode has its file (tests/e2e/accessibility-*.test.ts): the two run side
 * by side, each on its own server.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const CALLERS = [
  { kind: "administrator", email: "admin@example.com", password: "Admin123!" },
  { kind: "staff", email: "hr@example.com", password: "Hr123456!" },
  { kind: "employee", email: "employee@example.com", password: "Employee123!" },
];

const SIGNED_OUT = [ROUTES.login, ROUTES.forgotPassword, ROUTES.register, `${ROUTES.resetPassword}?token=x&email=nobody%40example.com`];

let server: RunningServer;
let browser: Browser;
let adminToken: string;

/** A record id of the resource, for its show and edit pages: the first its list gives the administrator. */
async function someId(api: string): Promise<string> {
  const response = await fetch(`${server.url}/api/${api}?per_page=1`, { headers: { authorization: `Bearer ${adminToken}` } });
  const body = (await response.json()) as { data: { id: number }[] };
  if (!body.data[0]) throw new Error(`no ${api} record to open`);
  return String(body.data[0].id);
}

/** Every page path of the resource list (record pages with a real record), and the own profile. */
async function signedInPaths(): Promise<string[]> {
  const paths: string[] = [ROUTES.profile];
  for (const resource of RESOURCES) {
    for (const path of Object.values(resource.routes)) {
      paths.push(path.includes(":id") ? path.replace(":id", await someId(resource.api ?? resource.name)) : path);
    }
  }
  return paths;
}

/** Until the page has no API call in flight and no spinner, twice in a row. */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  let quiet = 0;
  for (let tries = 0; quiet < 2; tries++) {
    if (tries > 100) throw new Error(`${page.url()} never settled`);
    const busy = inFlight() > 0 || (await page.locator(".ant-spin-spinning").count()) > 0;
    quiet = busy ? 0 : quiet + 1;
    await page.waitForTimeout(100);
  }
}

/** Opens each path in turn inside the app (as a link would), runs axe on each, and returns the findings. */
async function audit(label: string, paths: string[], storage: Record<string, string>): Promise<string[]> {
  const session = await newSession(browser, server);
  const { page, context } = session;
  let inFlight = 0;
  page.on("request", (request) => request.url().includes("/api/") && inFlight++);
  page.on("requestfinished", (request) => request.url().includes("/api/") && inFlight--);
  page.on("requestfailed", (request) => request.url().includes("/api/") && inFlight--);
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const findings: string[] = [];
  const audited = new Set<string>();
  try {
    await page.goto(paths[0]);
    for (const path of paths) {
      await page.evaluate((to) => {
        window.history.pushState({}, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, path);
      await settled(page, () => inFlight);
      // A page the caller may not open sends them to one already checked (their home, say).
      const shown = new URL(page.url()).pathname;
      if (shown !== new URL(path, server.url).pathname && audited.has(shown)) continue;
      audited.add(shown);
      // Legacy mode runs axe in the page itself: the default opens a blank page per run to merge frames
      // (the app has none), which made each run take seconds.
      const result = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
      for (const violation of result.violations) {
        const where = violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(" | ");
        findings.push(`${label} ${path} (shown: ${shown}): [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}×: ${where})`);
      }
    }
  } finally {
    await context.close();
  }
  return findings;
}

/** The suite of one colour mode: its own server, the signed-out pages, then every page as each demo user. */
export function auditEveryPage(mode: "light" | "dark"): void {
  const theme = { theme_dark: String(mode === "dark") };
  describe(`accessibility (axe, WCAG 2.1 AA), ${mode}`, () => {
    beforeAll(async () => {
      server = await startServer({ copyOf: inject("e2eDemoDataDir") });
      browser = await launchBrowser(inject("e2eBrowserEndpoint"));
      adminToken = await apiToken(server, CALLERS[0].email, CALLERS[0].password);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    it("finds nothing on the signed-out pages", async () => {
      expect(await audit(`signed out, ${mode}:`, SIGNED_OUT, theme)).toEqual([]);
    });

    for (const caller of CALLERS) {
      it(`finds nothing on any page as the ${caller.kind}`, async () => {
        const token = await apiToken(server, caller.email, caller.password);
        const paths = await signedInPaths();
        expect(await audit(`${caller.kind}, ${mode}:`, paths, { ...theme, auth_token: token, is_authenticated: "true" })).toEqual([]);
      });
    }
  });
}
