/**
 * Filling a run from a spreadsheet (POST /api/payroll/{id}/import): who may;
 * the round trip (a released run downloaded as XLSX or CSV and imported into
 * a correction run of the same period gives the same payslips and totals: an
 * off-cycle run, because a second regular run of the same people and period
 * would pay them twice and is refused person by person); a file with bad
 * cells refused whole with every error listed by cell and nothing changed;
 * what is not a spreadsheet; the run's states (approved, released, being
 * calculated: 409).
 *
 * The company is the tests' own (USD). Pay: BASIC (basic), ALLOW (100.00),
 * LEVY (10% of BASIC before tax, the employer another 5%), TAX (20% of taxable).
 */
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import { importErrorsOf } from "../../contracts/payroll-sheet";
import { companyProfile, jobs, payrollRuns } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents, TEST_PAY_COMPONENTS } from "../support/pay-components";
import { PAYROLL_CALLERS, PAYROLL_MANAGERS, payrollCallerTokens, type PayrollCaller } from "../support/payroll-callers";
import { month, runTakenTo, type RunState } from "../support/payroll-runs";
import { activitiesAfter, ADMIN, call, createPerson, lastActivityId, multipart, PNG_1X1 } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
const tokens: Record<string, string | null> = {};
const people: Record<"ana" | "formula" | "ben" | "cy", number> = {} as never;
/** January 2026 of everyone: calculated, approved and released; what the round trips start from. */
let source: RunRecord;
let xlsx: Buffer;
let csv: Buffer;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  Object.assign(tokens, await payrollCallerTokens(t, admin));
  await createPayComponents(t, admin, [
    ...TEST_PAY_COMPONENTS.filter(({ code }) => code !== "OT"),
    { code: "OLD", name: "Retired allowance", kind: "earning", calculation: { type: "fixed", amount: "1.00" }, active: false, order: 6 },
  ]);
  const person = async (key: keyof typeof people, extra: Record<string, unknown>) => {
    people[key] = (await createPerson(t, admin, { pay_basis: "monthly", currency: "USD", hire_date: "2020-01-01", end_date: null, employee_number: `I-${key.toUpperCase()}`, ...extra })).id;
  };
  await person("ana", { first_name: "Ana", last_name: "Reyes", department: "Sales", base_rate: 300000 });
  await person("formula", { first_name: "=1+2", last_name: "Zed", department: "Sales", base_rate: 310050 });
  await person("ben", { first_name: "Ben", last_name: "Cruz", department: "Engineering", base_rate: 400000 });
  await person("cy", { first_name: "Cy", last_name: "Lee", department: null, base_rate: 200000 });
  source = await runIn("released", month(1));
  xlsx = await download(source.id, "xlsx");
  csv = await download(source.id, "csv");
});
afterAll(() => t.close());

const { must, send } = requestsTo(() => t);

let months = 2;
const everyone = () => Object.values(people);

/** A run of everyone, in a month of its own unless told, taken to `state`. */
const runIn = (state: RunState, period = month(months++), extra: Record<string, unknown> = {}) => runTakenTo(t, admin, state, { ...period, people: { user_ids: everyone() }, ...extra });

/** A correction of the source run: the same period and people, off-cycle. */
const correction = () => runIn("draft", month(1), { corrects_id: source.id });

async function download(id: number, format: "xlsx" | "csv"): Promise<Buffer> {
  const response = await call(t, admin, { method: "GET", url: `/api/payroll/download/${id}?format=${format}` });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.rawPayload;
}

const upload = (id: number, content: Buffer | string, filename = "payroll.xlsx", token: string | null = admin, contentType = filename.endsWith(".csv") ? "text/csv" : XLSX_TYPE) =>
  call(t, token, { method: "POST", url: `/api/payroll/${id}/import`, ...multipart([{ name: "file", filename, contentType, content }]) });

const payslipsOf = async (id: number): Promise<PayslipRecord[]> => must(admin, "GET", `/api/payslips?filter[payroll_id][equals]=${id}&per_page=100`);
/** What a payslip pays, without what tells one run's from another's. */
const figures = (slips: PayslipRecord[]) =>
  slips.map(({ user_id, gross, deductions, net, employer_cost, taxable, lines, inputs }) => ({ user_id, gross, deductions, net, employer_cost, taxable, lines, inputs })).sort((a, b) => a.user_id - b.user_id);

