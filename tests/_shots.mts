import { chromium } from "playwright-core";
import { startServer, apiToken } from "./support/e2e";
const server = await startServer();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
try {
  for (const [name, viewport, dark, path, who] of [
    ["dash-desktop", { width: 1440, height: 900 }, false, "/dashboard", "admin"],
    ["dash-phone-dark", { width: 390, height: 844 }, true, "/dashboard", "admin"],
    ["user-desktop", { width: 1280, height: 900 }, false, "/user-dashboard", "employee"],
    ["check-desktop", { width: 1280, height: 900 }, false, "/settings-test", "admin"],
  ] as const) {
    const context = await browser.newContext({ viewport, colorScheme: dark ? "dark" : "light" });
    const page = await context.newPage();
    const creds = who === "admin" ? ["admin@example.com", "Admin123!"] : ["employee@example.com", "Employee123!"];
    const token = await apiToken(server, creds[0], creds[1]);
    if (dark) await fetch(`${server.url}/api/user/settings`, { method: "PUT", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ dark_mode: true }) });
    await page.goto(server.url + "/login");
    await page.evaluate((t) => { localStorage.setItem("auth_token", t); localStorage.setItem("is_authenticated", "true"); }, token);
    await page.goto(server.url + path);
    await page.waitForTimeout(4000);
    await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
