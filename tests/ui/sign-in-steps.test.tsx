/**
 * The sign-in page's answers to a throttled account (the offer of a one-time
 * link by e-mail), its second step (two-factor code, or enrolling when it is
 * required, with the recovery codes shown once), and the page a link opens.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "./fake-api";
import { renderAt } from "./render";
import { setupUser } from "./user";

const employee = {
  id: 3,
  name: "Emery Santos",
  email: "employee@example.com",
  access_level: 1,
  is_active: true,
  role: { id: 3, name: "Employee", permissions: '["attendance_access"]' },
  profile_picture_url: null,
  created_at: "2026-01-01T00:00:00Z",
};
const session = { token: "t0k3n", expires_at: "2026-12-01T00:00:00Z", user: employee, message: "Login successful" };

function api() {
  const fake = fakeApi();
  fake.on("GET", "/public-config", [200, { data: { app_name: "Demo", admin_contact: null, allow_registration: false } }]);
  fake.on("GET", "/me", [200, { data: employee }]);
  fake.on("GET", "/user/settings", [200, { data: {} }]);
  return fake;
}

async function signIn(password = "Employee123!") {
  await setupUser().type(await screen.findByLabelText("Email"), "employee@example.com");
  await setupUser().type(screen.getByLabelText("Password"), password);
  await setupUser().click(screen.getByRole("button", { name: "Sign In" }));
}

describe("login screen: a throttled account", () => {
  it("offers a one-time sign-in link by e-mail, sends it for the address typed, and says so", async () => {
    const fake = api();
    fake.on("POST", "/login", [429, { message: "Too many attempts. Try again in 15 minutes." }, { "retry-after": "900" }]);
    fake.on("POST", "/login-link", [200, { message: "If this address has an account, a one-time sign-in link is on its way. It works once, for 15 minutes." }]);
    renderAt("/login");
    await signIn();
    const offer = await screen.findByTestId("login-link-offer");
    expect(offer).toHaveTextContent("Locked out by failed attempts? We can e-mail you a link that signs you in once.");
    await setupUser().click(within(offer).getByRole("button", { name: "E-mail me a one-time sign-in link" }));
    expect(await screen.findByTestId("login-link-sent")).toHaveTextContent("a one-time sign-in link is on its way");
    expect(fake.calls.find((call) => call.url === "/login-link")?.body).toEqual({ email: "employee@example.com" });
    expect(screen.queryByTestId("login-link-offer")).not.toBeInTheDocument();
  });

  it("offers no link for a wrong password", async () => {
    const fake = api();
    fake.on("POST", "/login", [422, { message: "Invalid credentials" }]);
    renderAt("/login");
    await signIn("wrong");
    expect(await screen.findByTestId("login-error")).toHaveTextContent("Invalid credentials");
    expect(screen.queryByTestId("login-link-offer")).not.toBeInTheDocument();
  });
});

describe("login screen: two-factor sign-in", () => {
  it("asks for the code after the password, then signs in with it", async () => {
    const fake = api();
    fake.on("POST", "/login", [202, { two_factor: "code", challenge: "ch4llenge", expires_at: "2026-12-01T00:05:00Z", enrolment: null, message: "Enter the code from your authenticator app." }]);
    fake.on("POST", "/login/two-factor", (body) => ((body as { code: string }).code === "123456" ? [200, session] : [422, { message: "That code is not right", errors: { code: ["That code is not right"] } }]));
    renderAt("/login");
    await signIn();
    expect(await screen.findByRole("heading", { name: "Two-factor sign-in" })).toBeInTheDocument();
    const code = await screen.findByLabelText("Code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await setupUser().type(code, "654321");
    await setupUser().click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("That code is not right")).toBeInTheDocument();
    expect(localStorage.getItem("auth_token")).toBeNull();
    await setupUser().clear(screen.getByLabelText("Code"));
    await setupUser().type(screen.getByLabelText("Code"), "123456");
    await setupUser().click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user-payslips"));
    expect(localStorage.getItem("auth_token")).toBe("t0k3n");
    expect(fake.calls.filter((call) => call.url === "/login/two-factor").map((call) => call.body)).toEqual([
      { challenge: "ch4llenge", code: "654321" },
      { challenge: "ch4llenge", code: "123456" },
    ]);
  });

  it("enrols a person who must use it, shows the recovery codes once, then goes in", async () => {
    const fake = api();
    const enrolment = { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x", qr_code: "data:image/svg+xml;base64,PHN2Zy8+", enrolment: "3nr0l", expires_at: "2026-12-01T00:15:00Z" };
    fake.on("POST", "/login", [202, { two_factor: "enrol", challenge: "ch4llenge", expires_at: "2026-12-01T00:05:00Z", enrolment, message: "Set it up" }]);
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    fake.on("POST", "/login/two-factor/enrol", [200, { ...session, recovery_codes: codes }]);
    renderAt("/login");
    await signIn();
    expect(await screen.findByRole("heading", { name: "Set up two-factor sign-in" })).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "QR code to add Paydesk to your authenticator app" })).toHaveAttribute("src", enrolment.qr_code);
    expect(screen.getByTestId("two-factor-secret")).toHaveTextContent("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    await setupUser().type(await screen.findByLabelText("Code"), "123456");
    await setupUser().click(screen.getByRole("button", { name: "Turn on and sign in" }));
    const list = await screen.findByRole("list", { name: "Your recovery codes" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual(codes);
    expect(fake.calls.find((call) => call.url === "/login/two-factor/enrol")?.body).toEqual({ challenge: "ch4llenge", enrolment: "3nr0l", code: "123456" });
    // No session until the codes are saved.
    expect(screen.getByTestId("location")).toHaveTextContent("/login");
    expect(localStorage.getItem("auth_token")).toBeNull();
    await setupUser().click(screen.getByRole("button", { name: "I have saved them" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user-payslips"));
  });
});

describe("the page a sign-in link opens", () => {
  it("signs in when the person presses the button, not on opening", async () => {
    const fake = api();
    fake.on("POST", "/login-link/consume", [200, session]);
    renderAt("/login-link?token=tok&email=employee%40example.com");
    expect(await screen.findByText("Sign in to Paydesk as employee@example.com with the one-time link from your e-mail.")).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/login-link/consume")).toHaveLength(0);
    await setupUser().click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user-payslips"));
    expect(fake.calls.find((call) => call.url === "/login-link/consume")?.body).toEqual({ token: "tok", email: "employee@example.com" });
  });

  it("says why a used link is refused", async () => {
    const fake = api();
    fake.on("POST", "/login-link/consume", [422, { message: "This sign-in link has already been used.", errors: { token: ["This sign-in link has already been used."] } }]);
    renderAt("/login-link?token=tok&email=employee%40example.com");
    await setupUser().click(await screen.findByRole("button", { name: "Sign in" }));
    expect(await screen.findByTestId("login-link-error")).toHaveTextContent("This sign-in link has already been used.");
  });

  it("says a link without its token is incomplete", async () => {
    api();
    renderAt("/login-link?email=employee%40example.com");
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Sign in" })).not.toBeInTheDocument();
  });
});
