/**
 * /payslips as the payroll office's workspace: a payslip's preview, PDF and
 * download history in its drawer; its adjustments (typed in major units, sent
 * in minor units as the whole set, the server's refusals on their fields)
 * and its removal from an unapproved run; a released payslip's withdrawal
 * with a reason; each step shown only to whom the policy grants it. The list
 * tags withdrawn payslips, removes several at once saying which stayed, and
 * downloads a run's payslips as one ZIP once filtered by the run.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import type { PayslipDocument, PayslipDownload, PayslipEditReply } from "../../contracts/payslips";
import { catchDownloads } from "./downloads";
import { payslipRecord } from "./payroll-records";
import { payslipsListSession } from "./payroll-sessions";
import { renderAt } from "./render";
import { meAs } from "./session";
import { settle, toasts } from "./toasts";
import { setupUser } from "./user";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/payslips")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

/** Prepares payroll: adjusts and removes people from runs not yet approved. */
const MANAGER = meAs(4, 2, "Pat Payroll", ["payroll_manage"]);
/** Releases pay, and withdraws a released payslip. */
const RELEASER = meAs(6, 2, "Rene Release", ["payroll_release"]);
/** Reads only. */
const READER = meAs(7, 2, "Vic Viewer", ["payroll_view"]);
/** Hands out payslips: reads them all, never the runs behind them. */
const CLERK = meAs(8, 2, "Cas Clerk", ["payslips_view"]);

const CALCULATED = payslipRecord(21);
const RELEASED = payslipRecord(31, { payroll_id: 1, payroll_name: "September 2026", status: "released", period_start: "2026-09-01", period_end: "2026-09-30", pay_date: "2026-10-05" });

function documentOf(record: PayslipRecord): PayslipDocument {
  return {
    id: record.id,
    language: "en",
    currency: record.currency,
    company: { name: "Paydesk Demo Co.", address: ["Makati City", "PH"], registration_number: null, tax_number: null, has_logo: false },
    person: { id: record.user_id, name: record.user_name, employee_number: record.employee_number, department: record.department, position: "Accountant", tax_id: null, bank_name: "BDO", bank_account_masked: "•••• 4321" },
    run: { id: record.payroll_id, name: record.payroll_name, kind: "regular", status: record.status, period_start: record.period_start, period_end: record.period_end, pay_date: record.pay_date },
    lines: record.lines,
    gross: record.gross,
    deductions: record.deductions,
    net: record.net,
    employer_cost: record.employer_cost,
    taxable: record.taxable,
    inputs: record.inputs,
    year_to_date: { gross: record.gross, deductions: record.deductions, net: record.net, taxable: record.taxable, lines: [] },
    note: null,
    withdrawn: null,
  };
}

const HISTORY: PayslipDownload[] = [
  { id: 2, user_id: 11, user_name: "Dana Reyes", via: "link", kind: "single", address: "203.0.113.7", user_agent: "Firefox", at: "2026-11-06T01:30:00.000Z" },
  { id: 1, user_id: 4, user_name: "Pat Payroll", via: "token", kind: "run_zip", address: "198.51.100.2", user_agent: "Chrome", at: "2026-11-05T09:00:00.000Z" },
];

const RUN = { id: 2, name: "October 2026", period_start: "2026-10-01", period_end: "2026-10-31" } as RunRecord;

const session = (me: ReturnType<typeof meAs>, rows: PayslipRecord[] = [CALCULATED, RELEASED]) => payslipsListSession(me, rows, RUN);

/** Opens a payslip's drawer from the list. */
async function openDrawer(user: ReturnType<typeof setupUser>, name = "Dana Reyes", row = 0) {
  const buttons = await screen.findAllByRole("button", { name: `Open the payslip of ${name}` });
  await user.click(buttons[row]);
  return screen.findByRole("dialog", { name: `Payslip: ${name}` });
}

/** The drawer's actions on the payslip (asking how its lines were worked out changes nothing, and is always there). */
const buttonNames = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole("button")
    .map((button) => button.textContent?.trim())
    .filter((name) => name && name !== "How was this worked out?");