/** The workbook downloaded, changed by `edit`, as bytes. */
async function edited(edit: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  edit(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("who may", () => {
  it("POST /api/payroll/{id}/import: 401 signed out, 403 without payroll_manage, 200 for managers", async () => {
    const shared = await runIn("calculated");
    const own = await download(shared.id, "xlsx");
    for (const caller of PAYROLL_CALLERS) {
      const run = PAYROLL_MANAGERS.includes(caller) ? await runIn("calculated") : shared;
      const response = await upload(run.id, run === shared ? own : await download(run.id, "xlsx"), "payroll.xlsx", tokens[caller]);
      const expected = PAYROLL_MANAGERS.includes(caller as PayrollCaller) ? 200 : caller === "anonymous" ? 401 : 403;
      expect({ caller, status: response.statusCode }, response.body.slice(0, 300)).toEqual({ caller, status: expected });
    }
  });

  it("answers 404 for a run that is not there", async () => {
    expect((await upload(2147483647, xlsx)).statusCode).toBe(404);
  });
});

describe("the round trip", () => {
  it("imports the XLSX of a run into a correction of it: the same payslips, the same totals, calculated by the importer", async () => {
    const run = await correction();
    const before = await lastActivityId(t, admin);
    const response = await upload(run.id, xlsx, "payroll-2026-01-01-2026-01-31.xlsx", tokens.manager);
    expect(response.statusCode, response.body).toBe(200);
    const { data, message } = response.json() as { data: RunRecord; message: string };
    expect(message).toBe("Imported: 4 payslips.");
    expect(data).toMatchObject({ id: run.id, kind: "off_cycle", status: "calculated", warnings: [], totals: source.totals });
    expect(data.calculated?.by).not.toBe(1);
    expect(figures(await payslipsOf(run.id))).toEqual(figures(await payslipsOf(source.id)));
    const rows = await activitiesAfter(t, admin, before);
    expect(rows.map((row) => row.action)).toEqual(["payroll.imported"]);
    expect(rows[0]).toMatchObject({ subject_type: "payroll", subject_id: run.id });
    expect(rows[0].changes).toEqual({ file: "payroll-2026-01-01-2026-01-31.xlsx", status: { from: "draft", to: "calculated" }, ...source.totals });
  });

  it("imports the CSV the same, a totals row typed under it skipped", async () => {
    const run = await correction();
    const text = `${csv.toString("utf8")},Total,,,1,2,3,4,5,6,7,8,9\r\n`;
    const response = await upload(run.id, text, "payroll.csv");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.totals).toEqual(source.totals);
    expect(figures(await payslipsOf(run.id))).toEqual(figures(await payslipsOf(source.id)));
  });

  it("fills a calculated run with its own download again, its payslips' notes kept, and a draft run of the period from a file of some of its people", async () => {
    const calculated = await runIn("calculated");
    const noted = (await payslipsOf(calculated.id)).find((slip) => slip.user_id === people.ana)!;
    await must(admin, "PUT", `/api/payslips/${noted.id}`, { note: "Paid by cheque this month" });
    const again = await upload(calculated.id, await download(calculated.id, "xlsx"));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.totals).toEqual(calculated.totals);
    const notes = await Promise.all((await payslipsOf(calculated.id)).map(async (slip) => [slip.user_id, (await must(admin, "GET", `/api/payslips/${slip.id}/edit`)).note]));
    expect(Object.fromEntries(notes)).toEqual(Object.fromEntries(everyone().map((id) => [id, id === people.ana ? "Paid by cheque this month" : null])));

    // Only Ben, with a bonus-like raise of BASIC typed in: the lines say what the totals are.
    const draft = await runIn("draft");
    const header = "Employee number [employee_number],Basic pay [BASIC],Tax [TAX],Levy (employer) [LEVY:employer]";
    const response = await upload(draft.id, `${header}\r\nI-BEN,"4,500.50",900,\r\n`, "ben.csv");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: "calculated", totals: { people: 1, gross: 450050, deductions: 90000, net: 360050, employer_cost: 450050 } });
    const [slip] = await payslipsOf(draft.id);
    expect(slip).toMatchObject({ user_id: people.ben, taxable: 450050, lines: [{ code: "BASIC", name: "Basic pay", kind: "earning", amount: 450050 }, { code: "TAX", name: "Tax", kind: "deduction", amount: 90000 }] });
    expect(slip.inputs).toMatchObject({ pay_basis: "monthly", rate: 400000 });
  });
});

