import type { Page } from "playwright-core";
import { ROUTES } from "../../src/routing/guards";
import { RESOURCES } from "../../src/resources";
import type { RunningServer } from "./e2e";

/**
 * Every page of the app, for the journeys that look at all of them (axe, the
 * phone layout): a new resource's pages join through the resource list.
 */

export const SIGNED_OUT_PATHS = [ROUTES.login, ROUTES.forgotPassword, ROUTES.register, `${ROUTES.resetPassword}?token=x&email=nobody%40example.com`];

/** Every page path of the resource list (record pages with a real record: the first the administrator's list gives), and the own profile. */
export async function signedInPaths(server: RunningServer, adminToken: string): Promise<string[]> {
  const someId = async (api: string): Promise<string> => {
    const response = await fetch(`${server.url}/api/${api}?per_page=1`, { headers: { authorization: `Bearer ${adminToken}` } });
    const body = (await response.json()) as { data: { id: number }[] };
    if (!body.data[0]) throw new Error(`no ${api} record to open`);
    return String(body.data[0].id);
  };
  const paths: string[] = [ROUTES.profile];
  for (const resource of RESOURCES) {
    for (const path of Object.values(resource.routes)) {
      paths.push(path.includes(":id") ? path.replace(":id", await someId(resource.api ?? resource.name)) : path);
    }
  }
  return paths;
}

/** Counts the page's API calls in flight from now on. */
export function apiCallsInFlight(page: Page): () => number {
  let inFlight = 0;
  const isApi = (url: string) => url.includes("/api/");
  page.on("request", (request) => isApi(request.url()) && inFlight++);
  page.on("requestfinished", (request) => isApi(request.url()) && inFlight--);
  page.on("requestfailed", (request) => isApi(request.url()) && inFlight--);
  return () => inFlight;
}

/** Until the page has no API call in flight and no spinner, twice in a row. */
export async function settled(page: Page, inFlight: () => number): Promise<void> {
  let quiet = 0;
  for (let tries = 0; quiet < 2; tries++) {
    if (tries > 100) throw new Error(`${page.url()} never settled`);
    const busy = inFlight() > 0 || (await page.locator(".ant-spin-spinning").count()) > 0;
    quiet = busy ? 0 : quiet + 1;
    await page.waitForTimeout(100);
  }
}

/**
 * Opens the path inside the running app, as a link would (no reload), and waits until it settles.
 * Returns the pathname shown: a page the caller may not open sends them elsewhere.
 */
export async function openInApp(page: Page, path: string, inFlight: () => number): Promise<string> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await settled(page, inFlight);
  return new URL(page.url()).pathname;
}
