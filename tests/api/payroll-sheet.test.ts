/**
 * A payroll run as a sheet through the API: who may read the grid, the
 * XLSX/CSV download and the bank file (every kind of caller); the grid's
 * shape (people by name, component columns in order, an employer's share in
 * its own column, totals over the whole sheet whatever the page) for
 * everyone and for one department; the XLSX read back with exceljs (a
 * worksheet per department and a Summary, numbers as numbers with the
 * currency's format, totals as SUM formulas with their results, codes in
 * the headers); the CSV's escaping; the bank file of a released run only.
 *
 * The company is the tests' own (USD). Pay: BASIC (basic), ALLOW (100.00),
 * LEVY (10% of BASIC before tax, the employer another 5%), TAX (20% of taxable).
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import type { PayrollSheetReply } from "../../contracts/payroll-sheet";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents, TEST_PAY_COMPONENTS } from "../support/pay-components";
import { PAYROLL_CALLERS, PAYROLL_READERS, PAYROLL_RELEASERS, payrollCallerTokens, type PayrollCaller } from "../support/payroll-callers";
import { month, runTakenTo, type RunState } from "../support/payroll-runs";
import { activitiesAfter, ADMIN, call, createPerson, lastActivityId } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
const tokens: Record<string, string | null> = {};

/** Who the main run pays: two in Sales (one whose name starts like a formula), one in Engineering, one with no department and no bank details. */
const people: Record<"ana" | "formula" | "ben" | "cy", { id: number; number: string }> = {} as never;
/** The main run (January 2026), calculated, approved and released. */
let released: RunRecord;
let payslips: PayslipRecord[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  Object.assign(tokens, await payrollCallerTokens(t, admin));
  await createPayComponents(t, admin, TEST_PAY_COMPONENTS.filter(({ code }) => code !== "OT"));
  const person = async (key: keyof typeof people, extra: Record<string, unknown>) => {
    const number = `S-${key.toUpperCase()}`;
    people[key] = { id: (await createPerson(t, admin, { pay_basis: "monthly", currency: "USD", hire_date: "2020-01-01", end_date: null, employee_number: number, ...extra })).id, number };
  };
  await person("ana", { first_name: "Ana", last_name: "Reyes", department: "Sales", position: "Rep", base_rate: 300000 });
  await person("formula", { first_name: "=HYPERLINK(\"http://x\")", last_name: "Zed", department: "sales", position: "Rep", base_rate: 300000 });
  await person("ben", { first_name: "Ben", last_name: "Cruz", department: "Engineering", position: "Dev", base_rate: 400000 });
  await person("cy", { first_name: "Cy", last_name: "Lee", department: null, position: null, base_rate: 200000, bank_name: null, bank_account: null });
  released = await runIn("released", month(1));
  payslips = await must(admin, "GET", `/api/payslips?filter[payroll_id][equals]=${released.id}&per_page=100`);
});
afterAll(() => t.close());

const { must } = requestsTo(() => t);

const everyone = () => Object.values(people).map((person) => person.id);

/** A run of everyone in a month of its own, taken to `state`. */
const runIn = (state: RunState, period: ReturnType<typeof month>) => runTakenTo(t, admin, state, { ...period, people: { user_ids: everyone() } });

const slipOf = (key: keyof typeof people) => payslips.find((slip) => slip.user_id === people[key].id)!;
const lineOf = (slip: PayslipRecord, code: string, kind = "earning") => slip.lines.find((line) => line.code === code && line.kind === kind)?.amount ?? 0;

let months = 2;

