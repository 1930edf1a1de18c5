import fs from "node:fs";
import path from "node:path";
import type { Locator, Page, Response } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminCharts, AdminStats, StorageInfo } from "../../contracts/dashboard";
import type { QuickStats } from "../../contracts/dashboard-own";
import { formatMoney } from "../../contracts/money";
import type { RunRecord } from "../../contracts/payroll";
import type { OwnPayslipsReply } from "../../contracts/payslips";
import { DEMO_OFFICE } from "../../server/db/seed-attendance";
import { LANGUAGES } from "../../src/i18n/languages";
import { apiToken, ROOT_DIR } from "../support/e2e";
import { closeToasts, journeyHooks, message, signIn, waitForLocation, waitForPath } from "../support/journey";

/**
 * Both dashboards end to end, against the built app and the real server on
 * the demo company in headless Chromium. The administrator's /dashboard shows
 * the figures its calls answer, draws its four charts with their tables and
 * lists the storage, on a desktop and a phone, light and dark, in the five
 * languages; the demo employee clocks in and out from /user-dashboard on a
 * phone; a released run reaches the employee's payslip cards, and while it
 * waits for approval the people who release pay see it; the staff widgets
 * follow each person's permissions. axe finds nothing on any of it.
 */

const ADMIN = { email: "admin@example.com", password: "Admin123!", name: "Alex Admin" };
const EMPLOYEE = { email: "employee@example.com", password: "Employee123!", name: "Emery Santos" };
const HR = { email: "hr@example.com", password: "Hr123456!" };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** About 30 m from the demo office: inside its fence. */
const AT_THE_OFFICE = { latitude: DEMO_OFFICE.latitude + 0.0003, longitude: DEMO_OFFICE.longitude, accuracy: 10 };

const journey = journeyHooks();
let page: Page;
beforeEach(() => {
  page = journey.page;
});

// --- The API, as the administrator (or anyone) sets the scene ---

