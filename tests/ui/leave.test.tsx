/**
 * The leave screens: one's own (/leave) with its balances and a request sent as the API takes it (a half day only for
 * one date of a type counted in halves, the server's 422 on its field), the approvals (/leave/approvals) for a team's
 * head with approve and reject with a reason, refused to someone who decides nobody's leave, the team's calendar, and
 * HR's balances with an adjustment.
 */
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LeaveBalanceLine, LeaveBalancesReply, LeaveRequestRecord } from "../../contracts/leave";
import { renderAt } from "./render";
import { recordParams } from "./request-params";
import { meAs, signedInAs } from "./session";
import { setupUser } from "./user";

const line = (id: number, code: string, name: string, figures: Partial<LeaveBalanceLine> = {}, type: Partial<LeaveBalanceLine["leave_type"]> = {}): LeaveBalanceLine => ({
  leave_type: { id, code, name, paid: true, unit: "day", active: true, ...type },
  entitled: 15,
  carried_over: 0,
  taken: 0,
  adjusted: 0,
  expired: 0,
  balance: 15,
  pending: 0,
  available: 15,
  usable_from: null,
  ...figures,
});

const VACATION = line(1, "VL", "Vacation leave", { entitled: 13.75, balance: 13.75, pending: 2, available: 11.75 }, { unit: "half_day" });
const SIL = line(3, "SIL", "Service incentive leave", { entitled: 0, balance: 0, available: 0, usable_from: "2027-02-05" });
const UNPAID = line(7, "LWOP", "Leave without pay", { entitled: 0, balance: -2, taken: 2, available: 364 }, { paid: false });

const balances = (userId: number, name: string, lines = [VACATION, SIL, UNPAID]): LeaveBalancesReply => ({ user: { id: userId, name, department: "Operations" }, year: 2026, lines, entries: [] });

const request = (id: number, changes: Partial<LeaveRequestRecord> = {}): LeaveRequestRecord => ({
  id,
  user: { id: 3, name: "Emery Santos", department: "Operations" },
  leave_type: { id: 1, code: "VL", name: "Vacation leave", paid: true },
  start_date: "2026-12-07",
  end_date: "2026-12-09",
  half_day: null,
  days: 2,
  status: "pending",
  reason: "Family trip to Cebu",
  needs_document: false,
  has_document: false,
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  can_decide: false,
  can_cancel: true,
  created_at: "2026-11-28T09:00:00Z",
  updated_at: "2026-11-28T09:00:00Z",
  ...changes,
});

const page = (rows: LeaveRequestRecord[]) => [200, { data: rows, meta: { current_page: 1, per_page: 20, total: rows.length, last_page: 1, total_capped: false } }] as const;

const EMPLOYEE = meAs(3, 1, "Emery Santos", ["attendance_access"]);
const TEAM_HEAD = { ...meAs(5, 1, "Marcus Okafor", ["attendance_access"]), leads_team: true };

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/leave")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

const params = recordParams();

