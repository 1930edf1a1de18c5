/**
 * The demo company's pay set-up, so that a first start can run payroll at
 * once: the Philippine statutory tables and the components a payroll officer
 * would enter through /deductions, with the same checks the API makes (each
 * body parsed by its contract's schema, the whole set planned).
 *
 * - BASIC: the period's basic pay (taxable).
 * - OT: hourly rate × overtime hours × 1.25 (Labor Code art. 87, ordinary days; taxable).
 * - RICE: rice subsidy of 2,500 a month, a de minimis benefit (RR 29-2025; not taxable).
 * - LATE and ABSENT: time not worked at the hourly and daily rate, for those whose pay
 *   would otherwise include it (late for everyone but the hourly-paid, absences for the
 *   monthly-paid: people paid by the day or hour are not paid for time not worked in the
 *   first place). Both come off taxable pay.
 * - SSS: 5% of the monthly salary credit (2025 schedule: 15% of MSC 5,000–35,000 in
 *   steps of 500); the employer pays 10% and the EC premium (10 below MSC 15,000, 30 from it).
 * - PHIC: PhilHealth, 5% of basic salary between 10,000 and 100,000 (2024–2025), half each.
 * - HDMF: Pag-IBIG, 2% each of up to 10,000 (1% for the employee on 1,500 or less; from February 2024).
 * - WTAX: the BIR monthly withholding table in force from 1 January 2023, on taxable pay
 *   after the employee's SSS, PhilHealth and Pag-IBIG (and lateness and absences).
 *
 * Contributions read the rounded BASIC (the month's salary as paid), and are nothing on
 * a month with no basic pay. The demo pays monthly; the tables are monthly ones.
 * tests/api/payroll-statutory.test.ts enters the same set through the API and checks it
 * to the centavo.
 */
import { componentBody, rateTableBody, type BandRow, type ComponentBody, type ProgressiveRow, type RateTableBody } from "../../contracts/payroll";
import { planPay } from "../modules/payroll/plan";
import type { Db } from "./client";
import { payComponents, rateTables } from "./schema";

/** SSS monthly salary credits of 2025 as the schedule prints them: below 5,250 → 5,000; x,250 – x,749.99 → the next 500; 34,750 and over → 35,000. */
const SSS_BANDS = [
  { from: "0", to: "5249.99", value: "5000" },
  ...Array.from({ length: 59 }, (_, step) => {
    const from = 5250 + 500 * step;
    return { from: String(from), to: `${from + 499}.99`, value: String(5500 + 500 * step) };
  }),
  { from: "34750", to: null, value: "35000" },
];

export const DEMO_RATE_TABLES: RateTableBody[] = [
  { code: "SSS_MSC", name: "SSS monthly salary credit (2025 schedule)", kind: "bands", effective_from: "2025-01-01", rows: SSS_BANDS },
  {
    code: "BIR_MONTHLY",
    name: "BIR withholding tax on compensation, monthly (from 2023)",
    kind: "progressive",
    effective_from: "2023-01-01",
    rows: [
      { over: "20833", base: "0", rate: "0.15" },
      { over: "33333", base: "1875", rate: "0.20" },
      { over: "66667", base: "8541.80", rate: "0.25" },
      { over: "166667", base: "33541.80", rate: "0.30" },
      { over: "666667", base: "183541.80", rate: "0.35" },
    ],
  },
];

const formula = (expression: string) => ({ type: "formula" as const, expression });

export const DEMO_PAY_COMPONENTS: ComponentBody[] = [
  { code: "BASIC", name: "Basic pay", kind: "earning", taxable: true, pre_tax: false, employer_share: null, calculation: formula("basic"), active: true, order: 10 },
  { code: "OT", name: "Overtime pay", kind: "earning", taxable: true, pre_tax: false, employer_share: null, calculation: formula("hourly_rate * overtime_hours * 1.25"), active: true, order: 20 },
  { code: "RICE", name: "Rice subsidy", kind: "earning", taxable: false, pre_tax: false, employer_share: null, calculation: { type: "fixed", amount: "2500.00" }, active: true, order: 30 },
  {
    code: "LATE",
    name: "Late and undertime",
    kind: "deduction",
    taxable: false,
    pre_tax: true,
    employer_share: null,
    calculation: formula("if(paid_hourly, 0, hourly_rate * (late_minutes + undertime_minutes) / 60)"),
    active: true,
    order: 40,
  },
  { code: "ABSENT", name: "Absences", kind: "deduction", taxable: false, pre_tax: true, employer_share: null, calculation: formula("if(paid_monthly, daily_rate * absences, 0)"), active: true, order: 50 },
  {
    code: "SSS",
    name: "SSS contribution",
    kind: "deduction",
    taxable: false,
    pre_tax: true,
    calculation: formula('if(BASIC > 0, table("SSS_MSC", BASIC) * 0.05, 0)'),
    employer_share: formula('if(BASIC > 0, table("SSS_MSC", BASIC) * 0.10 + if(table("SSS_MSC", BASIC) < 15000, 10, 30), 0)'),
    active: true,
    order: 60,
  },
  {
    code: "PHIC",
    name: "PhilHealth premium",
    kind: "deduction",
    taxable: false,
    pre_tax: true,
    calculation: formula("if(BASIC > 0, clamp(BASIC, 10000, 100000) * 0.025, 0)"),
    employer_share: formula("if(BASIC > 0, clamp(BASIC, 10000, 100000) * 0.025, 0)"),
    active: true,
    order: 70,
  },
  {
    code: "HDMF",
    name: "Pag-IBIG contribution",
    kind: "deduction",
    taxable: false,
    pre_tax: true,
    calculation: formula("min(BASIC, 10000) * if(BASIC <= 1500, 0.01, 0.02)"),
    employer_share: formula("min(BASIC, 10000) * 0.02"),
    active: true,
    order: 80,
  },
  { code: "WTAX", name: "Withholding tax", kind: "deduction", taxable: false, pre_tax: false, employer_share: null, calculation: formula('table("BIR_MONTHLY", taxable)'), active: true, order: 90 },
];

/** Writes the demo's pay set-up (two statements), after its people. */
export async function seedDemoPayroll(db: Db, now: Date): Promise<void> {
  // The checks a user's entry passes: a set the API would refuse never reaches the demo.
  const tables = DEMO_RATE_TABLES.map((table) => rateTableBody.parse(table));
  const components = DEMO_PAY_COMPONENTS.map((component) => componentBody.parse(component));
  planPay(
    components.map((component, index) => ({ ...component, id: index + 1 })),
    new Set(tables.map((table) => table.code)),
  );

  // Rows checked against their kind above.
  await db.insert(rateTables).values(tables.map((table) => ({ ...table, rows: table.rows as ProgressiveRow[] | BandRow[], created_at: now, updated_at: now })));
  await db.insert(payComponents).values(components.map((component) => ({ ...component, created_at: now, updated_at: now })));
}
