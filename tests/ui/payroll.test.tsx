/**
 * /payroll and /payroll/:id: the runs with their summary, the create dialog
 * (the coming period, who is paid), bulk delete saying why runs stayed; the
 * review's steps shown exactly as the policy allows them per state and
 * permission (four eyes, blocking warnings), the calculation's progress bar
 * until the job ends, the reopen reason required, the comparison with the
 * previous run, and a payslip's lines in the drawer.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { payslipRecord, runRecord, stamp } from "./payroll-records";
import { runReviewSession } from "./payroll-sessions";
import { PAYROLL_SETTINGS } from "./payroll-settings";
import { renderAt } from "./render";
import { meAs, page, signedInAs } from "./session";
import { settle, toasts } from "./toasts";
import { setupUser } from "./user";
import type { JobRecord } from "../../contracts/jobs";
import type { ComparisonReply, RunRecord } from "../../contracts/payroll";
import { jobRecord } from "./job-records";

const DRAFT = runRecord(3, {
  name: "Payroll 2026-11-01 – 2026-11-30",
  period_start: "2026-11-01",
  period_end: "2026-11-30",
  pay_date: "2026-12-05",
  status: "draft",
  totals: { people: 0, gross: 0, deductions: 0, net: 0, employer_cost: 0 },
  calculated: null,
});
const CALCULATED = runRecord(2);
const RELEASED = runRecord(1, {
  name: "September 2026",
  period_start: "2026-09-01",
  period_end: "2026-09-30",
  pay_date: "2026-10-05",
  status: "released",
  approved: stamp(1, "Alex Admin", "2026-10-01T02:00:00.000Z"),
  released: stamp(1, "Alex Admin", "2026-10-02T02:00:00.000Z"),
});

const SUMMARY = {
  runs: { draft: 1, calculated: 1, approved: 0, released: 1 },
  last_released: { id: 1, name: "September 2026", pay_date: "2026-10-05", totals: RELEASED.totals },
  year_to_date: { people: 24, gross: 144_800_000, deductions: 6_516_000, net: 138_284_000, employer_cost: 158_556_000 },
  currency: "PHP",
};

/** Dana's payslip in the review: a meal allowance and the employer's share of social security; late 35 minutes and absent a day. */
const payslip = (id: number) =>
  payslipRecord(id, {
    lines: [
      { code: "BASIC", name: "Basic pay", kind: "earning", amount: 5_400_000 },
      { code: "ALLOW", name: "Meal allowance", kind: "earning", amount: 50_000 },
      { code: "SSS", name: "Social security", kind: "deduction", amount: 245_250 },
      { code: "SSS", name: "Social security", kind: "employer", amount: 517_750 },
    ],
    inputs: { pay_basis: "monthly", rate: 5_400_000, days_worked: 21, hours_worked: 168.32, overtime_hours: 1.32, worked_minutes: 10_099, overtime_minutes: 79, late_minutes: 35, undertime_minutes: 0, absences: 1 },
  });

const COMPARISON: ComparisonReply = {
  previous: { id: 1, name: "September 2026" },
  rows: [
    {
      user_id: 12,
      user_name: "Noel Santos",
      net: 4_000_000,
      previous_net: null,
      change: 4_000_000,
      moved: [{ code: "BASIC", name: "Basic pay", kind: "earning", amount: 4_000_000, previous: 0 }],
    },
    {
      user_id: 11,
      user_name: "Dana Reyes",
      net: 5_204_750,
      previous_net: 5_100_000,
      change: 104_750,
      moved: [
        { code: "BASIC", name: "Basic pay", kind: "earning", amount: 5_400_000, previous: 5_300_000 },
        { code: "ALLOW", name: "Meal allowance", kind: "earning", amount: 50_000, previous: 45_000 },
      ],
    },
    {
      user_id: 13,
      user_name: "Ivo Cruz",
      net: 2_950_000,
      previous_net: 3_000_000,
      change: -50_000,
      moved: [{ code: "LATE", name: "Late and undertime", kind: "deduction", amount: 50_000, previous: 0 }],
    },
  ],
};

