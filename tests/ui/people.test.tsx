import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { setupUser } from "./user";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { RoleRecord } from "../../contracts/roles";
import { renderAt } from "./render";
import { recordParams } from "./request-params";
import { meAs, page, person, signedInAs } from "./session";
import { toasts } from "./toasts";


const ADMIN = meAs(1, 0, "Alex");
const STAFF = meAs(2, 2, "Harper", ["users_view"]);
const EMPLOYEE = meAs(7, 1, "Emery");

// The screens are lazy chunks: load them once up front, so no test pays for the first import.
beforeAll(async () => {
  await Promise.all([
    import("../../src/SignedInApp"),
    import("../../src/pages/users"),
    import("../../src/pages/roles"),
    import("../../src/pages/profile/ProfilePage"),
    import("../../src/pages/status/UnauthorizedPage"),
  ]);
}, 60_000);

// The machine may be busy: give the first screen of each test time to come up.
configure({ asyncUtilTimeout: 15_000 });

const location = () => screen.getByTestId("location");

/** The antd form item holding the field labelled `label`. */
function formItem(label: string | RegExp, scope: HTMLElement = document.body): HTMLElement {
  const item = within(scope).getByLabelText(label).closest<HTMLElement>(".ant-form-item");
  if (!item) throw new Error(`no form item for ${String(label)}`);
  return item;
}

/**
 * Puts text into the field labelled `label` in one change event: typing key by
 * key re-renders the whole antd form per key, which is slow in jsdom.
 */
function fill(label: string, text: string, scope: HTMLElement = document.body) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value: text } });
}

/** Types a date into the DatePicker labelled `label` (its format, YYYY-MM-DD) and confirms it with Enter. */
function fillDate(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
}

/** Waits until the field labelled `label` shows `message` among its errors. */
async function expectFieldError(label: string | RegExp, message: string, scope?: HTMLElement) {
  await waitFor(() => expect(within(formItem(label, scope)).getByText(message)).toHaveClass("ant-form-item-explain-error"));
}

