/**
 * A payslip as it reads on paper (PayslipDocumentView, on the employee's own
 * payslip page): the company with its logo and numbers, the person with a
 * masked account, the period and pay date, each section with its total and
 * year to date (lines paid earlier in the year included), the net prominent
 * and in words where that is customary, the year's figures, the attendance
 * behind them and the note; a withdrawn payslip says so first; everything
 * worded and formatted in the reader's language. And the payroll setting
 * that protects payslip PDFs with a password.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PAYROLL_SETTINGS } from "./payroll-settings";
import { documentOf, HISTORY } from "./payslip-documents";
import { renderAt } from "./render";
import { COMPANY, meAs, signedInAs, switchesLanguage } from "./session";
import { setupUser } from "./user";

switchesLanguage(() => [import("../../src/pages/user-payslips"), import("../../src/pages/settings")]);

const DANA = meAs(11, 1, "Dana Reyes", []);

/** Dana on her October payslip's page, in `language`. */
function openPayslip(document = documentOf(), language?: "fr" | "cn" | "jp") {
  const fake = signedInAs(DANA, language ? { language } : {});
  fake.on("GET", "/payslips/31/document", [200, { data: document }]);
  fake.on("GET", "/payslips/31/downloads", [200, { data: HISTORY }]);
  renderAt("/user-payslips?payslip=31");
  return fake;
}

/** Text with its spaces as one plain space each (French groups digits with narrow no-break spaces). */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\s\u202f\u00a0]+/g, " ").trim();

/** The cells of a section's row that starts with `name`. */
const rowOf = (section: HTMLElement, name: string) => within(section).getByText(name).closest("tr")!;

