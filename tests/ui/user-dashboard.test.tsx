/**
 * /user-dashboard: one's own figures from GET /dashboard/quick-stats (the
 * week's hours against the schedule, the next shift, the latest payslip with
 * its link, the year's pay, the latest notifications), the time clock for
 * those who clock, and the staff widgets only where the person's permissions
 * grant their calls: shown with their rows and links, or neither shown nor asked.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AttendanceExceptions, AwaitingApproval, NewHires, QuickStats } from "../../contracts/dashboard-own";
import { renderAt } from "./render";
import { meAs, signedInAs, switchesLanguage } from "./session";

switchesLanguage(() => [import("../../src/pages/user-dashboard")]);

const STATS: QuickStats = {
  today: "2026-03-04",
  week: { from: "2026-03-02", to: "2026-03-08", worked_minutes: 995, scheduled_minutes: 1920 },
  next_shift: { date: "2026-03-04", starts_at: "2026-03-04T01:00:00.000Z", ends_at: "2026-03-04T10:00:00.000Z", start_time: "09:00", end_time: "18:00", schedule_name: "Office hours" },
  latest_payslip: { id: 31, payroll_id: 12, period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", net: 435_000, currency: "PHP" },
  year_to_date: { year: 2026, totals: [{ currency: "PHP", payslips: 2, gross: 1_020_000, deductions: 165_000, net: 855_000 }] },
  notifications: {
    unread: 3,
    recent: [
      { id: 7, type: "payslip_released", title: "Payslip released", message: "Your payslip for February is ready.", link: "/user-payslips?run=12", params: {}, sender: null, read_at: null, archived_at: null, created_at: "2026-03-03T01:00:00Z" },
      { id: 5, type: "system", title: "Office closed Friday", message: "Founders' day.", link: null, params: {}, sender: null, read_at: "2026-03-02T01:00:00Z", archived_at: null, created_at: "2026-03-02T00:30:00Z" },
    ],
  },
};

const EMPTY: QuickStats = {
  ...STATS,
  week: { ...STATS.week, worked_minutes: 0, scheduled_minutes: 0 },
  next_shift: null,
  latest_payslip: null,
  year_to_date: { year: 2026, totals: [] },
  notifications: { unread: 0, recent: [] },
};

const EXCEPTIONS: AttendanceExceptions = {
  date: "2026-03-04",
  counts: { late: 1, absent: 1, outside: 1 },
  total: 3,
  items: [
    { user_id: 21, name: "Lara Cruz", employee_number: "E-21", department: "Sales", kind: "late", at: "2026-03-04T01:40:00.000Z", minutes: 40, distance_m: null, remote: false },
    { user_id: 22, name: "Nico Tan", employee_number: "E-22", department: "Support", kind: "absent", at: "2026-03-04T01:00:00.000Z", minutes: 90, distance_m: null, remote: false },
  ],
};

const AWAITING: AwaitingApproval = {
  total: 1,
  items: [
    {
      id: 5,
      name: "Payroll 2026-03-01 – 2026-03-31",
      period_start: "2026-03-01",
      period_end: "2026-03-31",
      pay_date: "2026-03-31",
      currency: "PHP",
      people: 40,
      gross: 12_345_678,
      net: 10_000_001,
      calculated_by: { id: 1, name: "Alex Admin" },
      calculated_at: "2026-03-03T08:30:00.000Z",
    },
  ],
};

const HIRES: NewHires = { from: "2026-03-01", to: "2026-03-31", total: 1, items: [{ id: 9, name: "Hana Lim", employee_number: "E-9", department: "Finance", position: "Analyst", hire_date: "2026-03-02" }] };

const WIDGET_CALLS = ["/dashboard/attendance-exceptions", "/dashboard/awaiting-approval", "/dashboard/new-hires"];

/** Signed in as someone with these permissions (level 1 an employee, 2 staff); every dashboard call and the clock's own answered. */
function session(level: number, permissions: string[], stats: QuickStats = STATS, language?: "jp") {
  const fake = signedInAs(meAs(3, level, "Emery Santos", permissions), language ? { language } : {});
  fake.on("GET", "/dashboard/quick-stats", [200, { data: stats }]);
  fake.on("GET", "/attendance/status", [200, { data: { state: "out", record: null } }]);
  fake.on("GET", "/attendance/today", [200, { data: [] }]);
  fake.on("GET", "/dashboard/attendance-exceptions", [200, { data: EXCEPTIONS }]);
  fake.on("GET", "/dashboard/awaiting-approval", [200, { data: AWAITING }]);
  fake.on("GET", "/dashboard/new-hires", [200, { data: HIRES }]);
  return fake;
}

/** The dashboard opened by that person. */
function dashboard(...args: Parameters<typeof session>) {
  const fake = session(...args);
  renderAt("/user-dashboard");
  return fake;
}

/** Text with its spaces as one plain space each (Intl writes thin and no-break spaces). */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\s\u2009\u202f\u00a0]+/g, " ").trim();
const card = (testId: string) => within(screen.getByTestId(testId));