describe("a record that does not exist", () => {
  it("says so at once: a 404 is asked once, not retried", async () => {
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users/999/profile", [404, { message: "The resource does not exist." }]);
    renderAt("/employee-profile/999");
    expect(await screen.findByText("This person does not exist or you may not see them.", {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/users/999/profile")).toHaveLength(1);
  });
});

describe("employees list", () => {
  it("shows the admin the rows, the create button and pay formatted from minor units", async () => {
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes", { base_rate: 123450, currency: "USD" }), person(12, "Kim", "Sato", { base_rate: 500000, currency: "JPY" })]));
    renderAt("/employees");
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    expect(screen.getByText("Kim Sato")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /New employee/ })).toHaveAttribute("href", "/employees/create");
    // The name opens the record; the row's button edits it, named after the person.
    expect(screen.getByRole("link", { name: "Dana Reyes" })).toHaveAttribute("href", "/employee-profile/11");
    expect(screen.getAllByRole("link", { name: /^Edit / }).map((link) => [link.getAttribute("aria-label"), link.getAttribute("href")])).toEqual([
      ["Edit Dana Reyes", "/employees/11/edit"],
      ["Edit Kim Sato", "/employees/12/edit"],
    ]);
    expect(screen.getByRole("columnheader", { name: /Base rate/ })).toBeInTheDocument();
    expect(screen.getByText("$1,234.50")).toBeInTheDocument();
    // A currency without minor units: 500000 yen is ¥500,000, not ¥5,000.00.
    expect(screen.getByText("¥500,000")).toBeInTheDocument();

    // The CSV holds the amounts as shown, in major units, not the API's minor units.
    const saved: Blob[] = [];
    Object.defineProperty(URL, "createObjectURL", { configurable: true, writable: true, value: (blob: Blob) => (saved.push(blob), "blob:export") });
    Object.defineProperty(URL, "revokeObjectURL", { configurable: true, writable: true, value: () => {} });
    const download = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    try {
      fireEvent.click(screen.getByRole("button", { name: /Export CSV/ }));
      await waitFor(() => expect(saved).toHaveLength(1));
      const lines = (await saved[0].text()).split("\r\n");
      expect(lines.find((line) => line.includes("Dana Reyes"))).toContain("1234.50 USD");
      expect(lines.find((line) => line.includes("Kim Sato"))).toContain("500000 JPY");
    } finally {
      download.mockRestore();
    }
    // The first signed-in screen of the run builds antd's and Refine's styles: allow for a busy machine.
  }, 40_000);

  it("imports people from a file: the template, every refused cell listed, then the server's message and the list read again", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes")]));
    renderAt("/employees");
    await user.click(await screen.findByRole("button", { name: /Import people/ }));
    const dialog = (await screen.findByText("Import people from a spreadsheet")).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByText(/Each person created is e-mailed an invitation to choose their password \(valid 7 days\)/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: /Template \(XLSX\)/ })).toBeInTheDocument();
    const send = within(dialog).getByRole("button", { name: /^Import$/ });
    expect(send).toBeDisabled();

    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["first_name,last_name,email"], "team.csv", { type: "text/csv" }));
    fake.on("POST", "/users/import", [422, { message: "The file has 2 errors: nothing was imported. Correct them and import the file again.", errors: { "CSV!C3": ["Value is not a valid email address"], "CSV!F2": ['No role is named "Astronaut".'] } }]);
    await user.click(send);
    const errors = await within(dialog).findByRole("table", { name: "Errors in the file" });
    expect(within(errors).getByText('No role is named "Astronaut".')).toBeInTheDocument();
    expect(within(dialog).getByText(/The file has 2 errors/)).toBeInTheDocument();

    fake.on("POST", "/users/import", [200, { data: { created: 2 }, message: "Imported 2 people: each has an invitation to choose a password on its way." }]);
    const listsBefore = fake.calls.filter((call) => call.method === "GET" && call.url === "/users").length;
    await user.click(send);
    await waitFor(() => expect(toasts()).toContain("Imported 2 people: each has an invitation to choose a password on its way."));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === "GET" && call.url === "/users").length).toBeGreaterThan(listsBefore));
  }, 40_000);

  it("edits the selected people at once: only the fields filled in, confirmed in words for how many", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes"), person(12, "Kim", "Sato"), person(13, "Lee", "Wong")]));
    fake.on("GET", "/roles/options", [200, { data: [{ id: 3, name: "Clerk" }] }]);
    fake.on("GET", "/locations", page([]));
    fake.on("GET", "/schedules", page([]));
    fake.on("POST", "/users/bulk-update", [200, { data: { updated: 2, unchanged: 0 }, message: "2 people changed." }]);
    renderAt("/employees");
    const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;
    await user.click(within(await rowOf("Dana Reyes")).getByRole("checkbox"));
    await user.click(within(await rowOf("Kim Sato")).getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: /Edit selected/ }));
    const dialog = (await screen.findByText("Change 2 people")).closest<HTMLElement>('[role="dialog"]')!;
    // Nothing filled in: nothing to review.
    await user.click(within(dialog).getByRole("button", { name: "Review" }));
    expect(await within(dialog).findByText("Choose at least one change.")).toBeInTheDocument();
    fill("Department", "Operations", dialog);
    await user.click(within(dialog).getByLabelText("Role"));
    await user.click(await screen.findByTitle("Clerk"));
    await user.click(within(dialog).getByRole("button", { name: "Review" }));
    const confirm = (await screen.findByText("Change 2 people?")).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(confirm).getByText("Operations")).toBeInTheDocument();
    expect(within(confirm).getByText("Clerk")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === "POST")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Change 2 people" }));
    await waitFor(() => expect(toasts()).toContain("2 people changed."));
    expect(fake.calls.find((call) => call.method === "POST" && call.url === "/users/bulk-update")!.body).toEqual({ user_ids: [11, 12], changes: { department: "Operations", role_id: 3 } });
  }, 40_000);

  it("offers no import to staff who only read people", async () => {
    const fake = signedInAs(STAFF);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes")]));
    renderAt("/employees");
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Import people/ })).not.toBeInTheDocument();
  });

  it("takes the spec's old address /employee-management to /employees", async () => {
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes")]));
    renderAt("/employee-management");
    await waitFor(() => expect(location()).toHaveTextContent(/^\/employees$/));
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
  });

  it("shows staff with only users_view no create button and no pay, and keeps them out of /roles", async () => {
    const fake = signedInAs(STAFF);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes")]));
    renderAt("/employees");
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: /Hire date/ })).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: /Base rate/ })).not.toBeInTheDocument();
    expect(screen.queryByText("New employee")).not.toBeInTheDocument();
    // Viewing stays, changing goes.
    expect(screen.getByRole("link", { name: "Dana Reyes" })).toHaveAttribute("href", "/employee-profile/11");
    expect(screen.queryByRole("link", { name: /^Edit / })).not.toBeInTheDocument();

    cleanup();
    renderAt("/roles");
    await waitFor(() => expect(location()).toHaveTextContent("/unauthorized"));
    expect(fake.calls.some((call) => call.url === "/roles")).toBe(false);
  }, 40_000);
});

