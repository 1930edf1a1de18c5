/**
 * The demo company's pay set-up, so that a first start can run payroll at
 * once: the Philippine statutory tables and the components a payroll officer
 * would enter through /deductions, with the same checks the API makes (each
 * body parsed by its contract's schema, the whole set planned). Written once
 * for every pay frequency: what is owed on the month is worked out on the
 * month to date (mtd) and each run takes what the month's earlier runs did not.
 *
 * - BASIC: the period's basic pay (taxable).
 * - OT: overtime at the settings' overtime_multiplier (1.25, Labor Code art. 87); on a rest
 *   day or special day 130 % of that day's 130 % rate, on a special day that is also the rest
 *   day of its 150 %, on a regular holiday of its 200 %, on a regular holiday that is also the
 *   rest day of its 260 % (DOLE Labor Advisory No. 12, s. 2025).
 * - REST_DAY: the first 8 hours on a rest day or a special non-working day at 130 %, on a special
 *   day that falls on the rest day at 150 % (art. 93; LA 12, s. 2025); HOLIDAY_WORK: on a regular
 *   holiday at 200 %, on one that falls on the rest day at 260 % (art. 94; LA 12, s. 2025). A
 *   monthly salary already pays every day of the month, so monthly-paid people get the part above 100 %.
 * - HOLIDAY_PAY: an unworked regular holiday at 100 % for people paid by the day or hour
 *   (art. 94(a); who qualifies: the payroll settings' rule), nothing more for monthly pay.
 * - NIGHT: 10 % of the rate of each hour worked between 22:00 and 06:00 (art. 86; DOLE Handbook on
 *   Workers' Statutory Monetary Benefits): of 130 % on a rest day or special day, of 150 % on a special day on
 *   the rest day, of 200 % on a regular holiday, of 260 % on a regular holiday on the rest day.
 * - LEAVE_PAY: approved paid leave (vacation, sick, service incentive leave: Labor Code art. 95) at the daily rate
 *   for people paid by the day or hour; a monthly salary already pays those days.
 * - LWOP: approved leave without pay at the daily rate off a monthly salary (people paid by the day or hour are
 *   not paid for those days in the first place).
 * - RICE: rice subsidy of 2,500 a month, in the month's last run; a de minimis benefit
 *   (RR 29-2025; not taxable).
 * - LATE and ABSENT: time not worked at the hourly and daily rate, for those whose pay
 *   would otherwise include it (late for everyone but the hourly-paid, absences for the
 *   monthly-paid: people paid by the day or hour are not paid for time not worked in the
 *   first place). Both come off taxable pay.
 * - SSS: 5% of the monthly salary credit of the month's basic pay (SSS Circular 2024-006:
 *   15% of MSC 5,000–35,000 in steps of 500); the employer 10% and, in the month's last
 *   run, the EC premium (10 below MSC 15,000, 30 from it).
 * - PHIC: PhilHealth, 5% of the month's basic salary between 10,000 and 100,000, half
 *   each (PhilHealth Advisory 2025-0002).
 * - HDMF: Pag-IBIG, 2% each of up to 10,000 a month (1% for the employee on 1,500 or
 *   less; HDMF Circular 460).
 * - WTAX: the BIR monthly withholding table in force from 1 January 2023 (RR 11-2018
 *   Annex E) on the month's taxable pay to date (after the employee's SSS, PhilHealth and
 *   Pag-IBIG, lateness and absences), less what the month's earlier runs withheld: the
 *   cumulative method, exact on the month whatever the frequency. The semi-monthly, weekly
 *   and daily tables of the same annex are there too, for an office that withholds per
 *   period instead.
 *
 * Contributions read the rounded BASIC (the month's salary as paid) and are nothing on a
 * month with no basic pay. An employee's share is the month's less what the month's runs
 * took (mtd of the line); an employer's, which mtd does not read, the month's less the
 * month's as it stood before this run (the same formula on mtd("BASIC") alone).
 * tests/api/payroll-statutory.test.ts enters this set through the API and checks it to
 * the centavo, monthly and semi-monthly.
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

/** A BIR table of RR 11-2018 Annex E (from 2023) as progressive rows: over each bound, its base plus its rate of the excess. */
const birTable = (code: string, name: string, rows: [over: string, base: string, rate: string][]): RateTableBody => ({
  code,
  name,
  kind: "progressive",
  effective_from: "2023-01-01",
  rows: rows.map(([over, base, rate]) => ({ over, base, rate })),
});

export const DEMO_RATE_TABLES: RateTableBody[] = [
  { code: "SSS_MSC", name: "SSS monthly salary credit (2025 schedule)", kind: "bands", effective_from: "2025-01-01", rows: SSS_BANDS },
  birTable("BIR_MONTHLY", "BIR withholding tax on compensation, monthly (from 2023)", [
    ["20833", "0", "0.15"],
    ["33333", "1875", "0.20"],
    ["66667", "8541.80", "0.25"],
    ["166667", "33541.80", "0.30"],
    ["666667", "183541.80", "0.35"],
  ]),
  birTable("BIR_SEMI_MONTHLY", "BIR withholding tax on compensation, semi-monthly (from 2023)", [
    ["10417", "0", "0.15"],
    ["16667", "937.50", "0.20"],
    ["33333", "4270.70", "0.25"],
    ["83333", "16770.70", "0.30"],
    ["333333", "91770.70", "0.35"],
  ]),
  birTable("BIR_WEEKLY", "BIR withholding tax on compensation, weekly (from 2023)", [
    ["4808", "0", "0.15"],
    ["7692", "432.60", "0.20"],
    ["15385", "1971.20", "0.25"],
    ["38462", "7740.45", "0.30"],
    ["153846", "42355.65", "0.35"],
  ]),
  birTable("BIR_DAILY", "BIR withholding tax on compensation, daily (from 2023)", [
    ["685", "0", "0.15"],
    ["1096", "61.65", "0.20"],
    ["2192", "280.85", "0.25"],
    ["5479", "1102.60", "0.30"],
    ["21918", "6034.30", "0.35"],
  ]),
];

