/**
 * /payslips: every run's payslips (person, run, period, pay date, status and
 * the money), narrowed by run and person from the address, and a payslip's
 * lines and inputs in a drawer. Read-only.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunRecord } from "../../contracts/payroll";
import { payslipRecord } from "./payroll-records";
import { payslipsListSession } from "./payroll-sessions";
import { renderAt } from "./render";
import { recordParams } from "./request-params";
import { meAs, signedInAs } from "./session";
import { setupUser } from "./user";

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/payslips")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

/** Reads payroll and may look people up by name (the payroll officer's role). */
const OFFICER = meAs(4, 2, "Pat Payroll", ["payroll_view", "users_view"]);

const RUN = { id: 2, name: "Payroll 2026-10-01 – 2026-10-31", period_start: "2026-10-01", period_end: "2026-10-31" } as RunRecord;

/** The query parameters of each call (the fake answers by path alone). */
const seen = recordParams();

/** The officer on /payslips: Dana's released payslip and Noel's calculated one, in the run. */
function session() {
  const payslips = [
    payslipRecord(21, { status: "released" }),
    payslipRecord(22, { user_id: 12, user_name: "Noel Santos", employee_number: "E-12", department: "Sales", net: 3_100_000, lines: [], status: "calculated" }),
  ];
  return payslipsListSession(OFFICER, payslips, RUN);
}

describe("payslips", () => {
  it("lists every run's payslips with the run, period, pay date, status and money, and no way to change them", async () => {
    session();
    renderAt("/payslips");
    const dana = (await screen.findByRole("button", { name: "Open the payslip of Dana Reyes" })).closest("tr")!;
    expect(within(dana).getByText("Finance")).toBeInTheDocument();
    expect(within(dana).getByText("October 2026")).toBeInTheDocument();
    expect(within(dana).getByText("Oct 1 – 31, 2026")).toBeInTheDocument();
    expect(within(dana).getByText("Nov 5, 2026")).toBeInTheDocument();
    expect(within(dana).getByText("Released")).toBeInTheDocument();
    expect(within(dana).getByText("₱54,500.00")).toBeInTheDocument();
    expect(within(dana).getByText("₱2,452.50")).toBeInTheDocument();
    expect(within(dana).getByText("₱52,047.50")).toBeInTheDocument();
    const noel = screen.getByRole("button", { name: "Open the payslip of Noel Santos" }).closest("tr")!;
    expect(within(noel).getByText("Calculated")).toBeInTheDocument();
    // Read-only: no row checkboxes, no create, no row actions.
    expect(screen.queryByRole("checkbox", { name: /Select/ })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
    // Latest pay date first, then by name.
    const list = seen.find((call) => call.url === "/payslips")!;
    expect(list.params.get("sort")).toBe("-pay_date,user_name");
  }, 40_000);

  it("narrows the list to the run and person the address names", async () => {
    session();
    renderAt("/payslips?payroll_id=2&user_id=11");
    await screen.findByRole("button", { name: "Open the payslip of Dana Reyes" });
    await waitFor(() => {
      const list = seen.filter((call) => call.url === "/payslips").at(-1)!;
      expect(list.params.get("filter[payroll_id][equals]")).toBe("2");
      expect(list.params.get("filter[user_id][equals]")).toBe("11");
    });
    // The run chosen reads as its name (the server's default, in the reader's words).
    const runBox = screen.getByRole("combobox", { name: "Run" });
    await waitFor(() => expect(runBox.closest(".ant-select")).toHaveTextContent("Payroll Oct 1 – 31, 2026"));
    expect(screen.getByRole("combobox", { name: "Person" })).toBeInTheDocument();
  }, 40_000);

  it("opens a payslip's earnings, deductions, employer contributions and inputs in a drawer", async () => {
    const user = setupUser();
    session();
    renderAt("/payslips");
    await user.click(await screen.findByRole("button", { name: "Open the payslip of Dana Reyes" }));
    const drawer = await screen.findByRole("dialog", { name: "Payslip: Dana Reyes" });
    expect(within(drawer).getByRole("link", { name: "October 2026" })).toHaveAttribute("href", "/payroll/2");
    expect(within(drawer).getByRole("link", { name: "All payslips of Dana Reyes" })).toHaveAttribute("href", "/payslips?user_id=11");
    const earnings = within(drawer).getByRole("region", { name: "Earnings" });
    expect(within(earnings).getByText("Overtime pay")).toBeInTheDocument();
    expect(within(earnings).getByText("₱500.00")).toBeInTheDocument();
    expect(within(within(drawer).getByRole("region", { name: "Employer contributions" })).getByText("No employer contributions.")).toBeInTheDocument();
    const inputs = within(drawer).getByRole("region", { name: "Worked out from" });
    expect(within(inputs).getByText("Pay rate").closest("tr")).toHaveTextContent("₱54,000.00 (Monthly)");
    expect(within(inputs).getByText("Taxable income").closest("tr")).toHaveTextContent("₱52,047.50");

    await user.click(within(drawer).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Payslip: Dana Reyes" })).toBeNull());
  }, 40_000);

  it("refuses the screen to someone without payroll rights", async () => {
    const fake = signedInAs(meAs(9, 2, "Sam Staff", ["attendance_access"]));
    renderAt("/payslips");
    expect(await screen.findByText("Access restricted")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.url === "/payslips")).toBe(false);
  }, 40_000);
});