const option = (label: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown .ant-select-item-option")].find((item) => item.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });

/** Types a date into the DatePicker labelled `label` and confirms it with Enter. */
function fillDate(scope: HTMLElement, label: string, text: string) {
  const input = within(scope).getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
}

describe("one's own leave", () => {
  it("shows what is left of each type (taken for leave without pay), when a type opens, and one's requests", async () => {
    const fake = signedInAs(EMPLOYEE);
    fake.on("GET", "/leave-balances", [200, { data: balances(3, "Emery Santos") }]);
    fake.on("GET", "/leave-requests", [...page([request(11)])]);
    renderAt("/leave");
    const vacation = await screen.findByTestId("balance-VL");
    expect(within(vacation).getByText("11.75")).toBeInTheDocument();
    expect(within(vacation).getByText("days available")).toBeInTheDocument();
    expect(within(vacation).getByText("Balance 13.75 · taken 0 · waiting 2")).toBeInTheDocument();
    expect(within(screen.getByTestId("balance-SIL")).getByText("Can be used from Feb 5, 2027")).toBeInTheDocument();
    expect(within(screen.getByTestId("balance-LWOP")).getByText("days taken")).toBeInTheDocument();
    const row = (await screen.findByText("Family trip to Cebu")).closest("tr")!;
    expect(within(row).getByText("Waiting")).toBeInTheDocument();
    expect(within(row).getByText("2 days")).toBeInTheDocument();
    expect(params.find((call) => call.url === "/leave-requests")!.params.get("scope")).toBe("mine");
  }, 40_000);

  it("asks for leave as the API takes it, offering a half day only for one date, and shows the server's refusal on its field", async () => {
    const user = setupUser();
    const fake = signedInAs(EMPLOYEE);
    fake.on("GET", "/leave-balances", [200, { data: balances(3, "Emery Santos") }]);
    fake.on("GET", "/leave-requests", [...page([])]);
    fake.on("POST", "/leave-requests", [422, { message: "There is already leave from 2026-12-07 to 2026-12-09 that overlaps these dates.", errors: { start_date: ["There is already leave from 2026-12-07 to 2026-12-09 that overlaps these dates."] } }]);
    renderAt("/leave");
    // The form offers the types the balances name: it opens once they are read.
    await screen.findByTestId("balance-VL");
    await user.click(screen.getByRole("button", { name: /Request leave/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByLabelText("Leave type"));
    await user.click(await option("Vacation leave"));
    expect(within(dialog).getByText("11.75 days available")).toBeInTheDocument();
    fillDate(dialog, "First day", "2026-12-08");
    fillDate(dialog, "Last day", "2026-12-08");
    // One date of a type counted in halves: the morning or the afternoon may be asked for.
    await user.click((await within(dialog).findByRole("radio", { name: "Afternoon" })).closest("label")!);
    fillDate(dialog, "Last day", "2026-12-09");
    await waitFor(() => expect(within(dialog).queryByRole("radio", { name: "Afternoon" })).toBeNull());
    await user.type(within(dialog).getByLabelText("Reason"), "Family trip");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    // The half chosen before the dates widened is not sent.
    expect(fake.calls.find((call) => call.method === "POST")!.body).toEqual({ leave_type_id: 1, start_date: "2026-12-08", end_date: "2026-12-09", half_day: null, reason: "Family trip" });
    expect(await within(dialog).findByText("There is already leave from 2026-12-07 to 2026-12-09 that overlaps these dates.")).toBeInTheDocument();
  }, 60_000);
});

describe("approvals", () => {
  it("shows a team's head what waits for them, with approve and reject (a reason the person reads)", async () => {
    const user = setupUser();
    const fake = signedInAs(TEAM_HEAD);
    const waiting = request(11, { can_decide: true, can_cancel: false });
    fake.on("GET", "/leave-requests", [...page([waiting])]);
    fake.on("POST", "/leave-requests/11/reject", [200, { data: { ...waiting, status: "rejected", can_decide: false }, message: "Leave rejected." }]);
    renderAt("/leave/approvals");
    const row = (await screen.findByText("Emery Santos")).closest("tr")!;
    expect(params.find((call) => call.url === "/leave-requests")!.params.get("scope")).toBe("to_decide");
    expect(within(row).getByRole("button", { name: "Approve: Emery Santos" })).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Reject: Emery Santos" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason"), "Stocktaking that week");
    await user.click(within(dialog).getByRole("button", { name: /Reject/ }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === "POST")).toMatchObject({ url: "/leave-requests/11/reject", body: { reason: "Stocktaking that week" } }));
    expect(screen.getByRole("link", { name: /Leave approvals/ })).toBeInTheDocument();
  }, 60_000);

  it("opens the request a notification names at the top, and approves it", async () => {
    const user = setupUser();
    const fake = signedInAs(TEAM_HEAD);
    const waiting = request(12, { can_decide: true, can_cancel: false });
    fake.on("GET", "/leave-requests", [...page([])]);
    fake.on("GET", "/leave-requests/12", [200, { data: waiting }]);
    fake.on("POST", "/leave-requests/12/approve", [200, { data: { ...waiting, status: "approved", can_decide: false }, message: "Leave approved." }]);
    renderAt("/leave/approvals?request=12");
    const focused = await screen.findByTestId("focused-request");
    expect(within(focused).getByText("Request from Emery Santos")).toBeInTheDocument();
    await user.click(within(focused).getByRole("button", { name: "Approve: Emery Santos" }));
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST" && call.url === "/leave-requests/12/approve")).toBe(true));
  }, 60_000);

  it("is no page for someone who decides nobody's leave", async () => {
    const fake = signedInAs(EMPLOYEE);
    renderAt("/leave/approvals");
    expect(await screen.findByText("Access restricted")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.url.startsWith("/leave-requests"))).toBe(false);
  });
});

describe("who is away", () => {
  it("lists each workday of the month with the team's leave, pending marked", async () => {
    const fake = signedInAs(EMPLOYEE);
    fake.on("GET", "/leave-requests", [...page([request(11, { reason: null })])]);
    renderAt("/leave/calendar?month=2026-12");
    const monday = await screen.findByTestId("day-2026-12-07");
    expect(within(monday).getByText("Emery Santos")).toBeInTheDocument();
    expect(within(monday).getByText("VL · Waiting")).toBeInTheDocument();
    expect(screen.queryByTestId("day-2026-12-05")).toBeNull();
    const sent = params.find((call) => call.url === "/leave-requests")!.params;
    expect([sent.get("scope"), sent.get("from"), sent.get("to")]).toEqual(["calendar", "2026-12-01", "2026-12-31"]);
  }, 40_000);
});

describe("HR's balances", () => {
  it("adjusts a person's balance with a reason", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(2, 2, "Harper Reyes", ["leave_manage", "users_view"]));
    fake.on("GET", "/leave-balances?user_id=3&year=2026", [200, { data: balances(3, "Emery Santos") }]);
    fake.on("GET", "/users/lookup", [200, { data: [{ id: 3, name: "Emery Santos", employee_number: "E-0003", department: "Operations" }] }]);
    fake.on("POST", "/leave-balances/adjustments", [201, { data: balances(3, "Emery Santos"), message: "Balance adjusted." }]);
    renderAt("/leave/balances?user=3&year=2026");
    await screen.findByTestId("balance-VL");
    await user.click(screen.getByRole("button", { name: /Adjust balance/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByLabelText("Leave type"));
    await user.click(await option("Vacation leave"));
    await user.type(within(dialog).getByLabelText("Days to add (negative to take off)"), "1.5");
    await user.type(within(dialog).getByLabelText("Reason"), "Overtime converted to leave");
    await user.click(within(dialog).getByRole("button", { name: "Adjust balance" }));
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === "POST")!.body).toEqual({ leave_type_id: 1, days: 1.5, reason: "Overtime converted to leave", user_id: 3, year: 2026 }),
    );
  }, 60_000);
});