describe("a payslip's drawer", () => {
  it("previews the payslip as its person reads it, downloads its PDF under the server's name and lists its downloads", async () => {
    const user = setupUser();
    const fake = session(READER);
    fake.on("GET", "/payslips/31/document", [200, { data: documentOf(RELEASED) }]);
    fake.on("GET", "/payslips/31/downloads", [200, { data: HISTORY }]);
    const pdf = new Blob(["%PDF-1.7"], { type: "application/pdf" });
    fake.on("GET", "/payslip/generate-pdf/31", [200, pdf, { "content-disposition": 'attachment; filename="payslip-2026-09-dana-reyes.pdf"' }]);
    renderAt("/payslips");
    const drawer = await openDrawer(user, "Dana Reyes", 1);
    // The lines come first, as before.
    expect(within(drawer).getByRole("region", { name: "Earnings" })).toBeInTheDocument();

    await user.click(within(drawer).getByRole("tab", { name: "Preview" }));
    await waitFor(() => expect(fake.calls.some((call) => call.url === "/payslips/31/document")).toBe(true));
    expect(await within(drawer).findByText("Paydesk Demo Co.")).toBeInTheDocument();
    expect(within(drawer).getByText("BDO •••• 4321")).toBeInTheDocument();

    const { saved, names } = catchDownloads();
    await user.click(within(drawer).getByRole("button", { name: /Download PDF/ }));
    await waitFor(() => expect(saved).toEqual([pdf]));
    expect(names).toEqual(["payslip-2026-09-dana-reyes.pdf"]);

    await user.click(within(drawer).getByRole("tab", { name: "Download history" }));
    const history = await within(drawer).findByRole("table", { name: "Download history" });
    const rows = within(history).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Dana Reyes");
    expect(rows[0]).toHaveTextContent("Download link");
    expect(rows[0]).toHaveTextContent("203.0.113.7");
    expect(rows[1]).toHaveTextContent("Pat Payroll");
    expect(rows[1]).toHaveTextContent("In the run's ZIP");
    // A reader changes nothing.
    expect(buttonNames(drawer)).not.toContain("Withdraw");
    expect(buttonNames(drawer)).not.toContain("Remove from run");
    expect(within(drawer).queryByRole("tab", { name: "Adjustments" })).toBeNull();
  }, 60_000);

  it("sends the whole set of adjustments in minor units, puts the server's refusal on its field and shows the new totals", async () => {
    const user = setupUser();
    const fake = session(MANAGER);
    const edit: PayslipEditReply = {
      ...CALCULATED,
      note: null,
      editable: true,
      adjustments: [{ id: 5, name: "Back pay", kind: "earning", amount: 150_000, taxable: true, pre_tax: false, reason: "September overtime", created_by_name: "Pat Payroll", updated_at: "2026-11-20T02:00:00.000Z" }],
    };
    fake.on("GET", "/payslips/21/edit", [200, { data: edit }]);
    renderAt("/payslips");
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole("tab", { name: "Adjustments" }));
    const first = await within(drawer).findByRole("region", { name: "Adjustment 1" });
    expect(within(first).getByLabelText("Name")).toHaveValue("Back pay");
    expect(within(first).getByLabelText("Amount")).toHaveValue("1500.00");
    expect(within(first).getByRole("checkbox", { name: /Taxable/ })).toBeChecked();

    await user.click(within(drawer).getByRole("button", { name: /Add an adjustment/ }));
    const second = within(drawer).getByRole("region", { name: "Adjustment 2" });
    await user.type(within(second).getByLabelText("Name"), "Salary advance");
    // antd draws its button radios over the inputs: a person clicks the label.
    await user.click(within(second).getByRole("radio", { name: "Deduction" }).closest("label")!);
    await user.type(within(second).getByLabelText("Amount"), "1234.5");
    await user.click(within(second).getByRole("checkbox", { name: /Before tax/ }));

    // The reason is required before anything is sent.
    await user.click(within(drawer).getByRole("button", { name: /Save adjustments/ }));
    expect(await within(second).findByText("Value is required")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === "PUT")).toBe(false);
    await user.type(within(second).getByLabelText("Reason"), "Advance repaid");

    fake.on("PUT", "/payslips/update-user-payslip/21", [422, { message: "The data is invalid.", errors: { "adjustments.1.amount": ["More than the net pay left."] } }]);
    await user.click(within(drawer).getByRole("button", { name: /Save adjustments/ }));
    expect(await within(second).findByText("More than the net pay left.")).toBeInTheDocument();
    expect(within(first).queryByText("More than the net pay left.")).toBeNull();
    expect(fake.calls.find((call) => call.method === "PUT")!.body).toEqual({
      adjustments: [
        { id: 5, name: "Back pay", kind: "earning", amount: 150_000, taxable: true, pre_tax: false, reason: "September overtime" },
        { name: "Salary advance", kind: "deduction", amount: 123_450, taxable: false, pre_tax: true, reason: "Advance repaid" },
      ],
    });

    const saved: PayslipEditReply = {
      ...edit,
      gross: 5_600_000,
      deductions: 368_700,
      net: 5_231_300,
      adjustments: [
        edit.adjustments[0],
        { id: 6, name: "Salary advance", kind: "deduction", amount: 123_450, taxable: false, pre_tax: true, reason: "Advance repaid", created_by_name: "Pat Payroll", updated_at: "2026-11-21T02:00:00.000Z" },
      ],
    };
    fake.on("PUT", "/payslips/update-user-payslip/21", [200, { data: saved, message: "Payslip adjusted: its run's totals follow." }]);
    await user.click(within(drawer).getByRole("button", { name: /Save adjustments/ }));
    await waitFor(() => expect(toasts().join(" ")).toContain("Payslip adjusted"));
    const figure = (key: string) => drawer.querySelector(`dl[aria-label="Payslip totals"] [data-figure="${key}"]`);
    await waitFor(() => expect(figure("net")).toHaveTextContent("₱52,313.00"));
    expect(figure("gross")).toHaveTextContent("₱56,000.00");
    // The list (and the run's totals) reload.
    await waitFor(() => expect(fake.calls.filter((call) => call.url === "/payslips").length).toBeGreaterThan(1));
  }, 60_000);

  it("saves the payslip's note, an empty box as none", async () => {
    const user = setupUser();
    const fake = session(MANAGER);
    const edit: PayslipEditReply = { ...CALCULATED, note: "Includes October overtime.", editable: true, adjustments: [] };
    fake.on("GET", "/payslips/21/edit", [200, { data: edit }]);
    fake.on("PUT", "/payslips/21", [200, { data: { ...edit, note: null }, message: "Payslip saved." }]);
    renderAt("/payslips");
    const drawer = await openDrawer(user);
    await user.click(within(drawer).getByRole("tab", { name: "Adjustments" }));
    expect(await within(drawer).findByText("No adjustments.")).toBeInTheDocument();
    const note = within(drawer).getByLabelText("Note on the payslip");
    expect(note).toHaveValue("Includes October overtime.");
    await user.clear(note);
    await user.click(within(drawer).getByRole("button", { name: /Save note/ }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === "PUT")?.body).toEqual({ note: null }));
  }, 60_000);

  it("takes a person out of an unapproved run after a confirmation", async () => {
    const user = setupUser();
    const fake = session(MANAGER);
    fake.on("DELETE", "/payslips/21", [200, { data: { id: 21 }, message: "Dana Reyes is no longer in this run." }]);
    renderAt("/payslips");
    const drawer = await openDrawer(user);
    expect(buttonNames(drawer)).not.toContain("Withdraw");
    await user.click(within(drawer).getByRole("button", { name: /Remove from run/ }));
    const question = await screen.findByText("Remove Dana Reyes from October 2026?");
    const answer = within(question.closest(".ant-popover") as HTMLElement).getByRole("button", { name: "Remove" });
    await waitFor(() => expect(answer).toHaveFocus());
    expect(fake.calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(answer);
    await waitFor(() => expect(fake.calls.some((call) => call.method === "DELETE" && call.url === "/payslips/21")).toBe(true));
    await waitFor(() => expect(toasts().join(" ")).toContain("Dana Reyes is no longer in this run."));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Payslip: Dana Reyes" })).toBeNull());
  }, 60_000);

  it("withdraws a released payslip with a reason, a step only for those who release pay", async () => {
    const user = setupUser();
    const fake = session(RELEASER);
    const withdrawn = { ...RELEASED, withdrawn_at: "2026-11-21T03:00:00.000Z" };
    fake.on("POST", "/payslips/31/withdraw", [200, { data: withdrawn, message: "Payslip withdrawn." }]);
    let view = renderAt("/payslips");
    // Releasing is no preparing: no adjustments or removal on the unapproved one, and no withdrawal of it either.
    let drawer = await openDrawer(user, "Dana Reyes", 0);
    expect(buttonNames(drawer)).toEqual(["Download PDF"]);
    expect(within(drawer).queryByRole("tab", { name: "Adjustments" })).toBeNull();
    await user.click(within(drawer).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Payslip: Dana Reyes" })).toBeNull());

    drawer = await openDrawer(user, "Dana Reyes", 1);
    expect(buttonNames(drawer)).toEqual(["Download PDF", "Withdraw"]);
    await user.click(within(drawer).getByRole("button", { name: /Withdraw/ }));
    // Under test antd gives every dialog the same title id: the drawer's title would name this one too.
    const dialog = (await screen.findByText("Withdraw the payslip of Dana Reyes")).closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(dialog).getByRole("button", { name: /Withdraw payslip/ }));
    expect(await within(dialog).findByText("Value is required")).toBeInTheDocument();
    await settle();
    expect(fake.calls.some((call) => call.method === "POST")).toBe(false);
    await user.type(within(dialog).getByLabelText("Reason"), "Issued with last month's rate");
    await user.click(within(dialog).getByRole("button", { name: /Withdraw payslip/ }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === "POST")?.body).toEqual({ reason: "Issued with last month's rate" }));
    await waitFor(() => expect(toasts().join(" ")).toContain("Payslip withdrawn."));
    expect(await within(drawer).findByText("Withdrawn")).toBeInTheDocument();
    // Withdrawn once is withdrawn: the step goes.
    await waitFor(() => expect(buttonNames(drawer)).toEqual(["Download PDF"]));
    view.unmount();

    // Someone who prepares payroll but does not release it sees no withdrawal, and no removal of a released payslip.
    session(MANAGER);
    view = renderAt("/payslips");
    drawer = await openDrawer(user, "Dana Reyes", 1);
    expect(buttonNames(drawer)).toEqual(["Download PDF"]);
    view.unmount();
  }, 60_000);
});

