/**
 * One clear message per outcome (issue 9, point 6): a 422 on a form's fields
 * and nowhere else, other failures in exactly one toast with the server's
 * words, success in the server's words; a question before leaving a form with
 * unsaved changes; a title per page in the reader's language. The sign-in and
 * reset screens say their one message in login and forgot-password tests;
 * each page's title is worked out in tests/unit/page-title.test.ts.
 */
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RoleRecord } from "../../contracts/roles";
import { changeLanguage } from "../../src/i18n/setup";
import { fakeApi } from "./fake-api";
import { renderAt } from "./render";
import { loadEveryLanguage, meAs, page, person, signedInAs } from "./session";
import { settle, toasts } from "./toasts";
import { setupUser } from "./user";

const ADMIN = meAs(1, 0, "Alex");
const PAY = { base_rate: 0, currency: "USD" };

const ROLE: RoleRecord = { id: 5, name: "Payroll officer", description: null, permissions: ["payroll_view"], users_count: 2, created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" };

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/users"), import("../../src/pages/roles"), import("../../src/pages/profile/ProfilePage"), loadEveryLanguage()]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(async () => {
  await changeLanguage("en");
});

const location = () => screen.getByTestId("location");

function fill(label: string, text: string, scope: HTMLElement = document.body) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value: text } });
}

async function expectFieldError(label: string, message: string, scope: HTMLElement = document.body) {
  await waitFor(() => {
    const item = within(scope).getByLabelText(label).closest<HTMLElement>(".ant-form-item")!;
    expect(within(item).getByText(message)).toHaveClass("ant-form-item-explain-error");
  });
}

/** Opens the employee form as the administrator, with the create call answered by `answer`. */
async function employeeForm(answer: () => [number, unknown]) {
  const fake = signedInAs(ADMIN);
  fake.on("GET", "/roles/options", [200, { data: [] }]);
  fake.on("GET", "/users/lookup", [200, { data: [] }]);
  fake.on("POST", "/users", answer);
  renderAt("/employees/create");
  expect(await screen.findByRole("heading", { name: "New employee" })).toBeInTheDocument();
  fill("First name", "Dana");
  fill("Last name", "Reyes");
  fill("E-mail", "dana@example.com");
  return fake;
}

describe("one message per outcome", () => {
  it("puts a duplicate e-mail (422) on its field and raises no toast; success says the server's message", async () => {
    const user = setupUser();
    let answer: [number, unknown] = [422, { message: "This email address is already in use", errors: { email: ["This email address is already in use"] } }];
    const fake = await employeeForm(() => answer);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError("E-mail", "This email address is already in use");
    // The keyboard is taken to the field the server refused.
    await waitFor(() => expect(screen.getByLabelText("E-mail")).toHaveFocus());
    await settle();
    expect(toasts()).toEqual([]);
    expect(screen.queryByText(/status code/)).not.toBeInTheDocument();

    answer = [201, { data: person(42, "Dana", "Reyes", PAY), message: "Employee created." }];
    fake.on("GET", "/users/42/profile", [200, { data: { user: person(42, "Dana", "Reyes", PAY), recent_activity: [] } }]);
    fill("E-mail", "dana.reyes@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(location()).toHaveTextContent("/employee-profile/42"));
    await waitFor(() => expect(toasts()).toEqual(["Employee created."]));
    expect(screen.queryByText(/Successfully/)).not.toBeInTheDocument();
  }, 60_000);

  it("says a refusal that names no field (409, 403, 500) in exactly one toast, the server's words", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/roles", page([ROLE]));
    let answer: [number, unknown] = [409, { message: "This conflicts with a record that already exists." }];
    fake.on("POST", "/roles", () => answer);
    renderAt("/roles");
    await user.click(await screen.findByText("New role", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    fill("Name", "Clerks", dialog);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts()).toEqual(["This conflicts with a record that already exists."]));
    await settle();
    expect(toasts()).toHaveLength(1);
    // The dialog stays open with what was typed.
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Clerks");

    answer = [403, { message: "You may only grant permissions you hold." }];
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts()).toContain("You may only grant permissions you hold."));

    answer = [500, { message: "boom" }];
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts()).toContain("Something went wrong."));
    expect(toasts().some((text) => /status code|Error \(/.test(text))).toBe(false);
  }, 60_000);

  it("says a role's deletion in the server's words", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/roles", page([ROLE]));
    fake.on("DELETE", "/roles/5", [200, { data: { id: 5 }, message: "Role deleted." }]);
    renderAt("/roles");
    const row = (await screen.findByText("Payroll officer")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Delete role" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts()).toEqual(["Role deleted."]));
  }, 40_000);

});