describe("one's own dashboard", () => {
  it("shows the week's hours against the schedule, the next shift, the latest payslip, the year's pay and the notifications", async () => {
    dashboard(1, ["attendance_access"]);
    expect(await screen.findByRole("heading", { level: 1, name: "My dashboard" })).toBeInTheDocument();
    expect(await screen.findByTestId("identity")).toHaveTextContent("Hello, Emery Santos");

    await waitFor(() => expect(screen.getByTestId("week-worked")).toHaveTextContent("16:35 of 32:00"));
    expect(screen.getByRole("progressbar", { name: "Hours worked this week against the schedule" })).toHaveAttribute("aria-valuenow", "51");

    const shift = card("next-shift");
    expect(shift.getByText("Today")).toBeInTheDocument();
    expect(plain(screen.getByTestId("next-shift").textContent)).toContain("9:00 AM – 6:00 PM");
    expect(shift.getByText("Schedule: Office hours")).toBeInTheDocument();

    expect(plain(screen.getByTestId("latest-net").textContent)).toBe("₱4,350.00");
    expect(card("latest-payslip").getByText("Feb 1 – 28, 2026")).toBeInTheDocument();
    expect(card("latest-payslip").getByText("Paid on Feb 27, 2026")).toBeInTheDocument();
    expect(card("latest-payslip").getByRole("link", { name: "View payslip" })).toHaveAttribute("href", "/user-payslips?run=12");

    const year = screen.getByTestId("year-to-date");
    expect(within(year).getByRole("heading", { name: "Pay in 2026" })).toBeInTheDocument();
    const figure = (key: string) => plain(year.querySelector(`[data-figure="${key}"] dd`)?.textContent);
    expect([figure("gross"), figure("deductions"), figure("net")]).toEqual(["₱10,200.00", "₱1,650.00", "₱8,550.00"]);
    expect(within(year).getByText("From 2 payslips")).toBeInTheDocument();
    expect(within(year).getByRole("link", { name: "All my payslips" })).toHaveAttribute("href", "/user-payslips?year=2026");

    const notices = card("recent-notifications");
    expect(notices.getByText("3 unread")).toBeInTheDocument();
    expect(notices.getByRole("link", { name: "Payslip released" })).toHaveAttribute("href", "/notifications/7");
    expect(notices.getByRole("link", { name: "Office closed Friday" })).toHaveAttribute("href", "/notifications/5");
    expect(notices.getAllByText("Unread")).toHaveLength(1);
    expect(notices.getByRole("link", { name: "See all notifications" })).toHaveAttribute("href", "/notifications");
  }, 60_000);

  it("has the time clock for those who clock, the same as /attendance/clock's", async () => {
    dashboard(1, ["attendance_access"]);
    expect(await screen.findByRole("heading", { level: 2, name: "Today" })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId("clock-state")).getByText("Clocked out")).toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Clock in" })).toBeInTheDocument();
    expect(screen.getByRole("timer", { name: "Worked today" })).toHaveTextContent("0:00:00");
    expect(screen.getByRole("button", { name: "Check my location" })).toBeInTheDocument();
  }, 60_000);

  it("shows the year's pay once for each currency paid in, never added together", async () => {
    const usd = { currency: "USD", payslips: 1, gross: 300_000, deductions: 20_000, net: 280_000 };
    dashboard(1, [], { ...STATS, year_to_date: { year: 2026, totals: [usd, ...STATS.year_to_date.totals] } });
    const year = await screen.findByTestId("year-to-date");
    const net = (currency: string) => plain(year.querySelector(`[data-currency="${currency}"] [data-figure="net"] dd`)?.textContent);
    await waitFor(() => expect(net("USD")).toBe("$2,800.00"));
    expect(net("PHP")).toBe("₱8,550.00");
    expect(within(year).getByText("From 1 payslip")).toBeInTheDocument();
    expect(within(year).getByText("From 2 payslips")).toBeInTheDocument();
  }, 60_000);

  it("leaves the clock out for someone who does not clock, and says when there is nothing yet", async () => {
    const fake = dashboard(1, [], EMPTY);
    expect(await screen.findByText("No shift scheduled.")).toBeInTheDocument();
    expect(screen.getByText("No payslip has been released to you yet.")).toBeInTheDocument();
    expect(screen.getByText("No payslip has been released to you in 2026 yet.")).toBeInTheDocument();
    expect(screen.getByTestId("year-to-date").querySelector("[data-figure]")).toBeNull();
    expect(screen.getByText("No hours scheduled this week.")).toBeInTheDocument();
    expect(screen.getByText("No notifications yet.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "View payslip" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Clock in" })).toBeNull();
    expect(screen.queryByTestId("clock-state")).toBeNull();
    expect(fake.calls.some((call) => call.url === "/attendance/status")).toBe(false);
  }, 60_000);

  it("shows an employee none of the staff widgets, and asks for none, whatever the role holds", async () => {
    const fake = dashboard(1, ["attendance_access", "attendance_reports_access", "payroll_release", "users_view"]);
    await screen.findByTestId("latest-net");
    for (const title of ["Today's attendance exceptions", "Runs waiting for approval", "New hires this month"]) expect(screen.queryByRole("heading", { name: title })).toBeNull();
    expect(fake.calls.filter((call) => WIDGET_CALLS.includes(call.url))).toEqual([]);
  }, 60_000);

  it("keeps headings in order: the page's one h1, then each card's h2", async () => {
    dashboard(2, ["attendance_access", "attendance_reports_access", "payroll_release", "users_view"]);
    await screen.findByTestId("latest-net");
    await screen.findByText("Lara Cruz");
    const levels = screen.getAllByRole("heading").map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.slice(1).every((level) => level === 2)).toBe(true);
  }, 60_000);

  it("writes amounts and dates in the reader's language", async () => {
    dashboard(1, [], STATS, "jp");
    expect(await screen.findByRole("heading", { level: 1, name: "マイダッシュボード" })).toBeInTheDocument();
    // Japanese writes the peso by its code.
    await waitFor(() => expect(plain(screen.getByTestId("latest-net").textContent)).toBe("PHP 4,350.00"));
    expect(card("latest-payslip").getByText("2026年2月27日 支給")).toBeInTheDocument();
    expect(card("year-to-date").getByRole("heading", { name: "2026 年の給与" })).toBeInTheDocument();
  }, 60_000);
});