describe("deleting and restoring people", () => {
  const params = recordParams();

  it("says what will happen to each selected person before anything is deleted, then deletes or archives only those it may", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes"), person(12, "Kim", "Sato"), person(1, "Alex", "Admin")]));
    fake.on("GET", "/users/removal-preview", [
      200,
      {
        data: [
          { id: 11, name: "Dana Reyes", outcome: "deleted", history: [], reason: null },
          { id: 12, name: "Kim Sato", outcome: "archived", history: ["attendance", "payslips"], reason: null },
          { id: 1, name: "Alex Admin", outcome: "refused", history: [], reason: "You cannot deactivate, terminate or delete your own account. Ask another administrator." },
        ],
      },
    ]);
    fake.on("DELETE", "/users/11", [200, { data: { id: 11, outcome: "deleted" }, message: "Employee deleted." }]);
    fake.on("DELETE", "/users/12", [200, { data: { id: 12, outcome: "archived" }, message: "This person has history, so they were archived instead of deleted. Their records are kept." }]);
    renderAt("/employees");
    const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;
    for (const name of ["Dana Reyes", "Kim Sato", "Alex Admin"]) await user.click(within(await rowOf(name)).getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: /Delete selected/ }));
    const dialog = await screen.findByRole("dialog", { name: "Delete 3 people?" });
    const list = await within(dialog).findByTestId("removal-preview");
    expect(params.find((call) => call.url === "/users/removal-preview")?.params.get("ids")).toBe("11,12,1");
    const items = within(list).getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      "Dana Reyes DeletedNothing but the record itself: it is deleted for good.",
      "Kim Sato ArchivedKept for their records: attendance, payslips.",
      "Alex Admin Not allowedYou cannot deactivate, terminate or delete your own account. Ask another administrator.",
    ]);
    expect(fake.calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Confirm (1 deleted, 1 archived)" }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === "DELETE").map((call) => call.url).sort()).toEqual(["/users/11", "/users/12"]));
  }, 40_000);

  it("lists the archived people on their own, each with a button that restores them", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/users", page([person(11, "Dana", "Reyes")]));
    renderAt("/employees");
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    fake.on("GET", "/users", page([{ ...person(12, "Kim", "Sato"), archived_at: "2026-03-01T00:00:00Z", is_active: false }]));
    await user.click(screen.getByRole("radio", { name: "Archived" }).closest("label")!);
    expect(await screen.findByText("Kim Sato")).toBeInTheDocument();
    expect(params.filter((call) => call.url === "/users").at(-1)?.params.get("archived")).toBe("1");
    // Archived people are brought back, not edited or deleted.
    expect(screen.queryByRole("link", { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: /Kim Sato/ })).not.toBeInTheDocument();
    fake.on("POST", "/users/12/restore", [200, { data: person(12, "Kim", "Sato"), message: "Employee restored. They are listed again and can sign in." }]);
    await user.click(screen.getByRole("button", { name: "Restore Kim Sato" }));
    await user.click(await screen.findByRole("button", { name: "Restore" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST" && call.url === "/users/12/restore")).toBe(true));
    expect(await screen.findByText("Employee restored. They are listed again and can sign in.")).toBeInTheDocument();
  }, 40_000);
});

describe("employee (level 1)", () => {
  it("is refused the list and other people's profiles, but sees their own", async () => {
    const fake = signedInAs(EMPLOYEE);
    fake.on("GET", "/users/7/profile", [200, { data: { user: person(7, "Emery", "Cole", { base_rate: 250000, currency: "USD" }), recent_activity: null } }]);
    renderAt("/employees");
    await waitFor(() => expect(location()).toHaveTextContent("/unauthorized"));
    expect(await screen.findByText("Access restricted")).toBeInTheDocument();

    cleanup();
    renderAt("/employee-profile/7");
    expect(await screen.findByRole("heading", { name: "Emery Cole" })).toBeInTheDocument();
    expect(location()).toHaveTextContent("/employee-profile/7");
    // Their own pay, but no edit button: changing people is for managers.
    expect(screen.getByText(/\$2,500\.00/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Edit/ })).not.toBeInTheDocument();

    cleanup();
    renderAt("/employee-profile/8");
    await waitFor(() => expect(location()).toHaveTextContent("/unauthorized"));
    expect(fake.calls.some((call) => call.url === "/users/8/profile")).toBe(false);
  });
});