const formula = (expression: string) => ({ type: "formula" as const, expression });

/** The month's basic pay to date, this run's included, and before it. */
const MONTH = 'mtd("BASIC") + BASIC';
const BEFORE = 'mtd("BASIC")';
const sss = (basic: string, rate: string) => `if(${basic} > 0, table("SSS_MSC", ${basic}) * ${rate}, 0)`;
const phic = (basic: string) => `if(${basic} > 0, clamp(${basic}, 10000, 100000) * 0.025, 0)`;

export const DEMO_PAY_COMPONENTS: ComponentBody[] = [
  { code: "BASIC", name: "Basic pay", kind: "earning", taxable: true, pre_tax: false, employer_share: null, calculation: formula("basic"), active: true, order: 10 },
  {
    code: "OT",
    name: "Overtime pay",
    kind: "earning",
    taxable: true,
    pre_tax: false,
    employer_share: null,
    calculation: formula("hourly_rate * (overtime_hours * overtime_multiplier + (rest_day_overtime_hours + special_holiday_overtime_hours) * 1.30 * 1.30 + special_holiday_rest_day_overtime_hours * 1.50 * 1.30 + regular_holiday_overtime_hours * 2 * 1.30 + regular_holiday_rest_day_overtime_hours * 2.60 * 1.30)"),
    active: true,
    order: 20,
  },
  {
    code: "REST_DAY",
    name: "Rest day and special day work",
    kind: "earning",
    taxable: true,
    pre_tax: false,
    employer_share: null,
    calculation: formula("hourly_rate * ((rest_day_hours + special_holiday_hours) * (1.30 - paid_monthly) + special_holiday_rest_day_hours * (1.50 - paid_monthly))"),
    active: true,
    order: 21,
  },
  { code: "HOLIDAY_WORK", name: "Regular holiday work", kind: "earning", taxable: true, pre_tax: false, employer_share: null, calculation: formula("hourly_rate * (regular_holiday_hours * (2 - paid_monthly) + regular_holiday_rest_day_hours * (2.60 - paid_monthly))"), active: true, order: 22 },
  { code: "HOLIDAY_PAY", name: "Regular holiday pay", kind: "earning", taxable: true, pre_tax: false, employer_share: null, calculation: formula("if(paid_monthly, 0, daily_rate * regular_holidays_unworked)"), active: true, order: 23 },
  { code: "NIGHT", name: "Night differential", kind: "earning", taxable: true, pre_tax: false, employer_share: null, calculation: formula("hourly_rate * 0.10 * (night_hours + (rest_day_night_hours + special_holiday_night_hours) * 0.30 + special_holiday_rest_day_night_hours * 0.50 + regular_holiday_night_hours + regular_holiday_rest_day_night_hours * 1.60)"), active: true, order: 24 },
  { code: "LEAVE_PAY", name: "Paid leave", kind: "earning", taxable: true, pre_tax: false, employer_share: null, calculation: formula("if(paid_monthly, 0, daily_rate * paid_leave_days)"), active: true, order: 25 },
  { code: "RICE", name: "Rice subsidy", kind: "earning", taxable: false, pre_tax: false, employer_share: null, calculation: formula("if(last_period_in_month, 2500, 0)"), active: true, order: 30 },
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
  { code: "LWOP", name: "Leave without pay", kind: "deduction", taxable: false, pre_tax: true, employer_share: null, calculation: formula("if(paid_monthly, daily_rate * unpaid_leave_days, 0)"), active: true, order: 51 },
  {
    code: "SSS",
    name: "SSS contribution",
    kind: "deduction",
    taxable: false,
    pre_tax: true,
    calculation: formula(`${sss(MONTH, "0.05")} - mtd("SSS")`),
    employer_share: formula(`${sss(MONTH, "0.10")} - ${sss(BEFORE, "0.10")} + if(last_period_in_month and ${MONTH} > 0, if(table("SSS_MSC", ${MONTH}) < 15000, 10, 30), 0)`),
    active: true,
    order: 60,
  },
  {
    code: "PHIC",
    name: "PhilHealth premium",
    kind: "deduction",
    taxable: false,
    pre_tax: true,
    calculation: formula(`${phic(MONTH)} - mtd("PHIC")`),
    employer_share: formula(`${phic(MONTH)} - ${phic(BEFORE)}`),
    active: true,
    order: 70,
  },
  {
    code: "HDMF",
    name: "Pag-IBIG contribution",
    kind: "deduction",
    taxable: false,
    pre_tax: true,
    calculation: formula(`min(${MONTH}, 10000) * if(${MONTH} <= 1500, 0.01, 0.02) - mtd("HDMF")`),
    employer_share: formula(`min(${MONTH}, 10000) * 0.02 - min(${BEFORE}, 10000) * 0.02`),
    active: true,
    order: 80,
  },
  { code: "WTAX", name: "Withholding tax", kind: "deduction", taxable: false, pre_tax: false, employer_share: null, calculation: formula('table("BIR_MONTHLY", mtd("taxable") + taxable) - mtd("WTAX")'), active: true, order: 90 },
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
