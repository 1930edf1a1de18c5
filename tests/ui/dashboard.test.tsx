/**
 * /dashboard, the administrator's: the quick stats, each chart's figures as a
 * table (for screen readers, and on a button press), who is clocked in, the
 * latest activity and the storage, every figure in the reader's format.
 */
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminCharts, AdminStats, ClockedInReply, StorageInfo } from "../../contracts/dashboard";
import { renderAt } from "./render";
import { meAs, page, signedInAs, switchesLanguage } from "./session";

switchesLanguage(() => [import("../../src/pages/dashboard"), import("../../src/components/charts/SeriesChart")]);

const STATS: AdminStats = {
  today: "2026-11-26",
  headcount: { active: 10_250, on_leave: 3, new_this_month: 12 },
  now: { clocked_in: 40, on_break: 5, late: 7, absent: 2 },
  current_run: {
    id: 9,
    name: "November 2026",
    status: "calculated",
    period_start: "2026-11-01",
    period_end: "2026-11-30",
    pay_date: "2026-11-30",
    currency: "PHP",
    total_people: 41,
    total_gross: 123_456_789,
    total_net: 100_000_050,
    total_employer_cost: 130_000_000,
  },
  unread_notifications: 4,
};

const day = (date: string, present: number, late: number, absent: number, rate_bp: number | null, late_bp: number | null) => ({ date, present, late, half_day: 0, absent, rate_bp, late_bp });
const CHARTS: AdminCharts = {
  today: "2026-11-26",
  headcount_by_department: [
    { department: "Operations", people: 6_000 },
    { department: null, people: 2 },
  ],
  attendance_by_day: [day("2026-11-25", 8, 1, 1, 9000, 1111), day("2026-11-26", 3, 0, 0, 10_000, 0), day("2026-11-22", 0, 0, 0, null, null)],
  payroll_cost_by_month: { currency: "PHP", months: [{ month: "2026-10-01", runs: 1, gross: 2_500_050, net: 2_000_000, employer_cost: 2_750_000 }] },
  overtime_by_department: { month: "2026-11-01", departments: [{ department: "Operations", overtime_minutes: 150, people: 2 }] },
};

const CLOCKED_IN: ClockedInReply = {
  total: 2,
  items: [
    { user_id: 5, name: "Dana Reyes", employee_number: "E-5", department: "Operations", since: "2026-11-26T00:30:00Z", on_break_since: null, remote: false, location: "Makati HQ" },
    { user_id: 6, name: "Kim Sato", employee_number: "E-6", department: "Finance", since: "2026-11-26T01:00:00Z", on_break_since: "2026-11-26T03:00:00Z", remote: true, location: null },
  ],
};

const STORAGE: StorageInfo = {
  database: { engine: "pglite", total_bytes: 52_428_800, tables: [{ name: "attendance_records", bytes: 1_572_864, rows: 12_000, rows_exact: false }, { name: "users", bytes: 1536, rows: 3, rows_exact: true }] },
  files: { count: 3, bytes: 2048 },
  outbox: { count: 1, bytes: 500, pending: 1 },
};

function administrator(language?: "fr", stats = STATS) {
  const fake = signedInAs(meAs(1, 0, "Alex Admin"), language ? { language } : {});
  fake.on("GET", "/dashboard/admin-stats", [200, { data: stats }]);
  fake.on("GET", "/dashboard/admin-dashboard", [200, { data: CHARTS }]);
  fake.on("GET", "/dashboard/clocked-in", [200, { data: CLOCKED_IN }]);
  fake.on("GET", "/dashboard/storage-info", [200, { data: STORAGE }]);
  fake.on("GET", "/dashboard/awaiting-approval", [200, { data: { total: 0, items: [] } }]);
  fake.on("GET", "/dashboard/attendance-exceptions", [200, { data: { date: "2026-11-26", counts: { late: 0, absent: 0, outside: 0 }, total: 0, items: [] } }]);
  fake.on(
    "GET",
    "/dashboard/system-activities",
    page([{ id: 1, actor_id: 1, actor_name: "Alex Admin", action: "users.update", subject_type: "user", subject_id: 7, subject_name: "Emery Santos", changes: null, names: {}, currency: "PHP", ip: null, created_at: "2026-11-26T02:05:00Z" }]),
  );
  return fake;
}

/** A card by its heading. */
const card = async (heading: string) => (await screen.findByRole("heading", { name: heading })).closest(".ant-card") as HTMLElement;
/** The screen reader's table of a chart card, by its caption. */
const tableOf = async (caption: RegExp) => (await screen.findByText(caption)).closest("table") as HTMLElement;

