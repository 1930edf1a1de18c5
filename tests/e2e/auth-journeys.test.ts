import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { resetLinkIn, type RunningServer } from "../support/e2e";
import { journeyHooks, message, signOut, waitForLocation } from "../support/journey";

/**
 * The sign-in journeys against the built app served by the real server
 * (spec sections 2, 4, 8, 9), in headless Chromium. One server per file, on a
 * copy of the run's demo company (tests/support/e2e-run.ts);
 * every test gets a fresh browser context (own local storage).
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!", name: "Alex Admin" };
const HR = { email: "hr@example.com", password: "Hr123456!", name: "Harper Reyes" };
const EMPLOYEE = { email: "employee@example.com", password: "Employee123!", name: "Emery Santos" };

const journey = journeyHooks();
let page: Page;
let server: RunningServer;

beforeEach(() => {
  ({ page, server } = journey);
});

/** Waits for the location to match: pathname exactly, and the query when given. */
function at(pathname: string, search?: string): Promise<URL> {
  return waitForLocation(page, (url) => url.pathname === pathname && (search === undefined || url.search === search), `${pathname}${search ?? ""}`);
}

const submitButton = () => page.locator("form button[type=submit]");

async function fillSignIn(email: string, password: string): Promise<void> {
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(password);
  await submitButton().click();
}

async function signIn(user: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  await fillSignIn(user.email, user.password);
}

async function bannerText(): Promise<string> {
  const banner = page.getByTestId("login-error");
  await banner.waitFor();
  return (await banner.innerText()).trim();
}

const dataTheme = () => page.evaluate(() => document.documentElement.dataset.theme);

describe("signing in", () => {
  it("takes the administrator to /dashboard, which shows their name", async () => {
    await signIn(ADMIN);
    await at("/dashboard");
    await page.getByTestId("identity").getByText(ADMIN.name).waitFor();
    expect(await page.getByTestId("user-menu").innerText()).toContain(ADMIN.name);
  });

  it("takes the employee to /user-payslips", async () => {
    await signIn(EMPLOYEE);
    await at("/user-payslips");
    await page.getByRole("heading", { name: message("userPayslips.title") }).waitFor();
  });

  it("sends the employee who types /dashboard in the address bar to /user-dashboard", async () => {
    await signIn(EMPLOYEE);
    await at("/user-payslips");
    await page.goto("/dashboard");
    await at("/user-dashboard");
    await page.getByTestId("identity").getByText(EMPLOYEE.name).waitFor();
  });

  it("sends a signed-out visit of /user-dashboard to sign in, and back there afterwards", async () => {
    await page.goto("/user-dashboard");
    await at("/login", "?redirect=%2Fuser-dashboard");
    await fillSignIn(EMPLOYEE.email, EMPLOYEE.password);
    await at("/user-dashboard");
    await page.getByTestId("identity").getByText(EMPLOYEE.name).waitFor();
  });

  it("shows 'Invalid credentials' in the banner for a wrong password", async () => {
    await signIn({ email: ADMIN.email, password: "Wrong-password1!" });
    expect(await bannerText()).toContain("Invalid credentials");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});

describe("forgotten password", () => {
  // HR's password changes here; the other journeys use the admin and the employee.
  it("mails a reset link that sets a new password; the old one stops working", async () => {
    const newPassword = "Fresh#Start2026";
    const mailsBefore = server.mails().length;

    await page.goto("/forgot-password");
    await page.locator("input[type=email]").fill(HR.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Check Your Email").waitFor();

    const mail = await server.waitForMail((candidate) => candidate.to === HR.email, { afterCount: mailsBefore });
    const link = resetLinkIn(mail);
    expect(new URL(link).origin).toBe(server.url);

    // The page runs on a clock the test holds: the success screen's time is counted in the page's
    // own time, whatever the machine's speed or the time of day.
    await page.clock.install();
    await page.goto(link);
    await page.getByText("New Password", { exact: true }).waitFor();
    await page.locator("#password").fill(newPassword);
    await page.locator("#password_confirmation").fill(newPassword);
    // Stop the page's time a little ahead of now (it cannot be set back): no timer fires unless the test moves it.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5_000));
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByText("Password Reset Successful!").waitFor();

    // The success screen stays ~3 s (at least 2), then the app goes to sign in by itself (within 10).
    await page.clock.runFor(2_000);
    expect(await page.evaluate(() => location.pathname)).toBe("/reset-password");
    await page.getByText("Password Reset Successful!").waitFor();
    await page.clock.runFor(8_000);
    await at("/login");
    await page.clock.resume();

    await fillSignIn(HR.email, HR.password);
    expect(await bannerText()).toContain("Invalid credentials");

    await fillSignIn(HR.email, newPassword);
    await page.waitForURL((url) => url.pathname !== "/login");
    await page.getByTestId("identity").getByText(HR.name).waitFor();
  });
});

describe("sign-in page preferences", () => {
  it("switches the Sign In button's language to Japanese, then French", async () => {
    const english = message("login.submit");
    await page.goto("/login");
    expect((await submitButton().innerText()).trim()).toBe(english);

    for (const [code, htmlLang] of [
      ["jp", "ja"],
      ["fr", "fr"],
    ] as const) {
      const expected = message("login.submit", code);
      await page.getByTestId("language-select").selectOption(code);
      await page.waitForFunction((lang) => document.documentElement.lang === lang, htmlLang);
      await page.waitForFunction((text) => document.querySelector("form button[type=submit]")?.textContent?.trim() === text, expected);
      expect(expected, `locales/${code}.json login.submit must be translated, not the English "${english}"`).not.toBe(english);
    }
  });

  it("keeps dark mode across a reload", async () => {
    await page.goto("/login");
    await submitButton().waitFor();
    expect(await dataTheme()).toBe("light");

    await page.getByTestId("dark-mode-switch").click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    expect(await page.evaluate(() => localStorage.getItem("theme_dark"))).toBe("true");

    await page.reload();
    await submitButton().waitFor();
    expect(await dataTheme()).toBe("dark");
    expect(await page.getByTestId("dark-mode-switch").getAttribute("aria-checked")).toBe("true");
  });
});

describe("signing out", () => {
  it("asks first, then leaves for /login, and protected pages need a new sign-in", async () => {
    await signIn(EMPLOYEE);
    await at("/user-payslips");

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();

    await page.goto("/user-dashboard");
    await at("/login", "?redirect=%2Fuser-dashboard");
  });
});
