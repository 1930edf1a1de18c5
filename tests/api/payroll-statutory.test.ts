/**
 * A worked example of Philippine payroll to the centavo: the statutory
 * tables and components entered through the API as a payroll officer would
 * type them, people with known monthly salaries, one month's run, and every
 * line checked against figures worked out by hand from the official rules:
 *
 * - SSS, schedule effective January 2025 (RA 11199, the Social Security Act of 2018):
 *   15% of the monthly salary credit (MSC), 5% employee and 10% employer;
 *   MSC 5,000 (compensation below 5,250) to 35,000 (34,750 and over) in
 *   steps of 500, each step from x,250 to x,749.99; the employer also pays
 *   the Employees' Compensation (EC) premium, 10 below MSC 15,000 and 30
 *   from it (so 250 / 510 at the floor, 1,750 / 3,530 at the ceiling).
 * - PhilHealth, 2024–2025 (RA 11223 section 10; PhilHealth Advisory
 *   2025-0002): 5% of the monthly basic salary, floor 10,000, ceiling
 *   100,000, shared equally (2.5% each, 250 to 2,500).
 * - Pag-IBIG, from February 2024 (HDMF Circular 460): 2% employee (1% on a
 *   fund salary of 1,500 or less) and 2% employer of at most 10,000 (200 each).
 * - Withholding tax on compensation, BIR monthly table effective
 *   1 January 2023 (RR 11-2018 Annex E, TRAIN): nothing up to 20,833;
 *   15% over 20,833; 1,875 + 20% over 33,333; 8,541.80 + 25% over 66,667;
 *   33,541.80 + 30% over 166,667; 183,541.80 + 35% over 666,667 — applied
 *   to taxable compensation after the employee's SSS, PhilHealth and
 *   Pag-IBIG shares (they are excluded from gross compensation income).
 * - Rice subsidy 2,500 a month: a de minimis benefit, not taxable
 *   (RR 29-2025, up from 2,000).
 *
 * Paid twice a month, the same set owes the month's contributions on the
 * month's basic pay to date and withholds by the monthly table on the
 * month's taxable pay to date (the cumulative method), each half taking what
 * the first did not: the month adds up to the monthly figures.
 *
 * Each line is rounded to the centavo half up (the company's default rule).
 * A second company paid in yen shows a currency without minor digits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_LEVEL, PERMISSIONS } from "../../contracts/permissions";
import type { PayslipDetail, PayslipRecord, RunRecord } from "../../contracts/payroll";
import { DEMO_LOGINS, seedCompany } from "../../server/db/seed";
import { DEMO_PAY_COMPONENTS, DEMO_RATE_TABLES } from "../../server/db/seed-payroll";
import { startTestApp, testConfig, type TestApp } from "../support/api";
import { ADMIN, call, createPerson } from "../support/people";

/** A company of one administrator (unpaid) in `currency`: the people to pay are created through the API. */
async function companyIn(currency: string, timeZone: string): Promise<{ t: TestApp; admin: string }> {
  const t = await startTestApp({ seed: false });
  const [admin] = DEMO_LOGINS;
  await seedCompany(
    t.database.db,
    {
      roles: { admin: { name: "Administrator", description: "Everything", permissions: PERMISSIONS } },
      people: [{ first_name: "Alex", last_name: "Admin", email: admin.email, password: admin.password, access_level: ACCESS_LEVEL.SUPER_ADMIN, role: "admin", currency, pay_basis: "monthly", base_rate: 0 }],
      profile: { legal_name: "Worked Example Inc.", currency, time_zone: timeZone },
    },
    testConfig().passwordHashing,
    t.clock.now(),
  );
  return { t, admin: await t.tokenFor(ADMIN.email) };
}

const post = async (t: TestApp, token: string, url: string, payload: unknown, status = 201) => {
  const response = await call(t, token, { method: "POST", url, payload: payload as Record<string, unknown> });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json().data;
};

