/**
 * The week on /attendance: each day of GET /attendance/weekly-summary with its
 * weekday and date, status and time worked in the reader's language, today
 * marked, and the week's worked time against the scheduled, lateness and
 * overtime; a link on to the whole history.
 */
import { screen, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AttendanceDay } from "../../contracts/attendance-reports";
import { renderAt } from "./render";
import { meAs, signedInAs } from "./session";
import { attendanceDay } from "./attendance-days";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/attendance")]);
}, 60_000);

beforeEach(() => {
  // Wednesday 25 November 2026, 11:00 in Manila.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-25T03:00:00Z") });
});

const EMPLOYEE = meAs(3, 1, "Emery Santos", ["attendance_access"]);

const day = (date: string, changes: Partial<AttendanceDay> = {}) => attendanceDay(date, { status: "scheduled", ...changes });

const WEEK = {
  from: "2026-11-22",
  to: "2026-11-28",
  totals: { days_scheduled: 5, days_present: 2, days_late: 1, days_half: 0, days_absent: 0, late_minutes: 11, worked_minutes: 994, overtime_minutes: 45, undertime_minutes: 0 },
  days: [
    day("2026-11-22", { status: "rest_day", scheduled_minutes: 0 }),
    day("2026-11-23", { status: "present", worked_minutes: 525, overtime_minutes: 45 }),
    day("2026-11-24", { status: "late", worked_minutes: 469, late_minutes: 11 }),
    day("2026-11-25"),
    day("2026-11-26"),
    day("2026-11-27"),
    day("2026-11-28", { status: "rest_day", scheduled_minutes: 0 }),
  ],
};

function weekServer(language?: "jp") {
  const fake = signedInAs(EMPLOYEE, language ? { language } : {});
  fake.on("GET", "/attendance/status", [200, { data: { state: "out", record: null } }]);
  fake.on("GET", "/attendance/today", [200, { data: [] }]);
  fake.on("GET", "/attendance/weekly-summary", [200, { data: WEEK }]);
  return fake;
}

/** The table's rows as their cells read, header first. */
const rows = (table: HTMLElement) => within(table).getAllByRole("row").map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

describe("this week on /attendance", () => {
  it("shows each day with its status and time worked, today marked, and the week's totals", async () => {
    weekServer();
    renderAt("/attendance");
    expect(await screen.findByText("This week")).toBeInTheDocument();
    const days = screen.getByTestId("week-days");
    await within(days).findByText("Mon, Nov 23");
    expect(rows(days)).toEqual([
      ["Date", "Status", "Worked"],
      ["Sun, Nov 22", "Rest day", "0:00"],
      ["Mon, Nov 23", "Present", "8:45"],
      ["Tue, Nov 24", "Late", "7:49"],
      ["Wed, Nov 25", "Scheduled", "0:00"],
      ["Thu, Nov 26", "Scheduled", "0:00"],
      ["Fri, Nov 27", "Scheduled", "0:00"],
      ["Sat, Nov 28", "Rest day", "0:00"],
    ]);
    const today = screen.getByText("Wed, Nov 25").closest("tr")!;
    expect(today).toHaveAttribute("aria-current", "date");
    expect(screen.getByText("Tue, Nov 24").closest("tr")).not.toHaveAttribute("aria-current");
    expect(within(today).getByText("Wed, Nov 25").closest("time")).toHaveAttribute("datetime", "2026-11-25");

    const totals = screen.getByTestId("week-totals");
    const figure = (label: string) => within(totals).getByText(label).closest("div")!.querySelector("dd")!.textContent;
    // Worked against the whole week's scheduled time, the days to come included.
    expect(figure("Worked")).toBe("16:34 of 40:00");
    expect(figure("Late")).toBe("0:11 on 1 day");
    expect(figure("Overtime")).toBe("0:45");
    const card = screen.getByText("This week").closest(".ant-card") as HTMLElement;
    expect(within(card).getByRole("link", { name: "Attendance history" })).toHaveAttribute("href", "/attendance/history");
  }, 60_000);

  it("writes the days and figures in the reader's language", async () => {
    weekServer("jp");
    renderAt("/attendance");
    expect(await screen.findByText("今週")).toBeInTheDocument();
    const days = screen.getByTestId("week-days");
    const monday = (await within(days).findByText("11月23日(月)")).closest("tr")!;
    expect(within(monday).getByText("出勤")).toBeInTheDocument();
    expect(within(monday).getByText("8:45")).toBeInTheDocument();
    expect(within(screen.getByTestId("week-totals")).getByText("16:34(予定 40:00)")).toBeInTheDocument();
  }, 60_000);
});
