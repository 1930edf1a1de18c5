import { screen, waitFor } from "@testing-library/react";
import { setupUser } from "./user";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../../src/i18n/setup";
import { fakeApi } from "./fake-api";
import { renderAt } from "./render";
import { loadEveryLanguage } from "./session";
import { settle, toasts } from "./toasts";

const employee = {
  id: 3,
  name: "Emery Santos",
  email: "employee@example.com",
  access_level: 1,
  is_active: true,
  role: { id: 3, name: "Employee", permissions: '["attendance_access"]' },
  created_at: "2026-01-01T00:00:00Z",
};

function api() {
  const fake = fakeApi();
  fake.on("GET", "/public-config", [200, { data: { app_name: "Demo", admin_contact: "it@demo.test", allow_registration: false } }]);
  return fake;
}

describe("login screen", () => {
  it("shows the spec's texts, the administrator contact and the footer with the year", async () => {
    api();
    renderAt("/login");
    expect(await screen.findByText("Sign in to your payroll management dashboard and access your workspace")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByLabelText("Remember me")).not.toBeChecked();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    expect(await screen.findByText(/Contact your administrator at it@demo.test/)).toBeInTheDocument();
    expect(screen.getByTestId("copyright")).toHaveTextContent(String(new Date().getFullYear()));
  });

  it("validates before calling the server", async () => {
    const fake = api();
    renderAt("/login");
    await setupUser().click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findAllByText("Value is required")).toHaveLength(2);
    await setupUser().type(screen.getByLabelText("Email"), "not-an-address");
    await setupUser().click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Value is not a valid email address")).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/login")).toHaveLength(0);
  });

  it("shows and hides the password", async () => {
    api();
    renderAt("/login");
    const password = await screen.findByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    await setupUser().click(screen.getByRole("button", { name: "Show password" }));
    await waitFor(() => expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text"));
    await setupUser().click(screen.getByRole("button", { name: "Hide password" }));
    await waitFor(() => expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password"));
  });

  it("says a failed sign-in once: the server's message in the banner, no toast besides", async () => {
    const fake = api();
    fake.on("POST", "/login", [422, { message: "Invalid credentials" }]);
    renderAt("/login");
    await setupUser().type(await screen.findByLabelText("Email"), "employee@example.com");
    await setupUser().type(screen.getByLabelText("Password"), "wrong");
    await setupUser().click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByTestId("login-error")).toHaveTextContent("Invalid credentials");
    await settle();
    expect(screen.getAllByText("Invalid credentials")).toHaveLength(1);
    expect(screen.queryByText("Error")).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);
    expect(localStorage.getItem("auth_token")).toBeNull();
  });

  it("says 'Signing in...' while busy, then stores the session and returns to the redirect", async () => {
    const fake = api();
    let finish: () => void = () => {};
    fake.on("POST", "/login", (body) => {
      expect(body).toEqual({ email: "employee@example.com", password: "Employee123!", remember: true });
      return new Promise((resolve) => {
        finish = () => resolve([200, { token: "t0k3n", expires_at: "2026-12-01T00:00:00Z", user: employee }]);
      });
    });
    fake.on("GET", "/me", [200, { data: employee }]);
    fake.on("GET", "/user/settings", [200, { data: {} }]);
    renderAt("/login?redirect=%2Fuser-dashboard");
    await setupUser().type(await screen.findByLabelText("Email"), "employee@example.com");
    await setupUser().type(screen.getByLabelText("Password"), "Employee123!");
    await setupUser().click(screen.getByLabelText("Remember me"));
    await setupUser().click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("button", { name: /Signing in\.\.\./ })).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user-dashboard"));
    expect(localStorage.getItem("auth_token")).toBe("t0k3n");
    expect(localStorage.getItem("is_authenticated")).toBe("true");
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
  });

  it("explains a failed connection when sent back with error=connection_failed", async () => {
    api();
    renderAt("/login?error=connection_failed&message=Server%20unreachable");
    expect(await screen.findByText("Connection Error")).toBeInTheDocument();
    expect(screen.getByText("Server unreachable")).toBeInTheDocument();
  });
});

describe("login screen: a blocked account", () => {
  beforeAll(() => loadEveryLanguage(), 60_000);
  afterEach(async () => {
    vi.useRealTimers();
    await changeLanguage("en");
  });

  /** Signs in at 09:00 local time and is refused for 15 minutes. */
  async function refusedAtNine(retryAfter: Record<string, string>) {
    // Only the clock stands still: the screen's own timers keep running.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 2, 2, 9, 0, 0));
    const fake = api();
    fake.on("POST", "/login", [429, { message: "Too many attempts. Try again in 15 minute(s)." }, retryAfter]);
    renderAt("/login");
    await setupUser().type(await screen.findByLabelText(/^(Email|Adresse e-mail)$/), "employee@example.com");
    await setupUser().type(screen.getByLabelText(/^(Password|Mot de passe)$/), "Employee123!");
    await setupUser().click(screen.getByRole("button", { name: /^(Sign In|Se connecter)$/ }));
    return screen.findByTestId("login-error");
  }

  it("says at what time the block ends, in the reader's language", async () => {
    expect(await refusedAtNine({ "retry-after": "900" })).toHaveTextContent("Too many sign-in attempts. You can try again at 9:15 AM.");
  });

  it("writes the time the way a French reader does", async () => {
    await changeLanguage("fr");
    expect(await refusedAtNine({ "retry-after": "900" })).toHaveTextContent("Trop de tentatives de connexion. Vous pourrez réessayer à 09:15.");
  });

  it("shows the server's words when no end is given", async () => {
    expect(await refusedAtNine({})).toHaveTextContent("Too many attempts. Try again in 15 minute(s).");
  });
});
