import axe from "axe-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { requestsInFlight, openInApp, SIGNED_OUT_PATHS, signedInPaths } from "./app-pages";
import { apiToken, launchBrowser, newSession, startServer, type RunningServer } from "./e2e";

/**
 * axe-core (WCAG 2.0 A and AA, 2.1 AA) on every page of the app's resource
 * list, signed out and as each kind of demo user, in one colour mode: no
 * violation of any impact. A new resource's pages join through the list.
 * Each mode has its file (tests/e2e/accessibility-*.test.ts): the two run side
 * by side, each on its own server.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * The signed-in pages are checked in this many tests per caller, each in a browser context of its own (about
 * two seconds to open and sign in beside the other files). With eight, a part took 4–9 s in a full e2e run
 * once axe was put into each page only once; with four, 6–14 s, and the two files side by side 115 s each (165 s).
 */
const PARTS = 4;

const CALLERS = [
  { kind: "administrator", email: "admin@example.com", password: "Admin123!" },
  { kind: "staff", email: "hr@example.com", password: "Hr123456!" },
  { kind: "employee", email: "employee@example.com", password: "Employee123!" },
];

let server: RunningServer;
let browser: Browser;
let adminToken: string;

/** axe's findings on the page as it is now, one line each (the first three places of each). */
export async function axeFindings(page: Page): Promise<string[]> {
  // axe goes into the page once per document, not before every run: @axe-core/playwright evaluated its 550 KB
  // twice per run. With that and violations only, axe's time per page went from 0.6–1.8 s to 0.1–0.8 s. The app
  // has no frames to look into.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  await movementEnded(page);
  const violations = await page.evaluate(async (tags) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: "tag", values: tags },
      // Only violations fail the audit: axe then skips describing every element that passed.
      resultTypes: ["violations"],
    });
    return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target.map(String) })) }));
  }, TAGS);
  return violations.map((violation) => {
    const where = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(" "))
      .join(" | ");
    return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}×: ${where})`;
  });
}

/**
 * Until whatever moves on the page with an end has ended (two seconds at most): a colour halfway through a
 * transition is neither the one before nor the one after, and axe would judge its contrast all the same.
 * Endless ones (a spinner) are not waited for.
 */
async function movementEnded(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    const ended = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** Opens each path in turn inside the app (as a link would), runs axe on each, and returns the findings. */
async function audit(label: string, paths: string[], storage: Record<string, string>): Promise<string[]> {
  const session = await newSession(browser, server);
  const { page, context } = session;
  const inFlight = requestsInFlight(page);
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const findings: string[] = [];
  const audited = new Set<string>();
  try {
    await page.goto(paths[0]);
    for (const path of paths) {
      // A page the caller may not open sends them to one already checked (their home, say).
      const shown = await openInApp(page, path, inFlight);
      if (shown !== new URL(path, server.url).pathname && audited.has(shown)) continue;
      audited.add(shown);
      // Quiet is not drawn: a page whose answer is in may not have committed it yet on a busy machine (the CI once
      // audited /notifications/1 between the two and found no h1). Every page names itself in one; a page that
      // never does is still audited, and axe says so.
      await page.locator("h1").first().waitFor({ state: "visible", timeout: 5_000 }).catch(() => undefined);
      for (const finding of await axeFindings(page)) findings.push(`${label} ${path} (shown: ${shown}): ${finding}`);
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

    // The audit can fail: on a page with an unnamed button, an image without a text and grey on grey, it says so.
    it("finds what a page gets wrong", async () => {
      const { page, context } = await newSession(browser, server);
      try {
        await page.setContent(`<html lang="en"><title>Planted</title><main><h1>Planted</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button><p style="color:#777;background:#888">Faint</p></main></html>`);
        const rules = (await axeFindings(page)).map((finding) => finding.split(":")[0]);
        expect(rules).toEqual(expect.arrayContaining(["[critical] image-alt", "[critical] button-name", "[serious] color-contrast"]));
      } finally {
        await context.close();
      }
    });

    it("finds nothing on the signed-out pages", async () => {
      const findings = await audit(`signed out, ${mode}:`, SIGNED_OUT_PATHS, theme);
      expect(findings, findings.join("\n")).toEqual([]);
    });

    // Every page as each caller, a share of the pages per test: one test for all of them outgrew the test time as pages were added.
    let paths: Promise<string[]> | undefined;
    for (const caller of CALLERS) {
      for (let part = 0; part < PARTS; part++) {
        it(`finds nothing on any page as the ${caller.kind} (part ${part + 1} of ${PARTS})`, async () => {
          paths ??= signedInPaths(server, adminToken);
          const share = (await paths).filter((_, index) => index % PARTS === part);
          const token = await apiToken(server, caller.email, caller.password);
          const findings = await audit(`${caller.kind}, ${mode}:`, share, { ...theme, auth_token: token, is_authenticated: "true" });
          expect(findings, findings.join("\n")).toEqual([]);
        });
      }
    }
  });
}
