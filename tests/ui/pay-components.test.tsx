/**
 * /deductions: the earnings and deductions with their calculations in words;
 * the component dialog's fields for each kind and calculation type; the
 * formula checked live by the server (its message under the field) and tried
 * on a person (the amount and what it read); rate tables grouped by code,
 * a new version copied from one and a row's refusal shown on its row;
 * the overrides; no buttons for someone who may only look.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PAY_VARIABLES, type ComponentRecord, type OverrideRecord, type RateTableRecord } from "../../contracts/payroll";
import en from "../../locales/en.json";
import type { UserRecord } from "../../contracts/users";
import { renderAt } from "./render";
import { meAs, page, person, signedInAs } from "./session";
import { settle, toasts } from "./toasts";
import { setupUser } from "./user";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/pay-components")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

const STAMP = { created_at: "2026-10-01T00:00:00Z", updated_at: "2026-10-01T00:00:00Z" };

const component = (id: number, code: string, changes: Partial<ComponentRecord>): ComponentRecord => ({
  id,
  code,
  name: code,
  kind: "earning",
  taxable: true,
  pre_tax: false,
  employer_share: null,
  calculation: { type: "fixed", amount: "0" },
  active: true,
  order: 100,
  ...STAMP,
  ...changes,
});

const BASIC = component(1, "BASIC", { name: "Basic pay", calculation: { type: "formula", expression: "basic" }, order: 10 });
const RICE = component(2, "RICE", { name: "Rice subsidy", taxable: false, calculation: { type: "fixed", amount: "2500.00" }, order: 30 });
const SSS = component(3, "SSS", {
  name: "SSS contribution",
  kind: "deduction",
  taxable: false,
  pre_tax: true,
  calculation: { type: "percent", rate: "0.045", of: "BASIC" },
  employer_share: { type: "percent", rate: "0.095", of: "BASIC" },
  order: 60,
});

const TAX_2023: RateTableRecord = {
  id: 8,
  code: "BIR_MONTHLY",
  name: "BIR withholding tax, monthly",
  kind: "progressive",
  effective_from: "2023-01-01",
  rows: [
    { over: "20833", base: "0", rate: "0.15" },
    { over: "33333", base: "1875", rate: "0.20" },
  ],
  ...STAMP,
};
const TAX_2099: RateTableRecord = { ...TAX_2023, id: 9, effective_from: "2099-01-01" };
const SSS_MSC: RateTableRecord = {
  id: 4,
  code: "SSS_MSC",
  name: "SSS monthly salary credit",
  kind: "bands",
  effective_from: "2025-01-01",
  rows: [
    { from: "0", to: "5249.99", value: "5000" },
    { from: "34750", to: null, value: "35000" },
  ],
  ...STAMP,
};

const OVERRIDE: OverrideRecord = {
  id: 5,
  user_id: 12,
  user_name: "Kim Sato",
  component_id: SSS.id,
  component_code: "SSS",
  mode: "rate",
  value: "0.03",
  effective_from: "2026-11-01",
  effective_to: null,
  reason: "Voluntary member at a lower rate",
  created_at: "2026-10-01T00:00:00Z",
};

/** Everyone: the demo administrator. */
const ADMIN = meAs(1, 0, "Alex Admin");

/** People as GET /users/lookup answers them. */
const lookup = (...people: UserRecord[]) => [200, { data: people.map(({ id, name, employee_number, department }) => ({ id, name, employee_number, department })) }] as [number, unknown];

function session(me = ADMIN) {
  const fake = signedInAs(me);
  fake.on("GET", "/pay-components", page([BASIC, RICE, SSS]));
  fake.on("GET", "/rate-tables", page([TAX_2099, TAX_2023, SSS_MSC]));
  fake.on("GET", "/users/lookup", lookup(person(12, "Kim", "Sato")));
  return fake;
}

const option = (label: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown .ant-select-item-option")].find((item) => item.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });

/** antd draws its button radios over the inputs: a person clicks the label. */
const choose = (user: ReturnType<typeof setupUser>, scope: HTMLElement, name: string) => user.click(within(scope).getByRole("radio", { name }).closest("label")!);

async function openNewComponent(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByText("New component", { selector: "button span" }));
  return screen.findByRole("dialog", { name: "New component" });
}