const job = (changes: Partial<JobRecord> = {}): JobRecord => jobRecord({ id: 9, status: "running", progress: { done: 2, total: 4 }, attempts: 1, max_attempts: 3, created_at: "2026-11-20T02:00:00.000Z", updated_at: "2026-11-20T02:00:00.000Z", ...changes });

/** Runs payroll: prepares, calculates and deletes, without releasing money. */
const MANAGER = meAs(4, 2, "Pat Payroll", ["payroll_manage", "users_view"]);
/** Approves and releases. */
const RELEASER = meAs(6, 2, "Rene Release", ["payroll_release"]);
/** Looks only. */
const READER = meAs(7, 2, "Vic Viewer", ["payroll_view"]);
const ADMIN = meAs(1, 0, "Alex Admin");

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/payroll"), import("../../src/pages/payslips")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

/** The runs list's answers. */
function listSession(me = ADMIN, runs: RunRecord[] = [DRAFT, CALCULATED, RELEASED]) {
  const fake = signedInAs(me);
  fake.on("GET", "/payroll", page(runs));
  fake.on("GET", "/payroll/summary-stats", [200, { data: SUMMARY }]);
  return fake;
}

/** One run's review: the run, its payslips and its comparison. */
const reviewSession = (me: ReturnType<typeof meAs>, shown: RunRecord) => runReviewSession(me, shown, [payslip(21)], COMPARISON);

const header = async () => (await screen.findByRole("heading", { level: 1 })).closest(".ant-card") as HTMLElement;
const buttonNames = (scope: HTMLElement) => within(scope).queryAllByRole("button").map((button) => button.textContent?.trim()).filter(Boolean);

