import { launchBrowser, newSession, startServer } from "./tests/support/e2e";
import { signIn } from "./tests/support/journey";

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await newSession(browser, server, { viewport: { width: 1440, height: 900 } });
  await signIn(page, "admin@example.com", "Admin123!");
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto("/settings/system-settings");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/look-menu-settings.png` });
  await page.goto("/deductions");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/look-menu-deductions.png` });
  await page.getByRole("button", { name: "Narrow the menu to icons" }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/look-menu-collapsed.png` });
  const phone = await newSession(browser, server, { viewport: { width: 390, height: 844 } });
  await signIn(phone.page, "admin@example.com", "Admin123!");
  await phone.page.waitForURL((url) => url.pathname !== "/login");
  await phone.page.goto("/leave/calendar");
  await phone.page.waitForLoadState("networkidle");
  await phone.page.getByRole("button", { name: "Open menu" }).click();
  await phone.page.waitForTimeout(600);
  await phone.page.screenshot({ path: `/tmp/look-menu-phone.png` });
} finally {
  await browser.close();
  await server.stop();
}