const previews = (fake: ReturnType<typeof session>) => fake.calls.filter((call) => call.method === "POST" && call.url === "/pay-components/preview");

describe("earnings and deductions", () => {
  it("lists each component with its calculation in words, its tax treatment, employer share and status", async () => {
    session();
    renderAt("/deductions");
    const sss = (await screen.findByText("SSS contribution")).closest("tr")!;
    expect(within(sss).getByText("Deduction")).toBeInTheDocument();
    expect(within(sss).getByText("4.5% of BASIC")).toBeInTheDocument();
    expect(within(sss).getByText("9.5% of BASIC")).toBeInTheDocument();
    expect(within(sss).getByText("Before tax")).toBeInTheDocument();
    expect(within(sss).getByText("Active")).toBeInTheDocument();
    expect(within(sss).getByRole("button", { name: "Edit SSS" })).toBeInTheDocument();
    expect(within(sss).getByRole("button", { name: "Delete SSS" })).toBeInTheDocument();
    const rice = screen.getByText("Rice subsidy").closest("tr")!;
    expect(within(rice).getByText("Fixed ₱2,500.00")).toBeInTheDocument();
    expect(within(rice).getByText("Not taxable")).toBeInTheDocument();
    const basic = screen.getByText("Basic pay").closest("tr")!;
    expect(within(basic).getByText("basic")).toHaveStyle({ whiteSpace: "pre-wrap" });
    expect(screen.getByText("New component", { selector: "button span" })).toBeInTheDocument();
  }, 40_000);

  it("shows no buttons to change anything to someone who may only look", async () => {
    session(meAs(6, 2, "Pat Payroll", ["payroll_view"]));
    renderAt("/deductions");
    const sss = (await screen.findByText("SSS contribution")).closest("tr")!;
    expect(within(sss).queryByRole("button", { name: "Edit SSS" })).toBeNull();
    expect(within(sss).queryByRole("button", { name: "Delete SSS" })).toBeNull();
    expect(screen.queryByText("New component", { selector: "button span" })).toBeNull();
  }, 40_000);

  it("says why a component cannot be deleted (another one reads it)", async () => {
    const user = setupUser();
    const fake = session();
    const refusal = "SSS uses BASIC: change SSS first.";
    fake.on("DELETE", `/pay-components/${BASIC.id}`, [422, { message: refusal, errors: { code: [refusal] } }]);
    renderAt("/deductions");
    const row = (await screen.findByText("Basic pay")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Delete BASIC" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts()).toContain(refusal));
  }, 40_000);

  it("shows the flag of the component's kind and the inputs of its calculation type", async () => {
    const user = setupUser();
    session();
    renderAt("/deductions");
    const dialog = await openNewComponent(user);
    // An earning counts in taxable income or not; a deduction is taken before tax or not.
    expect(within(dialog).getByRole("switch", { name: "Taxable" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("switch", { name: "Before tax" })).toBeNull();
    await choose(user, dialog, "Deduction");
    expect(await within(dialog).findByRole("switch", { name: "Before tax" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("switch", { name: "Taxable" })).toBeNull();

    const how = within(dialog).getByRole("radiogroup", { name: "How it is calculated" });
    expect(within(dialog).getByLabelText("Amount")).toBeInTheDocument();
    await choose(user, how, "Percentage");
    expect(await within(dialog).findByLabelText("Rate")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Of")).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Amount")).toBeNull();
    await choose(user, how, "Formula");
    expect(await within(dialog).findByLabelText("Formula", { selector: "textarea" })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Rate")).toBeNull();

    // The employer's share has the same editor, shown once asked for.
    expect(within(dialog).queryByRole("radiogroup", { name: "How the employer share is calculated" })).toBeNull();
    await user.click(within(dialog).getByRole("switch", { name: "The employer pays a share" }));
    expect(await within(dialog).findByRole("radiogroup", { name: "How the employer share is calculated" })).toBeInTheDocument();
  }, 60_000);

  it("saves a percentage as the API's fraction, with only the kind's own flag", async () => {
    const user = setupUser();
    const fake = session();
    fake.on("POST", "/pay-components/preview", [200, { data: { amount: 0, employer_amount: null, currency: "PHP", inputs: {} } }]);
    fake.on("POST", "/pay-components", [201, { data: component(9, "PHIC", {}), message: "Pay component created." }]);
    renderAt("/deductions");
    const dialog = await openNewComponent(user);
    await user.type(within(dialog).getByLabelText("Code"), "phic");
    expect(within(dialog).getByLabelText("Code")).toHaveValue("PHIC");
    await user.type(within(dialog).getByLabelText("Name"), "PhilHealth premium");
    await choose(user, dialog, "Deduction");
    await user.click(await within(dialog).findByRole("switch", { name: "Before tax" }));
    await choose(user, dialog, "Percentage");
    await user.type(await within(dialog).findByLabelText("Rate"), "2.5");
    await user.click(within(dialog).getByLabelText("Of"));
    await user.click(await option("BASIC · Basic pay"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST" && call.url === "/pay-components")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST" && call.url === "/pay-components")!.body).toEqual({
      code: "PHIC",
      name: "PhilHealth premium",
      kind: "deduction",
      taxable: false,
      pre_tax: true,
      calculation: { type: "percent", rate: "0.025", of: "BASIC" },
      employer_share: null,
      active: true,
      order: 100,
    });
    await settle();
    expect(toasts()).toContain("Pay component created.");
  }, 60_000);

  it("checks the formula on the server as it is typed and shows its message under the field", async () => {
    const user = setupUser();
    const fake = session();
    const message = "The formula stops making sense at character 13.";
    fake.on("POST", "/pay-components/preview", (body) => {
      const expression = (body as { component: { calculation: { expression: string } } }).component.calculation.expression;
      return expression.endsWith("+") ? [422, { message, errors: { "calculation.expression": [message] } }] : [200, { data: { amount: 0, employer_amount: null, currency: "PHP", inputs: { basic: "48000" } } }];
    });
    renderAt("/deductions");
    const dialog = await openNewComponent(user);
    await choose(user, dialog, "Formula");
    const formula = await within(dialog).findByLabelText("Formula", { selector: "textarea" });
    await user.type(formula, "basic * (2 +");
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    // The message is the field's: said with it by a screen reader, the field marked invalid.
    expect(formula).toHaveAttribute("aria-invalid", "true");
    expect(formula.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain(message);
    // Once typing paused, one call for what was typed, not one a keystroke; nobody chosen, the signed-in person stands in.
    expect(previews(fake)).toHaveLength(1);
    expect(previews(fake)[0].body).toMatchObject({ user_id: ADMIN.id, component: { code: "NEW_COMPONENT", calculation: { type: "formula", expression: "basic * (2 +" } } });

    await user.type(formula, " 1)");
    await waitFor(() => expect(within(dialog).queryByText(message)).toBeNull());
    expect(formula).not.toHaveAttribute("aria-invalid");
  }, 60_000);

  it("inserts a variable from the reference where the cursor is", async () => {
    const user = setupUser();
    const fake = session();
    fake.on("POST", "/pay-components/preview", [200, { data: { amount: 0, employer_amount: null, currency: "PHP", inputs: {} } }]);
    renderAt("/deductions");
    const dialog = await openNewComponent(user);
    await choose(user, dialog, "Formula");
    const formula = await within(dialog).findByLabelText("Formula", { selector: "textarea" });
    await user.type(formula, "round( * 1.25, 2)");
    (formula as HTMLTextAreaElement).setSelectionRange(6, 6);
    await user.click(within(dialog).getByRole("button", { name: "Variables and functions" }));
    await user.click(await within(dialog).findByRole("button", { name: "Insert overtime_hours" }));
    expect(formula).toHaveValue("round(overtime_hours * 1.25, 2)");
    // Components that may be read are offered too (not the component itself).
    expect(within(dialog).getByRole("button", { name: "Insert SSS" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: 'Insert table("BIR_MONTHLY", x)' })).toBeInTheDocument();
  }, 60_000);

  it("describes every variable a formula may read in the reference (a new variable needs its words)", () => {
    const described = en.payrollUi.formula.variables as Record<string, string>;
    expect(PAY_VARIABLES.filter((name) => !described[name])).toEqual([]);
  });

  it("tries the component on a chosen person: the amount, the employer's share and what it read", async () => {
    const user = setupUser();
    const fake = session();
    fake.on("GET", `/pay-components/${SSS.id}`, [200, { data: SSS }]);
    fake.on("POST", "/pay-components/preview", (body) =>
      (body as { user_id: number }).user_id === 12
        ? [200, { data: { amount: 216000, employer_amount: 456000, currency: "PHP", inputs: { BASIC: "48000" } } }]
        : [422, { message: "This person has no pay rate in that period: set one on their record first.", errors: { user_id: ["This person has no pay rate in that period: set one on their record first."] } }],
    );
    renderAt("/deductions");
    const row = (await screen.findByText("SSS contribution")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Edit SSS" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit component" });
    // The employer's share has its own rate: the component's is the first.
    await waitFor(() => expect(within(dialog).getAllByLabelText("Rate")[0]).toHaveValue("4.5"));
    expect(within(dialog).getAllByLabelText("Rate")[1]).toHaveValue("9.5");
    const tryIt = within(dialog).getByRole("region", { name: "Try it" });
    expect(within(tryIt).getByText("Choose a person to see the amount for them.")).toBeInTheDocument();
    // Nobody chosen: the formula is checked with the signed-in person, whose own pay is no concern here.
    await waitFor(() => expect(previews(fake).length).toBeGreaterThan(0));
    expect(within(tryIt).queryByText(/no pay rate/)).toBeNull();

    const picker = within(tryIt).getByRole("combobox", { name: "Person" });
    await user.click(picker);
    await user.click(await option("Kim Sato · E-12 · Finance"));
    expect(await within(tryIt).findByText("₱2,160.00")).toBeInTheDocument();
    expect(within(tryIt).getByText("₱4,560.00")).toBeInTheDocument();
    const read = within(tryIt).getByText("BASIC").closest("tr")!;
    expect(within(read).getByText("₱48,000.00")).toBeInTheDocument();
    const last = previews(fake).at(-1)!.body as { user_id: number; period_start: string; period_end: string; component: unknown };
    expect(last.user_id).toBe(12);
    // Last calendar month, by default.
    expect(last.period_start.endsWith("-01")).toBe(true);
    expect(last.period_start.slice(0, 7)).toBe(last.period_end.slice(0, 7));
    expect(last.component).toMatchObject({ code: "SSS", calculation: { type: "percent", rate: "0.045", of: "BASIC" }, employer_share: { type: "percent", rate: "0.095", of: "BASIC" } });
  }, 60_000);
});

describe("rate tables", () => {
  it("groups the versions by code, marking the one in force", async () => {
    session();
    renderAt("/deductions?tab=tables");
    const future = (await screen.findByText("Thu, Jan 1, 2099")).closest("tr")!;
    expect(within(future).getByText("BIR_MONTHLY")).toBeInTheDocument();
    expect(within(future).getByText("Scheduled")).toBeInTheDocument();
    const current = screen.getByText("Sun, Jan 1, 2023").closest("tr")!;
    expect(within(current).getByText("In force")).toBeInTheDocument();
    // The code is said once for its versions.
    expect(screen.getAllByText("BIR_MONTHLY")).toHaveLength(1);
    expect(within(future).getByText("BIR_MONTHLY").closest("td")).toHaveAttribute("rowspan", "2");
    expect(screen.getByText("SSS monthly salary credit").closest("tr")).toHaveTextContent("Bands");
  }, 40_000);

  it("copies a version into a new one at a later date, and shows a refused row's message on that row", async () => {
    const user = setupUser();
    const fake = session();
    const refusal = "Each row must start above the row before it.";
    fake.on("POST", "/rate-tables", [422, { message: refusal, errors: { "rows.1.over": [refusal] } }]);
    renderAt("/deductions?tab=tables");
    const current = (await screen.findByText("Sun, Jan 1, 2023")).closest("tr")!;
    await user.click(within(current).getByRole("button", { name: "New version of BIR_MONTHLY, copied from Sun, Jan 1, 2023" }));
    const dialog = await screen.findByRole("dialog", { name: "New version of BIR_MONTHLY" });
    expect(within(dialog).getByLabelText("Code")).toHaveValue("BIR_MONTHLY");
    expect(within(dialog).getByLabelText("Rate (%), row 2")).toHaveValue("20");
    // A row added, then one taken away again.
    await user.click(within(dialog).getByRole("button", { name: "Add row" }));
    expect(within(dialog).getByLabelText("Over, row 3")).toHaveValue("");
    await user.click(within(dialog).getByRole("button", { name: "Remove row 3" }));
    expect(within(dialog).queryByLabelText("Over, row 3")).toBeNull();
    await user.clear(within(dialog).getByLabelText("Over, row 2"));
    await user.type(within(dialog).getByLabelText("Over, row 2"), "100");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST" && call.url === "/rate-tables")).toBe(true));
    const body = fake.calls.find((call) => call.method === "POST" && call.url === "/rate-tables")!.body as { effective_from: string; rows: unknown };
    // After the latest version of the code, the first of a month.
    expect(body.effective_from).toBe("2099-02-01");
    expect(body).toMatchObject({
      code: "BIR_MONTHLY",
      kind: "progressive",
      rows: [
        { over: "20833", base: "0", rate: "0.15" },
        { over: "100", base: "1875", rate: "0.2" },
      ],
    });
    const secondRow = within(dialog).getByLabelText("Over, row 2").closest("tr")!;
    expect(await within(secondRow).findByText(refusal)).toBeInTheDocument();
    expect(within(within(dialog).getByLabelText("Over, row 1").closest("tr")!).queryByText(refusal)).toBeNull();
  }, 60_000);
});

describe("per-person overrides", () => {
  it("lists each override with its person, component, mode, value and dates", async () => {
    const fake = session();
    fake.on("GET", "/pay-overrides", page([OVERRIDE]));
    renderAt("/deductions?tab=overrides");
    const row = (await screen.findByText("Kim Sato")).closest("tr")!;
    expect(within(row).getByText("SSS")).toBeInTheDocument();
    expect(within(row).getByText("Another rate")).toBeInTheDocument();
    expect(within(row).getByText("3%")).toBeInTheDocument();
    expect(within(row).getByText("From Sun, Nov 1, 2026")).toBeInTheDocument();
    expect(within(row).getByText("Voluntary member at a lower rate")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Edit the SSS override of Kim Sato from Sun, Nov 1, 2026" })).toBeInTheDocument();
  }, 40_000);

  it("edits an override: the rate shown as a percentage and sent back as the fraction, no value for an exclusion", async () => {
    const user = setupUser();
    const fake = session();
    fake.on("GET", "/pay-overrides", page([OVERRIDE]));
    fake.on("GET", `/pay-overrides/${OVERRIDE.id}`, [200, { data: OVERRIDE }]);
    fake.on("PUT", `/pay-overrides/${OVERRIDE.id}`, [200, { data: OVERRIDE, message: "Override saved." }]);
    renderAt("/deductions?tab=overrides");
    const row = (await screen.findByText("Kim Sato")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Edit the SSS override of Kim Sato from Sun, Nov 1, 2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit override" });
    await waitFor(() => expect(within(dialog).getByLabelText("Rate")).toHaveValue("3"));
    await choose(user, dialog, "Excluded");
    expect(within(dialog).queryByLabelText("Rate")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "PUT")).toBe(true));
    expect(fake.calls.find((call) => call.method === "PUT")!.body).toEqual({
      user_id: 12,
      component_id: SSS.id,
      mode: "exclude",
      value: null,
      effective_from: "2026-11-01",
      effective_to: null,
      reason: "Voluntary member at a lower rate",
    });
  }, 60_000);
});