describe("a file with bad cells", () => {
  it("is refused whole, every error listed by sheet, column and row, and the run is left as it was", async () => {
    const run = await correction();
    expect((await upload(run.id, xlsx)).statusCode).toBe(200);
    const [runBefore, slipsBefore, activityBefore] = [await must(admin, "GET", `/api/payroll/${run.id}`), await payslipsOf(run.id), await lastActivityId(t, admin)];
    const netOfCy = (await payslipsOf(source.id)).find((slip) => slip.user_id === people.cy)!.net;

    const bad = await edited((workbook) => {
      const engineering = workbook.getWorksheet("Engineering")!;
      engineering.getCell("A2").value = "NOPE";
      engineering.getCell("E1").value = "Bonus [BONUS]";
      const sales = workbook.getWorksheet("Sales")!;
      sales.getCell("D2").value = -5;
      sales.getCell("D3").value = 3000.123;
      sales.getCell("F3").value = "abc";
      const none = workbook.getWorksheet("No department")!;
      none.getCell("A2").value = "I-ANA";
      none.getCell("K2").value = 1;
    });
    const response = await upload(run.id, bad);
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.message).toBe("The file has 7 errors: nothing was imported. Correct them and import the file again.");
    expect(body.errors).toEqual({
      "Engineering!E1": ["No pay component has the code BONUS."],
      "Engineering!A2": ["No one has the employee number NOPE."],
      "Sales!D2": ["The amount cannot be negative."],
      "Sales!D3": ["This currency takes at most 2 decimal places."],
      "Sales!F3": ["Enter a number."],
      "No department!A2": ["I-ANA is already in the file, at Sales!A3."],
      "No department!K2": [`This total does not match the row's amounts: it should be ${(netOfCy / 100).toFixed(2)}.`],
    });
    expect(importErrorsOf(body.errors)).toContainEqual({ sheet: "No department", column: "K", row: 2, message: expect.stringContaining("does not match") });

    expect(await must(admin, "GET", `/api/payroll/${run.id}`)).toEqual(runBefore);
    expect(await payslipsOf(run.id)).toEqual(slipsBefore);
    expect(await activitiesAfter(t, admin, activityBefore)).toEqual([]);
  });

  it("names a header without a key, an inactive component, a missing employee number and an adjustment (CSV cells too)", async () => {
    const run = await runIn("draft");
    const header = "Employee number [employee_number],Name [name],Basic pay [BASIC],Notes,Old [OLD],Tax [TAX:employer],Adjustments (earnings) [adjustments_earning]";
    const rows = ["I-ANA,Ana,100.00,,,,5", ",Somebody,1,,,,", "I-BEN,Ben,1e3,x,,,"];
    const response = await upload(run.id, [header, ...rows].join("\r\n"), "bad.csv");
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      "CSV!D1": ["This column's title does not say what it holds: end it with its code in brackets, e.g. \"Basic pay [BASIC]\"."],
      "CSV!E1": ["The pay component OLD is inactive."],
      "CSV!F1": ["The pay component TAX has no employer share."],
      "CSV!G2": ["One-off adjustments cannot be imported: enter this amount under a pay component's column."],
      "CSV!A3": ["The employee number is missing."],
      "CSV!C4": ["Enter a number."],
    });
  });

  it("never passes over a person: a row of formulas without its number, a formula saved without its result, a comma that is no thousands separator", async () => {
    const run = await runIn("draft");
    const bad = await edited((workbook) => {
      const sales = workbook.getWorksheet("Sales")!;
      // Ana's pay computed by formulas, her number left out: a person, not a totals row.
      sales.getCell("A2").value = null;
      sales.getCell("D2").value = { formula: "1500*2", result: 3000 } as ExcelJS.CellFormulaValue;
      // A script's formula, never calculated: no value to take.
      sales.getCell("D3").value = { formula: "1000+1" } as ExcelJS.CellFormulaValue;
    });
    const response = await upload(run.id, bad);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toMatchObject({
      "Sales!A2": ["The employee number is missing."],
      "Sales!D3": ["This formula has no saved result. Open the file in a spreadsheet program, let it calculate, save it and import it again."],
    });

    const header = "Employee number [employee_number],Basic pay [BASIC]";
    const commas = await upload(run.id, [header, 'I-ANA,"12,50"', 'I-BEN,"4 500,5"'].join("\r\n"), "commas.csv");
    expect(commas.json().errors).toEqual({ "CSV!B2": ["Enter a number."], "CSV!B3": ["Enter a number."] });
    const grouped = await upload(run.id, [header, 'I-ANA,"1,250.50"', "I-BEN,4 500.50"].join("\r\n"), "grouped.csv");
    expect(grouped.statusCode, grouped.body).toBe(200);
    const slips = await payslipsOf(run.id);
    expect(Object.fromEntries(slips.map((slip) => [slip.user_id, slip.gross]))).toEqual({ [people.ana]: 125050, [people.ben]: 450050 });

    // A spreadsheet's binary numbers read as the digits it shows: a formula's 0.1 + 0.2 is 0.30, a large amount is exact.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("All");
    sheet.addRow(["Employee number [employee_number]", "Basic pay [BASIC]"]);
    sheet.addRow(["I-ANA", { formula: "0.1+0.2", result: 0.1 + 0.2 }]);
    sheet.addRow(["I-BEN", 34361736999.12]);
    const numbers = await upload(run.id, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(numbers.statusCode, numbers.body).toBe(200);
    const exact = await payslipsOf(run.id);
    expect(Object.fromEntries(exact.map((slip) => [slip.user_id, slip.gross]))).toEqual({ [people.ana]: 30, [people.ben]: 3436173699912 });
  });

  it("takes no date, boolean or error value for an amount, however the file stores it (an ISO date cell was read as 2,026.00)", async () => {
    const run = await runIn("draft");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("All");
    sheet.addRow(["Employee number [employee_number]", "Basic pay [BASIC]", "Allowance [ALLOW]"]);
    sheet.addRow(["I-ANA", 1, new Date("2026-11-28T00:00:00Z")]);
    sheet.addRow(["I-BEN", 2, true]);
    sheet.addRow(["I-CY", 3, { error: "#N/A" } as ExcelJS.CellErrorValue]);
    sheet.addRow(["I-FORMULA", 4, { formula: "DATE(2026,11,28)", result: new Date("2026-11-28T00:00:00Z") } as ExcelJS.CellFormulaValue]);
    // What a spreadsheet may write that exceljs itself would write differently: a date cell in ISO text (t="d"),
    // a formula's cached date in ISO text, and a number cell whose text is no number.
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    const path = "xl/worksheets/sheet1.xml";
    const xml = (await zip.file(path)!.async("string"))
      .replace(/<c r="B2"[^>]*><v>1<\/v><\/c>/, '<c r="B2" t="d"><v>2026-11-28T00:00:00Z</v></c>')
      .replace(/<c r="B3"[^>]*><v>2<\/v><\/c>/, '<c r="B3" t="d"><f>TODAY()</f><v>2026-11-28</v></c>')
      .replace(/<c r="B4"[^>]*><v>3<\/v><\/c>/, '<c r="B4"><v>12abc</v></c>');
    expect(xml).toContain('t="d"><v>2026-11-28T00:00:00Z');
    zip.file(path, xml);
    const response = await upload(run.id, await zip.generateAsync({ type: "nodebuffer" }));
    expect(response.statusCode, response.body).toBe(422);
    const date = "This cell holds a date, not an amount: enter the amount as a number.";
    expect(response.json().errors).toEqual({
      "All!B2": [date],
      "All!C2": [date],
      "All!B3": [date],
      "All!C3": ["Enter a number."],
      "All!B4": ["Enter a number."],
      "All!C4": ["Enter a number."],
      "All!C5": [date],
    });
    expect(await payslipsOf(run.id)).toEqual([]);
  });

  it("takes the place of the payslips' adjustments, and an imported run takes none until it is calculated again", async () => {
    const run = await runIn("calculated");
    const anaSlip = async () => (await payslipsOf(run.id)).find((slip) => slip.user_id === people.ana)!;
    const backPay = { name: "Back pay", kind: "earning", amount: 50000, taxable: true, reason: "January's overtime, paid late" };
    await must(admin, "PUT", `/api/payslips/update-user-payslip/${(await anaSlip()).id}`, { adjustments: [backPay] });
    const header = "Employee number [employee_number],Basic pay [BASIC]";
    expect((await upload(run.id, [header, "I-ANA,3000", "I-BEN,4000"].join("\r\n"), "march.csv")).statusCode).toBe(200);
    const imported = await anaSlip();
    expect((await must(admin, "GET", `/api/payslips/${imported.id}/edit`)).adjustments).toEqual([]);
    // Nothing was worked out here: the imported payslip has no explanation of its lines (a calculated one has).
    expect((await must(admin, "GET", `/api/payslips/${imported.id}`)).explanation).toBeNull();
    const refused = await send(admin, "PUT", `/api/payslips/update-user-payslip/${imported.id}`, { adjustments: [backPay] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This run's payslips were imported from march.csv: change the amounts in the sheet and import it again, or calculate the run to adjust payslips here.");
    expect((await payslipsOf(run.id)).find((slip) => slip.user_id === people.ana)).toMatchObject({ gross: 300000 });

    await must(admin, "POST", `/api/payslip/generate-payslips/${run.id}`, undefined, 202);
    await t.app.ctx.jobs.idle();
    expect((await send(admin, "PUT", `/api/payslips/update-user-payslip/${(await anaSlip()).id}`, { adjustments: [backPay] })).statusCode).toBe(200);
    expect((await must(admin, "GET", `/api/payslips/${(await anaSlip()).id}`)).explanation).not.toBeNull();
  });

  it("refuses people another regular run of the period pays, and people taken out of the run", async () => {
    // Two regular runs of one period, made while neither was settled (a settled one refuses the second at creation):
    // the one calculated first pays everyone.
    const period = month(months++);
    const regular = await runIn("draft", period);
    await runIn("calculated", period);
    const response = await upload(regular.id, xlsx);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors["Sales!A3"]).toEqual(["I-ANA is already paid by another regular run of this period."]);
    expect(Object.keys(response.json().errors)).toHaveLength(4);

    const run = await correction();
    await t.database.db.update(payrollRuns).set({ excluded_user_ids: [people.ben] }).where(eq(payrollRuns.id, run.id));
    const out = await upload(run.id, xlsx);
    expect(out.json().errors).toEqual({ "Engineering!A2": ["I-BEN was taken out of this run."] });
  });

  it("lists at most 500 errors and says how many there are", async () => {
    const run = await runIn("draft");
    const lines = ["Employee number [employee_number],Basic pay [BASIC]", ...Array.from({ length: 600 }, (_, index) => `X-${index},-1`)];
    const response = await upload(run.id, lines.join("\n"), "many.csv");
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe("The file has 1200 errors (the first 500 are listed): nothing was imported.");
    expect(Object.values(response.json().errors as Record<string, string[]>).flat()).toHaveLength(500);
  });
});

