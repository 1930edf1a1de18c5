/**
 * "How was this worked out?" on one's own payslip: asked for, each line opens onto its formula, the figures it read with what
 * they are, what the month's earlier runs paid, and the table row it used with its arithmetic; a rate or an amount set for the
 * person and the office's one-off lines say so; a payslip with no account says why. In the reader's language and numbers.
 */
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PayslipDetail } from "../../contracts/payroll";
import { documentOf } from "./payslip-documents";
import { renderAt } from "./render";
import { meAs, signedInAs, switchesLanguage } from "./session";
import { setupUser } from "./user";

switchesLanguage(() => [import("../../src/pages/user-payslips")]);

const DANA = meAs(11, 1, "Dana Reyes", []);

/** Dana's payslip with its lines' accounts, as GET /api/payslips/31 answers. */
function detailOf(explained = true): PayslipDetail {
  const lines: PayslipDetail["lines"] = [
    { code: "BASIC", name: "Basic pay", kind: "earning", amount: 2_500_000 },
    { code: "ALLOW", name: "Meal allowance", kind: "earning", amount: 25_000 },
    { code: "ADJ-4", name: "Back pay", kind: "earning", amount: 5_000 },
    { code: "WTAX", name: "Withholding tax", kind: "deduction", amount: 425_460 },
  ];
  const none = { override: null, reads: [], month_to_date: [], tables: [] };
  return {
    id: 31,
    payroll_id: 2,
    payroll_name: "Payroll 2026-11-16 – 2026-11-30",
    status: "released",
    user_id: 11,
    user_name: "Dana Reyes",
    employee_number: "E-11",
    department: "Finance",
    period_start: "2026-11-16",
    period_end: "2026-11-30",
    pay_date: "2026-11-27",
    currency: "PHP",
    gross: 2_530_000,
    deductions: 425_460,
    net: 2_104_540,
    employer_cost: 2_530_000,
    taxable: 2_387_500,
    lines,
    inputs: { pay_basis: "monthly", rate: 5_000_000, basic: 2_500_000, days_worked: 11, hours_worked: 88, overtime_hours: 0, late_minutes: 0, undertime_minutes: 0, absences: 0 },
    withdrawn_at: null,
    created_at: "2026-11-26T02:00:00.000Z",
    explanation: explained
      ? [
          { ...none, code: "BASIC", kind: "earning", source: "calculation", calculation: { type: "formula", expression: "basic" }, reads: [{ name: "basic", value: "25000" }] },
          { ...none, code: "ALLOW", kind: "earning", source: "override_amount", calculation: null, override: "250" },
          { ...none, code: "ADJ-4", kind: "earning", source: "adjustment", calculation: null },
          {
            code: "WTAX",
            kind: "deduction",
            source: "calculation",
            calculation: { type: "formula", expression: 'table("BIR_MONTHLY", mtd("taxable") + taxable) - mtd("WTAX")' },
            override: null,
            reads: [{ name: "taxable", value: "23875" }],
            month_to_date: [
              { code: "taxable", value: "22925" },
              { code: "WTAX", value: "313.8" },
            ],
            tables: [{ code: "BIR_MONTHLY", x: "46800", row: { over: "33333", base: "1875", rate: "0.20" }, result: "4568.4" }],
          },
        ]
      : null,
  };
}

function session(options: { language?: "fr"; explained?: boolean } = {}) {
  const fake = signedInAs(DANA, options.language ? { language: options.language } : {});
  fake.on("GET", "/payslips/31/document", [200, { data: documentOf() }]);
  fake.on("GET", "/payslips/31/downloads", [200, { data: [] }]);
  fake.on("GET", "/payslips/31", [200, { data: detailOf(options.explained ?? true) }]);
  return fake;
}

/** Text with its spaces as one plain space each (Intl writes thin and no-break spaces). */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\s\u2009\u202f\u00a0]+/g, " ").trim();

describe("a payslip's explanation", () => {
  it("asks nothing until asked, then opens each line onto its formula, what it read and the table row it used", async () => {
    const user = setupUser();
    const fake = session();
    renderAt("/user-payslips?payslip=31");
    const ask = await screen.findByRole("button", { name: "How was this worked out?" });
    expect(ask).toHaveAttribute("aria-expanded", "false");
    expect(fake.calls.filter((call) => call.url === "/payslips/31")).toHaveLength(0);

    await user.click(ask);
    expect(ask).toHaveAttribute("aria-expanded", "true");
    const account = screen.getByRole("region", { name: "How was this worked out?" });
    const deductions = await within(account).findByRole("group", { name: "Deductions" });
    await user.click(within(deductions).getByRole("button", { name: /Withholding tax/ }));
    expect(plain(within(deductions).getByText(/^Formula:/).textContent)).toBe('Formula: table("BIR_MONTHLY", mtd("taxable") + taxable) - mtd("WTAX")');
    const read = within(deductions).getByRole("table", { name: "What Withholding tax read" });
    const rows = within(read).getAllByRole("row").slice(1).map((row) => plain(row.textContent));
    expect(rows[0]).toMatch(/^taxable.*₱23,875\.00$/);
    expect(rows[1]).toMatch(/^mtd\("taxable"\)Taxable income in the month's earlier runs₱22,925\.00$/);
    expect(rows[2]).toMatch(/^mtd\("WTAX"\)Withholding tax in the month's earlier runs₱313\.80$/);
    expect(plain(within(deductions).getByRole("listitem").textContent)).toBe(
      'table("BIR_MONTHLY", ₱46,800.00): the row over ₱33,333.00: ₱1,875.00 + 20% × (₱46,800.00 − ₱33,333.00) = ₱4,568.40',
    );

    const earnings = within(account).getByRole("group", { name: "Earnings" });
    await user.click(within(earnings).getByRole("button", { name: /Meal allowance/ }));
    expect(within(earnings).getByText("An amount set for this person: ₱250.00, in place of the component's calculation.")).toBeInTheDocument();
    await user.click(within(earnings).getByRole("button", { name: /Back pay/ }));
    expect(within(earnings).getByText("A one-off line the payroll office added to this payslip.")).toBeInTheDocument();
  }, 40_000);

  it("says why a payslip has no account of its lines", async () => {
    const user = setupUser();
    session({ explained: false });
    renderAt("/user-payslips?payslip=31");
    await user.click(await screen.findByRole("button", { name: "How was this worked out?" }));
    expect(await screen.findByText(/This payslip was imported from a file or calculated before explanations were kept/)).toBeInTheDocument();
  }, 40_000);

  it("reads in French, with French numbers", async () => {
    const user = setupUser();
    session({ language: "fr" });
    renderAt("/user-payslips?payslip=31");
    await user.click(await screen.findByRole("button", { name: "Comment ce montant a-t-il été calculé ?" }));
    const account = screen.getByRole("region", { name: "Comment ce montant a-t-il été calculé ?" });
    const deductions = await within(account).findByRole("group", { name: "Retenues" });
    await user.click(within(deductions).getByRole("button", { name: /Withholding tax/ }));
    expect(plain(within(deductions).getByRole("listitem").textContent)).toBe(
      'table("BIR_MONTHLY", 46 800,00 PHP) : la tranche au-delà de 33 333,00 PHP : 1 875,00 PHP + 20 % × (46 800,00 PHP − 33 333,00 PHP) = 4 568,40 PHP',
    );
  }, 40_000);
});