describe("a payslip as a document", () => {
  it("shows the company, the person, the period, every section with its total and year to date, the net in words, the attendance and the note", async () => {
    openPayslip();
    const paper = await screen.findByRole("article", { name: "Payslip" });
    expect(plain(screen.getByRole("heading", { level: 1 }).textContent)).toBe("Payslip for Oct 1 – 31, 2026");

    // The company and the person.
    for (const text of ["Paydesk Demo Co.", "12 Ayala Avenue", "Makati City 1226", "Registration number: CS2019-0042", "Tax number: 123-456-789-000"])
      expect(within(paper).getByText(text)).toBeInTheDocument();
    for (const text of ["Dana Reyes", "E-11", "Finance", "Accountant", "TIN 987-654-321", "BDO •••• 4321"]) expect(within(paper).getByText(text)).toBeInTheDocument();
    expect(within(paper).queryByRole("img")).toBeNull();

    // The run, its period and pay date, in the reader's words.
    expect(within(paper).getByText("Payroll Oct 1 – 31, 2026")).toBeInTheDocument();
    expect(within(paper).getByText("Period").nextElementSibling).toHaveTextContent("Oct 1 – 31, 2026");
    expect(within(paper).getByText("Pay date").nextElementSibling).toHaveTextContent("Nov 5, 2026");

    // Each section: this payslip's amount and the year's, a line paid earlier in the year only, the totals.
    const earnings = within(paper).getByRole("region", { name: "Earnings" });
    expect(within(earnings).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Component", "Amount", "Year to date"]);
    expect(rowOf(earnings, "Basic pay")).toHaveTextContent("₱54,000.00₱540,000.00");
    expect(rowOf(earnings, "Mid-year bonus")).toHaveTextContent("—₱2,000.00");
    expect(rowOf(earnings, "Total")).toHaveTextContent("₱54,500.00₱547,000.00");
    // A deduction and the employer's share of the same contribution each keep their own year to date.
    expect(rowOf(within(paper).getByRole("region", { name: "Deductions" }), "Social security")).toHaveTextContent("₱2,452.50₱24,525.00");
    expect(rowOf(within(paper).getByRole("region", { name: "Employer contributions" }), "Social security")).toHaveTextContent("₱5,177.50₱51,775.00");

    // The totals, the net framed and in words.
    const summary = within(paper).getByRole("region", { name: "Pay summary" });
    expect(within(summary).getByText("Gross pay").closest("div")).toHaveTextContent("₱54,500.00");
    expect(within(summary).getByText("Deductions").closest("div")).toHaveTextContent("₱2,452.50");
    expect(within(summary).getByText("Net pay").closest("div")).toHaveTextContent("₱52,047.50");
    expect(within(summary).getByText("Fifty-two thousand forty-seven pesos and 50/100")).toBeInTheDocument();

    const year = within(paper).getByRole("region", { name: "Year to date (2026)" });
    expect(within(year).getByText("Gross pay").closest("div")).toHaveTextContent("₱547,000.00");
    expect(within(year).getByText("Net pay").closest("div")).toHaveTextContent("₱522,475.00");

    // The attendance and rate behind the figures.
    const inputs = within(paper).getByRole("region", { name: "Worked out from" });
    expect(within(inputs).getByText("Pay rate").closest("tr")).toHaveTextContent("₱54,000.00 (Monthly)");
    // A payslip from before exact minutes were kept shows its hours as it kept them.
    expect(within(inputs).getByText("Overtime hours").closest("tr")).toHaveTextContent("2.5");
    expect(within(inputs).getByText("Minutes late").closest("tr")).toHaveTextContent("12");
    expect(within(inputs).getByText("Minutes of undertime").closest("tr")).toHaveTextContent("30");
    expect(within(inputs).getByText("Absences").closest("tr")).toHaveTextContent("1");

    expect(within(within(paper).getByRole("region", { name: "Note" })).getByText("Overtime of 28 October included.")).toBeInTheDocument();
    expect(screen.queryByText("This payslip was withdrawn")).toBeNull();
  }, 40_000);

  it("shows the company's logo when it has one, and leaves out what the person's record does not hold", async () => {
    const fake = openPayslip(
      documentOf({
        company: { ...documentOf().company, has_logo: true, registration_number: null },
        person: { ...documentOf().person, position: null, tax_id: null, bank_name: null, bank_account_masked: null },
        note: null,
      }),
    );
    fake.on("GET", "/company-profile", [200, { data: { ...COMPANY, logo_url: "/api/files/9" } }]);
    const paper = await screen.findByRole("article", { name: "Payslip" });
    await waitFor(() => expect(paper.querySelector("img")).toHaveAttribute("src", "/api/files/9"));
    expect(within(paper).queryByText(/Registration number/)).toBeNull();
    expect(within(paper).queryByText("Position")).toBeNull();
    expect(within(paper).queryByText("Bank account")).toBeNull();
    expect(within(paper).queryByRole("region", { name: "Note" })).toBeNull();
  }, 40_000);

  it("says first, and plainly, that a withdrawn payslip is not to be relied on", async () => {
    openPayslip(documentOf({ withdrawn: { at: "2026-11-10T03:00:00.000Z", reason: "Issued to the wrong run" } }));
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent("This payslip was withdrawn");
    expect(banner).toHaveTextContent("Reason: Issued to the wrong run");
    // Before the document itself.
    const paper = screen.getByRole("article", { name: "Payslip" });
    expect(banner.compareDocumentPosition(paper) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }, 40_000);

  it("reads in French: dates, amounts and labels in French, and no amount in words, which French payslips do not print", async () => {
    openPayslip(documentOf(), "fr");
    const paper = await screen.findByRole("article", { name: "Bulletin de paie" });
    expect(plain(screen.getByRole("heading", { level: 1 }).textContent)).toBe("Bulletin de paie : 1–31 oct. 2026");
    expect(plain(within(paper).getByText("Date de paiement").nextElementSibling?.textContent)).toBe("5 nov. 2026");
    const summary = within(paper).getByRole("region", { name: "Récapitulatif" });
    expect(plain(within(summary).getByText("Salaire net").nextElementSibling?.textContent)).toBe("52 047,50 PHP");
    expect(plain(rowOf(within(paper).getByRole("region", { name: "Gains" }), "Basic pay").textContent)).toContain("54 000,00 PHP540 000,00 PHP");
    expect(within(paper).getByRole("region", { name: "Cumul annuel (2026)" })).toBeInTheDocument();
    expect(within(paper).queryByText(/Net à payer en lettres/)).toBeNull();
  }, 40_000);

  it("writes the net in Chinese financial capitals for a Chinese reader", async () => {
    openPayslip(documentOf(), "cn");
    const paper = await screen.findByRole("article", { name: "工资单" });
    const summary = within(paper).getByRole("region", { name: "工资汇总" });
    expect(within(summary).getByText("菲律宾比索伍万贰仟零肆拾柒元伍角整")).toBeInTheDocument();
    expect(within(summary).getByText(/实发金额（大写）/)).toBeInTheDocument();
  }, 40_000);
});

describe("payroll settings: protected payslip PDFs", () => {
  it("turns on the PDF password and sends only that", async () => {
    const user = setupUser();
    const fake = signedInAs(meAs(1, 0, "Alex Admin"));
    fake.on("GET", "/settings/payroll", [200, { data: PAYROLL_SETTINGS }]);
    fake.on("PUT", "/settings/payroll", (body) => [200, { data: { ...PAYROLL_SETTINGS, ...(body as object) }, message: "Settings saved." }]);
    renderAt("/settings/payroll-settings");
    const protect = await screen.findByRole("switch", { name: "Protect payslip PDFs with a password" });
    expect(protect).not.toBeChecked();
    expect(screen.getByText("The password is the person's birth date (YYYYMMDD) followed by their employee number. The payslip e-mail tells them so.")).toBeInTheDocument();
    await user.click(protect);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === "PUT" && call.url === "/settings/payroll").at(-1)?.body).toEqual({ pdf_password: true }));
  }, 40_000);
});