async function api<T>(token: string, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${journey.server.url}/api${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /api${pathname}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

const adminToken = () => apiToken(journey.server, ADMIN.email, ADMIN.password);

/** A calendar date `days` after (or before) `date`. */
function dayAfter(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The calendar month `back` months before the one holding `date`, paid on its last day. */
function monthBefore(date: string, back: number) {
  const [year, month] = date.split("-").map(Number);
  const start = new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(year, month - back, 0)).toISOString().slice(0, 10);
  return { period_start: start, period_end: end, pay_date: end };
}

/** Creates a run and calculates it, waiting for the calculation's job to be done. */
async function calculatedRun(token: string, body: Record<string, unknown>): Promise<RunRecord> {
  const run = await api<RunRecord>(token, "POST", "/payroll", body);
  await api(token, "POST", `/payslip/generate-payslips/${run.id}`);
  await expect.poll(async () => (await api<RunRecord>(token, "GET", `/payroll/${run.id}`)).status).toBe("calculated");
  return api<RunRecord>(token, "GET", `/payroll/${run.id}`);
}

async function approveAndRelease(token: string, runId: number): Promise<void> {
  await api(token, "POST", `/payroll/${runId}/approve`);
  await api(token, "POST", `/payroll/release/${runId}`);
}

/** A new staff member (level 2) holding a new role with only these permissions, made by the administrator. */
async function staffWith(permissions: string[], firstName: string, lastName: string) {
  const admin = await adminToken();
  const tag = crypto.randomUUID().slice(0, 8);
  const role = await api<{ id: number }>(admin, "POST", "/roles", { name: `${firstName}'s role ${tag}`, description: "Made by the dashboards journey", permissions });
  const person = { email: `${firstName.toLowerCase()}-${tag}@example.com`, password: "Dashboards123!", name: `${firstName} ${lastName}` };
  await api(admin, "POST", "/users", {
    first_name: firstName,
    last_name: lastName,
    email: person.email,
    access_level: 2,
    role_id: role.id,
    password: person.password,
    password_confirmation: person.password,
  });
  return person;
}

// --- The page ---

/** The data of the page's own next answer from this API path (the figures it shows, not a second reading). */
function nextReply<T>(pathname: string): Promise<T> {
  const reply = page
    .waitForResponse((response: Response) => new URL(response.url()).pathname === pathname && response.request().method() === "GET" && response.ok())
    .then(async (response) => ((await response.json()) as { data: T }).data);
  // A test that fails before the answer comes fails with its own error, not this one's.
  reply.catch(() => {});
  return reply;
}

/** Signs in (as nobody else any more) and opens `pathname`: employees land on their payslips, the others on a dashboard. */
async function signInAndOpen(user: { email: string; password: string }, pathname: string): Promise<void> {
  await page.evaluate(() => localStorage.clear()).catch(() => {});
  await signIn(page, user.email, user.password);
  const landed = await waitForLocation(page, (url) => url.pathname !== "/login", `${user.email} signed in`);
  if (landed.pathname !== pathname) await page.goto(pathname);
  await waitForPath(page, pathname);
}

/** axe once the page has settled and the toasts are gone (a toast fading out reads as faint). */
async function audit(): Promise<string[]> {
  await closeToasts(page);
  return journey.audit();
}

const sidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth);

/** The card whose heading is exactly `title`. */
const card = (title: string | RegExp) => page.locator(".ant-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** The value of the figure labelled exactly `title`, as the page writes it. */
const figure = (title: string) =>
  page
    .locator("[data-figure]")
    .filter({ has: page.locator("dt").getByText(title, { exact: true }) })
    .locator("dd")
    .first()
    .innerText();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The message sections of the app: a key of one on the page is a message the page failed to find. */
const SECTIONS = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT_DIR, "locales", "en.json"), "utf8")) as object);
const RAW_KEY = new RegExp(`\\b(?:${SECTIONS.join("|")})\\.[A-Za-z_]+(?:\\.[A-Za-z_]+)*`, "g");
const rawKeys = async () => (await page.locator("body").innerText()).match(RAW_KEY) ?? [];

/**
 * Turns dark mode on or off with the header's switch (in the account panel on a phone), waits for the
 * account to keep it, and reloads: the page then opens in that mode from the account's preference,
 * with no colour caught mid-transition for axe.
 */
async function darkMode(on: boolean): Promise<void> {
  const switchControl = page.getByTestId("dark-mode-switch");
  if (!(await switchControl.isVisible())) {
    await page.getByTestId("user-menu").click();
    await page.getByTestId("account-panel").waitFor();
  }
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me/profile" && response.request().method() !== "GET" && response.ok());
  await switchControl.click();
  await saved;
  await page.reload();
  await page.waitForFunction((mode) => document.documentElement.dataset.theme === mode, on ? "dark" : "light");
  await journey.settled();
}

/** Picks the language in the header and waits for the account to keep it (nothing to do when it is the one shown). */
async function chooseLanguage(code: string): Promise<void> {
  const select = page.getByTestId("language-select");
  if ((await select.inputValue()) === code) return;
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me/profile" && response.request().method() !== "GET" && response.ok());
  await select.selectOption(code);
  await saved;
}

/** The administrator's dashboard (opened again once the sign-in has settled), with its figures and charts in: the answers it shows. */
async function openAdminDashboard() {
  await journey.settled();
  const replies = Promise.all([
    nextReply<AdminStats>("/api/dashboard/admin-stats"),
    nextReply<AdminCharts>("/api/dashboard/admin-dashboard"),
    nextReply<StorageInfo>("/api/dashboard/storage-info"),
  ]);
  await page.reload();
  const [stats, charts, storage] = await replies;
  await page.getByRole("heading", { level: 1, name: message("dashboard.title"), exact: true }).waitFor();
  await journey.settled();
  return { stats, charts, storage };
}