describe("payroll runs list", () => {
  it("says there is no run yet and offers to create the first, in the reader's language", async () => {
    listSession(ADMIN, []);
    renderAt("/payroll");
    expect(await screen.findByText("No payroll run yet. Create the first one:")).toBeInTheDocument();
    // The toolbar's button, and the same one under the message.
    expect(screen.getAllByRole("button", { name: /New payroll run/ })).toHaveLength(2);
  });

  it("lists runs with their period, status, people and net pay, the summary above, and delete only where the state allows it", async () => {
    listSession();
    renderAt("/payroll");
    const october = (await screen.findByText("October 2026", { selector: "a" })).closest("tr")!;
    expect(within(october).getByText("Oct 1 – 31, 2026")).toBeInTheDocument();
    expect(within(october).getByText("Nov 5, 2026")).toBeInTheDocument();
    expect(within(october).getByText("Calculated")).toBeInTheDocument();
    expect(within(october).getByText("38")).toBeInTheDocument();
    expect(within(october).getByText("₱1,442,281.59")).toBeInTheDocument();
    expect(within(october).getByRole("button", { name: "Delete October 2026" })).toBeInTheDocument();
    // The server's default name reads in the reader's words.
    const draft = screen.getByText("Payroll Nov 1 – 30, 2026", { selector: "a" }).closest("tr")!;
    expect(within(draft).getByText("Draft")).toBeInTheDocument();
    // A released run stays: no delete.
    const september = screen.getAllByText("September 2026", { selector: "a" }).find((link) => link.closest("tr"))!.closest("tr")!;
    expect(within(september).queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(within(september).getByRole("link", { name: "Open September 2026" })).toHaveAttribute("href", "/payroll/1");

    const summary = screen.getByRole("region", { name: "Payroll at a glance" });
    expect(within(summary).getAllByText("1 run")).toHaveLength(3);
    expect(within(summary).getByText("0 runs")).toBeInTheDocument();
    expect(within(summary).getByText("₱1,382,840.00")).toBeInTheDocument();
    expect(within(summary).getByText("24 people")).toBeInTheDocument();
    expect(screen.getByText("New payroll run", { selector: "button span" })).toBeInTheDocument();
  }, 40_000);

  it("shows no create or delete to someone who may only read payroll", async () => {
    listSession(READER);
    renderAt("/payroll");
    const october = (await screen.findByText("October 2026", { selector: "a" })).closest("tr")!;
    expect(within(october).queryByRole("button", { name: /Delete/ })).toBeNull();
    expect(screen.queryByText("New payroll run", { selector: "button span" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: /Select/ })).toBeNull();
  }, 40_000);

  it("creates a run for a department from the coming period of the pay frequency, then opens it", async () => {
    const user = setupUser();
    const fake = listSession(MANAGER);
    fake.on("GET", "/settings/payroll", [200, { data: { ...PAYROLL_SETTINGS, pay_frequency: "semi_monthly" } }]);
    const created = runRecord(5, { name: "Finance November", status: "draft", people: { department: "Finance" }, calculated: null });
    fake.on("POST", "/payroll", [201, { data: created, message: "Payroll run created." }]);
    fake.on("GET", "/payroll/5", [200, { data: created }]);
    fake.on("GET", "/payslips", page([]));
    fake.on("GET", "/payroll/5/comparison", [200, { data: { previous: null, rows: [] } }]);
    renderAt("/payroll");
    await user.click(await screen.findByText("New payroll run", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    // The latest regular run (the list's first, by period end) ends Nov 30: paid twice a month, the coming period is
    // December's first half, paid on its last working day (Tuesday the 15th).
    await waitFor(() => expect(within(dialog).getByLabelText("Period start")).toHaveValue("12/01/2026"));
    expect(within(dialog).getByLabelText("Period end")).toHaveValue("12/15/2026");
    expect(within(dialog).getByLabelText("Pay date")).toHaveValue("12/15/2026");
    expect(within(dialog).queryByText(/is not one of the pay frequency's/)).toBeNull();
    expect(within(dialog).getByRole("radiogroup", { name: "Who is paid" })).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText("A department"));
    await user.click(within(dialog).getByRole("button", { name: "Create run" }));
    // The department is required once chosen.
    expect(await within(dialog).findByText("Value is required")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText("Department"), "Finance");
    await user.type(within(dialog).getByLabelText("Name (optional)"), "Finance November");
    await user.click(within(dialog).getByRole("button", { name: "Create run" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST")!.body).toEqual({
      name: "Finance November",
      period_start: "2026-12-01",
      period_end: "2026-12-15",
      pay_date: "2026-12-15",
      people: { department: "Finance" },
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/payroll/5"));
    expect(await screen.findByText("Department: Finance")).toBeInTheDocument();
  }, 60_000);

  it("warns of a period that is not one of the pay frequency's: after a run that ended mid-month, a monthly run's rest of the month", async () => {
    const user = setupUser();
    const fake = listSession(MANAGER, [{ ...DRAFT, period_start: "2026-11-01", period_end: "2026-11-15" }]);
    fake.on("GET", "/settings/payroll", [200, { data: PAYROLL_SETTINGS }]);
    renderAt("/payroll");
    await user.click(await screen.findByText("New payroll run", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByLabelText("Period start")).toHaveValue("11/16/2026"));
    expect(within(dialog).getByLabelText("Period end")).toHaveValue("11/30/2026");
    expect(await within(dialog).findByText("This period is not one of the pay frequency's (Monthly): check its dates. A run for new starters or after a change of frequency can still be created.")).toBeInTheDocument();
  }, 40_000);

  it("proposes the attendance window of the settings' cut-off, moved with the period, and sends it", async () => {
    const user = setupUser();
    const fake = listSession(MANAGER);
    fake.on("GET", "/settings/payroll", [200, { data: { ...PAYROLL_SETTINGS, pay_frequency: "semi_monthly", attendance_cutoff_days: 3 } }]);
    fake.on("POST", "/payroll", [201, { data: runRecord(5, { status: "draft" }), message: "Payroll run created." }]);
    renderAt("/payroll");
    await user.click(await screen.findByText("New payroll run", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    // December's first half, attendance closing 3 days before its end: Nov 28 – Dec 12.
    await waitFor(() => expect(within(dialog).getByLabelText("Period start")).toHaveValue("12/01/2026"));
    expect(within(dialog).getByRole("switch", { name: "Attendance closes before the period ends" })).toBeChecked();
    expect(within(dialog).getByLabelText("Attendance from")).toHaveValue("11/28/2026");
    expect(within(dialog).getByLabelText("Attendance to")).toHaveValue("12/12/2026");
    // Another period moves the window with it.
    const end = within(dialog).getByLabelText("Period end");
    await user.click(end);
    await user.clear(end);
    await user.type(end, "12/14/26{Enter}");
    await waitFor(() => expect(within(dialog).getByLabelText("Attendance to")).toHaveValue("12/11/2026"));
    await user.click(within(dialog).getByRole("button", { name: "Create run" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST")!.body).toMatchObject({ period_start: "2026-12-01", period_end: "2026-12-14", attendance_start: "2026-11-28", attendance_end: "2026-12-11" });
  }, 60_000);

  it("takes Enter in a date field as the end of typing the date, not as creating the run", async () => {
    const user = setupUser();
    const fake = listSession(MANAGER);
    fake.on("GET", "/settings/payroll", [200, { data: PAYROLL_SETTINGS }]);
    renderAt("/payroll");
    await user.click(await screen.findByText("New payroll run", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    const payDate = within(dialog).getByLabelText("Pay date");
    await waitFor(() => expect(payDate).toHaveValue("12/31/2026"));
    await user.click(payDate);
    await user.clear(payDate);
    await user.type(payDate, "01/04/27{Enter}");
    await waitFor(() => expect(payDate).toHaveValue("01/04/2027"));
    await settle();
    expect(fake.calls.some((call) => call.method === "POST")).toBe(false);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  }, 40_000);

  it("says which runs a bulk delete kept, and why", async () => {
    const user = setupUser();
    const fake = listSession(ADMIN);
    fake.on("POST", "/payroll/bulk-delete", [
      200,
      { data: { deleted: [3], refused: [{ id: 1, message: "Only draft and calculated runs can be deleted; an approved run must be reopened first, and a released one stays." }] }, message: "1 payroll runs deleted." },
    ]);
    renderAt("/payroll");
    await screen.findByText("October 2026", { selector: "a" });
    await user.click(screen.getByRole("checkbox", { name: "Select Payroll 2026-11-01 – 2026-11-30" }));
    await user.click(screen.getByRole("checkbox", { name: "Select September 2026" }));
    await user.click(screen.getByText("Delete selected", { selector: "button span" }));
    // The question's answer takes the keyboard: the popup sits at the page's end.
    const answer = await screen.findByRole("button", { name: "Delete" });
    await waitFor(() => expect(answer).toHaveFocus());
    await user.click(answer);
    await waitFor(() => expect(fake.calls.find((call) => call.url === "/payroll/bulk-delete")?.body).toEqual({ ids: [3, 1] }));
    const result = await screen.findByRole("dialog", { name: "Not every run was deleted" });
    expect(within(result).getByText("1 run was deleted.")).toBeInTheDocument();
    expect(within(result).getByTestId("bulk-refused")).toHaveTextContent(
      "September 2026: Only draft and calculated runs can be deleted; an approved run must be reopened first, and a released one stays.",
    );
  }, 60_000);
});

describe("a run's review", () => {
  it("offers a draft's manager Calculate and Delete, nothing else", async () => {
    reviewSession(MANAGER, DRAFT);
    renderAt("/payroll/3");
    const card = await header();
    expect(buttonNames(card)).toEqual(["Calculate", "Delete run"]);
    expect(screen.getByText("Not calculated yet: calculate the run to work out its payslips.")).toBeInTheDocument();
  }, 40_000);

  it("says what the pay calendar asks of the run: a period off the frequency, and the month's earlier run still open, with a way there", async () => {
    const second = runRecord(4, {
      name: "Payroll 2026-11-16 – 2026-11-30",
      period_start: "2026-11-16",
      period_end: "2026-11-30",
      pay_date: "2026-11-30",
      attendance_start: "2026-11-13",
      attendance_end: "2026-11-27",
      notices: [
        { kind: "attendance_incomplete", detail: "2026-11-24", run_id: null },
        { kind: "period_misfit", detail: "weekly", run_id: null },
        { kind: "earlier_run_open", detail: "Payroll 2026-11-01 – 2026-11-15", run_id: 3 },
      ],
    });
    reviewSession(MANAGER, second);
    renderAt("/payroll/4");
    expect(await screen.findByText("This run's period is not one of the pay frequency's (Weekly): check its dates before it is approved.")).toBeInTheDocument();
    const open = screen.getByText(/an earlier run of the same month, is not approved yet/).closest(".ant-alert") as HTMLElement;
    expect(open).toHaveTextContent("Payroll Nov 1 – 15, 2026, an earlier run");
    expect(within(open).getByRole("link", { name: "Open it" })).toHaveAttribute("href", "/payroll/3");
    // Its attendance window, and attendance recorded only part of the way through it.
    expect(screen.getByText("Attendance paid").closest("tr, .ant-descriptions-item")).toHaveTextContent("Nov 13 – 27, 2026");
    expect(
      screen.getByText("Attendance is recorded up to Nov 24, 2026, and this run pays attendance to Nov 27, 2026: the days after are not recorded yet (or nobody worked them). Calculate again once they are."),
    ).toBeInTheDocument();
  }, 40_000);

  it("offers a calculated run's manager Recalculate and Delete, but not Approve (releasing needs payroll_release)", async () => {
    reviewSession(MANAGER, CALCULATED);
    renderAt("/payroll/2");
    expect(buttonNames(await header())).toEqual(["Recalculate", "Delete run"]);
  }, 40_000);

  it("lets a releaser approve a calculated run, and no one approve while a warning blocks it", async () => {
    reviewSession(RELEASER, CALCULATED);
    const view = renderAt("/payroll/2");
    expect(buttonNames(await header())).toEqual(["Approve"]);
    view.unmount();

    const blocked = runRecord(2, {
      warnings: [
        { user_id: 11, user_name: "Dana Reyes", kind: "negative_net", detail: null, message: null },
        { user_id: 12, user_name: "Noel Santos", kind: "missing_rate", detail: null, message: null },
      ],
    });
    reviewSession(ADMIN, blocked);
    renderAt("/payroll/2?tab=warnings");
    expect(buttonNames(await header())).toEqual(["Recalculate", "Delete run"]);
    expect(screen.getByText("Approval is blocked")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Warnings (2) 1 blocks approval" })).toBeInTheDocument();
    const dana = screen.getByText("Dana Reyes").closest("tr")!;
    expect(within(dana).getByText("Blocks approval")).toBeInTheDocument();
    expect(within(dana).getByText("Net pay below zero")).toBeInTheDocument();
    const noel = screen.getByText("Noel Santos").closest("tr")!;
    expect(within(noel).getByText("Warning")).toBeInTheDocument();
    expect(within(noel).getByText("No pay rate")).toBeInTheDocument();
  }, 60_000);

  it("keeps Approve from the one who calculated when settings ask for four eyes, and says why", async () => {
    reviewSession(ADMIN, runRecord(2, { separate_approver: true, calculated: { by: 1, by_name: "Alex Admin", at: "2026-11-20T02:00:00.000Z" } }));
    renderAt("/payroll/2");
    expect(buttonNames(await header())).toEqual(["Recalculate", "Delete run"]);
    expect(screen.getByText(/You calculated this run: someone else must approve it/)).toBeInTheDocument();
  }, 40_000);

  it("offers an approved run's releaser Reopen and Release; a released run only its correction, to creators, and a reader no step", async () => {
    const approved = runRecord(2, { status: "approved", approved: { by: 6, by_name: "Rene Release", at: "2026-11-21T02:00:00.000Z" } });
    reviewSession(RELEASER, approved);
    let view = renderAt("/payroll/2");
    expect(buttonNames(await header())).toEqual(["Reopen", "Release"]);
    view.unmount();

    reviewSession(ADMIN, RELEASED);
    view = renderAt("/payroll/1");
    expect(buttonNames(await header())).toEqual(["Create correction run"]);
    view.unmount();

    reviewSession(MANAGER, RELEASED);
    view = renderAt("/payroll/1");
    expect(buttonNames(await header())).toEqual(["Create correction run"]);
    view.unmount();

    // Releasing is no creating: a releaser without payroll_manage gets no correction.
    reviewSession(RELEASER, RELEASED);
    view = renderAt("/payroll/1");
    expect(buttonNames(await header())).toEqual([]);
    view.unmount();

    reviewSession(READER, CALCULATED);
    renderAt("/payroll/2");
    expect(buttonNames(await header())).toEqual([]);
  }, 60_000);

  it("creates a correction run of a released run: its period and pay date, chosen people, sent with corrects_id", async () => {
    const user = setupUser();
    const fake = reviewSession(MANAGER, RELEASED);
    fake.on("GET", "/users/lookup", [200, { data: [{ id: 11, name: "Dana Reyes", employee_number: "E-11", department: "Finance" }] }]);
    const created = runRecord(6, { name: "Correction 2026-09-01 – 2026-09-30", kind: "off_cycle", corrects_id: 1, status: "draft", people: { user_ids: [11] }, calculated: null });
    fake.on("POST", "/payroll", [201, { data: created, message: "Payroll run created." }]);
    fake.on("GET", "/payroll/6", [200, { data: created }]);
    fake.on("GET", "/payroll/6/comparison", [200, { data: { previous: null, rows: [] } }]);
    renderAt("/payroll/1");
    await user.click(within(await header()).getByRole("button", { name: "Create correction run" }));
    const dialog = await screen.findByRole("dialog", { name: "Correction run for September 2026" });
    expect(within(dialog).getByLabelText("Period start")).toHaveValue("09/01/2026");
    expect(within(dialog).getByLabelText("Period end")).toHaveValue("09/30/2026");
    expect(within(dialog).getByLabelText("Pay date")).toHaveValue("10/05/2026");
    // A correction rarely pays everyone: chosen people come first.
    expect(within(dialog).getByRole("radio", { name: "Chosen people" })).toBeChecked();

    await user.click(within(dialog).getByRole("button", { name: "Create run" }));
    expect(await within(dialog).findByText("Choose at least one person.")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("combobox", { name: "People" }), "dana");
    const dana = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-dropdown .ant-select-item-option[title="Dana Reyes · E-11 · Finance"]');
      if (!found) throw new Error("no Dana");
      return found;
    });
    await user.click(dana);
    await user.click(within(dialog).getByRole("button", { name: "Create run" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST")!.body).toEqual({
      period_start: "2026-09-01",
      period_end: "2026-09-30",
      pay_date: "2026-10-05",
      people: { user_ids: [11] },
      corrects_id: 1,
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/payroll/6"));
    // The correction's review links back to the run it corrects.
    expect(await screen.findByRole("link", { name: "Run #1" })).toHaveAttribute("href", "/payroll/1");
  }, 60_000);

  it("says before releasing that everyone paid will be notified", async () => {
    const user = setupUser();
    const approved = runRecord(2, { status: "approved", approved: { by: 6, by_name: "Rene Release", at: "2026-11-21T02:00:00.000Z" } });
    const fake = reviewSession(RELEASER, approved);
    fake.on("POST", "/payroll/release/2", [200, { data: { ...approved, status: "released" }, message: "Payroll run released: everyone paid has been told." }]);
    renderAt("/payroll/2");
    await user.click(within(await header()).getByRole("button", { name: "Release" }));
    const dialog = await screen.findByRole("dialog", { name: "Release October 2026?" });
    expect(within(dialog).getByText("38 people will be paid ₱1,442,281.59 in total on Nov 5, 2026.")).toBeInTheDocument();
    expect(within(dialog).getByText("38 people will be notified, in the app and by e-mail, that their payslips are ready.")).toBeInTheDocument();
    expect(within(dialog).queryByText(/Attendance is still open/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: /Release and notify/ }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST" && call.url === "/payroll/release/2")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST")!.body).toBeUndefined();
  }, 40_000);

  it("names the attendance days still open before releasing, and releases knowing it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T06:00:00Z"));
    try {
      const user = setupUser();
      const approved = runRecord(2, { status: "approved", period_start: "2026-11-16", period_end: "2026-11-30", attendance_start: "2026-11-16", attendance_end: "2026-11-30", pay_date: "2026-11-30" });
      const fake = reviewSession(RELEASER, approved);
      fake.on("POST", "/payroll/release/2", [200, { data: { ...approved, status: "released" }, message: "Payroll run released: everyone paid has been told." }]);
      renderAt("/payroll/2");
      await user.click(within(await header()).getByRole("button", { name: "Release" }));
      const dialog = await screen.findByRole("dialog");
      expect(
        within(dialog).getByText("Attendance is still open from Nov 23, 2026 to Nov 30, 2026: time recorded on those days after the release is not paid by this run (the next run pays it)."),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole("button", { name: /Release and notify/ }));
      await waitFor(() => expect(fake.calls.some((call) => call.method === "POST" && call.url === "/payroll/release/2")).toBe(true));
      expect(fake.calls.find((call) => call.method === "POST")!.body).toEqual({ confirm_open_attendance: true });
    } finally {
      vi.useRealTimers();
    }
  }, 40_000);

  it("requires a reason to reopen an approved run, and sends it", async () => {
    const user = setupUser();
    const approved = runRecord(2, { status: "approved", approved: { by: 6, by_name: "Rene Release", at: "2026-11-21T02:00:00.000Z" } });
    const fake = reviewSession(RELEASER, approved);
    fake.on("POST", "/payroll/2/reopen", [200, { data: CALCULATED, message: "Payroll run reopened: it can be calculated again." }]);
    renderAt("/payroll/2");
    await user.click(within(await header()).getByRole("button", { name: "Reopen" }));
    const dialog = await screen.findByRole("dialog", { name: "Reopen October 2026" });
    await user.click(within(dialog).getByRole("button", { name: /Reopen run/ }));
    expect(await within(dialog).findByText("Value is required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason"), "   ");
    await user.click(within(dialog).getByRole("button", { name: /Reopen run/ }));
    await settle();
    expect(fake.calls.some((call) => call.method === "POST")).toBe(false);

    await user.clear(within(dialog).getByLabelText("Reason"));
    await user.type(within(dialog).getByLabelText("Reason"), "Dana's overtime was missing");
    await user.click(within(dialog).getByRole("button", { name: /Reopen run/ }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === "POST")?.body).toEqual({ reason: "Dana's overtime was missing" }));
    await waitFor(() => expect(toasts().join(" ")).toContain("Payroll run reopened"));
  }, 60_000);

  it("follows the calculation with a progress bar until the job ends, then reloads the run", async () => {
    const user = setupUser();
    const fake = reviewSession(ADMIN, DRAFT);
    const queued = { ...DRAFT, job_id: 9, progress: { done: 0, total: null } };
    fake.on("POST", "/payslip/generate-payslips/3", [202, { data: queued, message: "Calculation started: payslips appear as people are done." }]);
    // The job runs for two polls, then ends; the run reads calculated from then on, as the server's would.
    let polls = 0;
    const ended = () => polls >= 3;
    fake.on("GET", "/jobs/9", () => {
      polls += 1;
      return [200, { data: !ended() ? job() : job({ status: "completed", progress: { done: 4, total: 4 }, finished_at: "2026-11-20T02:01:00.000Z" }) }];
    });
    fake.on("GET", "/payroll/3", () => [200, { data: ended() ? runRecord(3, { name: DRAFT.name, status: "calculated" }) : polls > 0 ? queued : DRAFT }]);
    renderAt("/payroll/3");
    await user.click(within(await header()).getByRole("button", { name: "Calculate" }));
    await waitFor(() => expect(fake.calls.some((call) => call.url === "/payslip/generate-payslips/3")).toBe(true));
    const bar = await screen.findByRole("progressbar", { name: "Progress" });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "50"));
    expect(screen.getByText("2 of 4")).toBeInTheDocument();
    // Nothing else may start while it runs.
    expect(within(await header()).queryByRole("button", { name: "Delete run" })).toBeNull();
    await waitFor(() => expect(screen.getByRole("progressbar", { name: "Progress" })).toHaveAttribute("aria-valuenow", "100"), { timeout: 10_000 });
    expect(within(screen.getByRole("region", { name: "Calculation" })).getByRole("status")).toHaveTextContent("Done");
    await waitFor(() => expect(within(screen.getByRole("heading", { level: 1 }).closest(".ant-card") as HTMLElement).getByText("Calculated", { selector: ".ant-tag" })).toBeInTheDocument());
    expect(within(await header()).getByRole("button", { name: "Recalculate" })).toBeInTheDocument();
  }, 60_000);

  it("compares each person's pay with the previous run: the change signed, largest first, and what moved from before to now", async () => {
    reviewSession(ADMIN, CALCULATED);
    renderAt("/payroll/2?tab=comparison");
    expect(await screen.findByRole("link", { name: "September 2026" })).toHaveAttribute("href", "/payroll/1");
    const table = screen.getByRole("columnheader", { name: "Net before" }).closest("table")!;
    const rows = within(table).getAllByRole("row").filter((row) => within(row).queryAllByRole("cell").length > 0);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0].textContent)).toEqual([
      expect.stringContaining("Noel Santos"),
      expect.stringContaining("Dana Reyes"),
      expect.stringContaining("Ivo Cruz"),
    ]);
    expect(within(rows[0]).getByText("Not in the previous run")).toBeInTheDocument();
    expect(within(rows[1]).getByText("₱51,000.00")).toBeInTheDocument();
    expect(within(rows[1]).getByText("₱52,047.50")).toBeInTheDocument();
    expect(within(rows[1]).getByText(/\+₱1,047\.50/)).toBeInTheDocument();
    expect(within(rows[1]).getByText("Basic pay: ₱53,000.00 → ₱54,000.00")).toBeInTheDocument();
    expect(within(rows[1]).getByText("Meal allowance: ₱450.00 → ₱500.00")).toBeInTheDocument();
    // Down is said in words too, not by a colour or an arrow alone.
    expect(within(rows[2]).getByText(/−₱500\.00/)).toHaveTextContent("Down −₱500.00");
    expect(screen.getByText("+₱40,547.50")).toBeInTheDocument();
  }, 40_000);

  it("opens a payslip's lines and inputs in a drawer from the run's payslips", async () => {
    const user = setupUser();
    reviewSession(ADMIN, CALCULATED);
    renderAt("/payroll/2");
    await user.click(await screen.findByRole("button", { name: "Open the payslip of Dana Reyes" }));
    const drawer = await screen.findByRole("dialog", { name: "Payslip: Dana Reyes" });
    const earnings = within(drawer).getByRole("region", { name: "Earnings" });
    expect(within(earnings).getByText("Basic pay")).toBeInTheDocument();
    expect(within(earnings).getByText("₱54,000.00")).toBeInTheDocument();
    expect(within(earnings).getByText("₱54,500.00")).toBeInTheDocument();
    // Each line, then the section's total.
    expect(within(within(drawer).getByRole("region", { name: "Deductions" })).getAllByText("₱2,452.50")).toHaveLength(2);
    expect(within(within(drawer).getByRole("region", { name: "Employer contributions" })).getAllByText("₱5,177.50")).toHaveLength(2);
    const inputs = within(drawer).getByRole("region", { name: "Worked out from" });
    expect(within(inputs).getByText("Days worked").closest("tr")).toHaveTextContent("21");
    expect(within(inputs).getByText("Minutes late").closest("tr")).toHaveTextContent("35");
    // Exact to the minute (79 minutes are 1:19, not 1.32 hours).
    expect(within(inputs).getByText("Hours worked").closest("tr")).toHaveTextContent("168:19");
    expect(within(inputs).getByText("Overtime hours").closest("tr")).toHaveTextContent("1:19");
  }, 40_000);
});