/** Leaves the page the way a person does: the account menu's Profile entry. */
async function openProfileFromMenu(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole("button", { name: /account menu/ }));
  await user.click(await screen.findByRole("menuitem", { name: /Profile/ }));
}

describe("unsaved changes", () => {
  it("asks before leaving a form with changes, and stays when the answer is no", async () => {
    const user = setupUser();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const fake = await employeeForm(() => [500, {}]);
    fake.on("GET", "/user", [200, { data: person(1, "Alex", "Admin", PAY) }]);
    await openProfileFromMenu(user);
    expect(confirm).toHaveBeenCalledWith("You have unsaved changes. Leave without saving them?");
    expect(location()).toHaveTextContent(/^\/employees\/create$/);
    expect(screen.getByLabelText("First name")).toHaveValue("Dana");

    confirm.mockReturnValue(true);
    await openProfileFromMenu(user);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/profile$/));
  }, 60_000);

  it("leaves a form without changes without asking", async () => {
    const user = setupUser();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/roles/options", [200, { data: [] }]);
    fake.on("GET", "/user", [200, { data: person(1, "Alex", "Admin", PAY) }]);
    renderAt("/employees/create");
    expect(await screen.findByRole("heading", { name: "New employee" })).toBeInTheDocument();
    await openProfileFromMenu(user);
    await waitFor(() => expect(location()).toHaveTextContent(/^\/profile$/));
    expect(confirm).not.toHaveBeenCalled();
  }, 60_000);

  it("asks before closing a dialog with changes, and closes one without changes at once", async () => {
    const user = setupUser();
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/roles", page([ROLE]));
    renderAt("/roles");
    await user.click(await screen.findByText("New role", { selector: "button span" }));
    let dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();

    await user.click(screen.getByText("New role", { selector: "button span" }));
    dialog = await screen.findByRole("dialog");
    fill("Name", "Clerks", dialog);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledWith("You have unsaved changes. Leave without saving them?");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Clerks");
  }, 60_000);
});

describe("document title", () => {
  it("names each signed-in page by its resource and what it does, and follows the language", async () => {
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes", PAY)]));
    renderAt("/employees");
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Employees · Paydesk"));
    await changeLanguage("fr");
    await waitFor(() => expect(document.title).toBe("Salariés · Paydesk"));
  }, 40_000);

  it("names the signed-out pages, in the reader's language", async () => {
    const fake = fakeApi();
    fake.on("GET", "/public-config", [200, { data: {} }]);
    const login = renderAt("/login");
    await waitFor(() => expect(document.title).toBe("Sign in · Paydesk"));
    login.unmount();
    const forgot = renderAt("/forgot-password");
    await waitFor(() => expect(document.title).toBe("Forgot password · Paydesk"));
    forgot.unmount();
    await changeLanguage("fr");
    const french = renderAt("/login");
    await waitFor(() => expect(document.title).toBe("Connexion · Paydesk"));
    french.unmount();
    await changeLanguage("jp");
    renderAt("/forgot-password");
    await waitFor(() => expect(document.title).toBe("パスワードをお忘れの方 · Paydesk"));
  }, 40_000);
});
