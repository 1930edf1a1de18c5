/**
 * Sessions one can end, in headless Chromium: an employee signed in on a
 * laptop and a phone sees both on their profile, signs the phone out from
 * the laptop, and the phone's next visit lands on the sign-in page.
 */
import { afterEach, describe, expect, it } from "vitest";
import { newSession, type BrowserSession } from "../support/e2e";
import { journeyHooks, message, signIn, waitForPath } from "../support/journey";

const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };
const PHONE_AGENT = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const journey = journeyHooks();
let phone: BrowserSession | null = null;
afterEach(async () => {
  await phone?.context.close();
  phone = null;
});

describe("signed-in devices", () => {
  it("lists the phone on the laptop's profile, signs it out from there, and the phone must sign in again", async () => {
    phone = await newSession(journey.browser, journey.server, { userAgent: PHONE_AGENT, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(phone.page, EMPLOYEE.email, EMPLOYEE.password);
    await waitForPath(phone.page, "/user-payslips");

    const { page } = journey;
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await waitForPath(page, "/user-payslips");
    await page.goto("/profile");
    const card = page.locator(".ant-card").filter({ hasText: message("sessions.title") });
    await card.getByText("Safari 18 · iOS 18.1").waitFor();
    await card.getByText(message("sessions.thisDevice")).waitFor();
    expect(await journey.audit()).toEqual([]);

    await card.getByRole("button", { name: "Sign out Safari 18 · iOS 18.1" }).click();
    await page.getByRole("button", { name: message("sessions.signOut"), exact: true }).click();
    await card.getByText(message("sessions.onlyThis")).waitFor();
    await page.getByText(message("sessions.ended")).first().waitFor();

    // The phone's token is gone: its next call is refused and the app asks it to sign in.
    await phone.page.goto("/user-dashboard");
    await waitForPath(phone.page, "/login");
  });
});
