import ExcelJS from "exceljs";
import type { Download, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import type { OwnPayslipsReply, PayslipDocument, PayslipDownload } from "../../contracts/payslips";
import { apiToken } from "../support/e2e";
import { readPdf } from "../support/pdf-text";
import { closeToasts, journeyHooks, message, signIn, waitForLocation } from "../support/journey";

/**
 * Payroll end to end, against the built app and the real server in headless
 * Chromium: the administrator adds an earning with a formula on /deductions
 * (checked as it is typed), creates a run of the coming period, calculates it
 * with the progress bar showing, reviews it, approves and releases it; the
 * demo employee is told their payslip is ready. The administrator downloads
 * the run as XLSX from its Sheet tab; the employee follows the notification's
 * link to their payslip and downloads its PDF, saved under the name the
 * server gives it. axe looks at the dialogs, the review and the payslip.
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!" };
const EMPLOYEE = { email: "employee@example.com", password: "Employee123!" };
const PHONE = { width: 390, height: 844 };

const journey = journeyHooks();
let page: Page;
beforeEach(() => {
  page = journey.page;
});

const button = (key: string, scope: Page | ReturnType<Page["locator"]> = page, options: Record<string, unknown> = {}) =>
  scope.getByRole("button", { name: message(key, "en"), exact: true, ...options });

/** A file the browser saved, read back whole (the browser may run elsewhere: no path on this disk). */
async function saved(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${journey.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function signInAsAdmin(): Promise<void> {
  await signIn(page, ADMIN.email, ADMIN.password);
  await waitForLocation(page, (url) => url.pathname !== "/login", "signed in");
}

/**
 * One journey in steps, each on a fresh page and each after the one before: what the steps leave
 * behind (the run, the employee's notice) is kept here. Steps keep each test well inside its time.
 */
const journeySoFar: { runId?: number; calculated?: RunRecord; notice?: { type: string; title: string; link: string | null } } = {};

function released(): { runId: number; calculated: RunRecord } {
  const { runId, calculated } = journeySoFar;
  if (runId === undefined || calculated === undefined) throw new Error("the run was not released by the step before");
  return { runId, calculated };
}

describe("payroll, in steps", () => {
  it("adds an earning by formula, checked as it is typed; axe finds nothing in the dialog", async () => {
    await signInAsAdmin();

    // An earning by formula: a commuting allowance of 150.00 a day worked.
    await page.goto("/deductions");
    await button("payrollUi.components.create").click();
    const dialog = page.getByRole("dialog", { name: message("payrollUi.components.create") });
    await dialog.getByLabel(message("payrollUi.components.fields.code"), { exact: true }).fill("COMMUTE");
    await dialog.getByLabel(message("payrollUi.components.fields.name"), { exact: true }).fill("Commuting allowance");
    await dialog.getByRole("radiogroup", { name: message("payrollUi.components.fields.type") }).getByText(message("payrollUi.components.types.formula"), { exact: true }).click();
    const formula = dialog.getByRole("textbox", { name: message("payrollUi.components.fields.expression"), exact: true });
    // A name the server does not know is said under the field as it is typed...
    await formula.fill("days_workd * 150");
    await dialog.getByText("days_workd is not a known variable or component code.").first().waitFor();
    // ...and goes once it is right.
    await formula.fill("days_worked * 150");
    await expect.poll(() => dialog.getByText("days_workd is not a known variable or component code.").count()).toBe(0);
    expect(await journey.audit()).toEqual([]);
    await button("common.save", dialog).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("cell", { name: "COMMUTE", exact: true }).waitFor();
  });

  it("creates a run of the coming period, calculates it with its progress, approves and releases it; the employee is told", async () => {
    await signInAsAdmin();

    // A run of the coming period, for everyone, as the dialog proposes it.
    await page.goto("/payroll");
    // The toolbar's button: an empty list offers the same one under its message.
    await button("payrollUi.runs.create.open").first().click();
    const create = page.getByRole("dialog", { name: message("payrollUi.runs.create.title") });
    await create.getByLabel(message("payrollUi.runs.create.periodStart"), { exact: true }).waitFor();
    expect(await journey.audit()).toEqual([]);
    await button("payrollUi.runs.create.submit", create).click();
    const review = await waitForLocation(page, (url) => /^\/payroll\/\d+$/.test(url.pathname), "the new run's review");
    const runId = Number(review.pathname.split("/").pop());
    await closeToasts(page);

    // Calculate: the progress bar follows the job (its first answers held back a moment, so the bar is there to see).
    let held = 0;
    await page.route("**/api/jobs/*", async (route) => {
      if (held++ < 2) await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await button("payrollUi.review.actions.calculate").click();
    await page.getByRole("progressbar", { name: message("jobs.progress") }).waitFor();
    await button("payrollUi.review.actions.approve").waitFor({ timeout: 30_000 });
    expect(await journey.audit()).toEqual([]);

    const admin = await apiToken(journey.server, ADMIN.email, ADMIN.password);
    const calculated = await api<RunRecord>(admin, `/api/payroll/${runId}`);
    expect(calculated.status).toBe("calculated");
    expect(calculated.totals.people).toBeGreaterThan(30);
    const slips = await api<PayslipRecord[]>(admin, `/api/payslips?filter[payroll_id][equals]=${runId}&per_page=100`);
    // The run's totals are its payslips' sums, and the new earning is on the payslips of people who worked.
    expect(slips.reduce((total, slip) => total + slip.net, 0)).toBe(calculated.totals.net);
    expect(slips.some((slip) => slip.lines.some((line) => line.code === "COMMUTE" && line.amount > 0))).toBe(true);

    // Approve (a confirmation beside the button), then release (a dialog saying who is paid and told).
    await button("payrollUi.review.actions.approve").click();
    const approve = page.locator(".ant-popconfirm:not(.ant-popover-hidden)");
    await button("payrollUi.review.actions.approve", approve).click();
    await button("payrollUi.review.actions.release").waitFor();
    await closeToasts(page);
    await button("payrollUi.review.actions.release").click();
    // The run is named after its period, in the reader's words ("Payroll Oct 1 – 31, 2026").
    const release = page.getByRole("dialog").filter({ hasText: message("payrollUi.review.release.final") });
    expect(await journey.audit()).toEqual([]);
    await button("payrollUi.review.release.submit", release).click();
    await expect.poll(async () => (await api<RunRecord>(admin, `/api/payroll/${runId}`)).status).toBe("released");
    await page.getByText(message("payrollUi.status.released"), { exact: true }).first().waitFor();

    // The demo employee hears of it.
    const employee = await apiToken(journey.server, EMPLOYEE.email, EMPLOYEE.password);
    const told = await api<{ type: string; title: string; link: string | null }[]>(employee, "/api/notifications");
    const notice = told.find((item) => item.type === "payslip_released");
    expect(notice?.title).toBe(message("notifications.types.payslip_released.title"));
    Object.assign(journeySoFar, { runId, calculated, notice });
  });

  it("downloads the released run as XLSX, whose total row is the run's; the sheet passes axe on a desktop and a phone", async () => {
    const { runId, calculated } = released();
    await signInAsAdmin();

    // The run as the payroll office's spreadsheet: a summary whose total row adds up to the run's totals.
    await page.goto(`/payroll/${runId}`);
    await page.getByRole("tab", { name: message("payrollSheetUi.tab"), exact: true }).click();
    const [sheetFile] = await Promise.all([page.waitForEvent("download"), button("payrollSheetUi.download.xlsx").click()]);
    expect(sheetFile.suggestedFilename()).toBe(`payroll-${calculated.period_start}-${calculated.period_end}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await saved(sheetFile)) as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet(message("payrollSheet.summary"))!;
    const total = summary.getRow(summary.actualRowCount);
    const result = (column: number) => (total.getCell(column).value as ExcelJS.CellFormulaValue).result;
    // The demo company pays in pesos, two decimals: the sheet's amounts are in pesos.
    expect([result(2), result(5)]).toEqual([calculated.totals.people, calculated.totals.net / 100]);
    await closeToasts(page);
    expect(await journey.audit()).toEqual([]);

    // On a phone the run's tab bars (the review's, the sheet's departments) scroll rather than fit.
    await page.setViewportSize(PHONE);
    await page.goto(`/payroll/${runId}?tab=sheet`);
    await page.getByRole("group", { name: message("payrollSheetUi.actions") }).waitFor();
    expect(await journey.audit()).toEqual([]);
  });

  // The run's payslips in the office's workspace: each tab of a payslip's drawer, on a desktop and on a phone
  // (where the tab bar no longer fits), with nothing for axe. A test each: together they took 63 s beside another file.
  it.each([
    ["a desktop", { width: 1280, height: 800 }],
    ["a phone", PHONE],
  ])("shows each tab of a released payslip's drawer with nothing for axe, on %s", async (_label, size) => {
    const { runId } = released();
    await signInAsAdmin();
    await page.setViewportSize(size);
    await page.goto(`/payslips?payroll_id=${runId}`);
    await page.locator("tbody tr.ant-table-row").first().getByRole("button").first().click();
    const drawer = page.getByRole("dialog").filter({ has: page.getByRole("tablist") });
    const tabs = drawer.getByRole("tab");
    await tabs.first().waitFor();
    for (let index = 0; index < (await tabs.count()); index++) {
      await tabs.nth(index).click();
      expect(await journey.audit(), `tab ${index + 1} at ${size.width} px`).toEqual([]);
    }
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
  });

  it("lets the employee follow the notice to their payslip and download its PDF, which the payslip's history records", async () => {
    const { runId } = released();
    const admin = await apiToken(journey.server, ADMIN.email, ADMIN.password);
    const employee = await apiToken(journey.server, EMPLOYEE.email, EMPLOYEE.password);
    const own = await api<OwnPayslipsReply>(employee, "/api/payslips/user-payslips");
    const mine = own.payslips.find((slip) => slip.payroll_id === runId)!;
    const document = await api<PayslipDocument>(employee, `/api/payslips/${mine.id}/document`);
    const link = journeySoFar.notice?.link;
    expect(link).toBe(`/user-payslips?run=${runId}`);

    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await waitForLocation(page, (url) => url.pathname !== "/login", "the employee signed in");
    await page.goto(link!);
    await waitForLocation(page, (url) => url.searchParams.get("payslip") === String(mine.id), "the run's payslip");
    const download = button("payslipView.downloadPdf");
    const [pdfFile] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(pdfFile.suggestedFilename()).toBe(`payslip-${document.person.employee_number}-${document.run.period_end}.pdf`);
    const pdf = await readPdf(await saved(pdfFile));
    expect(pdf.text).toContain(document.person.name);
    // The download is on the payslip's history: the employee's, by token.
    const downloads = await api<PayslipDownload[]>(admin, `/api/payslips/${mine.id}/downloads`);
    expect(downloads.map(({ user_name, via, kind }) => ({ user_name, via, kind }))).toEqual([{ user_name: document.person.name, via: "token", kind: "single" }]);
    expect(await journey.audit()).toEqual([]);

    // How the basic pay was worked out: its formula and the figure it read, as the calculation kept them.
    await button("payslipExplain.open").click();
    const account = page.getByRole("region", { name: message("payslipExplain.open") });
    const basic = document.lines.find((line) => line.kind === "earning" && line.code === "BASIC")!;
    await account.getByRole("button", { name: new RegExp(basic.name) }).click();
    await account.getByText(message("payslipExplain.formula")).first().waitFor();
    const read = account.getByRole("table", { name: message("payslipExplain.readsOf").replace("{{name}}", basic.name) });
    expect(await read.getByRole("row").nth(1).textContent()).toMatch(/^basic/);
    expect(await journey.audit()).toEqual([]);
  });
});
