/**
 * /attendance/reports: this month in the company's zone unless the address
 * says otherwise, the range sent to both calls and kept in the address, a row
 * per person with sums as H:MM, the day-by-day chart's table for screen
 * readers, the export with the range; refused without attendance_reports_access.
 */
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AxiosAdapter } from "axios";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ReportRow } from "../../contracts/attendance-reports";
import { http } from "../../src/lib/http";
import { renderAt } from "./render";
import { meAs, page, signedInAs } from "./session";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/attendance-reports"), import("../../src/components/charts/SeriesChart")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  vi.useRealTimers();
});

const row = (user_id: number, name: string, changes: Partial<ReportRow> = {}): ReportRow => ({
  user_id,
  name,
  employee_number: `E-${user_id}`,
  department: "Finance",
  days_scheduled: 21,
  days_leave: 0,
  days_present: 18,
  days_late: 2,
  days_half: 0,
  days_absent: 1,
  late_minutes: 35,
  worked_minutes: 9_645,
  worked_hours: 160.75,
  overtime_minutes: 90,
  undertime_minutes: 0,
  days_worked: 17,
  night_minutes: 0,
  rest_day_night_minutes: 0,
  regular_holiday_night_minutes: 0,
  special_holiday_night_minutes: 0,
  special_holiday_rest_day_night_minutes: 0,
  regular_holiday_rest_day_night_minutes: 0,
  special_holiday_rest_day_minutes: 0,
  special_holiday_rest_day_overtime_minutes: 0,
  regular_holiday_rest_day_minutes: 0,
  regular_holiday_rest_day_overtime_minutes: 0,
  rest_day_minutes: 0,
  rest_day_overtime_minutes: 0,
  regular_holiday_minutes: 0,
  regular_holiday_overtime_minutes: 0,
  special_holiday_minutes: 0,
  special_holiday_overtime_minutes: 0,
  ...changes,
});

const counts = (date: string, present: number, late: number, half_day: number, absent: number) => ({ date, present, late, half_day, absent, scheduled: 0 });

/** Someone who may read the reports, with both calls answered; the parameters of every call kept. */
function reportsReader() {
  const fake = signedInAs(meAs(4, 2, "Harper Reyes", ["attendance_reports_access"]));
  fake.on("GET", "/attendance/reports", page([row(11, "Dana Reyes"), row(12, "Kim Sato", { days_present: 1_234, worked_minutes: 65 })]));
  fake.on("GET", "/attendance/reports/daily", [
    200,
    { data: { from: "2026-12-01", to: "2026-12-03", people: 12, days: [counts("2026-12-01", 9, 2, 0, 1), counts("2026-12-02", 10, 1, 1, 0), counts("2026-12-03", 1_200, 0, 0, 0)] } },
  ]);
  const faked = http.defaults.adapter as AxiosAdapter;
  const sent: { url: string; params: URLSearchParams }[] = [];
  http.defaults.adapter = (config) => {
    sent.push({ url: config.url ?? "", params: new URLSearchParams(config.params as Record<string, string>) });
    return faked(config);
  };
  const paramsOf = (url: string) => sent.filter((call) => call.url === url).map((call) => call.params);
  return { fake, paramsOf };
}

/** 17:00 UTC on the 30th of November is already the 1st of December in Manila, the test company's zone. */
function itIsManilasFirstOfDecember() {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-30T17:00:00Z"));
}

const location = () => screen.getByTestId("location");