describe("the administrator's dashboard", () => {
  it("shows the day's figures: people, who is in, the current run with its totals, the unread count", async () => {
    administrator();
    renderAt("/dashboard");
    const people = await card("People");
    expect(within(people).getByText("10,250")).toBeInTheDocument();
    const now = await card("Right now");
    // 40 clocked in, 5 of them on a break.
    expect(within(now).getByText("Working").closest("[data-figure]")).toHaveTextContent("35");
    expect(within(now).getByText("Late today").closest("[data-figure]")).toHaveTextContent("7");
    const run = await card("Current payroll run");
    expect(within(run).getByText("November 2026")).toBeInTheDocument();
    expect(within(run).getByText("Calculated")).toBeInTheDocument();
    expect(within(run).getByText("₱1,234,567.89")).toBeInTheDocument();
    expect(within(run).getByRole("link", { name: "Open run" })).toHaveAttribute("href", "/payroll/9");
  });

  it("gives every chart's figures as a table, and shows it on a button press", async () => {
    administrator();
    renderAt("/dashboard");
    const attendance = await tableOf(/attendance rate and the share of late arrivals/);
    const tuesday = (await within(attendance).findByText(/Nov 25/)).closest("tr")!;
    expect(tuesday).toHaveTextContent("90%");
    expect(tuesday).toHaveTextContent("11.1%");
    // A day nobody was due has no rate, rather than 0 %.
    expect(within(attendance).getByText(/Nov 22/).closest("tr")).toHaveTextContent("—");
    const headcount = await tableOf(/People on the books by department/);
    expect(within(headcount).getByText("6,000")).toBeInTheDocument();
    expect(within(headcount).getByText("No department")).toBeInTheDocument();
    const cost = await tableOf(/Released payroll runs in PHP/);
    expect(within(cost).getByText("October 2026").closest("tr")).toHaveTextContent("₱25,000.50");
    const overtime = await tableOf(/Overtime worked this month/);
    expect(within(overtime).getByText("2:30")).toBeInTheDocument();

    const chartCard = (await card("People by department"));
    fireEvent.click(within(chartCard).getByRole("button", { name: "Show as table" }));
    expect(within(chartCard).getByRole("button", { name: "Show as chart" })).toBeInTheDocument();
  });

  it("lists who is clocked in, the latest activity and where the storage goes", async () => {
    administrator();
    renderAt("/dashboard");
    const clocked = await card("Clocked in now");
    const dana = (await within(clocked).findByText("Dana Reyes")).closest("tr")!;
    // 00:30 UTC is 8:30 AM in Manila, the company's zone.
    expect(dana).toHaveTextContent("8:30 AM");
    expect(dana).toHaveTextContent("Makati HQ");
    expect(within(clocked).getByText("Kim Sato").closest("tr")).toHaveTextContent("On a break");
    const activity = await card("Recent activity");
    expect(await within(activity).findByText("Alex Admin", { exact: false })).toBeInTheDocument();
    expect(activity).toHaveTextContent("Person · Emery Santos");
    const storage = await card("Storage");
    expect(within(storage).getByText("50.00 MB")).toBeInTheDocument();
    expect(within(storage).getByText("attendance_records").closest("tr")).toHaveTextContent("1.50 MB");
    // A large table's rows are the planner's estimate, a small one's counted.
    expect(within(storage).getByText("attendance_records").closest("tr")).toHaveTextContent("≈ 12,000");
    expect(within(within(storage).getByText("users").closest("tr")!).getAllByRole("cell").at(-1)).toHaveTextContent(/^3$/);
    expect(within(storage).getByText("users").closest("tr")).toHaveTextContent("1.50 KB");
  });

  it("writes figures, percentages, amounts, dates and the run's default name the French way", async () => {
    administrator("fr", { ...STATS, current_run: { ...STATS.current_run!, name: "Payroll 2026-11-01 – 2026-11-30" } });
    renderAt("/dashboard");
    const people = await card("Effectifs");
    expect(within(people).getByText(/10\s250/)).toBeInTheDocument();
    const attendance = await tableOf(/taux de présence et la part des arrivées en retard/);
    expect(within(attendance).getAllByRole("row").some((row) => /90\s%/.test(row.textContent ?? ""))).toBe(true);
    const cost = await tableOf(/Paies publiées en PHP/);
    expect(within(cost).getByText(/octobre 2026/)).toBeInTheDocument();
    expect(within(await card("Paie en cours")).getByText(/^Paie 1\s?–\s?30 nov\. 2026$/)).toBeInTheDocument();
  });
});
