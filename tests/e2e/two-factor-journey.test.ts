/**
 * Two-factor sign-in in headless Chromium: an employee sets it up on their
 * profile with a code computed here from the key the page shows, signs out,
 * signs in with the password and a computed code, signs out, and signs in
 * with one of the recovery codes the profile showed once.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode } from "../../server/lib/totp";
import { journeyHooks, message, signIn, signOut, waitForPath } from "../support/journey";

const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };
const journey = journeyHooks();

/** The password step, then the second step's code. */
async function signInWithCode(page: Page, code: string): Promise<void> {
  await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
  await page.getByRole("heading", { name: message("secondStep.twoFactorTitle") }).waitFor();
  await page.getByLabel(message("secondStep.twoFactorCode"), { exact: true }).fill(code);
  await page.getByRole("button", { name: message("secondStep.twoFactorVerify") }).click();
  await waitForPath(page, "/user-payslips");
}

describe("two-factor sign-in", () => {
  it("is set up on the profile, then asked for at sign-in: a code from the app, and a recovery code", async () => {
    const { page } = journey;
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await waitForPath(page, "/user-payslips");
    await page.goto("/profile");
    const card = page.getByTestId("two-factor-card");
    await card.getByRole("button", { name: message("twoFactor.start") }).click();
    await card.getByRole("img", { name: message("secondStep.qrAlt") }).waitFor();
    const secret = (await card.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await journey.audit()).toEqual([]);

    await card.getByLabel(message("twoFactor.codeLabel"), { exact: true }).fill(totpCode(secret, new Date()));
    await card.getByRole("button", { name: message("twoFactor.confirm"), exact: true }).click();
    const list = card.getByRole("list", { name: message("secondStep.codesTitle") });
    await list.waitFor();
    const codes = await list.getByRole("listitem").allInnerTexts();
    expect(codes).toHaveLength(10);
    await card.getByRole("button", { name: message("secondStep.codesContinue") }).click();
    await card.getByText(message("twoFactor.on"), { exact: true }).waitFor();

    // The code of the next 30-second step: the enrolment took this one, and a code is taken once.
    await signOut(page);
    await signInWithCode(page, totpCode(secret, new Date(Date.now() + 30_000)));

    await signOut(page);
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await page.getByRole("heading", { name: message("secondStep.twoFactorTitle") }).waitFor();
    expect(await journey.audit()).toEqual([]);
    await page.getByLabel(message("secondStep.twoFactorCode"), { exact: true }).fill(codes[0]);
    await page.getByRole("button", { name: message("secondStep.twoFactorVerify") }).click();
    await waitForPath(page, "/user-payslips");
    await page.goto("/profile");
    // Nine recovery codes are left.
    await page.getByTestId("two-factor-card").getByText(message("twoFactor.codesLeft_other").replace("{{count}}", "9"), { exact: false }).waitFor();
  });
});