/** The four chart cards and how many rows each has in the answer (none: the card says so instead of drawing). */
function chartCards(charts: AdminCharts) {
  const overtimeTitle = new RegExp(`^${escape(message("dashboard.charts.overtime")).replace(escape("{{month}}"), ".+")}$`);
  return [
    { name: "headcount", card: card(message("dashboard.charts.headcount")), rows: charts.headcount_by_department.length },
    { name: "attendance", card: card(message("dashboard.charts.attendance")), rows: charts.attendance_by_day.length },
    {
      name: "payroll cost",
      card: card(message("dashboard.charts.payrollCost")),
      rows: charts.payroll_cost_by_month.months.some((month) => month.runs > 0) ? charts.payroll_cost_by_month.months.length : 0,
    },
    { name: "overtime", card: card(overtimeTitle), rows: charts.overtime_by_department.departments.length },
  ];
}

/** Every card of the page lies in one column: the same left and right edges. */
const columnsOfCards = () =>
  page.locator("#main-content .ant-card").evaluateAll((cards) => {
    const edges = cards.map((element) => {
      const box = element.getBoundingClientRect();
      return `${Math.round(box.left)}–${Math.round(box.right)}`;
    });
    return [...new Set(edges)];
  });

describe("the administrator's dashboard", () => {
  it("on a desktop: the quick stats are the API's figures, the four charts draw and show as tables, the storage lists tables; axe finds nothing, light and dark", async () => {
    // A released run two months back, so the payroll cost chart has something to draw.
    const admin = await adminToken();
    const { today } = await api<AdminStats>(admin, "GET", "/dashboard/admin-stats");
    const earlier = await calculatedRun(admin, { ...monthBefore(today, 2), name: "Finance, two months back", people: { department: "Finance" } });
    await approveAndRelease(admin, earlier.id);

    await signInAndOpen(ADMIN, "/dashboard");
    const { stats, charts, storage } = await openAdminDashboard();

    // The quick stats say what the call answered, as English writes counts.
    const count = (value: number) => new Intl.NumberFormat("en").format(value);
    expect(await figure(message("dashboard.people.active"))).toBe(count(stats.headcount.active));
    expect(await figure(message("dashboard.people.onLeave"))).toBe(count(stats.headcount.on_leave));
    expect(await figure(message("dashboard.now.absent"))).toBe(count(stats.now.absent));
    expect(await figure(message("dashboard.now.late"))).toBe(count(stats.now.late));
    // The same call read again says the same about the people on the books.
    expect((await api<AdminStats>(admin, "GET", "/dashboard/admin-stats")).headcount).toEqual(stats.headcount);

    // Each chart is drawn (or says it has nothing), and shows its rows as a table at the press of its button.
    const cards = chartCards(charts);
    expect(cards.map((chart) => [chart.name, chart.rows > 0])).toEqual([
      ["headcount", true],
      ["attendance", true],
      ["payroll cost", true],
      // Overtime counts the month's closed days: none yet on its first day.
      ["overtime", charts.overtime_by_department.departments.length > 0],
    ]);
    for (const chart of cards) {
      if (chart.rows > 0) await chart.card.locator("svg.recharts-surface").first().waitFor();
      else expect(await chart.card.locator("svg.recharts-surface").count(), chart.name).toBe(0);
    }
    expect(await audit()).toEqual([]);

    for (const chart of cards) {
      await chart.card.getByRole("button", { name: message("charts.showTable"), exact: true }).click();
      await chart.card.getByRole("button", { name: message("charts.showChart"), exact: true }).waitFor();
      expect(await chart.card.locator("svg.recharts-surface").count(), chart.name).toBe(0);
      const rows = chart.card.locator("tbody tr.ant-table-row");
      expect(await rows.count(), chart.name).toBe(chart.rows);
      if (chart.rows > 0) expect((await rows.first().boundingBox())?.height, `${chart.name}'s first row is shown`).toBeGreaterThan(10);
    }
    // The payroll cost table has the month of the released run with its gross pay.
    const paidMonth = charts.payroll_cost_by_month.months.find((month) => month.runs > 0)!;
    expect(await cards[2].card.locator("tbody").innerText()).toContain(formatMoney(paidMonth.gross, charts.payroll_cost_by_month.currency, "en"));
    expect(await audit()).toEqual([]);

    // The storage card lists the database's tables, largest first, as the call gave them.
    const storageCard = card(message("dashboard.storage.title"));
    const tableRows = storageCard.locator("tbody tr.ant-table-row");
    expect(await tableRows.count()).toBe(Math.min(10, storage.database.tables.length));
    expect(await tableRows.first().locator("code").innerText()).toBe(storage.database.tables[0].name);

    // Dark, from the header's switch.
    await darkMode(true);
    try {
      await chartCards(charts)[0].card.locator("svg.recharts-surface").first().waitFor();
      expect(await audit()).toEqual([]);
    } finally {
      await darkMode(false);
    }
  });

  it("on a phone (390 × 844): nothing scrolls sideways, the cards stack in one column, axe finds nothing", async () => {
    await page.setViewportSize(PHONE);
    await signInAndOpen(ADMIN, "/dashboard");
    const { charts } = await openAdminDashboard();
    await chartCards(charts)[0].card.locator("svg.recharts-surface").first().waitFor();
    expect(await sidewaysScroll()).toBeLessThanOrEqual(PHONE.width);
    expect(await columnsOfCards()).toHaveLength(1);
    expect(await audit()).toEqual([]);
  });

  it("in each of the five languages: the title, a month and a percentage as the language writes them, and no message key on the page", async () => {
    await signInAndOpen(ADMIN, "/dashboard");
    const { charts } = await openAdminDashboard();
    const month = (locale: string) => new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "long", year: "numeric" }).format(new Date(`${charts.overtime_by_department.month}T00:00:00Z`));
    // A rate with a decimal where there is one (92.5 %, "92,5 %" in French).
    const rated = charts.attendance_by_day.find((day) => day.rate_bp !== null && day.rate_bp % 100 !== 0) ?? charts.attendance_by_day.find((day) => day.rate_bp !== null)!;
    const percent = (locale: string) => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(rated.rate_bp! / 10_000);
    try {
      // English last: the account is left in the language it had.
      for (const language of [...LANGUAGES.slice(1), LANGUAGES[0]]) {
        await chooseLanguage(language.code);
        await page.waitForFunction((lang) => document.documentElement.lang === lang, language.htmlLang);
        const main = page.locator("#main-content");
        await main.getByRole("heading", { level: 1, name: message("dashboard.title", language.code), exact: true }).waitFor();
        await journey.settled();
        const overtime = message("dashboard.charts.overtime", language.code).replace("{{month}}", month(language.htmlLang));
        await main.getByRole("heading", { name: overtime, exact: true }).waitFor();
        // The attendance table (read to screen readers under the chart) writes the rate the language's way.
        const attendance = card(message("dashboard.charts.attendance", language.code));
        expect(await attendance.locator("tbody").innerText(), language.code).toContain(percent(language.htmlLang));
        expect(await rawKeys(), language.code).toEqual([]);
      }
    } finally {
      await chooseLanguage("en");
    }
    // The languages differ where it shows: a month in Japanese is no month in English.
    expect(month("ja")).toMatch(/^\d{4}年\d{1,2}月$/);
  });
});

