/**
 * The signed-in shell by keyboard: a "skip to content" link comes first and
 * takes the keyboard past the menu and header to the page.
 */
import { screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderAt } from "./render";
import { meAs, signedInAs } from "./session";
import { setupUser } from "./user";

beforeAll(async () => {
  await import("../../src/SignedInApp");
}, 60_000);

describe("keyboard", () => {
  it("offers 'Skip to content' first, and it takes the keyboard to the page", async () => {
    const user = setupUser();
    signedInAs(meAs(1, 0, "Alex Admin"));
    renderAt("/dashboard");
    await screen.findByTestId("user-menu");
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to content" });
    expect(skip).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(document.activeElement?.id).toBe("main-content"));
    expect(document.getElementById("main-content")).toContainElement(await screen.findByTestId("identity"));
  }, 60_000);
});