/** Creates a run of these people, calculates it and reads it back with its payslips by person. */
async function runFor(t: TestApp, token: string, userIds: number[], period = { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27" }) {
  const run: RunRecord = await post(t, token, "/api/payroll", { ...period, people: { user_ids: userIds } });
  await post(t, token, `/api/payslip/generate-payslips/${run.id}`, undefined, 202);
  await t.app.ctx.jobs.idle();
  const read: RunRecord = (await call(t, token, { method: "GET", url: `/api/payroll/${run.id}` })).json().data;
  const slips: PayslipRecord[] = (await call(t, token, { method: "GET", url: `/api/payslips?filter[payroll_id][equals]=${run.id}&per_page=100` })).json().data;
  return { run: read, slip: (userId: number) => slips.find((slip) => slip.user_id === userId)!, slips };
}

/** A payslip's lines as { "kind:CODE": amount }. */
const linesOf = (slip: PayslipRecord) => Object.fromEntries(slip.lines.map((line) => [`${line.kind}:${line.code}`, line.amount]));

/** Pesos as centavos ("1,250.00" → 125000), so the expected figures read as the tables print them. */
const php = (text: string) => Math.round(Number(text.replace(/,/g, "")) * 100);

/** The statutory tables and components as a payroll officer enters them: the demo company's set (server/db/seed-payroll.ts). */
const TABLES = DEMO_RATE_TABLES;
const COMPONENTS = DEMO_PAY_COMPONENTS;

describe("a Philippine company paid monthly (PHP, Asia/Manila)", () => {
  let t: TestApp;
  let admin: string;
  const salaries = {
    /** The brief's example: every contribution inside its range. */
    typical: "25000.00",
    /** Above PhilHealth's ceiling, SSS's highest band and the 25% bracket. */
    high: "150000.00",
    /** Taxable exactly 20,833.00: the last centavo without tax. */
    untaxed: "22751.79",
    /** Taxable 20,833.04: the first taxable centavos to round to a centavo of tax. */
    firstCentavo: "22751.84",
    /** Taxable exactly 33,333.00: the top of the 15% bracket. */
    bracketTop: "36187.69",
    /** Taxable 33,334.00: a peso into the 20% bracket. */
    bracketNext: "36188.72",
    /** Below PhilHealth's floor and in SSS's lowest band. */
    low: "5000.00",
  };
  const ids: Record<keyof typeof salaries, number> = {} as never;

  beforeAll(async () => {
    ({ t, admin } = await companyIn("PHP", "Asia/Manila"));
    for (const table of TABLES) await post(t, admin, "/api/rate-tables", table);
    for (const component of COMPONENTS) await post(t, admin, "/api/pay-components", component);
    for (const [key, salary] of Object.entries(salaries)) {
      ids[key as keyof typeof salaries] = (await createPerson(t, admin, { currency: "PHP", pay_basis: "monthly", base_rate: php(salary), hire_date: "2024-06-03" })).id;
    }
  });
  afterAll(() => t.close());

  /** Every line of a payslip, the employer's shares included, and its totals, in pesos as printed. */
  type Expected = { lines: Record<string, string>; taxable: string; gross: string; deductions: string; net: string; employer_cost: string };
  const expected: Record<keyof typeof salaries, Expected> = {
    // MSC 25,000: SSS 5% = 1,250.00, employer 10% = 2,500.00 + EC 30. PhilHealth 2.5% of 25,000 = 625.00 each.
    // Pag-IBIG 2% of 10,000 = 200.00 each. Taxable 25,000 − 1,250 − 625 − 200 = 22,925.00; tax 15% × (22,925 − 20,833) = 313.80.
    typical: {
      lines: { "earning:BASIC": "25000.00", "earning:RICE": "2500.00", "deduction:SSS": "1250.00", "deduction:PHIC": "625.00", "deduction:HDMF": "200.00", "deduction:WTAX": "313.80", "employer:SSS": "2530.00", "employer:PHIC": "625.00", "employer:HDMF": "200.00" },
      taxable: "22925.00",
      gross: "27500.00",
      deductions: "2388.80",
      net: "25111.20",
      employer_cost: "30855.00",
    },
    // MSC capped at 35,000: 1,750.00 / 3,500.00 + EC 30. PhilHealth on the 100,000 ceiling: 2,500.00 each.
    // Taxable 150,000 − 1,750 − 2,500 − 200 = 145,550.00; tax 8,541.80 + 25% × (145,550 − 66,667) = 8,541.80 + 19,720.75 = 28,262.55.
    high: {
      lines: { "earning:BASIC": "150000.00", "earning:RICE": "2500.00", "deduction:SSS": "1750.00", "deduction:PHIC": "2500.00", "deduction:HDMF": "200.00", "deduction:WTAX": "28262.55", "employer:SSS": "3530.00", "employer:PHIC": "2500.00", "employer:HDMF": "200.00" },
      taxable: "145550.00",
      gross: "152500.00",
      deductions: "32712.55",
      net: "119787.45",
      employer_cost: "158730.00",
    },
    // 22,751.79 is in the 22,750 – 23,249.99 band: MSC 23,000, SSS 1,150.00 / 2,300.00 + EC 30. PhilHealth 2.5% = 568.79475 → 568.79.
    // Taxable 22,751.79 − 1,150 − 568.79 − 200 = 20,833.00: the top of the first bracket, no tax (and no tax line).
    untaxed: {
      lines: { "earning:BASIC": "22751.79", "earning:RICE": "2500.00", "deduction:SSS": "1150.00", "deduction:PHIC": "568.79", "deduction:HDMF": "200.00", "employer:SSS": "2330.00", "employer:PHIC": "568.79", "employer:HDMF": "200.00" },
      taxable: "20833.00",
      gross: "25251.79",
      deductions: "1918.79",
      net: "23333.00",
      employer_cost: "28350.58",
    },
    // PhilHealth 2.5% of 22,751.84 = 568.796 → 568.80. Taxable 20,833.04; tax 15% × 0.04 = 0.006 → 0.01.
    firstCentavo: {
      lines: { "earning:BASIC": "22751.84", "earning:RICE": "2500.00", "deduction:SSS": "1150.00", "deduction:PHIC": "568.80", "deduction:HDMF": "200.00", "deduction:WTAX": "0.01", "employer:SSS": "2330.00", "employer:PHIC": "568.80", "employer:HDMF": "200.00" },
      taxable: "20833.04",
      gross: "25251.84",
      deductions: "1918.81",
      net: "23333.03",
      employer_cost: "28350.64",
    },
    // MSC 35,000 (34,750 and over). PhilHealth 2.5% of 36,187.69 = 904.69225 → 904.69. Taxable 36,187.69 − 1,750 − 904.69 − 200 = 33,333.00:
    // the 15% bracket's top, 15% × 12,500 = 1,875.00 (the next bracket's base: the table is continuous).
    bracketTop: {
      lines: { "earning:BASIC": "36187.69", "earning:RICE": "2500.00", "deduction:SSS": "1750.00", "deduction:PHIC": "904.69", "deduction:HDMF": "200.00", "deduction:WTAX": "1875.00", "employer:SSS": "3530.00", "employer:PHIC": "904.69", "employer:HDMF": "200.00" },
      taxable: "33333.00",
      gross: "38687.69",
      deductions: "4729.69",
      net: "33958.00",
      employer_cost: "43322.38",
    },
    // PhilHealth 904.718 → 904.72; taxable 33,334.00; tax 1,875 + 20% × 1 = 1,875.20.
    bracketNext: {
      lines: { "earning:BASIC": "36188.72", "earning:RICE": "2500.00", "deduction:SSS": "1750.00", "deduction:PHIC": "904.72", "deduction:HDMF": "200.00", "deduction:WTAX": "1875.20", "employer:SSS": "3530.00", "employer:PHIC": "904.72", "employer:HDMF": "200.00" },
      taxable: "33334.00",
      gross: "38688.72",
      deductions: "4729.92",
      net: "33958.80",
      employer_cost: "43323.44",
    },
    // MSC 5,000 (below 5,250): 250.00 / 500.00 + EC 10. PhilHealth on the 10,000 floor: 250.00 each. Pag-IBIG 2% of 5,000 = 100.00 each.
    // Taxable 5,000 − 250 − 250 − 100 = 4,400.00: no tax.
    low: {
      lines: { "earning:BASIC": "5000.00", "earning:RICE": "2500.00", "deduction:SSS": "250.00", "deduction:PHIC": "250.00", "deduction:HDMF": "100.00", "employer:SSS": "510.00", "employer:PHIC": "250.00", "employer:HDMF": "100.00" },
      taxable: "4400.00",
      gross: "7500.00",
      deductions: "600.00",
      net: "6900.00",
      employer_cost: "8360.00",
    },
  };

  it("pays each salary to the centavo: SSS, PhilHealth, Pag-IBIG and withholding tax as the official tables give them", async () => {
    const { run, slip, slips } = await runFor(t, admin, Object.values(ids));
    expect(run).toMatchObject({ status: "calculated", currency: "PHP", warnings: [] });
    expect(slips).toHaveLength(Object.keys(salaries).length);
    for (const [key, want] of Object.entries(expected)) {
      const payslip = slip(ids[key as keyof typeof salaries]);
      const lines = Object.fromEntries(Object.entries(want.lines).map(([line, amount]) => [line, php(amount)]));
      expect({ key, lines: linesOf(payslip) }).toEqual({ key, lines });
      expect({ key, taxable: payslip.taxable, gross: payslip.gross, deductions: payslip.deductions, net: payslip.net, employer_cost: payslip.employer_cost }).toEqual({
        key,
        taxable: php(want.taxable),
        gross: php(want.gross),
        deductions: php(want.deductions),
        net: php(want.net),
        employer_cost: php(want.employer_cost),
      });
      // Earnings first, then deductions, in the order set; the employer's shares after them.
      expect(payslip.lines.map((line) => line.kind)).toEqual([...payslip.lines.map((line) => line.kind)].sort((a, b) => ["earning", "deduction", "employer"].indexOf(a) - ["earning", "deduction", "employer"].indexOf(b)));
    }
    const sum = (pick: (slip: PayslipRecord) => number) => slips.reduce((total, payslip) => total + pick(payslip), 0);
    expect(run.totals).toEqual({ people: slips.length, gross: sum((s) => s.gross), deductions: sum((s) => s.deductions), net: sum((s) => s.net), employer_cost: sum((s) => s.employer_cost) });
  });

  it("prorates a new hire by calendar days and reads the contributions from the prorated salary", async () => {
    // Hired on 16 February: 13 of February's 28 days, 25,000 × 13 / 28 = 11,607.142857… → 11,607.14.
    // MSC 11,500 (11,250 – 11,749.99): SSS 575.00 / 1,150.00 + EC 10. PhilHealth 2.5% = 290.1785 → 290.18. Pag-IBIG 200.00.
    // Taxable 11,607.14 − 575 − 290.18 − 200 = 10,541.96: no tax.
    const hired = await createPerson(t, admin, { currency: "PHP", pay_basis: "monthly", base_rate: php("25000.00"), hire_date: "2026-02-16" });
    const { slip } = await runFor(t, admin, [hired.id]);
    expect(linesOf(slip(hired.id))).toEqual({
      "earning:BASIC": php("11607.14"),
      "earning:RICE": php("2500.00"),
      "deduction:SSS": php("575.00"),
      "deduction:PHIC": php("290.18"),
      "deduction:HDMF": php("200.00"),
      "employer:SSS": php("1160.00"),
      "employer:PHIC": php("290.18"),
      "employer:HDMF": php("200.00"),
    });
    expect(slip(hired.id).taxable).toBe(php("10541.96"));
  });

  it("previews a contribution for one person with what it read", async () => {
    const sss = COMPONENTS.find((component) => component.code === "SSS")!;
    const response = await call(t, admin, { method: "POST", url: "/api/pay-components/preview", payload: { component: sss, user_id: ids.typical, period_start: "2026-02-01", period_end: "2026-02-28" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ amount: php("1250.00"), employer_amount: php("2530.00"), currency: "PHP", inputs: { BASIC: "25000", last_period_in_month: "1", 'mtd("BASIC")': "0", 'mtd("SSS")': "0" } });
    const tax = COMPONENTS.find((component) => component.code === "WTAX")!;
    const taxed = await call(t, admin, { method: "POST", url: "/api/pay-components/preview", payload: { component: tax, user_id: ids.high, period_start: "2026-02-01", period_end: "2026-02-28" } });
    expect(taxed.json().data).toEqual({ amount: php("28262.55"), employer_amount: null, currency: "PHP", inputs: { taxable: "145550", 'mtd("WTAX")': "0", 'mtd("taxable")': "0" } });
  });

  // Known bug, recorded rather than fixed here: a band holds x only when from ≤ x ≤ to, and rows may not touch (each `from`
  // must exceed the previous `to`), so a table typed as printed ("5,250 – 5,749.99") has a gap of less than a centavo
  // between rows that no row can close; the `basic` variable is unrounded (a prorated month), so it can fall in the gap and
  // the table answers 0: no SSS at all. The demo's set reads the rounded BASIC component and is not affected.
  // Fix proposed: read x to the decimals the bounds are written in (floor) in rate-table.ts; tests/unit/pay-engine.test.ts
  // pins today's behaviour ("0 … between two-decimal bounds") and would change with it.
  it("reads a band table written in centavos for an amount between two of its rows' centavos (the unrounded basic of a prorated month)", async () => {
    // 5,962.96 a month from 2 February: 27 of 28 days, basic = 5,749.997142… — above the 5,250 – 5,749.99 row's last centavo
    // and below the next row's 5,750. The table as printed means "up to 5,750": MSC 5,500, SSS 275.00.
    const hired = await createPerson(t, admin, { currency: "PHP", pay_basis: "monthly", base_rate: php("5962.96"), hire_date: "2026-02-02" });
    const component = { code: "SSS_FROM_BASIC", name: "SSS read from the unrounded basic", kind: "deduction", calculation: { type: "formula", expression: 'table("SSS_MSC", basic) * 0.05' } };
    const response = await call(t, admin, { method: "POST", url: "/api/pay-components/preview", payload: { component, user_id: hired.id, period_start: "2026-02-01", period_end: "2026-02-28" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.inputs.basic).toMatch(/^5749\.997142/);
    expect(response.json().data.amount).toBe(php("275.00"));
  });
});

describe("the same company paid twice a month", () => {
  let t: TestApp;
  let admin: string;
  let person: number;
  let secondHalf: PayslipRecord;
  const HALVES = [
    { period_start: "2026-11-01", period_end: "2026-11-15", pay_date: "2026-11-13" },
    { period_start: "2026-11-16", period_end: "2026-11-30", pay_date: "2026-11-27" },
  ];

  beforeAll(async () => {
    ({ t, admin } = await companyIn("PHP", "Asia/Manila"));
    for (const table of TABLES) await post(t, admin, "/api/rate-tables", table);
    for (const component of COMPONENTS) await post(t, admin, "/api/pay-components", component);
    const settings = await call(t, admin, { method: "PUT", url: "/api/settings/payroll", payload: { pay_frequency: "semi_monthly" } });
    expect(settings.statusCode, settings.body).toBe(200);
    person = (await createPerson(t, admin, { currency: "PHP", pay_basis: "monthly", base_rate: php("50000.00"), hire_date: "2024-06-03" })).id;
  });
  afterAll(() => t.close());

  it("owes on a 50,000.00 salary what a monthly run would: SSS 1,750.00, PhilHealth 1,250.00, Pag-IBIG 200.00, withholding 4,568.40", async () => {
    const first = await runFor(t, admin, [person], HALVES[0]);
    // MSC of 25,000.00 so far: SSS 1,250.00 / 2,500.00 (the EC premium waits for the month's last run). PhilHealth 2.5 % of
    // 25,000 = 625.00 each; Pag-IBIG 2 % of the 10,000 ceiling = 200.00 each. Taxable 25,000 − 1,250 − 625 − 200 = 22,925.00:
    // the monthly table on the month so far, 15 % × (22,925 − 20,833) = 313.80. No rice subsidy before the month's last run.
    expect(linesOf(first.slip(person))).toEqual({
      "earning:BASIC": php("25000.00"),
      "deduction:SSS": php("1250.00"),
      "deduction:PHIC": php("625.00"),
      "deduction:HDMF": php("200.00"),
      "deduction:WTAX": php("313.80"),
      "employer:SSS": php("2500.00"),
      "employer:PHIC": php("625.00"),
      "employer:HDMF": php("200.00"),
    });
    await post(t, admin, `/api/payroll/${first.run.id}/approve`, undefined, 200);

    const second = await runFor(t, admin, [person], HALVES[1]);
    // The month's MSC is 35,000 (50,000 is over 34,750): SSS 1,750.00 less 1,250.00 = 500.00; the employer's 3,500.00 less
    // 2,500.00 = 1,000.00, plus EC 30.00. PhilHealth 2.5 % of 50,000 = 1,250.00 less 625.00. Pag-IBIG: the month's 200.00 is paid.
    // Taxable 25,000 − 500 − 625 = 23,875.00; the month's 46,800.00 is taxed 1,875 + 20 % × (46,800 − 33,333) = 4,568.40,
    // less 313.80 withheld: 4,254.60.
    expect(linesOf(second.slip(person))).toEqual({
      "earning:BASIC": php("25000.00"),
      "earning:RICE": php("2500.00"),
      "deduction:SSS": php("500.00"),
      "deduction:PHIC": php("625.00"),
      "deduction:WTAX": php("4254.60"),
      "employer:SSS": php("1030.00"),
      "employer:PHIC": php("625.00"),
    });
    secondHalf = second.slip(person);
    const month = (code: string, kind = "deduction") => [first, second].reduce((sum, half) => sum + (linesOf(half.slip(person))[`${kind}:${code}`] ?? 0), 0);
    expect({ sss: month("SSS"), phic: month("PHIC"), hdmf: month("HDMF"), wtax: month("WTAX"), rice: month("RICE", "earning"), sssEmployer: month("SSS", "employer") }).toEqual({
      sss: php("1750.00"),
      phic: php("1250.00"),
      hdmf: php("200.00"),
      wtax: php("4568.40"),
      rice: php("2500.00"),
      sssEmployer: php("3530.00"),
    });
  });

  it("explains the second half's withholding and SSS with the figures, month-to-date amounts and table rows they were worked out from", async () => {
    const response = await call(t, admin, { method: "GET", url: `/api/payslips/${secondHalf.id}` });
    expect(response.statusCode, response.body).toBe(200);
    const { explanation }: PayslipDetail = response.json().data;
    const line = (code: string, kind = "deduction") => explanation!.find((one) => one.code === code && one.kind === kind)!;
    // The issue's own example, from the BIR monthly table (RR 11-2018 Annex E): the month's taxable 22,925.00 + 23,875.00 =
    // 46,800.00 falls in the row over 33,333.00, 1,875.00 + 20 % × 13,467.00 = 4,568.40; 313.80 was withheld by the first half.
    expect(line("WTAX")).toEqual({
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
    });
    // SSS (Circular 2024-006): the month's 50,000.00 is in the top band (34,750.00 and over, MSC 35,000.00); the first half paid 1,250.00.
    const sss = line("SSS");
    expect(sss.reads).toEqual([{ name: "BASIC", value: "25000" }]);
    expect(sss.month_to_date).toEqual(expect.arrayContaining([{ code: "SSS", value: "1250" }]));
    expect(sss.tables.map(({ code, x, row, result }) => ({ code, x, to: row && "to" in row ? row.to : undefined, result }))).toEqual([{ code: "SSS_MSC", x: "50000", to: null, result: "35000" }]);
    // The employer's share has its own account: the month's 10 % less the month before this run's, and the EC premium of 30.00.
    expect(line("SSS", "employer").tables.map((reading) => reading.result)).toEqual(expect.arrayContaining(["35000", "25000"]));
    expect(line("RICE", "earning")).toMatchObject({ source: "calculation", reads: [{ name: "last_period_in_month", value: "1" }], tables: [] });
  });
});

describe("a company paid in yen (no minor unit)", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await companyIn("JPY", "Asia/Tokyo"));
    await post(t, admin, "/api/pay-components", { code: "BASIC", name: "基本給", kind: "earning", taxable: true, calculation: { type: "formula", expression: "basic" }, order: 10 });
    // An illustrative 5% insurance share (not a statutory rate): a percentage whose result has fractions of a yen.
    await post(t, admin, "/api/pay-components", { code: "INSURANCE", name: "Insurance", kind: "deduction", pre_tax: true, calculation: { type: "percent", rate: "0.05", of: "BASIC" }, employer_share: { type: "percent", rate: "0.05", of: "BASIC" }, order: 20 });
  });
  afterAll(() => t.close());

  it("rounds every line to the yen and keeps money in yen on the wire", async () => {
    // ¥300,000 a month from 10 February: 19 of 28 days, 300,000 × 19 / 28 = 203,571.43 → ¥203,571; 5% = 10,178.55 → ¥10,179.
    const hired = await createPerson(t, admin, { currency: "JPY", pay_basis: "monthly", base_rate: 300000, hire_date: "2026-02-10" });
    // ¥250,010 a full month: 5% = 12,500.5 → ¥12,501 (half up).
    const whole = await createPerson(t, admin, { currency: "JPY", pay_basis: "monthly", base_rate: 250010, hire_date: "2025-04-01" });
    const { run, slip } = await runFor(t, admin, [hired.id, whole.id]);
    expect(run).toMatchObject({ currency: "JPY", warnings: [] });
    expect(linesOf(slip(hired.id))).toEqual({ "earning:BASIC": 203571, "deduction:INSURANCE": 10179, "employer:INSURANCE": 10179 });
    expect(slip(hired.id)).toMatchObject({ currency: "JPY", gross: 203571, deductions: 10179, net: 193392, taxable: 193392, employer_cost: 213750 });
    expect(linesOf(slip(whole.id))).toEqual({ "earning:BASIC": 250010, "deduction:INSURANCE": 12501, "employer:INSURANCE": 12501 });
    expect(run.totals).toEqual({ people: 2, gross: 453581, deductions: 22680, net: 430901, employer_cost: 476261 });
  });
});