describe("what is not a spreadsheet", () => {
  it("is refused on `file`: a picture, a ZIP that is no workbook or unpacks too large, no file, two files", async () => {
    const run = await runIn("draft");
    const fileError = async (request: Promise<{ statusCode: number; json: () => { errors?: Record<string, string[]> } }>) => {
      const response = await request;
      expect(response.statusCode).toBe(422);
      return response.json().errors;
    };
    expect(await fileError(upload(run.id, PNG_1X1, "pay.png", admin, "image/png"))).toEqual({ file: ["This is not an XLSX or CSV file."] });
    expect(await fileError(upload(run.id, Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(40)])))).toEqual({ file: ["This XLSX file cannot be read: save it again from your spreadsheet program and retry."] });
    // A workbook whose directory claims 2 GB unpacked (a "zip bomb") is refused before anything is unpacked.
    const bomb = Buffer.from(xlsx);
    bomb.writeUInt32LE(0x7fffffff, bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    expect(await fileError(upload(run.id, bomb))).toEqual({ file: ["This workbook unpacks to more than 150 MB, far beyond a sheet of this kind. Save it again as a plain .xlsx or .csv and import that."] });
    expect(await fileError(call(t, admin, { method: "POST", url: `/api/payroll/${run.id}/import`, payload: {} }))).toEqual({ file: ["Choose a spreadsheet (XLSX or CSV) to import."] });
    const two = multipart([
      { name: "file", filename: "a.csv", contentType: "text/csv", content: "x" },
      { name: "file", filename: "b.csv", contentType: "text/csv", content: "y" },
    ]);
    expect(await fileError(call(t, admin, { method: "POST", url: `/api/payroll/${run.id}/import`, ...two }))).toEqual({ file: ["Import one file at a time."] });
    expect(await fileError(upload(run.id, 'Employee number [employee_number]\r\n"I-ANA', "broken.csv"))).toEqual({ file: ["This CSV file cannot be read: a quoted cell is not closed, or text follows its closing quote."] });
    expect(await fileError(upload(run.id, "", "empty.csv"))).toEqual({ file: ["The file has no one to pay: add a row per person under the header row."] });
    expect(await fileError(upload(run.id, "Name,Basic\r\nAna,1\r\n", "other.csv"))).toEqual({
      "CSV!A1": ["This worksheet is not in the payroll sheet's layout: its header names no column by its code in brackets. Start from the run's downloaded sheet."],
    });
    expect(await fileError(upload(run.id, "Name [name],Basic pay [BASIC]\r\nAna,1\r\n", "other.csv"))).toEqual({ "CSV!A1": ["This worksheet has no employee number column ([employee_number])."] });
    expect((await must(admin, "GET", `/api/payroll/${run.id}`)).status).toBe("draft");
  });
});

