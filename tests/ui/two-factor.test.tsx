/**
 * Two-factor sign-in on one's profile: set up (QR code, key, a first code,
 * the recovery codes once), turned off with the password and a code, new
 * recovery codes; and an administrator's reset from a person's record.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { meAs, person, signedInAs } from "./session";
import { setupUser } from "./user";

beforeAll(async () => {
  // The screens are lazy chunks: loaded once up front, so no test pays for the first import.
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/profile/ProfilePage"), import("../../src/pages/users")]);
}, 60_000);

const EMPLOYEE = meAs(7, 1, "Emery Cole", ["attendance_access"]);
const OFF = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };
const ON = { enabled: true, enabled_at: "2026-03-02T09:00:00Z", recovery_codes_left: 10, required: false };
const SETUP = { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x", qr_code: "data:image/svg+xml;base64,PHN2Zy8+", enrolment: "3nr0l", expires_at: "2026-03-02T09:15:00Z" };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function profile(status: object) {
  const fake = signedInAs(EMPLOYEE);
  fake.on("GET", "/user", [200, { data: person(7, "Emery", "Cole") }]);
  fake.on("GET", "/me/sessions", [200, { data: [] }]);
  fake.on("GET", "/me/two-factor", [200, { data: status }]);
  return fake;
}

const card = async () => (await screen.findByTestId("two-factor-card")) as HTMLElement;

describe("two-factor sign-in on one's profile", () => {
  it("sets it up: the QR code and the key, a first code (a wrong one refused on the field), then the recovery codes once", async () => {
    const user = setupUser();
    const fake = profile(OFF);
    fake.on("POST", "/me/two-factor/setup", [200, { data: SETUP }]);
    fake.on("POST", "/me/two-factor/enable", (body) => {
      if ((body as { code: string }).code !== "123456") return [422, { message: "That code is not right", errors: { code: ["That code is not right"] } }];
      fake.on("GET", "/me/two-factor", [200, { data: ON }]);
      return [200, { data: { recovery_codes: CODES }, message: "Two-factor sign-in is on." }];
    });
    renderAt("/profile");
    const box = await card();
    expect(await within(box).findByText("Off")).toBeInTheDocument();
    await user.click(within(box).getByRole("button", { name: "Set up two-factor sign-in" }));
    expect(await within(box).findByRole("img", { name: "QR code to add Paydesk to your authenticator app" })).toHaveAttribute("src", SETUP.qr_code);
    expect(within(box).getByTestId("two-factor-secret")).toHaveTextContent("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    await user.type(within(box).getByLabelText("Code from the app"), "000000");
    await user.click(within(box).getByRole("button", { name: "Turn on" }));
    expect(await within(box).findByText("That code is not right")).toBeInTheDocument();
    await user.clear(within(box).getByLabelText("Code from the app"));
    await user.type(within(box).getByLabelText("Code from the app"), "123456");
    await user.click(within(box).getByRole("button", { name: "Turn on" }));
    const list = await within(box).findByRole("list", { name: "Your recovery codes" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual(CODES);
    expect(fake.calls.filter((call) => call.url === "/me/two-factor/enable").at(-1)?.body).toEqual({ enrolment: "3nr0l", code: "123456" });
    await user.click(within(box).getByRole("button", { name: "I have saved them" }));
    expect(await within(box).findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(within(box).getByText("On")).toBeInTheDocument();
  }, 40_000);

  it("turns it off with the password and a code", async () => {
    const user = setupUser();
    const fake = profile(ON);
    fake.on("POST", "/me/two-factor/disable", () => {
      fake.on("GET", "/me/two-factor", [200, { data: OFF }]);
      return [200, { message: "Two-factor sign-in is off." }];
    });
    renderAt("/profile");
    const box = await card();
    await user.click(await within(box).findByRole("button", { name: "Turn off" }));
    await user.type(within(box).getByLabelText("Your password"), "Employee123!");
    await user.type(within(box).getByLabelText("Code from the app, or a recovery code"), "abcd0-efgh0");
    await user.click(within(box).getByRole("button", { name: "Turn off" }));
    expect(await within(box).findByRole("button", { name: "Set up two-factor sign-in" })).toBeInTheDocument();
    expect(fake.calls.find((call) => call.url === "/me/two-factor/disable")?.body).toEqual({ password: "Employee123!", code: "abcd0-efgh0" });
  }, 40_000);

  it("offers no way to turn it off when it is required, but new recovery codes", async () => {
    const user = setupUser();
    const fake = profile({ ...ON, required: true, recovery_codes_left: 2 });
    fake.on("POST", "/me/two-factor/recovery-codes", [200, { data: { recovery_codes: CODES }, message: "New recovery codes made: the old ones no longer work." }]);
    renderAt("/profile");
    const box = await card();
    expect(await within(box).findByText("Required for your account by your organisation.")).toBeInTheDocument();
    expect(within(box).getByText(/2 recovery codes left/)).toBeInTheDocument();
    expect(within(box).queryByRole("button", { name: "Turn off" })).not.toBeInTheDocument();
    await user.click(within(box).getByRole("button", { name: "New recovery codes" }));
    await user.type(within(box).getByLabelText("Code from the app, or a recovery code"), "123456");
    await user.click(within(box).getByRole("button", { name: "Make new codes" }));
    expect(await within(box).findByRole("list", { name: "Your recovery codes" })).toBeInTheDocument();
  }, 40_000);
});

describe("an administrator's reset", () => {
  it("resets a person's two-factor sign-in from their record after a question", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(1, 0, "Alex Admin", null));
    const record = { ...person(9, "Dana", "Cruz"), two_factor: { enabled: true, enabled_at: "2026-03-02T09:00:00Z" } };
    fake.on("GET", "/users/9/profile", [200, { data: { user: record, recent_activity: [] } }]);
    fake.on("POST", "/users/9/two-factor/reset", [200, { data: { reset: true }, message: "Their two-factor sign-in was reset." }]);
    renderAt("/employee-profile/9");
    await user.click(await screen.findByRole("button", { name: "Reset two-factor sign-in" }));
    expect(await screen.findByText("Reset the two-factor sign-in of Dana Cruz?")).toBeInTheDocument();
    const buttons = await screen.findAllByRole("button", { name: "Reset two-factor sign-in" });
    await user.click(buttons.at(-1)!);
    await waitFor(() => expect(fake.calls.some((call) => call.url === "/users/9/two-factor/reset")).toBe(true));
    expect(await screen.findByText("Their two-factor sign-in was reset.")).toBeInTheDocument();
  }, 40_000);
});
