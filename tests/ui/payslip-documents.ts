import type { OwnPayslipRow, OwnPayslipsReply, PayslipDocument, PayslipDownload } from "../../contracts/payslips";

/**
 * Dana Reyes's October 2026 payslip as GET /api/payslips/{id}/document answers:
 * the figures the payslip pages show (earnings, a deduction and its employer
 * share under one code, year to date with a line paid earlier in the year only).
 */
export function documentOf(changes: Partial<PayslipDocument> = {}): PayslipDocument {
  return {
    id: 31,
    language: "en",
    currency: "PHP",
    company: {
      name: "Paydesk Demo Co.",
      address: ["12 Ayala Avenue", "Makati City 1226", "Philippines"],
      registration_number: "CS2019-0042",
      tax_number: "123-456-789-000",
      has_logo: false,
    },
    person: {
      id: 11,
      name: "Dana Reyes",
      employee_number: "E-11",
      department: "Finance",
      position: "Accountant",
      tax_id: "TIN 987-654-321",
      bank_name: "BDO",
      bank_account_masked: "•••• 4321",
    },
    run: { id: 2, name: "Payroll 2026-10-01 – 2026-10-31", kind: "regular", status: "released", period_start: "2026-10-01", period_end: "2026-10-31", pay_date: "2026-11-05" },
    lines: [
      { code: "BASIC", name: "Basic pay", kind: "earning", amount: 5_400_000 },
      { code: "OT", name: "Overtime pay", kind: "earning", amount: 50_000 },
      { code: "SSS", name: "Social security", kind: "deduction", amount: 245_250 },
      { code: "SSS", name: "Social security", kind: "employer", amount: 517_750 },
    ],
    gross: 5_450_000,
    deductions: 245_250,
    net: 5_204_750,
    employer_cost: 5_967_750,
    taxable: 5_204_750,
    inputs: { pay_basis: "monthly", rate: 5_400_000, days_worked: 21, hours_worked: 168, overtime_hours: 2.5, late_minutes: 12, undertime_minutes: 30, absences: 1 },
    year_to_date: {
      gross: 54_700_000,
      deductions: 2_452_500,
      net: 52_247_500,
      taxable: 52_247_500,
      lines: [
        { code: "BASIC", name: "Basic pay", kind: "earning", amount: 54_000_000 },
        { code: "OT", name: "Overtime pay", kind: "earning", amount: 500_000 },
        { code: "BONUS", name: "Mid-year bonus", kind: "earning", amount: 200_000 },
        { code: "SSS", name: "Social security", kind: "deduction", amount: 2_452_500 },
        { code: "SSS", name: "Social security", kind: "employer", amount: 5_177_500 },
      ],
    },
    note: "Overtime of 28 October included.",
    withdrawn: null,
    ...changes,
  };
}

/** One of Dana's payslips as the year's list carries it. */
export function ownRow(id: number, payrollId: number, month: string, net: number, changes: Partial<OwnPayslipRow> = {}): OwnPayslipRow {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return {
    id,
    payroll_id: payrollId,
    payroll_name: `Payroll ${month}-01 – ${month}-${last}`,
    period_start: `${month}-01`,
    period_end: `${month}-${last}`,
    pay_date: `${month}-${String(Math.min(last, 28)).padStart(2, "0")}`,
    currency: "PHP",
    gross: net + 100_000,
    deductions: 100_000,
    net,
    ...changes,
  };
}

/** GET /api/payslips/user-payslips's answer for a year of these rows. */
export function ownYear(year: number | null, years: number[], payslips: OwnPayslipRow[]): OwnPayslipsReply {
  const total = (pick: (row: OwnPayslipRow) => number) => payslips.reduce((sum, row) => sum + pick(row), 0);
  return { year, years, payslips, totals: { gross: total((row) => row.gross), deductions: total((row) => row.deductions), net: total((row) => row.net) }, currency: "PHP" };
}

export const HISTORY: PayslipDownload[] = [
  { id: 2, user_id: 11, user_name: "Dana Reyes", via: "link", kind: "single", address: "203.0.113.7", user_agent: "Firefox", at: "2026-11-06T01:00:00.000Z" },
  { id: 1, user_id: 11, user_name: "Dana Reyes", via: "token", kind: "single", address: "198.51.100.4", user_agent: "Safari", at: "2026-11-05T09:30:00.000Z" },
];