describe("attendance reports", () => {
  it("reports this month in the company's zone, a row per person with sums as H:MM and counts in the reader's format", async () => {
    itIsManilasFirstOfDecember();
    const { paramsOf } = reportsReader();
    renderAt("/attendance/reports");
    const dana = (await screen.findByText("Dana Reyes")).closest("tr")!;
    expect(within(dana).getByText("160:45")).toBeInTheDocument();
    expect(within(dana).getByText("0:35")).toBeInTheDocument();
    expect(within(dana).getByText("1:30")).toBeInTheDocument();
    const kim = screen.getByText("Kim Sato").closest("tr")!;
    expect(within(kim).getByText("1,234")).toBeInTheDocument();
    expect(within(kim).getByText("1:05")).toBeInTheDocument();

    const list = paramsOf("/attendance/reports").at(-1)!;
    expect([list.get("from"), list.get("to"), list.get("sort")]).toEqual(["2026-12-01", "2026-12-31", "name"]);
    const daily = paramsOf("/attendance/reports/daily").at(-1)!;
    expect([daily.get("from"), daily.get("to")]).toEqual(["2026-12-01", "2026-12-31"]);
    expect(screen.getByLabelText("From")).toHaveValue("12/01/2026");
    expect(screen.getByLabelText("To")).toHaveValue("12/31/2026");
  }, 40_000);

  it("takes the range from the address, and keeps a new one there and in both calls", async () => {
    const { paramsOf } = reportsReader();
    renderAt("/attendance/reports?from=2026-10-01&to=2026-10-31");
    await screen.findByText("Dana Reyes");
    expect(paramsOf("/attendance/reports").at(-1)!.get("from")).toBe("2026-10-01");

    // A start after the end carries the end along, keeping the month's length.
    const from = screen.getByLabelText("From");
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: "11/15/26" } });
    fireEvent.keyDown(from, { key: "Enter", code: "Enter", keyCode: 13 });
    await waitFor(() => expect(location()).toHaveTextContent("/attendance/reports?from=2026-11-15&to=2026-12-15"));
    await waitFor(() => expect(paramsOf("/attendance/reports").at(-1)!.get("to")).toBe("2026-12-15"));
    const daily = paramsOf("/attendance/reports/daily").at(-1)!;
    expect([daily.get("from"), daily.get("to")]).toEqual(["2026-11-15", "2026-12-15"]);
    await screen.findByText("Dana Reyes");
  }, 40_000);

  it("shows each day's counts as a table to screen readers, and to everyone at the press of a button", async () => {
    reportsReader();
    renderAt("/attendance/reports?from=2026-12-01&to=2026-12-03");
    const table = (await screen.findByText(/^How many employees were present, late, on a half day and absent each day, Dec 1, 2026 to Dec 3, 2026$/)).closest("table")!;
    const tuesday = (await within(table).findByText("Tue, Dec 1")).closest("tr")!;
    expect([...tuesday.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["Tue, Dec 1", "9", "2", "0", "1"]);
    expect(within(table).getByText("1,200")).toBeInTheDocument();
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Date", "Present", "Late", "Half day", "Absent"]);

    fireEvent.click(screen.getByRole("button", { name: "Show as table" }));
    expect(screen.getByRole("button", { name: "Show as chart" })).toBeInTheDocument();
    const shown = screen.getByText(/^How many employees were present, late, on a half day and absent each day, Dec 1, 2026 to Dec 3, 2026$/).closest("table")!;
    expect(shown.closest("[style*='clip']")).toBeNull();
    expect(within(shown).getByText("1,200")).toBeInTheDocument();
    expect([...within(shown).getByText("Tue, Dec 1").closest("tr")!.querySelectorAll("td")].map((cell) => cell.textContent)).toEqual(["Tue, Dec 1", "9", "2", "0", "1"]);
  }, 40_000);

  it("downloads the server's export of the range shown, in the format chosen, under the server's file name", async () => {
    const { fake, paramsOf } = reportsReader();
    const file = new Blob(["xlsx bytes"]);
    fake.on("GET", "/attendance/reports/export", [200, file, { "content-disposition": 'attachment; filename="attendance-report-2026-12-01-2026-12-31.xlsx"' }]);
    renderAt("/attendance/reports?from=2026-12-01&to=2026-12-31");
    await screen.findByText("Dana Reyes");
    const saved: Blob[] = [];
    Object.defineProperty(URL, "createObjectURL", { configurable: true, writable: true, value: (blob: Blob) => (saved.push(blob), "blob:export") });
    Object.defineProperty(URL, "revokeObjectURL", { configurable: true, writable: true, value: () => {} });
    const names: string[] = [];
    const download = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      fireEvent.click(screen.getByRole("button", { name: /Export/ }));
      fireEvent.click(await screen.findByText("Excel workbook (XLSX)"));
      await waitFor(() => expect(saved).toEqual([file]));
      expect(names).toEqual(["attendance-report-2026-12-01-2026-12-31.xlsx"]);
      const asked = paramsOf("/attendance/reports/export").at(-1)!;
      expect([asked.get("from"), asked.get("to"), asked.get("format"), asked.get("page"), asked.get("sort")]).toEqual(["2026-12-01", "2026-12-31", "xlsx", null, "name"]);
    } finally {
      download.mockRestore();
    }
  }, 40_000);

  it("says why when the server refuses the export", async () => {
    const { fake } = reportsReader();
    const refusal = new Blob([JSON.stringify({ message: "The data is invalid.", errors: { to: ["Choose a range of at most 93 days."] } })], { type: "application/json" });
    fake.on("GET", "/attendance/reports/export", [422, refusal]);
    renderAt("/attendance/reports?from=2026-12-01&to=2026-12-31");
    await screen.findByText("Dana Reyes");
    fireEvent.click(screen.getByRole("button", { name: /Export/ }));
    fireEvent.click(await screen.findByText("CSV (comma-separated)"));
    expect(await screen.findByText("Choose a range of at most 93 days.")).toBeInTheDocument();
  }, 40_000);

  it("is refused to someone whose role gives no attendance_reports_access", async () => {
    const fake = signedInAs(meAs(9, 1, "Emery Santos", ["attendance_access"]));
    renderAt("/attendance/reports");
    await waitFor(() => expect(location()).toHaveTextContent("/unauthorized"));
    expect(fake.calls.some((entry) => entry.url.startsWith("/attendance/reports"))).toBe(false);
  }, 40_000);
});