describe("the employee's dashboard", () => {
  it("on a phone: greets, clocks in (the timer runs) and out at the office, shows the week's hours; fits and passes axe light and dark, and on a desktop", async () => {
    await journey.session.context.grantPermissions(["geolocation"], { origin: journey.server.url });
    await journey.session.context.setGeolocation(AT_THE_OFFICE);
    await page.setViewportSize(PHONE);
    const own = nextReply<QuickStats>("/api/dashboard/quick-stats");
    await signInAndOpen(EMPLOYEE, "/user-dashboard");
    const stats = await own;
    await page.getByRole("heading", { level: 1, name: message("userDashboard.title"), exact: true }).waitFor();
    await page.getByTestId("identity").getByText(EMPLOYEE.name, { exact: true }).waitFor();

    const clockState = page.getByTestId("clock-state");
    const stateIs = (state: string) => clockState.getByText(message(`attendanceUi.states.${state}`), { exact: true }).waitFor();
    const press = (action: string) => page.getByRole("button", { name: message(`attendanceUi.actions.${action}`), exact: true }).click();
    await stateIs("out");
    await page.getByTestId("location-check").getByText("You are at Makati head office.", { exact: true }).waitFor();

    // The week's hours as the call counted them, worked against scheduled.
    const hoursMinutes = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
    const workedOf = message("attendanceUi.week.workedOf").replace("{{worked}}", hoursMinutes(stats.week.worked_minutes)).replace("{{scheduled}}", hoursMinutes(stats.week.scheduled_minutes));
    expect(await page.getByTestId("week-worked").innerText()).toBe(workedOf);
    await page.getByTestId("week-hours").getByRole("progressbar").waitFor();
    expect(await sidewaysScroll()).toBeLessThanOrEqual(PHONE.width);
    expect(await audit()).toEqual([]);

    await press("clockIn");
    await stateIs("in");
    expect(await page.getByTestId("clock-failure").count()).toBe(0);
    const timer = page.getByRole("timer");
    // Counting from the clock-in (under a minute), then on.
    await expect.poll(() => timer.innerText()).toMatch(/^0:00:(?!00)\d\d$/);
    const shown = await timer.innerText();
    await expect.poll(() => timer.innerText()).not.toBe(shown);
    expect(await sidewaysScroll()).toBeLessThanOrEqual(PHONE.width);

    await darkMode(true);
    try {
      await stateIs("in");
      expect(await sidewaysScroll()).toBeLessThanOrEqual(PHONE.width);
      expect(await audit()).toEqual([]);
      await press("clockOut");
      await stateIs("out");
    } finally {
      await darkMode(false);
    }
    expect(await page.getByTestId("clock-failure").count()).toBe(0);

    await page.setViewportSize(DESKTOP);
    await stateIs("out");
    expect(await audit()).toEqual([]);
  });

  it("shows the net pay of a released payslip and the year's pay; the run waiting for approval is on the dashboards of those who release pay", async () => {
    const admin = await adminToken();
    const { today } = await api<AdminStats>(admin, "GET", "/dashboard/admin-stats");
    const [employee] = await api<{ id: number }[]>(admin, "GET", `/users?search=${encodeURIComponent(EMPLOYEE.email)}`);
    // The four weeks of demo clocking up to yesterday, paid today: the demo employee is paid by the hour.
    const run = await calculatedRun(admin, { name: "Last four weeks", period_start: dayAfter(today, -28), period_end: dayAfter(today, -1), pay_date: today, people: { user_ids: [employee.id] } });
    expect(run.totals.net).toBeGreaterThan(0);
    const runLink = (scope: Locator | Page) => scope.locator(`a[href="/payroll/${run.id}"]`);

    // Someone who releases pay (and does nothing else) sees it waiting on their own dashboard, calculated by the administrator.
    const approver = await staffWith(["payroll_view", "payroll_release"], "Robin", "Approver");
    await signInAndOpen(approver, "/user-dashboard");
    const waiting = page.getByTestId("awaiting-approval");
    await runLink(waiting).waitFor();
    const item = waiting.locator("li").filter({ has: runLink(page) });
    expect(await item.innerText()).toContain(formatMoney(run.totals.net, run.currency, "en"));
    expect(await item.innerText()).toContain(message("dashboardWidgets.awaiting.calculatedBy").split("{{name}}")[0] + ADMIN.name);
    expect(await audit()).toEqual([]);

    // So does the administrator, whose current run it is.
    await signInAndOpen(ADMIN, "/dashboard");
    await runLink(page.getByTestId("awaiting-approval")).waitFor();
    await card(message("dashboard.run.title")).getByText(message("payrollUi.status.calculated"), { exact: true }).waitFor();

    // The approver approves (not the calculator) and releases.
    await approveAndRelease(await apiToken(journey.server, approver.email, approver.password), run.id);

    // The employee's payslip of the run, as their own payslips give it.
    const employeeToken = await apiToken(journey.server, EMPLOYEE.email, EMPLOYEE.password);
    const mine = (await api<OwnPayslipsReply>(employeeToken, "GET", "/payslips/user-payslips")).payslips.find((slip) => slip.payroll_id === run.id)!;
    expect(mine.net).toBe(run.totals.net);
    const own = nextReply<QuickStats>("/api/dashboard/quick-stats");
    await signInAndOpen(EMPLOYEE, "/user-dashboard");
    const stats = await own;
    const latest = page.getByTestId("latest-payslip");
    expect(await latest.getByTestId("latest-net").innerText()).toBe(formatMoney(mine.net, run.currency, "en"));
    expect(stats.latest_payslip).toMatchObject({ id: mine.id, payroll_id: run.id, net: mine.net });

    // This year's pay: the payslips released this year summed, this one among them.
    const year = Number(today.slice(0, 4));
    expect(stats.year_to_date).toEqual({ year, totals: [expect.objectContaining({ currency: run.currency, payslips: 1, net: mine.net })] });
    const [total] = stats.year_to_date.totals;
    const ytd = page.getByTestId("year-to-date");
    await ytd.getByRole("heading", { name: message("userDashboard.yearToDate.title").replace("{{year}}", String(year)), exact: true }).waitFor();
    expect(await ytd.locator("[data-figure=net] dd").innerText()).toBe(formatMoney(total.net, total.currency, "en"));
    expect(await ytd.locator("[data-figure=gross] dd").innerText()).toBe(formatMoney(total.gross, total.currency, "en"));
    expect(await audit()).toEqual([]);

    // The card leads to the payslip.
    const open = latest.getByRole("link", { name: message("userDashboard.payslip.open"), exact: true });
    expect(await open.getAttribute("href")).toBe(`/user-payslips?run=${run.id}`);
    await open.click();
    await waitForLocation(page, (url) => url.pathname === "/user-payslips" && url.searchParams.get("payslip") === String(mine.id), "the run's payslip");
  });
});

