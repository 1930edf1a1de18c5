/**
 * The leave types screen (/leave/types): the list with its days, pay and status, the create dialog sending days as numbers
 * and the code as typed (the server makes it upper case), the server's 422 on its field, and no screen for an employee.
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LeaveTypeRecord } from "../../contracts/leave";
import { renderAt } from "./render";
import { meAs, signedInAs } from "./session";
import { setupUser } from "./user";

const VACATION: LeaveTypeRecord = {
  id: 1,
  code: "VL",
  name: "Vacation leave",
  paid: true,
  unit: "day",
  yearly_days: 15,
  accrual: "monthly",
  carry_over_days: 5,
  negative_days: 0,
  service_months: 0,
  needs_approval: true,
  calendar_days: false,
  document_after_days: null,
  active: true,
  created_at: "2026-11-20T09:00:00Z",
  updated_at: "2026-11-20T09:00:00Z",
};
const WITHOUT_PAY: LeaveTypeRecord = { ...VACATION, id: 2, code: "LWOP", name: "Leave without pay", paid: false, yearly_days: 0, accrual: "yearly", carry_over_days: 0, negative_days: 366 };

const page = (rows: LeaveTypeRecord[]) => [200, { data: rows, meta: { current_page: 1, per_page: 20, total: rows.length, last_page: 1, total_capped: false } }] as const;

beforeAll(async () => {
  await Promise.all([import("../../src/SignedInApp"), import("../../src/pages/leave-types")]);
}, 60_000);

configure({ asyncUtilTimeout: 15_000 });

afterEach(() => localStorage.clear());

describe("leave types", () => {
  it("lists each type with its days a year, pay and how it is granted, with edit and delete for whoever manages leave", async () => {
    const fake = signedInAs(meAs(5, 2, "Harper HR", ["leave_manage"]));
    fake.on("GET", "/leave-types", [...page([VACATION, WITHOUT_PAY])]);
    renderAt("/leave/types");
    const vacation = (await screen.findByText("Vacation leave")).closest("tr")!;
    expect(within(vacation).getByText("15 d")).toBeInTheDocument();
    expect(within(vacation).getByText("Paid")).toBeInTheDocument();
    expect(within(vacation).getByText("A twelfth each month")).toBeInTheDocument();
    expect(within(vacation).getByRole("button", { name: "Edit leave type" })).toBeInTheDocument();
    expect(within(screen.getByText("Leave without pay").closest("tr")!).getByText("Unpaid")).toBeInTheDocument();
  }, 40_000);

  it("creates a type from the dialog, sending days as numbers, and shows the server's 422 on its field", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(1, 0, "Alex Admin"));
    fake.on("GET", "/leave-types", [...page([VACATION])]);
    fake.on("POST", "/leave-types", [422, { message: "Another leave type already has this code.", errors: { code: ["Another leave type already has this code."] } }]);
    renderAt("/leave/types");
    await user.click(await screen.findByText("New leave type", { selector: "button span" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Code"), "vl");
    await user.type(within(dialog).getByLabelText("Name"), "Vacation again");
    await user.type(within(dialog).getByLabelText("Days a year"), "12.5");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.some((call) => call.method === "POST")).toBe(true));
    expect(fake.calls.find((call) => call.method === "POST")!.body).toMatchObject({ code: "vl", name: "Vacation again", yearly_days: 12.5, paid: true, accrual: "yearly", unit: "day", needs_approval: true });
    expect(await within(dialog).findByText("Another leave type already has this code.")).toBeInTheDocument();
  }, 60_000);

  it("refuses the screen to an employee", async () => {
    const fake = signedInAs(meAs(3, 1, "Emery Employee", ["attendance_access"]));
    renderAt("/leave/types");
    expect(await screen.findByText("Access restricted")).toBeInTheDocument();
    expect(fake.calls.some((call) => call.url === "/leave-types")).toBe(false);
  });
});