describe("the payslips list", () => {
  it("tags a withdrawn payslip beside its run's state", async () => {
    session(READER, [payslipRecord(31, { status: "released", withdrawn_at: "2026-11-21T03:00:00.000Z" })]);
    renderAt("/payslips");
    const row = (await screen.findByRole("button", { name: "Open the payslip of Dana Reyes" })).closest("tr")!;
    expect(within(row).getByText("Released")).toBeInTheDocument();
    expect(within(row).getByText("Withdrawn")).toBeInTheDocument();
  }, 40_000);

  it("downloads a run's payslips as one ZIP, offered once the list is filtered by the run", async () => {
    const user = setupUser();
    const fake = session(READER);
    const zip = new Blob(["PK"], { type: "application/zip" });
    fake.on("GET", "/payroll/2/payslips.zip", [200, zip, { "content-disposition": 'attachment; filename="payslips-october-2026.zip"' }]);
    let view = renderAt("/payslips");
    await screen.findAllByRole("button", { name: "Open the payslip of Dana Reyes" });
    expect(screen.queryByRole("button", { name: /Download all as ZIP/ })).toBeNull();
    view.unmount();

    view = renderAt("/payslips?payroll_id=2");
    const button = await screen.findByRole("button", { name: /Download all as ZIP/ });
    const { saved, names } = catchDownloads();
    await user.click(button);
    await waitFor(() => expect(saved).toEqual([zip]));
    expect(names).toEqual(["payslips-october-2026.zip"]);
    view.unmount();
  }, 60_000);

  it("takes several people out of their runs at once and says which payslips stayed, and why", async () => {
    const user = setupUser();
    const fake = session(MANAGER);
    fake.on("POST", "/payslips/bulk-delete", [
      200,
      { data: { deleted: [21], refused: [{ id: 31, message: "Only payslips of draft and calculated runs can be changed." }] }, message: "1 payslip removed." },
    ]);
    renderAt("/payslips");
    await screen.findAllByRole("button", { name: "Open the payslip of Dana Reyes" });
    const boxes = screen.getAllByRole("checkbox", { name: "Select Dana Reyes" });
    await user.click(boxes[0]);
    await user.click(boxes[1]);
    await user.click(screen.getByRole("button", { name: /Remove from their runs/ }));
    const question = await screen.findByText("Remove the 2 selected people from their runs?");
    await user.click(within(question.closest(".ant-popover") as HTMLElement).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(fake.calls.find((call) => call.url === "/payslips/bulk-delete")?.body).toEqual({ ids: [21, 31] }));
    const result = await screen.findByRole("dialog", { name: "Not everyone was removed" });
    expect(within(result).getByText("1 payslip was removed.")).toBeInTheDocument();
    expect(within(result).getByTestId("bulk-refused")).toHaveTextContent("Dana Reyes, September 2026: Only payslips of draft and calculated runs can be changed.");
  }, 60_000);

  it("shows payslips alone to whom a role gives them without the runs: no run picker, the run named but not linked", async () => {
    const user = setupUser();
    const fake = session(CLERK);
    fake.on("GET", "/payslips/31/downloads", [200, { data: [] }]);
    renderAt("/payslips");
    const drawer = await openDrawer(user, "Dana Reyes", 1);
    expect(screen.queryByLabelText("Run", { exact: true })).toBeNull();
    expect(within(drawer).getByText("September 2026")).toBeInTheDocument();
    expect(within(drawer).queryByRole("link", { name: "September 2026" })).toBeNull();
    expect(fake.calls.some((call) => call.url === "/payroll")).toBe(false);
    expect(buttonNames(drawer)).not.toContain("Withdraw");
  }, 60_000);

  it("offers a reader no selection", async () => {
    session(READER);
    renderAt("/payslips");
    await screen.findAllByRole("button", { name: "Open the payslip of Dana Reyes" });
    expect(screen.queryByRole("checkbox", { name: /Select/ })).toBeNull();
  }, 40_000);
});