describe("who may", () => {
  const ENDPOINTS: { name: string; allowed: PayrollCaller[]; url: () => Promise<string> }[] = [
    { name: "GET /api/payroll-sheet/{run}/{sheet}", allowed: PAYROLL_READERS, url: async () => `/api/payroll-sheet/${released.id}/all` },
    { name: "GET /api/payroll/download/{id} (xlsx)", allowed: PAYROLL_READERS, url: async () => `/api/payroll/download/${released.id}?format=xlsx` },
    { name: "GET /api/payroll/download/{id} (csv)", allowed: PAYROLL_READERS, url: async () => `/api/payroll/download/${released.id}?format=csv` },
    { name: "GET /api/payroll/{id}/bank-file", allowed: PAYROLL_RELEASERS, url: async () => `/api/payroll/${released.id}/bank-file` },
  ];

  it.each(ENDPOINTS)("$name: 401 signed out, 403 without the permission, 200 for $allowed", async ({ allowed, url }) => {
    for (const caller of PAYROLL_CALLERS) {
      const response = await call(t, tokens[caller], { method: "GET", url: await url() });
      const expected = allowed.includes(caller) ? 200 : caller === "anonymous" ? 401 : 403;
      expect({ caller, status: response.statusCode }, response.body.slice(0, 200)).toEqual({ caller, status: expected });
    }
  });

  it("answers 404 for a run that is not there, and for a department the run has nobody in", async () => {
    for (const url of ["/api/payroll-sheet/2147483647/all", "/api/payroll/download/2147483647", "/api/payroll/2147483647/bank-file", `/api/payroll-sheet/${released.id}/Marketing`]) {
      expect((await call(t, admin, { method: "GET", url })).statusCode, url).toBe(404);
    }
  });
});