describe("the staff widgets", () => {
  it("shows each widget to staff its permission grants, with its rows and links, and no other", async () => {
    const fake = dashboard(2, ["users_view"]);
    const hires = await screen.findByTestId("new-hires");
    expect(within(hires).getByRole("heading", { name: "New hires this month" })).toBeInTheDocument();
    expect(await within(hires).findByRole("link", { name: "Hana Lim" })).toHaveAttribute("href", "/employee-profile/9");
    expect(within(hires).getByText("E-9 · Analyst · Finance")).toBeInTheDocument();
    expect(within(hires).getByText("Hired Mar 2, 2026")).toBeInTheDocument();
    expect(screen.queryByTestId("attendance-exceptions")).toBeNull();
    expect(screen.queryByTestId("awaiting-approval")).toBeNull();
    expect(fake.calls.filter((call) => WIDGET_CALLS.includes(call.url)).map((call) => call.url)).toEqual(["/dashboard/new-hires"]);
  }, 60_000);

  it("lists today's exceptions with their counts, each leading to the person's days, and says how many more there are", async () => {
    dashboard(2, ["attendance_reports_access"]);
    const exceptions = await screen.findByTestId("attendance-exceptions");
    expect(await within(exceptions).findByRole("link", { name: "Lara Cruz" })).toHaveAttribute("href", "/user-attendance?user_id=21");
    const figure = (key: string) => plain(exceptions.querySelector(`[data-figure="${key}"] dd`)?.textContent);
    expect([figure("late"), figure("absent"), figure("outside")]).toEqual(["1", "1", "1"]);
    const rows = within(within(exceptions).getByRole("list", { name: "Exceptions, latest first" })).getAllByRole("listitem");
    expect(rows.map((row) => plain(row.textContent))).toEqual([
      "Lara CruzLateE-21 · SalesIn at 9:40 AM, 40 min late",
      "Nico TanAbsentE-22 · SupportDue at 9:00 AM, not in after 90 min",
    ]);
    expect(within(exceptions).getByTestId("widget-more")).toHaveTextContent("2 of 3 shown");
    expect(within(exceptions).getByRole("link", { name: "Attendance reports" })).toHaveAttribute("href", "/attendance/reports");
  }, 60_000);

  it("lists the runs waiting for approval with their money, each leading to its run", async () => {
    dashboard(2, ["payroll_release"]);
    const runs = await screen.findByTestId("awaiting-approval");
    const link = await within(runs).findByRole("link", { name: /^Payroll Mar 1\s–\s31, 2026$/ });
    expect(link).toHaveAttribute("href", "/payroll/5");
    const row = plain(link.closest("li")?.textContent);
    expect(row).toContain("Mar 1 – 31, 2026 · 40 people");
    expect(row).toContain("Gross pay₱123,456.78");
    expect(row).toContain("Net pay₱100,000.01");
    expect(row).toContain("Calculated by Alex Admin");
    expect(within(runs).queryByTestId("widget-more")).toBeNull();
  }, 60_000);

  it("says so in the card when a widget cannot be read", async () => {
    session(2, ["users_view"]).on("GET", "/dashboard/new-hires", [500, { message: "Server error" }]);
    renderAt("/user-dashboard");
    const hires = await screen.findByTestId("new-hires");
    expect(await within(hires).findByRole("alert")).toBeInTheDocument();
    expect(screen.getByTestId("latest-net")).toBeInTheDocument();
  }, 60_000);

  it("shows a refusal in its card at once, without asking again", async () => {
    const fake = session(2, ["users_view"]);
    fake.on("GET", "/dashboard/new-hires", [403, { message: "You do not have permission to do this." }]);
    renderAt("/user-dashboard");
    const hires = await screen.findByTestId("new-hires");
    expect(await within(hires).findByRole("alert", {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.url === "/dashboard/new-hires")).toHaveLength(1);
  }, 60_000);
});
