import { act, screen, waitFor } from "@testing-library/react";
import { setupUser } from "./user";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "./fake-api";
import { renderAt } from "./render";

const LINK = "/reset-password?token=abc123&email=employee%40example.com";

function validLink(minutes: number) {
  const fake = fakeApi();
  fake.on("POST", "/password/verify-token", [200, { data: { token_valid: true, time_remaining: minutes } }]);
  return fake;
}

afterEach(() => vi.useRealTimers());

describe("reset password screen", () => {
  it("says the link is invalid when the token or the email is missing", async () => {
    fakeApi();
    renderAt("/reset-password?token=abc123");
    expect(await screen.findByText("Invalid Reset Link")).toBeInTheDocument();
    expect(screen.getByText("Invalid reset link. Missing token or email.")).toBeInTheDocument();
    expect(screen.getByTestId("invalid-reasons").children).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Request New Reset Link" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.getByRole("link", { name: /Back to Login/ })).toHaveAttribute("href", "/login");
  });

  it("verifies first, then shows the form with a live checklist and strength meter", async () => {
    const fake = fakeApi();
    let answer: () => void = () => {};
    fake.on("POST", "/password/verify-token", (body) => {
      expect(body).toEqual({ token: "abc123", email: "employee@example.com" });
      return new Promise((resolve) => (answer = () => resolve([200, { data: { token_valid: true, time_remaining: 15 } }])));
    });
    renderAt(LINK);
    expect(await screen.findByText("Verifying Reset Link")).toBeInTheDocument();
    answer();
    const password = await screen.findByLabelText("New Password");
    expect(screen.getByTestId("expiry-note")).toHaveTextContent("15");
    await setupUser().type(password, "abcdef1");
    expect(screen.getByTestId("password-strength")).toHaveAttribute("data-strength", "medium");
    const met = () => [...screen.getByTestId("password-checklist").querySelectorAll("li")].map((item) => item.dataset.met);
    expect(met()).toEqual(["false", "false", "true", "true", "false"]);
    await setupUser().type(password, "A!");
    expect(screen.getByTestId("password-strength")).toHaveAttribute("data-strength", "strong");
    expect(met()).toEqual(["true", "true", "true", "true", "true"]);
  });

  it("shows the server's reason when the link is no longer valid", async () => {
    const fake = fakeApi();
    fake.on("POST", "/password/verify-token", [200, { data: { token_valid: false, time_remaining: 0, reason: "used" } }]);
    renderAt(LINK);
    expect(await screen.findByText("Invalid Reset Link")).toBeInTheDocument();
    expect(screen.getByText("This reset link has already been used. Request a new one.")).toBeInTheDocument();
  });

  it("warns at five minutes and switches to the invalid view with a toast when time runs out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    validLink(6);
    renderAt(LINK);
    expect(await screen.findByLabelText("New Password")).toBeInTheDocument();
    expect(screen.queryByTestId("expiry-warning")).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId("expiry-warning")).toHaveTextContent("Reset link expires soon!");
    expect(screen.getByTestId("expiry-warning")).toHaveTextContent("Only 5 minutes remaining");
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(screen.getByTestId("expiry-warning")).toHaveTextContent("Only 1 minute remaining");
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByText("Token Expired")).toBeInTheDocument();
    expect(screen.getByText("Invalid Reset Link")).toBeInTheDocument();
  });

  it("checks the rules and the confirmation before sending", async () => {
    const fake = validLink(15);
    renderAt(LINK);
    await setupUser().type(await screen.findByLabelText("New Password"), "short");
    await setupUser().type(screen.getByLabelText("Confirm New Password"), "different");
    await setupUser().click(screen.getByRole("button", { name: "Reset Password" }));
    // Both rules answer asynchronously, and each answer redraws the field's messages: check them together.
    await waitFor(() => {
      expect(screen.getByText("This field should be at least 8 characters long")).toBeInTheDocument();
      expect(screen.getByText("Passwords must match")).toBeInTheDocument();
    });
    expect(fake.calls.some((call) => call.url === "/password/reset")).toBe(false);
  });

  it("shows the first password error the server gives", async () => {
    const fake = validLink(15);
    fake.on("POST", "/password/reset", [
      422,
      { message: "Password must contain at least one special character", errors: { password: ["Password must contain at least one special character"] } },
    ]);
    renderAt(LINK);
    await setupUser().type(await screen.findByLabelText("New Password"), "Abcdefg1!");
    await setupUser().type(screen.getByLabelText("Confirm New Password"), "Abcdefg1!");
    await setupUser().click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Password must contain at least one special character");
  });

  it("confirms success and goes to the login page three seconds later", async () => {
    const fake = validLink(15);
    fake.on("POST", "/password/reset", [200, { message: "Your password has been reset successfully!" }]);
    renderAt(LINK);
    await setupUser().type(await screen.findByLabelText("New Password"), "N3w!Passw0rd");
    await setupUser().type(screen.getByLabelText("Confirm New Password"), "N3w!Passw0rd");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await setupUser().click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("Password Reset Successful!")).toBeInTheDocument();
    expect(screen.getByText("Your password has been reset successfully!")).toBeInTheDocument();
    expect(fake.calls.at(-1)?.body).toEqual({
      token: "abc123",
      email: "employee@example.com",
      password: "N3w!Passw0rd",
      password_confirmation: "N3w!Passw0rd",
    });
    expect(screen.getByTestId("location")).toHaveTextContent("/reset-password");
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login"));
  });
});

describe("an invitation's link on the same screen", () => {
  it("welcomes the new person, says until when it works, and sets their first password", async () => {
    const fake = fakeApi();
    fake.on("POST", "/password/verify-token", [200, { data: { token_valid: true, time_remaining: 7 * 24 * 60, purpose: "invitation" } }]);
    fake.on("POST", "/password/reset", [200, { message: "Your password is set. Sign in with your e-mail and the password you chose." }]);
    renderAt(LINK);
    expect(await screen.findByText("Welcome! Choose your password")).toBeInTheDocument();
    expect(screen.getByText("Your Paydesk account is employee@example.com. Choose the password you will sign in with.")).toBeInTheDocument();
    expect(screen.getByTestId("expiry-note")).toHaveTextContent(/^This invitation works until /);
    await setupUser().type(screen.getByLabelText("New Password"), "Fresh#Start26");
    await setupUser().type(screen.getByLabelText("Confirm New Password"), "Fresh#Start26");
    await setupUser().click(screen.getByRole("button", { name: "Set my password" }));
    expect(await screen.findByText("Your password is set")).toBeInTheDocument();
    expect(fake.calls.find((call) => call.url === "/password/reset")?.body).toEqual({ token: "abc123", email: "employee@example.com", password: "Fresh#Start26", password_confirmation: "Fresh#Start26" });
  });

  it("says what to do when the invitation has expired", async () => {
    const fake = fakeApi();
    fake.on("POST", "/password/verify-token", [200, { data: { token_valid: false, time_remaining: 0, reason: "expired", purpose: "invitation" } }]);
    renderAt(LINK);
    expect(await screen.findByText("This invitation cannot be used")).toBeInTheDocument();
    expect(screen.getByText("This invitation has expired. Ask your administrator to send it again, or request a link by e-mail.")).toBeInTheDocument();
    expect(screen.getByText("it is older than 7 days (it expired)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Request a link by e-mail" })).toHaveAttribute("href", "/forgot-password");
  });
});