describe("employee form", () => {
  it("checks required fields and amounts, sends minor units and shows the server's field errors", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/roles/options", [200, { data: [{ id: 3, name: "Clerk" }] }]);
    let answer: [number, unknown] = [422, { message: "This email address is already in use", errors: { email: ["This email address is already in use"] } }];
    fake.on("POST", "/users", () => answer);
    renderAt("/employees/create");
    expect(await screen.findByRole("heading", { name: "New employee" })).toBeInTheDocument();
    // The contract's rules speak; the browser's own bubble for the e-mail field would not be in the reader's language.
    expect(screen.getByLabelText("E-mail").closest("form")).toHaveAttribute("novalidate");
    const save = screen.getByRole("button", { name: "Save" });

    await user.click(save);
    for (const label of ["First name", "Last name", "E-mail"]) await expectFieldError(label, "Value is required");
    // By default the new person is invited to choose their own password: there is none to type.
    expect(screen.queryByLabelText("Initial password")).not.toBeInTheDocument();
    expect(screen.getByText("Names and e-mail are required; everything else can be filled in later.")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === "POST")).toBe(false);
    // The keyboard is taken to the first field in error.
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveFocus());

    fill("Base rate", "12.345");
    await expectFieldError("Base rate", "Enter an amount like 1234.50, with no more decimals than the currency has.");

    fill("Base rate", "1234.50");
    fill("First name", "Dana");
    fill("Last name", "Reyes");
    fill("E-mail", "dana@example.com");
    fillDate("Hire date", "2026-03-02");
    await user.click(save);

    await expectFieldError("E-mail", "This email address is already in use");
    const posts = () => fake.calls.filter((call) => call.method === "POST" && call.url === "/users");
    expect(posts()).toHaveLength(1);
    expect(posts()[0].body).toMatchObject({
      first_name: "Dana",
      last_name: "Reyes",
      email: "dana@example.com",
      base_rate: 123450,
      // New people are paid in the company's currency.
      currency: "PHP",
      hire_date: "2026-03-02",
      access_level: 1,
    });
    expect(posts()[0].body).not.toHaveProperty("password");

    // Typing a password instead: then it is required, with its confirmation, and the footer says so.
    await user.click(screen.getByRole("radio", { name: "Type a password for them now" }));
    expect(screen.getByText("Names, e-mail and the password are required; everything else can be filled in later.")).toBeInTheDocument();
    await user.click(save);
    await expectFieldError("Initial password", "Value is required");
    expect(posts()).toHaveLength(1);
    fill("Initial password", "Secret#2026");
    fill("Confirm password", "Secret#2026");
    await user.click(save);
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1].body).toMatchObject({ email: "dana@example.com", password: "Secret#2026", password_confirmation: "Secret#2026" });

    // Back to an invitation: the typed password leaves with its fields.
    await user.click(screen.getByRole("radio", { name: /E-mail an invitation/ }));
    expect(screen.queryByLabelText("Initial password")).not.toBeInTheDocument();

    // Accepted, the new person's profile opens.
    answer = [201, { data: person(42, "Dana", "Reyes", { base_rate: 123450, currency: "USD" }) }];
    fake.on("GET", "/users/42/profile", [200, { data: { user: person(42, "Dana", "Reyes", { base_rate: 123450, currency: "USD" }), recent_activity: [] } }]);
    fill("E-mail", "dana.reyes@example.com");
    await user.click(save);
    await waitFor(() => expect(location()).toHaveTextContent("/employee-profile/42"));
    expect(posts()[2].body).not.toHaveProperty("password");
  }, 60_000);
});

