/**
 * The employee profile's pay history: each rate from its date on, newest
 * first, the one in force today and the scheduled ones marked; a pay change
 * added (the amount typed in major units, sent in minor units) and a rate
 * deleted after a confirmation, both only for pay writers; no tab at all for
 * someone who may not see the person's pay.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PayRateRecord } from "../../contracts/payroll";
import { todayIn } from "../../src/i18n/calendar";
import { renderAt } from "./render";
import { COMPANY, meAs, person, signedInAs } from "./session";
import { settle, toasts } from "./toasts";
import { setupUser } from "./user";

const ADMIN = meAs(1, 0, "Alex Admin");
const DANA = person(11, "Dana", "Reyes", { base_rate: 300_000, currency: "USD" });

const rate = (id: number, effective_from: string, amount: number, created_by_name: string | null = "Alex Admin"): PayRateRecord => ({
  id,
  user_id: 11,
  effective_from,
  pay_basis: "monthly",
  rate: amount,
  currency: "USD",
  created_by_name,
  created_at: "2025-01-01T00:00:00.000Z",
});
// Oldest first, as the API answers: one carried over from the record, the one in force, one to come.
const HISTORY = [rate(1, "2024-01-01", 250_000, null), rate(2, "2025-01-01", 300_000), rate(3, "2099-01-01", 350_000)];

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/users")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

function profileOf(me = ADMIN, history: PayRateRecord[] = HISTORY) {
  const fake = signedInAs(me);
  fake.on("GET", "/users/11/profile", [200, { data: { user: DANA, recent_activity: null } }]);
  fake.on("GET", "/users/11/pay-rates", [200, { data: history }]);
  return fake;
}

const rowOf = (date: string) => screen.getByText(date, { selector: "time" }).closest("tr") as HTMLElement;

describe("the profile's pay history", () => {
  it("lists each rate newest first with its date, basis, amount and who entered it; the one in force and the scheduled one marked", async () => {
    const user = setupUser();
    profileOf();
    renderAt("/employee-profile/11");
    await user.click(await screen.findByRole("tab", { name: "Pay history" }));
    await screen.findByText("Jan 1, 2099", { selector: "time" });
    expect(screen.getByText(/Payroll computes each period with the rates in force then/)).toBeInTheDocument();
    const dates = screen.getAllByText(/^Jan 1, \d{4}$/, { selector: "time" }).map((time) => time.textContent);
    expect(dates).toEqual(["Jan 1, 2099", "Jan 1, 2025", "Jan 1, 2024"]);

    const coming = rowOf("Jan 1, 2099");
    expect(within(coming).getByText("Scheduled")).toBeInTheDocument();
    expect(within(coming).getByText("$3,500.00")).toBeInTheDocument();
    expect(within(coming).getByText("Monthly")).toBeInTheDocument();
    const current = rowOf("Jan 1, 2025");
    expect(within(current).getByText("In force")).toBeInTheDocument();
    expect(within(current).getByText("Alex Admin")).toBeInTheDocument();
    const first = rowOf("Jan 1, 2024");
    expect(within(first).queryByText("In force")).toBeNull();
    expect(within(first).getByText("From the employee record")).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "Delete the rate from Jan 1, 2024" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Add pay change/ })).toBeInTheDocument();
  }, 40_000);

  it("adds a pay change from today in the person's currency, the amount sent in minor units, then reloads", async () => {
    const user = setupUser();
    const fake = profileOf();
    fake.on("POST", "/users/11/pay-rates", [201, { data: [...HISTORY, rate(4, todayIn(COMPANY.time_zone), 350_050)], message: "Pay change recorded." }]);
    renderAt("/employee-profile/11");
    await user.click(await screen.findByRole("tab", { name: "Pay history" }));
    await user.click(await screen.findByRole("button", { name: /Add pay change/ }));
    const dialog = await screen.findByRole("dialog", { name: "Add pay change" });
    expect(within(dialog).getByLabelText("Currency")).toHaveValue("USD");

    await user.click(within(dialog).getByRole("button", { name: "Save pay change" }));
    await settle();
    expect(fake.calls.some((call) => call.method === "POST")).toBe(false);

    await user.type(within(dialog).getByLabelText("Amount"), "3500.50");
    await user.click(within(dialog).getByRole("button", { name: "Save pay change" }));
    await waitFor(() => expect(fake.calls.find((call) => call.method === "POST")?.body).toEqual({ effective_from: todayIn(COMPANY.time_zone), pay_basis: "monthly", rate: 350_050, currency: "USD" }));
    await waitFor(() => expect(toasts()).toContain("Pay change recorded."));
    // The history and the record's pay (it follows the rate in force today) are read again.
    await waitFor(() => expect(fake.calls.filter((call) => call.url === "/users/11/pay-rates" && call.method === "GET")).toHaveLength(2));
    expect(fake.calls.filter((call) => call.url === "/users/11/profile").length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("deletes a rate once asked", async () => {
    const user = setupUser();
    const fake = profileOf();
    fake.on("DELETE", "/users/11/pay-rates/3", [200, { data: HISTORY.slice(0, 2), message: "Pay change removed." }]);
    renderAt("/employee-profile/11");
    await user.click(await screen.findByRole("tab", { name: "Pay history" }));
    await user.click(await screen.findByRole("button", { name: "Delete the rate from Jan 1, 2099" }));
    expect(await screen.findByText("Delete the rate from Jan 1, 2099?")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "DELETE" && call.url === "/users/11/pay-rates/3")).toBe(true));
    await waitFor(() => expect(toasts()).toContain("Pay change removed."));
  }, 40_000);

  it("shows the person their own history without changing it, and no tab to someone who may not see their pay", async () => {
    const user = setupUser();
    profileOf(meAs(11, 1, "Dana Reyes", null));
    let view = renderAt("/employee-profile/11");
    await user.click(await screen.findByRole("tab", { name: "Pay history" }));
    await screen.findByText("Jan 1, 2099", { selector: "time" });
    expect(screen.queryByRole("button", { name: /Add pay change/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete the rate/ })).toBeNull();
    view.unmount();

    const fake = profileOf(meAs(9, 2, "Pat People", ["users_view"]));
    view = renderAt("/employee-profile/11");
    expect(await screen.findByText("Dana Reyes")).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Pay history" })).toBeNull();
    expect(fake.calls.some((call) => call.url.includes("pay-rates"))).toBe(false);
  }, 60_000);
});
