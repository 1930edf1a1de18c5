/**
 * Screenshots of the built app for a person to look at: each page given, at
 * desktop (1440 × 900) and phone (390 × 844) width, in each language and colour
 * mode asked for, signed in as the demo administrator (or signed out for the
 * sign-in screens). `npm run screenshots -- [--out DIR] [--lang en,jp,fr]
 * [--mode light,dark] [--path /employees,/roles]`; the app must be built.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { apiToken, assertAppBuilt, launchBrowser, startServer } from "../tests/support/e2e";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "screenshots" },
    lang: { type: "string", default: "en,jp,fr" },
    mode: { type: "string", default: "light,dark" },
    path: { type: "string", default: "/login,/dashboard,/employees,/employees/create,/roles,/dashboard/system-activities,/profile" },
    email: { type: "string", default: "admin@example.com" },
    password: { type: "string", default: "Admin123!" },
  },
});

const WIDTHS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];
const SIGNED_OUT = new Set(["/login", "/forgot-password", "/register"]);
const list = (value: string) => value.split(",").filter(Boolean);

async function saveChoices(url: string, token: string, preferences: { language: string; dark_mode: boolean }): Promise<void> {
  const response = await fetch(`${url}/api/me/profile`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ preferences }),
  });
  if (!response.ok) throw new Error(`saving the preferences failed (${response.status}): ${await response.text()}`);
}

assertAppBuilt();
fs.mkdirSync(values.out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const token = await apiToken(server, values.email, values.password);
  for (const language of list(values.lang)) {
    for (const mode of list(values.mode)) {
      // The account's saved choices win over this browser's once the app opens.
      await saveChoices(server.url, token, { language, dark_mode: mode === "dark" });
      for (const size of WIDTHS) {
        const context = await browser.newContext({ baseURL: server.url, viewport: size, reducedMotion: "reduce" });
        for (const route of list(values.path)) {
          const signedIn = !SIGNED_OUT.has(route);
          const page = await context.newPage();
          await page.addInitScript(
            ({ code, dark, auth }) => {
              localStorage.setItem("locale", JSON.stringify({ code, language: code }));
              localStorage.setItem("theme_dark", String(dark));
              if (auth) {
                localStorage.setItem("auth_token", auth);
                localStorage.setItem("is_authenticated", "true");
              } else {
                localStorage.removeItem("auth_token");
                localStorage.removeItem("is_authenticated");
              }
            },
            { code: language, dark: mode === "dark", auth: signedIn ? token : null },
          );
          await page.goto(route);
          await page.waitForLoadState("networkidle");
          await page.waitForTimeout(300);
          const file = path.join(values.out, `${route.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}.${language}.${mode}.${size.name}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(file);
          await page.close();
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
