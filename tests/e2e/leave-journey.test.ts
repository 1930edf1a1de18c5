import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { AttendanceRecord } from "../../contracts/attendance";
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import { apiToken } from "../support/e2e";
import { closeToasts, journeyHooks, message, signIn, waitForLocation } from "../support/journey";

/**
 * Leave end to end, against the built app and the real server in headless Chromium, on the demo company: the demo
 * employee asks on a phone for a day of vacation leave; their manager (the Operations head) hears of it from the bell,
 * follows the notification to the request and approves it; the day then shows as leave in the employee's history and
 * in the attendance report, and a payroll run pays it as paid leave (the employee is paid by the hour: a day's rate is
 * the hourly rate times the settings' hours a day). axe looks at the phone's request form and the approval.
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!" };
const EMPLOYEE = { email: "employee@example.com", password: "Employee123!", id: 3 };
const MANAGER = { email: "manager@example.com", password: "Manager123!" };
const PHONE = { width: 390, height: 844 };

const journey = journeyHooks();
let page: Page;
beforeEach(() => {
  page = journey.page;
});

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${journey.server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, ...(init.body !== undefined ? { "content-type": "application/json" } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function signInAs(person: { email: string; password: string }): Promise<void> {
  await signIn(page, person.email, person.password);
  await waitForLocation(page, (url) => url.pathname !== "/login", "signed in");
}

/** A date as the DatePickers of an English reader take it (MM/DD/YYYY, the demo company's format). */
const typed = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

/** What the steps leave behind: the day of leave and its request. */
const journeySoFar: { day?: string; requestId?: number } = {};
const theDay = () => {
  if (!journeySoFar.day) throw new Error("no day was chosen by the step before");
  return journeySoFar.day;
};

