/**
 * Signing out from the account menu: asks first, revokes the token, and
 * always ends on the sign-in screen with the session gone from this browser,
 * whatever the server answers.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { setupUser, type User } from "./user";
import { beforeAll, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { meAs, signedInAs } from "./session";

const EMPLOYEE = meAs(7, 1, "Emery Santos", null);

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/user-dashboard")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

async function signOutFromMenu(user: User) {
  await user.click(await screen.findByRole("button", { name: /account menu/ }));
  await user.click(await screen.findByRole("menuitem", { name: /Sign out/ }));
  const dialog = await screen.findByRole("dialog");
  // antd keeps a second, hidden copy of the title for its motion.
  expect(within(dialog).getAllByText("Sign out?").length).toBeGreaterThan(0);
  await user.click(within(dialog).getByRole("button", { name: "Sign out" }));
}

describe("signing out", () => {
  it.each([
    ["the server revokes the token", [200, { message: "Logged out." }] as [number, unknown]],
    ["the token was already gone", [401, { message: "Please log in." }] as [number, unknown]],
    ["the server cannot be reached", "network-error" as const],
  ])("ends on the sign-in screen with the session forgotten when %s", async (_case, answer) => {
    const user = setupUser();
    const fake = signedInAs(EMPLOYEE);
    fake.on("POST", "/logout", answer);
    renderAt("/user-dashboard");
    await signOutFromMenu(user);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toMatch(/^\/login/));
    expect(fake.calls.filter((call) => call.method === "POST" && call.url === "/logout")).toHaveLength(1);
    expect(localStorage.getItem("auth_token")).toBeNull();
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeInTheDocument();
  });

  it("stays signed in when the question is cancelled", async () => {
    const user = setupUser();
    const fake = signedInAs(EMPLOYEE);
    renderAt("/user-dashboard");
    await user.click(await screen.findByRole("button", { name: /account menu/ }));
    await user.click(await screen.findByRole("menuitem", { name: /Sign out/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(fake.calls.some((call) => call.url === "/logout")).toBe(false);
    expect(screen.getByTestId("location")).toHaveTextContent("/user-dashboard");
    expect(localStorage.getItem("auth_token")).toBe("stored-token");
  });
});
