/**
 * The run review's Sheet tab: the grid (a column per component, the totals
 * row, a tab per department), its files (XLSX, CSV, the payslips' ZIP, the
 * bank file of a released run for those who release pay), and the import of
 * a sheet into a run not yet approved: the file replaces the payslips, a
 * refusal lists every cell in error, a success reloads the run.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunRecord } from "../../contracts/payroll";
import type { PayrollSheetReply, SheetRow } from "../../contracts/payroll-sheet";
import { catchDownloads } from "./downloads";
import { runRecord, stamp } from "./payroll-records";
import { runReviewSession } from "./payroll-sessions";
import { renderAt } from "./render";
import { recordParams } from "./request-params";
import { meAs } from "./session";
import { toasts } from "./toasts";
import { setupUser } from "./user";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/payroll")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

/** The query parameters of each call (the fake answers by path alone). */
const seen = recordParams();

const MANAGER = meAs(4, 2, "Pat Payroll", ["payroll_manage"]);
const RELEASER = meAs(6, 2, "Rene Release", ["payroll_release"]);
const READER = meAs(7, 2, "Vic Viewer", ["payroll_view"]);

/** A run of the sheet's three people. */
const run = (id: number, changes: Partial<RunRecord> = {}) =>
  runRecord(id, { totals: { people: 3, gross: 14_500_000, deductions: 600_000, net: 13_900_000, employer_cost: 15_200_000 }, ...changes });

const CALCULATED = run(2);
const DRAFT = run(3, { status: "draft", calculated: null, totals: { people: 0, gross: 0, deductions: 0, net: 0, employer_cost: 0 } });
const RELEASED = run(1, { name: "September 2026", status: "released", released: stamp(6, "Rene Release", "2026-10-02T02:00:00.000Z") });

function row(user_id: number, name: string, department: string | null, basic: number, sss: number): SheetRow {
  return {
    user_id,
    employee_number: `E-${user_id}`,
    name,
    department,
    position: null,
    amounts: { BASIC: basic, SSS: sss, "SSS:employer": sss * 2 },
    gross: basic,
    deductions: sss,
    net: basic - sss,
    employer_cost: basic + sss * 2,
  };
}

const DANA = row(11, "Dana Reyes", "Finance", 5_400_000, 200_000);
const IVO = row(13, "Ivo Cruz", "Finance", 4_100_000, 200_000);
const NOEL = row(12, "Noel Santos", "Sales", 5_000_000, 200_000);

function sheet(shown: RunRecord, name: string, rows: SheetRow[]): PayrollSheetReply {
  const sum = (pick: (row: SheetRow) => number) => rows.reduce((total, each) => total + pick(each), 0);
  return {
    run: { id: shown.id, name: shown.name, status: shown.status, currency: "PHP", period_start: shown.period_start, period_end: shown.period_end, pay_date: shown.pay_date },
    sheet: name,
    departments: [
      { name: "Finance", sheet: "Finance", people: 2 },
      { name: "Sales", sheet: "Sales", people: 1 },
    ],
    columns: [
      { key: "BASIC", code: "BASIC", name: "Basic pay", kind: "earning" },
      { key: "SSS", code: "SSS", name: "Social security", kind: "deduction" },
      { key: "SSS:employer", code: "SSS", name: "Social security", kind: "employer" },
    ],
    rows,
    totals: {
      people: rows.length,
      amounts: { BASIC: sum((each) => each.amounts.BASIC), SSS: sum((each) => each.amounts.SSS), "SSS:employer": sum((each) => each.amounts["SSS:employer"]) },
      gross: sum((each) => each.gross),
      deductions: sum((each) => each.deductions),
      net: sum((each) => each.net),
      employer_cost: sum((each) => each.employer_cost),
    },
    meta: { current_page: 1, per_page: 100, total: rows.length, last_page: 1, total_capped: false },
  };
}

/** A run's review on its Sheet tab, the grid answered for everyone and per department. */
function sheetSession(me: ReturnType<typeof meAs>, shown: RunRecord) {
  const fake = runReviewSession(me, shown, [], { previous: null, rows: [] });
  fake.on("GET", `/payroll-sheet/${shown.id}/all`, [200, { data: sheet(shown, "all", [DANA, IVO, NOEL]) }]);
  fake.on("GET", `/payroll-sheet/${shown.id}/Finance`, [200, { data: sheet(shown, "Finance", [DANA, IVO]) }]);
  fake.on("GET", `/payroll-sheet/${shown.id}/Sales`, [200, { data: sheet(shown, "Sales", [NOEL]) }]);
  return fake;
}