describe("leave, in steps", () => {
  it("the employee asks on a phone for a day of vacation leave: the request waits, axe finds nothing", async () => {
    // A day the employee worked this past fortnight, its records entered for the wrong day and taken away by the
    // office: a workday with nothing recorded, which leave will cover.
    const admin = await apiToken(journey.server, ADMIN.email, ADMIN.password);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const records = await api<AttendanceRecord[]>(admin, `/api/attendance/records?user_id=${EMPLOYEE.id}&from=${from}&to=${today}`);
    const worked = [...new Set(records.map((record) => record.work_date))].filter((date) => date < today).sort();
    const day = worked[worked.length - 2];
    expect(day, JSON.stringify(worked)).toBeTruthy();
    for (const record of records.filter((entry) => entry.work_date === day)) {
      await api(admin, `/api/attendance/${record.id}`, { method: "DELETE", body: { reason: "Entered for the wrong day" } });
    }
    journeySoFar.day = day;

    await page.setViewportSize(PHONE);
    await signInAs(EMPLOYEE);
    await page.goto("/leave");
    await page.getByTestId("balance-VL").waitFor();
    await page.getByRole("button", { name: message("leave.requests.new") }).click();
    const dialog = page.getByRole("dialog", { name: message("leave.requests.new") });
    await dialog.getByLabel(message("leave.requests.fields.type"), { exact: true }).click();
    await page.locator(".ant-select-dropdown .ant-select-item-option", { hasText: "Vacation leave" }).click();
    for (const label of ["leave.requests.fields.start", "leave.requests.fields.end"]) {
      const field = dialog.getByLabel(message(label), { exact: true });
      await field.fill(typed(day));
      await field.press("Enter");
    }
    await dialog.getByLabel(message("leave.requests.fields.reason"), { exact: true }).fill("A family matter");
    expect(await journey.audit()).toEqual([]);
    await dialog.getByRole("button", { name: message("leave.requests.submit") }).click();
    await page.getByText(message("leave.requests.created")).first().waitFor();
    await dialog.waitFor({ state: "hidden" });
    // On a phone the row shows the type with its dates, and where it stands.
    const row = page.locator("tbody tr", { hasText: "Vacation leave" });
    await row.getByText(message("leave.requests.statuses.pending"), { exact: true }).waitFor();
    const mine = await api<{ id: number; start_date: string; status: string }[]>(await apiToken(journey.server, EMPLOYEE.email, EMPLOYEE.password), "/api/leave-requests?scope=mine");
    const asked = mine.find((request) => request.start_date === day)!;
    expect(asked.status).toBe("pending");
    journeySoFar.requestId = asked.id;
  });

  it("their manager follows the bell's notification to the request and approves it", async () => {
    await signInAs(MANAGER);
    await page.getByTestId("notification-bell").click();
    const panel = page.getByTestId("bell-panel");
    await panel.getByTestId("bell-item").filter({ hasText: "Leave request from Emery Santos" }).first().click();
    await page.getByRole("link", { name: message("notificationsUi.show.open") }).click();
    await waitForLocation(page, (url) => url.pathname === "/leave/approvals" && url.searchParams.get("request") === String(journeySoFar.requestId), "the request's approval");
    const focused = page.getByTestId("focused-request");
    await focused.getByText("A family matter").waitFor();
    expect(await journey.audit()).toEqual([]);
    await focused.getByRole("button", { name: `${message("leave.approvals.approve")}: Emery Santos` }).click();
    await page.locator(".ant-popconfirm:not(.ant-popover-hidden)").getByRole("button", { name: message("leave.approvals.approve"), exact: true }).click();
    await page.getByText(message("leave.requests.decided.approved")).first().waitFor();
    await closeToasts(page);
    await focused.getByText(message("leave.requests.statuses.approved"), { exact: true }).waitFor();
  });

  it("the day shows as leave in the employee's history", async () => {
    const day = theDay();
    await signInAs(EMPLOYEE);
    await page.goto("/attendance/history");
    const row = page.locator("tbody tr", { has: page.locator(`time[datetime="${day}"]`) });
    await row.getByText(message("attendanceReports.statuses.leave"), { exact: true }).waitFor();
    await row.getByText("VL", { exact: true }).waitFor();

    const admin = await apiToken(journey.server, ADMIN.email, ADMIN.password);
    const report = await api<{ user_id: number; days_leave: number; days_absent: number }[]>(admin, `/api/attendance/reports?from=${day}&to=${day}&per_page=100`);
    expect(report.find((entry) => entry.user_id === EMPLOYEE.id)).toMatchObject({ days_leave: 1, days_absent: 0 });
  });

  it("the office's attendance report counts the day as leave, not an absence", async () => {
    const day = theDay();
    await signInAs(ADMIN);
    await page.goto(`/attendance/reports?from=${day}&to=${day}`);
    const person = page.locator("tbody tr", { hasText: "Emery Santos" });
    await person.waitFor();
    const leaveColumn = await page.getByRole("columnheader", { name: message("attendanceReports.columns.daysLeave") }).evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
    expect((await person.locator("td").nth(leaveColumn).innerText()).trim()).toBe("1");
    const absentColumn = await page.getByRole("columnheader", { name: message("attendanceReports.columns.daysAbsent") }).evaluate((cell) => (cell as HTMLTableCellElement).cellIndex);
    expect((await person.locator("td").nth(absentColumn).innerText()).trim()).toBe("0");
  });

  it("a payroll run pays the day as paid leave at the day's rate", async () => {
    const day = theDay();
    const admin = await apiToken(journey.server, ADMIN.email, ADMIN.password);
    const start = `${day.slice(0, 7)}-01`;
    const end = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const run = await api<RunRecord>(admin, "/api/payroll", { method: "POST", body: { period_start: start, period_end: end, pay_date: end, people: { user_ids: [EMPLOYEE.id] }, corrects_id: null } });
    await api(admin, `/api/payslip/generate-payslips/${run.id}`, { method: "POST" });
    await expect.poll(async () => (await api<RunRecord>(admin, `/api/payroll/${run.id}`)).status, { timeout: 30_000 }).toBe("calculated");
    const [payslip] = await api<PayslipRecord[]>(admin, `/api/payslips?filter[payroll_id][equals]=${run.id}`);
    const settings = await api<{ hours_per_day: string }>(admin, "/api/settings/payroll");
    const hourly = (await api<{ base_rate: number }>(admin, `/api/users/${EMPLOYEE.id}`)).base_rate;
    const leavePay = payslip.lines.find((line) => line.code === "LEAVE_PAY");
    expect(leavePay, JSON.stringify(payslip.lines)).toMatchObject({ kind: "earning", amount: Math.round(hourly * Number(settings.hours_per_day)) });

    // The office sees it on the run's review, with how it was worked out.
    await signInAs(ADMIN);
    await page.goto(`/payslips?payroll_id=${run.id}`);
    await page.locator("tbody tr.ant-table-row").first().getByRole("button").first().click();
    await page.getByRole("dialog").getByText("Paid leave").first().waitFor();
  });
});