describe("the run's state", () => {
  it("refuses approved and released runs (409)", async () => {
    for (const state of ["approved", "released"] as const) {
      const run = await runIn(state);
      const response = await upload(run.id, await download(run.id, "xlsx"));
      expect({ status: response.statusCode, message: response.json().message }).toEqual({
        status: 409,
        message: "Only draft and calculated runs can be filled from a spreadsheet; reopen an approved run first.",
      });
    }
  });

  it("refuses a run while it is being calculated (409)", async () => {
    const run = await runIn("calculated");
    const [job] = await t.database.db
      .insert(jobs)
      .values({ kind: "payroll.calculate", input: { run_id: run.id }, max_attempts: 1, status: "running", attempts: 1, locked_by: "another-worker", locked_until: sql`now() + interval '1 hour'` })
      .returning({ id: jobs.id });
    await t.database.db.update(payrollRuns).set({ job_id: job.id }).where(eq(payrollRuns.id, run.id));
    try {
      const response = await upload(run.id, await download(run.id, "xlsx"));
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 409, message: "This run is being calculated: wait until it is done." });
    } finally {
      await t.database.db.update(jobs).set({ status: "failed", locked_by: null, locked_until: null }).where(eq(jobs.id, job.id));
    }
  });
});

describe("a currency without decimals", () => {
  it("reads and writes yen as whole numbers: an import refuses decimals, the XLSX's format has none, the CSV's amounts neither", async () => {
    // The profile refuses a new currency once pay is recorded in the old one: this company's yen is set underneath.
    await t.database.db.update(companyProfile).set({ currency: "JPY" });
    try {
      const run = await runIn("draft");
      expect(run.currency).toBe("JPY");
      const header = "Employee number [employee_number],Basic pay [BASIC],Tax [TAX]";
      const refused = await upload(run.id, `${header}\r\nI-ANA,250000.5,100\r\n`, "yen.csv");
      expect(refused.json().errors).toEqual({ "CSV!B2": ["This currency takes no decimal places."] });
      const imported = await upload(run.id, `${header}\r\nI-ANA,"250,000",25000.00\r\n`, "yen.csv");
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().data.totals).toMatchObject({ gross: 250000, deductions: 25000, net: 225000 });

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await download(run.id, "xlsx")) as unknown as ArrayBuffer);
      const sales = workbook.getWorksheet("Sales")!;
      expect(sales.getCell("D2").value).toBe(250000);
      expect(sales.getCell("D2").numFmt).toBe('#,##0 "JPY"');
      expect((await download(run.id, "csv")).toString("utf8")).toContain("I-ANA,Ana Reyes,Sales,Analyst,250000,25000,250000,25000,225000,250000");
    } finally {
      await t.database.db.update(companyProfile).set({ currency: "USD" });
    }
  });
});