describe("the grid", () => {
  it("has everyone by name, the components in order (earnings, deductions, employer shares) and totals that are the run's", async () => {
    const sheet: PayrollSheetReply = await must(tokens.viewer, "GET", `/api/payroll-sheet/${released.id}/all`);
    expect(sheet.run).toMatchObject({ id: released.id, status: "released", currency: "USD" });
    expect(sheet.sheet).toBe("all");
    expect(sheet.columns).toEqual([
      { key: "BASIC", code: "BASIC", name: "Basic pay", kind: "earning" },
      { key: "ALLOW", code: "ALLOW", name: "Allowance", kind: "earning" },
      { key: "LEVY", code: "LEVY", name: "Levy", kind: "deduction" },
      { key: "TAX", code: "TAX", name: "Tax", kind: "deduction" },
      { key: "LEVY:employer", code: "LEVY", name: "Levy", kind: "employer" },
    ]);
    // Departments compared without regard to case: "Sales" and "sales" are one; people without one last.
    expect(sheet.departments).toEqual([
      { name: "Engineering", sheet: "Engineering", people: 1 },
      { name: expect.stringMatching(/^sales$/i), sheet: expect.stringMatching(/^sales$/i), people: 2 },
      { name: null, sheet: "-", people: 1 },
    ]);
    expect(sheet.rows.map((row) => row.employee_number)).toEqual(["S-FORMULA", "S-ANA", "S-BEN", "S-CY"]);
    const ana = sheet.rows.find((row) => row.user_id === people.ana.id)!;
    const slip = slipOf("ana");
    expect(ana).toEqual({
      user_id: people.ana.id,
      employee_number: "S-ANA",
      name: "Ana Reyes",
      department: "Sales",
      position: "Rep",
      amounts: { BASIC: lineOf(slip, "BASIC"), ALLOW: 10000, LEVY: lineOf(slip, "LEVY", "deduction"), TAX: lineOf(slip, "TAX", "deduction"), "LEVY:employer": lineOf(slip, "LEVY", "employer") },
      gross: slip.gross,
      deductions: slip.deductions,
      net: slip.net,
      employer_cost: slip.employer_cost,
    });
    expect(ana.amounts.BASIC).toBe(300000);
    expect(ana.amounts["LEVY:employer"]).toBe(15000);
    expect(sheet.totals).toMatchObject({ people: 4, gross: released.totals.gross, deductions: released.totals.deductions, net: released.totals.net, employer_cost: released.totals.employer_cost });
    expect(sheet.totals.amounts.BASIC).toBe(payslips.reduce((sum, each) => sum + lineOf(each, "BASIC"), 0));
    expect(sheet.meta).toEqual({ current_page: 1, per_page: 100, total: 4, last_page: 1, total_capped: false });
  });

  it("shows one department (named in any case) with its own totals, and people without one under '-'", async () => {
    const sales: PayrollSheetReply = await must(admin, "GET", `/api/payroll-sheet/${released.id}/SALES`);
    expect(sales.rows.map((row) => row.user_id).sort()).toEqual([people.ana.id, people.formula.id].sort());
    expect(sales.totals).toMatchObject({ people: 2, gross: slipOf("ana").gross + slipOf("formula").gross, net: slipOf("ana").net + slipOf("formula").net });
    // The columns are the run's, the same on every tab.
    expect(sales.columns).toHaveLength(5);
    const none: PayrollSheetReply = await must(admin, "GET", `/api/payroll-sheet/${released.id}/-`);
    expect(none.sheet).toBe("-");
    expect(none.rows.map((row) => row.user_id)).toEqual([people.cy.id]);
    expect(none.totals.amounts.BASIC).toBe(200000);
  });

  it("pages the people, the totals always over the whole sheet", async () => {
    const second: PayrollSheetReply = await must(admin, "GET", `/api/payroll-sheet/${released.id}/all?page=2&per_page=3`);
    expect(second.rows.map((row) => row.employee_number)).toEqual(["S-CY"]);
    expect(second.meta).toMatchObject({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
    expect(second.totals.people).toBe(4);
    expect(second.totals.net).toBe(released.totals.net);
    expect((await call(t, admin, { method: "GET", url: `/api/payroll-sheet/${released.id}/all?per_page=501` })).statusCode).toBe(422);
  });

  it("is empty for a run not calculated yet", async () => {
    const draft = await runIn("draft", month(months++));
    const sheet: PayrollSheetReply = await must(admin, "GET", `/api/payroll-sheet/${draft.id}/all`);
    expect(sheet).toMatchObject({ departments: [], columns: [], rows: [], totals: { people: 0, gross: 0, amounts: {} } });
  });
});

/** The download of a run, its file name and bytes. */
async function download(url: string) {
  const response = await call(t, admin, { method: "GET", url });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return { response, name: /filename="([^"]+)"/.exec(String(response.headers["content-disposition"]))?.[1] };
}

describe("the XLSX download", () => {
  let workbook: ExcelJS.Workbook;
  beforeAll(async () => {
    const { response, name } = await download(`/api/payroll/download/${released.id}?format=xlsx`);
    expect(name).toBe("payroll-2026-01-01-2026-01-31.xlsx");
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  });

  it("has a worksheet per department and a Summary", () => {
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Engineering", expect.stringMatching(/^sales$/i), "No department", "Summary"]);
  });

  it("names each column's key in its header, the person first, and freezes the header and the person", () => {
    const sheet = workbook.getWorksheet("Engineering")!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Employee number [employee_number]",
      "Name [name]",
      "Position [position]",
      "Basic pay [BASIC]",
      "Allowance [ALLOW]",
      "Levy [LEVY]",
      "Tax [TAX]",
      "Levy (employer) [LEVY:employer]",
      "Gross pay [gross]",
      "Deductions [deductions]",
      "Net pay [net]",
      "Employer cost [employer_cost]",
    ]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", xSplit: 2, ySplit: 1 });
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(14);
  });

  it("writes amounts as numbers in major units with the currency's format, and totals as SUM formulas with their results", () => {
    const sales = workbook.worksheets[1];
    const ben = workbook.getWorksheet("Engineering")!;
    expect(ben.getCell("A2").value).toBe("S-BEN");
    expect(ben.getCell("D2").value).toBe(4000);
    expect(ben.getCell("D2").numFmt).toBe('#,##0.00 "USD"');
    expect(ben.getCell("K2").value).toBe(slipOf("ben").net / 100);
    // The formula-like name is text, never a formula.
    const names = [sales.getCell("B2").value, sales.getCell("B3").value];
    expect(names).toContain('=HYPERLINK("http://x") Zed');
    expect(sales.getCell("B4").value).toBe("Total");
    expect(sales.getCell("D4").value).toEqual({ formula: "SUM(D2:D3)", result: 6000 });
    expect(sales.getCell("K4").value).toEqual({ formula: "SUM(K2:K3)", result: (slipOf("ana").net + slipOf("formula").net) / 100 });
    expect(sales.getCell("K4").numFmt).toBe('#,##0.00 "USD"');
  });

  it("sums each department on the Summary, and the whole run", () => {
    const summary = workbook.getWorksheet("Summary")!;
    expect((summary.getRow(1).values as unknown[]).slice(1)).toEqual(["Department [department]", "People [people]", "Gross pay [gross]", "Deductions [deductions]", "Net pay [net]", "Employer cost [employer_cost]"]);
    expect(summary.getCell("A2").value).toBe("Engineering");
    expect(summary.getCell("B2").value).toBe(1);
    expect(summary.getCell("C2").value).toBe(slipOf("ben").gross / 100);
    expect(summary.getCell("A4").value).toBe("No department");
    expect(summary.getCell("A5").value).toBe("Total");
    expect(summary.getCell("B5").value).toEqual({ formula: "SUM(B2:B4)", result: 4 });
    expect(summary.getCell("E5").value).toEqual({ formula: "SUM(E2:E4)", result: released.totals.net / 100 });
  });

  it("words titles in the reader's language", async () => {
    const response = await call(t, admin, { method: "GET", url: `/api/payroll/download/${released.id}?format=xlsx`, headers: { "accept-language": "fr" } });
    const french = new ExcelJS.Workbook();
    await french.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(french.worksheets.map((sheet) => sheet.name)).toContain("Synthèse");
    expect(french.getWorksheet("Engineering")!.getCell("A1").value).toBe("Matricule [employee_number]");
  });
});

