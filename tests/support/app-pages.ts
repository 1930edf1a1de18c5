import type { Page, Request } from "playwright-core";
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
  const headers = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
  const first = async (api: string): Promise<number | undefined> => {
    const response = await fetch(`${server.url}/api/${api}?per_page=1`, { headers });
    return ((await response.json()) as { data: { id: number }[] }).data[0]?.id;
  };
  const someId = async (api: string): Promise<string> => {
    let id = await first(api);
    // The demo company has told nobody anything yet: the administrator sends themselves a notification to open.
    if (id === undefined && api === "notifications") {
      const me = (await (await fetch(`${server.url}/api/me`, { headers })).json()) as { data: { id: number } };
      const audience = { type: "users", user_ids: [me.data.id] };
      const body = JSON.stringify({ title: "Fire drill on Friday", message: "Everyone leaves by the main stairs at 3 pm.", link: "/employees", audience });
      const sent = await fetch(`${server.url}/api/notifications/system`, { method: "POST", headers, body });
      if (!sent.ok) throw new Error(`could not send a notification to open: ${sent.status}`);
      id = await first(api);
    }
    // Nor has it run payroll: the administrator creates a draft run of February to review.
    if (id === undefined && api === "payroll") {
      const body = JSON.stringify({ name: "February payroll", period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", people: "all" });
      const created = await fetch(`${server.url}/api/payroll`, { method: "POST", headers, body });
      if (!created.ok) throw new Error(`could not create a payroll run to open: ${created.status}`);
      id = await first(api);
    }
    if (id === undefined) throw new Error(`no ${api} record to open`);
    return String(id);
  };
  const paths: string[] = [ROUTES.profile];
  for (const resource of RESOURCES) {
    for (const path of Object.values(resource.routes)) {
      paths.push(path.includes(":id") ? path.replace(":id", await someId(resource.api ?? resource.name)) : path);
    }
  }
  return paths;
}

/**
 * Counts the page's API calls and code chunks in flight from now on: a page
 * opened in the app waits for both (its data, and its lazily loaded code).
 * Each request is kept by itself, so one begun before the count started
 * cannot take the count below what is really in flight.
 */
export function requestsInFlight(page: Page): () => number {
  const inFlight = new Set<Request>();
  // The notifications' live stream stays open as long as the page does: it is no call to wait for.
  const awaited = (url: string) => (url.includes("/api/") && !url.includes("/api/notifications/stream?")) || url.includes("/assets/");
  page.on("request", (request) => awaited(request.url()) && inFlight.add(request));
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  return () => inFlight.size;
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
