import { screen, waitFor } from "@testing-library/react";
import { setupUser } from "./user";
import { describe, expect, it } from "vitest";
import { fakeApi } from "./fake-api";
import { renderAt } from "./render";
import { settle, toasts } from "./toasts";

describe("forgot password screen", () => {
  it("sends the address and then says, once, that a link is on its way if the account exists, with expiry and spam hints", async () => {
    const fake = fakeApi();
    fake.on("POST", "/password/forgot", [200, { message: "Password reset link has been sent to your email address" }]);
    renderAt("/forgot-password");
    await setupUser().type(await screen.findByLabelText("Email"), "employee@example.com");
    await setupUser().click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Check Your Email")).toBeInTheDocument();
    expect(screen.getByText("If an account exists for employee@example.com, a password reset link is on its way.")).toBeInTheDocument();
    expect(screen.getByText(/expires in 15 minutes/)).toBeInTheDocument();
    expect(screen.getByText(/spam folder/)).toBeInTheDocument();
    // The server does not say whether the address has an account: no toast claims a link was sent.
    await settle();
    expect(screen.queryByText(/has been sent/)).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);
    expect(fake.calls.at(-1)?.body).toEqual({ email: "employee@example.com" });
    await setupUser().click(screen.getByRole("link", { name: /Back to Login/ }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
  });

  it("requires a valid address", async () => {
    fakeApi();
    renderAt("/forgot-password");
    await setupUser().click(await screen.findByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByText("Value is required")).toBeInTheDocument();
  });

  it("shows the spec's fallback message when the server fails", async () => {
    const fake = fakeApi();
    fake.on("POST", "/password/forgot", [500, { message: "Something went wrong." }]);
    renderAt("/forgot-password");
    await setupUser().type(await screen.findByLabelText("Email"), "employee@example.com");
    await setupUser().click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to send reset email. Please try again.");
    // Said once, in the banner.
    expect(screen.getAllByText("Failed to send reset email. Please try again.")).toHaveLength(1);
    expect(toasts()).toEqual([]);
    expect(screen.queryByText("Check Your Email")).not.toBeInTheDocument();
  });

  it("passes on the server's reason, such as throttling", async () => {
    const fake = fakeApi();
    fake.on("POST", "/password/forgot", [429, { message: "Too many attempts. Try again in 12 minute(s)." }]);
    renderAt("/forgot-password");
    await setupUser().type(await screen.findByLabelText("Email"), "employee@example.com");
    await setupUser().click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Try again in 12 minute(s).");
  });
});
