import { launchBrowser, newSession, startServer } from "./tests/support/e2e";
import { signIn } from "./tests/support/journey";

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await newSession(browser, server, { viewport: { width: 1440, height: 900 } });
  await page.goto("/login");
  await signIn(page, "admin@example.com", "Admin123!");
  await page.waitForURL((url) => url.pathname !== "/login");
  for (const [path, name] of [["/employees", "employees"], ["/deductions", "deductions"], ["/settings/system-settings", "system"]] as const) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/look-${name}.png` });
    await page.evaluate(() => document.querySelectorAll(".ant-table-content, .ant-table-body").forEach((el) => (el.scrollLeft = 10000)));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/look-${name}-right.png` });
  }
} finally {
  await browser.close();
  await server.stop();
}
