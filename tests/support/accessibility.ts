import axe from "axe-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { requestsInFlight, openInApp, SIGNED_OUT_PATHS, signedInPaths } from "./app-pages";
import { apiToken, launchBrowser, newSession, startServer, type RunningServer } from "./e2e";

/**
 * axe-core (WCAG 2.0 A and AA, 2.1 AA, best practices) on every page of the
 * app's resource list, signed out and as each kind of demo user, in light and
 * in dark: no violation of any impact. A new resource's pages join through the
 * list. Each page is opened once and audited in the colour mode it shows, then,
 * after the header's dark-mode switch, in the other: two files, one per mode,
 * each opening every page, took 135 s each side by side; this one 219 s beside
 * the other journeys (full e2e 478 s -> 399 s).
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * The signed-in pages are checked in this many tests per caller, each in a browser context of its own (about
 * two seconds to open and sign in beside the other files). Both modes in each: 10–20 s a part alone here.
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
 * Endless ones (a spinner) are not waited for, nor a click's ripple (antd's wave: a box with no text, fading for
 * two seconds after the colour-mode switch is pressed).
 */
async function movementEnded(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ripple = (animation: Animation) => ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains("ant-wave") === true;
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity && !ripple(animation));
    const ended = Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

type Mode = "light" | "dark";

const shownMode = (page: Page): Promise<Mode> => page.evaluate(() => (document.documentElement.dataset.theme === "dark" ? "dark" : "light"));

/**
 * Turns the page to the other colour mode with the dark-mode switch every page has (the header, the signed-out
 * and the whole-page messages' corner), as a person would: pressed again if a press did not take. In a full e2e
 * run a press on /unauthorized once changed nothing (not seen again alone in four runs of its part).
 */
async function switchMode(page: Page, to: Mode): Promise<void> {
  const toggle = page.getByTestId("dark-mode-switch").locator("visible=true");
  for (let press = 1; ; press++) {
    if ((await toggle.count()) === 0) throw new Error(`${page.url()} has no dark-mode switch to audit its other colour mode with`);
    // A click in the page, not a pointer's: a dialog's mask over the header must not stop it. Taken or not is read
    // off the switch on the page then (it shows the app's mode), after a press's update has had time to be drawn.
    const taken = await toggle.first().evaluate(async (element, dark) => {
      (element as HTMLElement).click();
      const shows = () => document.querySelector('[data-testid="dark-mode-switch"]')?.getAttribute("aria-checked") === String(dark);
      for (const started = Date.now(); !shows() && Date.now() - started < 2_000; ) await new Promise((resolve) => setTimeout(resolve, 50));
      return shows();
    }, to === "dark");
    if (taken) break;
    if (press === 3) throw new Error(`${page.url()} stayed ${to === "dark" ? "light" : "dark"} after its dark-mode switch was pressed three times`);
  }
  await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, to);
}

/** Opens each path in turn inside the app (as a link would), runs axe on each in both colour modes, and returns the findings. */
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
      // The mode the last page ended in first, then the other: one switch per page.
      const first = await shownMode(page);
      for (const mode of [first, first === "dark" ? "light" : "dark"] as const) {
        if (mode !== first) await switchMode(page, mode);
        // Quiet is not drawn: a page whose answer is in may not have committed it yet on a busy machine (the CI once
        // audited /notifications/1 between the two and found no h1; a full run once found none on the system
        // settings in its dark pass). Every page names itself in one; a page that never does is still audited,
        // and axe says so.
        await page.locator("h1").first().waitFor({ state: "visible", timeout: 15_000 }).catch(() => undefined);
        for (const finding of await axeFindings(page)) findings.push(`${label} ${mode}, ${path} (shown: ${shown}): ${finding}`);
      }
    }
  } finally {
    await context.close();
  }
  return findings;
}

/** The suite of both colour modes: its own server, the signed-out pages, then every page as each demo user. */
export function auditEveryPage(): void {
  describe("accessibility (axe, WCAG 2.1 AA), light and dark", () => {
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
      const findings = await audit("signed out,", SIGNED_OUT_PATHS, {});
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
          const findings = await audit(`${caller.kind},`, share, { auth_token: token, is_authenticated: "true" });
          expect(findings, findings.join("\n")).toEqual([]);
        });
      }
    }
  });
}