const sheetTab = async () => (await screen.findByRole("tab", { name: "Sheet", selected: true })).closest(".ant-tabs") as HTMLElement;

const buttonNames = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole("button")
    .map((button) => button.textContent?.trim())
    .filter(Boolean);

/** The sheet's own buttons (the review's header has the run's steps). */
const sheetButtons = async () => buttonNames(await screen.findByRole("group", { name: "Sheet files and import" }));

describe("the run's sheet", () => {
  it("shows a column per component and the totals, and a department at a time", async () => {
    const user = setupUser();
    sheetSession(READER, CALCULATED);
    renderAt("/payroll/2?tab=sheet");
    await sheetTab();
    const grid = await screen.findByRole("table", { name: "Payroll sheet" });
    const headers = within(grid).getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual(["Person", "Department", "Basic payBASIC", "Social securitySSS", "Social security (employer)SSS", "Gross pay", "Deductions", "Net pay", "Employer cost"]);
    const dana = within(grid).getByText("Dana Reyes").closest("tr")!;
    expect(within(dana).getByText("E-11")).toBeInTheDocument();
    expect(within(dana).getByText("₱52,000.00")).toBeInTheDocument();
    const totals = within(grid).getByText("Total, 3 people").closest("tr")!;
    // Basic pay and gross pay, summed over everyone.
    expect(within(totals).getAllByText("₱145,000.00")).toHaveLength(2);
    expect(within(totals).getByText("₱139,000.00")).toBeInTheDocument();
    expect(seen.find((call) => call.url === "/payroll-sheet/2/all")!.params.get("page")).toBe("1");

    expect(screen.getByRole("tab", { name: "All (3)" })).toHaveAttribute("aria-selected", "true");
    await user.click(screen.getByRole("tab", { name: "Sales (1)" }));
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Payroll sheet" })).queryByText("Dana Reyes")).toBeNull());
    const sales = screen.getByRole("table", { name: "Payroll sheet" });
    expect(within(sales).getByText("Noel Santos")).toBeInTheDocument();
    // One department: no department column.
    expect(within(sales).queryByRole("columnheader", { name: "Department" })).toBeNull();
    expect(within(sales).getByText("Total, 1 person")).toBeInTheDocument();
  }, 60_000);

  it("downloads the sheet as XLSX and CSV under the server's names", async () => {
    const user = setupUser();
    const fake = sheetSession(READER, CALCULATED);
    const file = new Blob(["sheet"]);
    fake.on("GET", "/payroll/download/2", [200, file, { "content-disposition": 'attachment; filename="payroll-october-2026.xlsx"' }]);
    renderAt("/payroll/2?tab=sheet");
    await sheetTab();
    expect(await sheetButtons()).toEqual(["Download XLSX", "Download CSV", "Download payslips (ZIP)"]);
    const { saved, names } = catchDownloads();
    await user.click(screen.getByRole("button", { name: /Download XLSX/ }));
    await waitFor(() => expect(saved).toEqual([file]));
    expect(names).toEqual(["payroll-october-2026.xlsx"]);
    await user.click(screen.getByRole("button", { name: /Download CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(seen.filter((call) => call.url === "/payroll/download/2").map((call) => call.params.get("format"))).toEqual(["xlsx", "csv"]);
  }, 60_000);

  it("offers the bank file only on a released run, to those who release pay, and says who it left out", async () => {
    const user = setupUser();
    const fake = sheetSession(RELEASER, RELEASED);
    const csv = new Blob(["name,bank,account,net"]);
    fake.on("GET", "/payroll/1/bank-file", [200, csv, { "content-disposition": 'attachment; filename="bank-september-2026.csv"', "x-missing-bank-details": "2" }]);
    let view = renderAt("/payroll/1?tab=sheet");
    await sheetTab();
    expect(await sheetButtons()).toEqual(["Download XLSX", "Download CSV", "Bank file", "Download payslips (ZIP)"]);
    const { saved, names } = catchDownloads();
    await user.click(screen.getByRole("button", { name: /Bank file/ }));
    await waitFor(() => expect(saved).toEqual([csv]));
    expect(names).toEqual(["bank-september-2026.csv"]);
    await waitFor(() => expect(toasts().join(" ")).toContain("2 people have no bank details on record"));
    view.unmount();

    // Not yet released: no bank file, even for those who release pay.
    sheetSession(RELEASER, CALCULATED);
    view = renderAt("/payroll/2?tab=sheet");
    await sheetTab();
    expect(await sheetButtons()).not.toContain("Bank file");
    view.unmount();

    // Released, but preparing payroll is no releasing it.
    sheetSession(MANAGER, RELEASED);
    view = renderAt("/payroll/1?tab=sheet");
    await sheetTab();
    expect(await sheetButtons()).toEqual(["Download XLSX", "Download CSV", "Download payslips (ZIP)"]);
    view.unmount();
  }, 60_000);

  it("imports a sheet into a draft: every error listed on a refusal, the run reloaded once it is taken", async () => {
    const user = setupUser();
    const fake = sheetSession(MANAGER, DRAFT);
    renderAt("/payroll/3?tab=sheet");
    await sheetTab();
    await user.click(await screen.findByRole("button", { name: /Import sheet/ }));
    const dialog = (await screen.findByText("Import a sheet into October 2026")).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByText("The file replaces this run's payslips.")).toBeInTheDocument();
    const send = within(dialog).getByRole("button", { name: /Import and replace/ });
    expect(send).toBeDisabled();

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute("accept", ".xlsx,.csv");
    const file = new File(["xlsx bytes"], "october.xlsx", { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
    await user.upload(input, file);
    expect(within(dialog).getByText("october.xlsx")).toBeInTheDocument();

    fake.on("POST", "/payroll/3/import", [
      422,
      {
        message: "The file has 3 errors; nothing was imported.",
        errors: { "Finance!E7": ["Write an amount, like 1234.50."], "Sales!C3": ["No one in this run has employee number E-99."], "Summary!F2": ["Must not be negative."] },
      },
    ]);
    await user.click(send);
    const errors = await within(dialog).findByRole("table", { name: "Errors in the file" });
    const rows = within(errors)
      .getAllByRole("row")
      .slice(1)
      .map((each) => within(each).getAllByRole("cell").map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Finance", "7", "E", "Write an amount, like 1234.50."],
      ["Sales", "3", "C", "No one in this run has employee number E-99."],
      ["Summary", "2", "F", "Must not be negative."],
    ]);
    // The server says how many there are: it lists at most 500.
    expect(within(dialog).getByText("The file has 3 errors; nothing was imported.")).toBeInTheDocument();
    const sent = fake.calls.find((call) => call.url === "/payroll/3/import")!.body as FormData;
    expect((sent.get("file") as File).name).toBe("october.xlsx");

    // Put right and sent again: taken, the run reads calculated.
    const imported = run(3, { status: "calculated" });
    fake.on("POST", "/payroll/3/import", () => {
      fake.on("GET", "/payroll/3", [200, { data: imported }]);
      return [200, { data: imported, message: "Sheet imported: 3 people." }];
    });
    await user.click(send);
    await waitFor(() => expect(toasts().join(" ")).toContain("Sheet imported: 3 people."));
    await waitFor(() => expect(screen.queryByText("Import a sheet into October 2026")).toBeNull());
    const header = screen.getByRole("heading", { level: 1 }).closest(".ant-card") as HTMLElement;
    await waitFor(() => expect(within(header).getByText("Calculated", { selector: ".ant-tag" })).toBeInTheDocument());
  }, 60_000);

  it("takes no other file than a spreadsheet, offers an import again once a calculation is over, none after approval or to a reader", async () => {
    // What the picker's filter would keep out can still be dropped on it: the dialog checks too.
    const user = setupUser({ applyAccept: false });
    sheetSession(MANAGER, CALCULATED);
    let view = renderAt("/payroll/2?tab=sheet");
    await sheetTab();
    await user.click(await screen.findByRole("button", { name: /Import sheet/ }));
    const dialog = (await screen.findByText("Import a sheet into October 2026")).closest<HTMLElement>('[role="dialog"]')!;
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(await within(dialog).findByText("Choose an .xlsx or .csv file.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: /Import and replace/ })).toBeDisabled();
    view.unmount();

    // A calculated run keeps the job that calculated it: that job being over, the run takes an import.
    sheetSession(MANAGER, run(2, { status: "calculated", job_id: 9, progress: null }));
    view = renderAt("/payroll/2?tab=sheet");
    await sheetTab();
    expect(await sheetButtons()).toContain("Import sheet");
    view.unmount();

    sheetSession(MANAGER, run(2, { status: "approved" }));
    view = renderAt("/payroll/2?tab=sheet");
    await sheetTab();
    expect(await sheetButtons()).not.toContain("Import sheet");
    view.unmount();

    sheetSession(READER, DRAFT);
    view = renderAt("/payroll/3?tab=sheet");
    await sheetTab();
    expect(await sheetButtons()).not.toContain("Import sheet");
    view.unmount();
  }, 60_000);
});