describe("a pay change on the employee form", () => {
  /** Emery's record (paid 25,000.00 PHP) open in the employee form, as the administrator. */
  async function editEmery() {
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/roles/options", [200, { data: [] }]);
    fake.on("GET", "/users/7", [200, { data: person(7, "Emery", "Cole", { base_rate: 2500000, currency: "PHP" }) }]);
    fake.on("PUT", "/users/7", (body) => [200, { data: { ...person(7, "Emery", "Cole"), ...(body as object) } }]);
    fake.on("GET", "/users/7/profile", [200, { data: { user: person(7, "Emery", "Cole"), recent_activity: [] } }]);
    renderAt("/employees/7/edit");
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Emery"));
    return fake;
  }

  it("asks from when it applies once the pay differs from the record's, today unless changed, and sends the date", async () => {
    const user = setupUser();
    const fake = await editEmery();
    expect(screen.queryByLabelText("Effective from")).not.toBeInTheDocument();
    fill("Base rate", "27000.00");
    await waitFor(() => expect(screen.getByLabelText("Effective from")).toBeInTheDocument());
    expect(screen.getByText("The new pay applies from this day; earlier periods keep the pay they had.")).toBeInTheDocument();
    fillDate("Effective from", "2026-04-01");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "PUT")).toBe(true));
    expect(fake.calls.find((call) => call.method === "PUT")!.body).toMatchObject({ base_rate: 2700000, pay_effective_from: "2026-04-01" });
  }, 40_000);

  it("sends no date when the pay is unchanged", async () => {
    const user = setupUser();
    const fake = await editEmery();
    fill("Phone", "+63 2 555 0100");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "PUT")).toBe(true));
    expect(fake.calls.find((call) => call.method === "PUT")!.body).not.toHaveProperty("pay_effective_from");
  }, 40_000);
});

describe("editing one's own record without the pay permission", () => {
  it("shows no pay section and sends no pay fields, so the server has nothing to refuse", async () => {
    const user = setupUser();
    const manager = meAs(2, 2, "Harper", ["users_view", "users_manage"]);
    const fake = signedInAs(manager);
    fake.on("GET", "/roles/options", [200, { data: [] }]);
    // Their own record comes with their own pay (they may read it), which the form must not send back.
    fake.on("GET", "/users/2", [200, { data: person(2, "Harper", "Reyes", { base_rate: 300000, currency: "USD" }) }]);
    fake.on("PUT", "/users/2", (body) => [200, { data: { ...person(2, "Harper", "Reyes"), ...(body as object) } }]);
    fake.on("GET", "/users/2/profile", [200, { data: { user: person(2, "Harper", "Reyes"), recent_activity: [] } }]);
    renderAt("/employees/2/edit");
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Harper"));
    expect(screen.queryByLabelText("Base rate")).not.toBeInTheDocument();
    fill("Phone", "+1 555 0100");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "PUT")).toBe(true));
    const body = fake.calls.find((call) => call.method === "PUT")!.body as Record<string, unknown>;
    expect(body.phone).toBe("+1 555 0100");
    for (const field of ["pay_basis", "base_rate", "currency", "bank_name", "bank_account", "tax_id", "social_insurance_id"]) expect(body).not.toHaveProperty(field);
  }, 40_000);
});