describe("the CSV download", () => {
  it("is one table with a department column, amounts as major-unit decimals, and a formula-like name escaped", async () => {
    const { response, name } = await download(`/api/payroll/download/${released.id}?format=csv`);
    expect(name).toBe("payroll-2026-01-01-2026-01-31.csv");
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.body.startsWith("\uFEFF")).toBe(true);
    const lines = response.body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Employee number [employee_number],Name [name],Department [department],Position [position],Basic pay [BASIC],Allowance [ALLOW],Levy [LEVY],Tax [TAX],Levy (employer) [LEVY:employer],Gross pay [gross],Deductions [deductions],Net pay [net],Employer cost [employer_cost]",
    );
    expect(lines).toHaveLength(5);
    const ben = slipOf("ben");
    expect(lines).toContain(`S-BEN,Ben Cruz,Engineering,Dev,4000.00,100.00,400.00,${(lineOf(ben, "TAX", "deduction") / 100).toFixed(2)},200.00,${(ben.gross / 100).toFixed(2)},${(ben.deductions / 100).toFixed(2)},${(ben.net / 100).toFixed(2)},${(ben.employer_cost / 100).toFixed(2)}`);
    // The spreadsheet would run it: it is written as text.
    expect(lines.find((line) => line.startsWith("S-FORMULA"))).toMatch(/^S-FORMULA,"'=HYPERLINK\(""http:\/\/x""\) Zed",sales,Rep,3000\.00,/);
    expect(lines.find((line) => line.startsWith("S-CY"))).toMatch(/^S-CY,Cy Lee,,,2000\.00,/);
  });

  it("refuses a format it does not write", async () => {
    expect((await call(t, admin, { method: "GET", url: `/api/payroll/download/${released.id}?format=pdf` })).statusCode).toBe(422);
  });
});

describe("the bank file", () => {
  it("lists everyone paid with bank details (the full account), counts those without, and keeps the download in the activity log", async () => {
    const before = await lastActivityId(t, admin);
    const response = await call(t, tokens.releaser, { method: "GET", url: `/api/payroll/${released.id}/bank-file` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="bank-transfers-2026-01-01-2026-01-31.csv"');
    expect(response.headers["x-missing-bank-details"]).toBe("1");
    const lines = response.body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Employee number,Name,Bank,Account number,Net pay,Currency,Pay date");
    expect(lines.slice(1)).toEqual([
      `S-FORMULA,"'=HYPERLINK(""http://x"") Zed",First Bank,0011223344,${(slipOf("formula").net / 100).toFixed(2)},USD,2026-01-31`,
      `S-ANA,Ana Reyes,First Bank,0011223344,${(slipOf("ana").net / 100).toFixed(2)},USD,2026-01-31`,
      `S-BEN,Ben Cruz,First Bank,0011223344,${(slipOf("ben").net / 100).toFixed(2)},USD,2026-01-31`,
    ]);
    const [row] = await activitiesAfter(t, admin, before);
    expect(row).toMatchObject({ action: "payroll.bank_file_downloaded", subject_type: "payroll", subject_id: released.id });
    expect(row.changes).toEqual({ people: 3, net: slipOf("formula").net + slipOf("ana").net + slipOf("ben").net, missing_bank_details: 1 });
  });

  it("is refused before the run is released (409), even to the administrator", async () => {
    for (const state of ["calculated", "approved"] as const) {
      const run = await runIn(state, month(months++));
      const response = await call(t, admin, { method: "GET", url: `/api/payroll/${run.id}/bank-file` });
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 409, message: "The bank file is available once the run is released." });
    }
  });
});
