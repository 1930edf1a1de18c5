import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Me } from "../../contracts/auth";
import { syncFromStorage } from "../../src/auth/store";
import { fakeApi } from "./fake-api";
import { renderAt } from "./render";

const user = (access_level: number, name: string): Me => ({
  id: access_level + 1,
  name,
  email: `${name.toLowerCase()}@example.com`,
  access_level,
  is_active: true,
  role: { id: 1, name: "Role", permissions: "[]" },
  profile_picture_url: null,
  leads_team: false,
  created_at: "2026-01-01T00:00:00Z",
});

/** A session left by an earlier visit: token and flag in storage, user not loaded yet. */
function storedSession(me: Me | "network-error" | 401) {
  localStorage.setItem("auth_token", "stored-token");
  localStorage.setItem("is_authenticated", "true");
  syncFromStorage();
  const fake = fakeApi();
  fake.on("GET", "/public-config", [200, { data: {} }]);
  fake.on("GET", "/me", me === "network-error" ? "network-error" : me === 401 ? [401, { message: "Please log in." }] : [200, { data: me }]);
  fake.on("GET", "/user/settings", [200, { data: {} }]);
  return fake;
}

const location = () => screen.getByTestId("location");

describe("routing guards on typed URLs", () => {
  it("sends a signed-out visitor to login with the path to return to", async () => {
    fakeApi().on("GET", "/public-config", [200, { data: {} }]);
    renderAt("/user-dashboard?from=mail");
    await waitFor(() => expect(location()).toHaveTextContent("/login?redirect=%2Fuser-dashboard%3Ffrom%3Dmail"));
  });

  it("loads the user of a stored session, then sends the employee from / to their payslips", async () => {
    const fake = storedSession(user(1, "Emery"));
    fake.on("GET", "/payslips/user-payslips", [200, { data: { year: null, years: [], payslips: [], totals: { gross: 0, deductions: 0, net: 0 }, currency: "PHP" } }]);
    renderAt("/");
    await waitFor(() => expect(location()).toHaveTextContent("/user-payslips"));
    expect(await screen.findByRole("heading", { level: 1, name: "My payslips" })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/me")).toHaveLength(1);
  });

  it("sends the administrator from / to the dashboard", async () => {
    storedSession(user(0, "Alex"));
    renderAt("/");
    await waitFor(() => expect(location()).toHaveTextContent("/dashboard"));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });

  it("turns an employee who types /dashboard to their own dashboard", async () => {
    storedSession(user(1, "Emery"));
    renderAt("/dashboard");
    await waitFor(() => expect(location()).toHaveTextContent("/user-dashboard"));
  });

  it("turns staff (level 2) from /dashboard to the user dashboard too", async () => {
    storedSession(user(2, "Harper"));
    renderAt("/dashboard");
    await waitFor(() => expect(location()).toHaveTextContent("/user-dashboard"));
  });

  it("sends a signed-in user who opens /login home", async () => {
    storedSession(user(0, "Alex"));
    renderAt("/login");
    await waitFor(() => expect(location()).toHaveTextContent("/dashboard"));
  });

  it("signs out and explains when the user cannot be loaded", async () => {
    storedSession("network-error");
    renderAt("/user-payslips");
    await waitFor(() => expect(location()).toHaveTextContent("/connection-error?error=connection_failed"));
    expect(decodeURIComponent(location().textContent!.replaceAll("+", " "))).toContain("redirect=/user-payslips");
    expect(localStorage.getItem("auth_token")).toBeNull();
    expect(await screen.findByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("goes to login when the stored session has expired (401)", async () => {
    storedSession(401);
    renderAt("/user-dashboard");
    await waitFor(() => expect(location().textContent).toMatch(/^\/login/));
    expect(localStorage.getItem("auth_token")).toBeNull();
  });

  it("shows the not-found page for unknown paths", async () => {
    fakeApi();
    renderAt("/no-such-page");
    expect(await screen.findByText("Page not found")).toBeInTheDocument();
  });

  it("shows the register placeholder with its heading only", async () => {
    fakeApi();
    renderAt("/register");
    expect(await screen.findByRole("heading", { name: "Register" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });
});