describe("where a person clocks in", () => {
  it("is set by an attendance administrator: the policy and the work locations go with the record", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    fake.on("GET", "/roles/options", [200, { data: [] }]);
    fake.on("GET", "/locations", page([{ id: 4, name: "Makati head office", address: null, latitude: 14.55, longitude: 121.02, radius_m: 150, active: true, created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" }]));
    fake.on("GET", "/users/7", [200, { data: person(7, "Emery", "Cole", { base_rate: 2500000, currency: "PHP" }) }]);
    fake.on("PUT", "/users/7", (body) => [200, { data: { ...person(7, "Emery", "Cole"), ...(body as object) } }]);
    fake.on("GET", "/users/7/profile", [200, { data: { user: person(7, "Emery", "Cole"), recent_activity: [] } }]);
    renderAt("/employees/7/edit");
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Emery"));
    // The hint says what the chosen policy does.
    expect(screen.getByText(/^At a work location: clocking in works only inside/)).toBeInTheDocument();
    await user.click(screen.getByLabelText("Clocks in"));
    await user.click(await screen.findByTitle("From anywhere (remote)"));
    expect(await screen.findByText("From anywhere: each clock-in is recorded where it happens and marked remote.")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Work locations"));
    await user.click(await screen.findByTitle("Makati head office"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "PUT")).toBe(true));
    expect(fake.calls.find((call) => call.method === "PUT")!.body).toMatchObject({ clock_policy: "anywhere", work_location_ids: [4] });
  }, 40_000);

  it("is not offered to someone who manages people but not attendance", async () => {
    const fake = signedInAs(meAs(2, 2, "Harper", ["users_view", "users_manage"]));
    fake.on("GET", "/roles/options", [200, { data: [] }]);
    fake.on("GET", "/users/7", [200, { data: person(7, "Emery", "Cole") }]);
    renderAt("/employees/7/edit");
    await waitFor(() => expect(screen.getByLabelText("First name")).toHaveValue("Emery"));
    expect(screen.queryByText("Clocking in")).toBeNull();
    expect(fake.calls.some((call) => call.url === "/locations")).toBe(false);
  }, 40_000);
});

describe("roles", () => {
  it("groups the permissions by area and saves the ticked ones", async () => {
    const user = setupUser();
    const fake = signedInAs(ADMIN);
    const role: RoleRecord = { id: 5, name: "Payroll officer", description: null, permissions: ["payroll_view"], users_count: 2, created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" };
    fake.on("GET", "/roles", page([role]));
    fake.on("POST", "/roles", (body) => [201, { data: { ...role, id: 6, ...(body as object), users_count: 0 } }]);
    renderAt("/roles");
    expect(await screen.findByText("Payroll officer")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /New role/ }));
    const dialog = await screen.findByRole("dialog");
    const areas = [...dialog.querySelectorAll(".ant-card-head-title")].map((title) => title.textContent);
    expect(areas).toEqual(["People", "Roles", "Attendance", "Payroll", "Payslips", "Leave", "Notifications", "Company profile", "Settings"]);
    const people = dialog.querySelectorAll<HTMLElement>(".ant-card")[0];
    expect(within(people).getAllByRole("checkbox")).toHaveLength(3);

    fill("Name", "Clerks", dialog);
    await user.click(within(people).getByLabelText("View people"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    const post = fake.calls.find((call) => call.method === "POST");
    expect(post).toMatchObject({ url: "/roles", body: { name: "Clerks", permissions: ["users_view"] } });
  }, 40_000);
});

describe("own profile", () => {
  it("refuses a non-image picture without a call and shows the server's 422 on the current password", async () => {
    const user = setupUser({ applyAccept: false });
    const fake = signedInAs(EMPLOYEE);
    fake.on("GET", "/user", [200, { data: person(7, "Emery", "Cole") }]);
    fake.on("GET", "/me/sessions", [200, { data: [] }]);
    fake.on("PUT", "/me/change-password", [422, { message: "The current password is not correct", errors: { current_password: ["The current password is not correct"] } }]);
    renderAt("/profile");
    expect(await screen.findByRole("heading", { name: "My profile" })).toBeInTheDocument();

    const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!picker) throw new Error("no file input");
    await user.upload(picker, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText("Upload a JPEG, PNG or WebP image.")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.url.startsWith("/me/profile/picture"))).toBe(false);

    fill("Current password", "Wrong#Pass1");
    fill("New Password", "Better#Pass2");
    fill("Confirm New Password", "Better#Pass2");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await expectFieldError("Current password", "The current password is not correct");
    expect(fake.calls.find((call) => call.method === "PUT")?.body).toEqual({
      current_password: "Wrong#Pass1",
      password: "Better#Pass2",
      password_confirmation: "Better#Pass2",
    });
  }, 40_000);

  it("lists one's signed-in devices and signs out another one", async () => {
    const user = setupUser();
    const fake = signedInAs(EMPLOYEE);
    fake.on("GET", "/user", [200, { data: person(7, "Emery", "Cole") }]);
    const at = "2026-03-02T09:00:00Z";
    const laptop = { id: 3, current: true, browser: "Chrome 131", os: "Windows 10", device: "desktop", ip: "198.51.100.20", created_at: at, last_used_at: at, expires_at: at };
    const phone = { ...laptop, id: 2, current: false, browser: "Safari 18", os: "iOS 18.1", device: "mobile", ip: "203.0.113.7" };
    fake.on("GET", "/me/sessions", [200, { data: [laptop, phone] }]);
    fake.on("DELETE", "/me/sessions/2", () => {
      fake.on("GET", "/me/sessions", [200, { data: [laptop] }]);
      return [200, { message: "That device is signed out." }];
    });
    renderAt("/profile");
    const card = (await screen.findByText("Signed-in devices")).closest(".ant-card") as HTMLElement;
    expect(await within(card).findByText("Safari 18 · iOS 18.1")).toBeInTheDocument();
    expect(within(card).getByText("This device")).toBeInTheDocument();
    expect(within(card).getByText(/203\.0\.113\.7/)).toBeInTheDocument();
    // The current device has no button of its own: signing out is in the account menu.
    expect(within(card).queryByRole("button", { name: "Sign out Chrome 131 · Windows 10" })).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Sign out all other devices" })).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Sign out Safari 18 · iOS 18.1" }));
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await within(card).findByText("You are signed in on this device only.")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === "DELETE" && call.url === "/me/sessions/2")).toBe(true);
  }, 40_000);
});
