/**
 * `npm start` on a built checkout (test:e2e builds first): scripts/start.mjs
 * finds the build current and starts the bundled server at once, without
 * building again; the app and the API answer from it, the demo seeded.
 */
import { afterAll, describe, expect, it } from "vitest";
import { apiToken, startServer, type RunningServer } from "../support/e2e";

let server: RunningServer | null = null;
afterAll(async () => server?.stop());

describe("npm start", () => {
  it("serves the built app and the API from the bundled server without building again", async () => {
    server = await startServer({ command: ["scripts/start.mjs"] });
    expect(server.lines.join("\n")).not.toMatch(/Building|building/);
    expect(server.lines.join("\n")).toContain("Paydesk is running at");
    const page = await fetch(`${server.url}/employees`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const token = await apiToken(server, "admin@example.com", "Admin123!");
    const me = await fetch(`${server.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    // The reference reads the app's version and logo beside the code, wherever the code runs from.
    expect((await fetch(`${server.url}/api/docs/json`)).status).toBe(200);
    console.log(`npm start (scripts/start.mjs) on a built checkout answered in ${(server.startupMs / 1000).toFixed(2)} s, the demo seeded on first start`);
  });
});