describe("the staff widgets", () => {
  it("follow the permissions: people viewers see this month's new hires, the demo employee none of the widgets", async () => {
    const admin = await adminToken();
    const { today } = await api<AdminStats>(admin, "GET", "/dashboard/admin-stats");
    await api(admin, "POST", "/users", {
      first_name: "Noor",
      last_name: "Haddad-Cruz",
      email: `noor-${crypto.randomUUID().slice(0, 8)}@example.com`,
      hire_date: today,
      department: "Sales",
      position: "Sales Associate",
      password: "NewHire123!",
      password_confirmation: "NewHire123!",
    });

    // The HR officer views people and attendance reports, and releases no pay.
    await signInAndOpen(HR, "/user-dashboard");
    await page.getByTestId("new-hires").getByRole("link", { name: "Noor Haddad-Cruz", exact: true }).waitFor();
    await page.getByTestId("attendance-exceptions").waitFor();
    await journey.settled();
    expect(await page.getByTestId("awaiting-approval").count()).toBe(0);
    expect(await audit()).toEqual([]);

    // The demo employee holds none of those permissions: no widget, and no call the server would refuse.
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await signInAndOpen(EMPLOYEE, "/user-dashboard");
    await page.getByTestId("latest-payslip").waitFor();
    await journey.settled();
    for (const widget of ["new-hires", "attendance-exceptions", "awaiting-approval"]) expect(await page.getByTestId(widget).count(), widget).toBe(0);
    expect(asked.filter((pathname) => /^\/api\/dashboard\/(new-hires|attendance-exceptions|awaiting-approval)/.test(pathname))).toEqual([]);
  });
});
