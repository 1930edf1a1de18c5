/**
 * antd has no Tagalog: the app ships its own (src/i18n/antdTagalog.ts). In
 * Tagalog the date picker and the list's pagination speak Filipino, not
 * antd's English fallback, and the activity log writes its times to the minute.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DatePicker, Pagination } from "antd";
import { describe, expect, it } from "vitest";
import type { ActivityRecord } from "../../contracts/activities";
import { AppFrame } from "../../src/App";
import { changeLanguage } from "../../src/i18n/setup";
import { renderAt } from "./render";
import { meAs, signedInAs, switchesLanguage } from "./session";

switchesLanguage(() => [import("../../src/pages/activities")]);

const ROW: ActivityRecord = {
  id: 1,
  actor_id: 1,
  actor_name: "Alex Admin",
  action: "role.updated",
  subject_type: "role",
  subject_id: 3,
  subject_name: "Payroll officer",
  names: {},
  currency: "PHP",
  changes: { description: { from: null, to: "Runs payroll" } },
  ip: "127.0.0.1",
  created_at: "2026-11-20T09:05:00Z",
};

describe("Tagalog", () => {
  it("date picker: Filipino placeholder, today button and day names, weeks from Sunday", async () => {
    await changeLanguage("tl");
    const user = userEvent.setup({ delay: null });
    render(
      <AppFrame>
        <DatePicker aria-label="petsa" />
        <Pagination total={200} />
      </AppFrame>,
    );
    const input = await screen.findByPlaceholderText("Pumili ng petsa");
    await user.click(input);
    const popup = document.querySelector<HTMLElement>(".ant-picker-dropdown")!;
    expect(within(popup).getByText("Ngayong araw")).toBeInTheDocument();
    const dayNames = [...popup.querySelectorAll("thead th")].map((cell) => cell.textContent);
    expect(dayNames).toEqual(["Li", "Lu", "Ma", "Mi", "Hu", "Bi", "Sab"]);
    expect(popup).not.toHaveTextContent(/Today|Select date|Su\b/);
    // Pagination: the tooltips and the page-size choice.
    expect(document.querySelector(".ant-pagination-prev")).toHaveAttribute("title", "Nakaraang pahina");
    expect(document.querySelector(".ant-pagination-next")).toHaveAttribute("title", "Susunod na pahina");
    expect(document.querySelector(".ant-pagination-jump-next")).toHaveAttribute("title", "Susunod na 5 pahina");
    expect(document.querySelector(".ant-pagination-options")).toHaveTextContent("/ pahina");
  });

  it("activity log: pagination in Filipino and times to the minute", async () => {
    const fake = signedInAs(meAs(1, 0, "Alex"), { language: "tl" });
    fake.on("GET", "/dashboard/system-activities", [200, { data: [ROW], meta: { current_page: 1, per_page: 20, total: 60, last_page: 3, total_capped: false } }]);
    renderAt("/dashboard/system-activities");
    const row = (await screen.findByText("Alex Admin")).closest("tr")!;
    expect(within(row).getByText(/^Nob 20, 2026 \d{2}:05$/)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector(".ant-pagination-next")).toHaveAttribute("title", "Susunod na pahina"));
    expect(document.querySelector(".ant-pagination-prev")).toHaveAttribute("title", "Nakaraang pahina");
  }, 40_000);
});
