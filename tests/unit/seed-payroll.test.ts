/**
 * The demo company's pay set-up (server/db/seed-payroll.ts): what a first
 * start shows on /deductions, and a month of payroll run at once on the
 * seeded people and attendance, from calculation to release, with every
 * statutory line where the official tables put it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ComponentRecord, PayslipRecord, RateTableRecord, RunRecord } from "../../contracts/payroll";
import { users } from "../../server/db/schema";
import { seedDemo } from "../../server/db/seed";
import { DEMO_PAY_COMPONENTS } from "../../server/db/seed-payroll";
import { startTestApp, testConfig, type TestApp } from "../support/api";
import { call, employeePayload } from "../support/people";

let t: TestApp;
let admin: string;
let officer: string;
let people: (typeof users.$inferSelect)[];

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  await t.database.db.transaction((tx) => seedDemo(tx, testConfig().passwordHashing, t.clock.now()));
  people = await t.database.db.select().from(users);
  admin = await t.tokenFor("admin@example.com", "Admin123!");
  officer = await t.tokenFor("payroll@example.com", "Payroll123!");
});
afterAll(() => t.close());

const get = async (token: string, url: string) => {
  const response = await call(t, token, { method: "GET", url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};

describe("the demo's pay set-up", () => {
  it("has the Philippine components and the statutory tables, as the API shows them", async () => {
    const components: ComponentRecord[] = (await get(officer, "/api/pay-components?per_page=100")).data;
    expect(components.map((component) => component.code)).toEqual(["BASIC", "OT", "REST_DAY", "HOLIDAY_WORK", "HOLIDAY_PAY", "NIGHT", "LEAVE_PAY", "RICE", "LATE", "ABSENT", "LWOP", "SSS", "PHIC", "HDMF", "WTAX"]);
    expect(components.every((component) => component.active)).toBe(true);
    expect(components.filter((component) => component.kind === "earning" && component.taxable).map((c) => c.code)).toEqual(["BASIC", "OT", "REST_DAY", "HOLIDAY_WORK", "HOLIDAY_PAY", "NIGHT", "LEAVE_PAY"]);
    expect(components.filter((component) => component.pre_tax).map((c) => c.code)).toEqual(["LATE", "ABSENT", "LWOP", "SSS", "PHIC", "HDMF"]);
    expect(components.filter((component) => component.employer_share).map((c) => c.code)).toEqual(["SSS", "PHIC", "HDMF"]);
    const tables: RateTableRecord[] = (await get(officer, "/api/rate-tables?per_page=100")).data;
    expect(tables.map((table) => [table.code, table.kind, table.effective_from, table.rows.length])).toEqual([
      ["BIR_DAILY", "progressive", "2023-01-01", 5],
      ["BIR_MONTHLY", "progressive", "2023-01-01", 5],
      ["BIR_SEMI_MONTHLY", "progressive", "2023-01-01", 5],
      ["BIR_WEEKLY", "progressive", "2023-01-01", 5],
      ["SSS_MSC", "bands", "2025-01-01", 61],
    ]);
  });

  it("takes absences from the monthly-paid only and lateness from all but the hourly-paid: the others are not paid for that time in the first place", async () => {
    const preview = async (code: string, email: string) => {
      const component = DEMO_PAY_COMPONENTS.find((entry) => entry.code === code)!;
      const someone = people.find((person) => person.email === email)!;
      const response = await call(t, officer, { method: "POST", url: "/api/pay-components/preview", payload: { component, user_id: someone.id, period_start: "2026-02-01", period_end: "2026-02-28" } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { amount: number; inputs: Record<string, string> };
    };
    // The demo employee is paid by the hour: no lateness or absence line, whatever their days say.
    const hourly = await preview("ABSENT", "employee@example.com");
    expect(hourly).toMatchObject({ amount: 0, inputs: { paid_monthly: "0" } });
    expect((await preview("LATE", "employee@example.com")).amount).toBe(0);
    // Someone paid by the month with days missed pays for them at the daily rate.
    const monthly = people.filter((person) => person.pay_basis === "monthly" && person.archived_at === null);
    const absences = await Promise.all(monthly.map((person) => preview("ABSENT", person.email)));
    const missed = absences.find((entry) => Number(entry.inputs.absences) > 0);
    expect(missed, "a monthly-paid demo person with an absence in February").toBeDefined();
    expect(missed!.inputs.paid_monthly).toBe("1");
    expect(missed!.amount).toBe(Math.round(Number(missed!.inputs.daily_rate) * Number(missed!.inputs.absences) * 100));
  });

  it("is what a user could have entered: each component passes the preview's checks", async () => {
    const someone = people.find((person) => person.email === "admin@example.com")!;
    for (const component of DEMO_PAY_COMPONENTS) {
      const response = await call(t, officer, { method: "POST", url: "/api/pay-components/preview", payload: { component, user_id: someone.id, period_start: "2026-02-01", period_end: "2026-02-28" } });
      expect(response.statusCode, `${component.code}: ${response.body}`).toBe(200);
    }
  });
});

describe("a first month of payroll on the demo (February 2026, seeded on 2 March)", () => {
  let run: RunRecord;
  let slips: PayslipRecord[];
  const slipOf = (email: string) => slips.find((slip) => slip.user_id === people.find((person) => person.email === email)!.id)!;
  const line = (slip: PayslipRecord, kind: string, code: string) => slip.lines.find((entry) => entry.kind === kind && entry.code === code)?.amount ?? 0;

  beforeAll(async () => {
    const created = await call(t, officer, { method: "POST", url: "/api/payroll", payload: { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27" } });
    expect(created.statusCode, created.body).toBe(201);
    const queued = await call(t, officer, { method: "POST", url: `/api/payslip/generate-payslips/${created.json().data.id}` });
    expect(queued.statusCode, queued.body).toBe(202);
    await t.app.ctx.jobs.idle();
    run = (await get(officer, `/api/payroll/${created.json().data.id}`)).data;
    slips = (await get(officer, `/api/payslips?filter[payroll_id][equals]=${run.id}&per_page=100`)).data;
  });

  it("pays everyone with the company, with nothing that blocks approval", () => {
    expect(run).toMatchObject({ status: "calculated", currency: "PHP" });
    expect(run.warnings.filter((warning) => warning.kind === "negative_net" || warning.kind === "formula_error")).toEqual([]);
    const atWork = people.filter((person) => person.archived_at === null);
    expect(slips.length + run.warnings.length).toBeGreaterThanOrEqual(atWork.length);
    expect(slips.length).toBeGreaterThanOrEqual(atWork.length - 3);
    expect(slips.every((slip) => slip.net > 0 && slip.currency === "PHP")).toBe(true);
  });

  it("takes the statutory shares the tables give for the administrator's 95,000 a month", () => {
    const slip = slipOf("admin@example.com");
    expect(line(slip, "earning", "BASIC")).toBe(9_500_000);
    expect(line(slip, "earning", "RICE")).toBe(250_000);
    // MSC capped at 35,000: 1,750 / 3,500 + EC 30. PhilHealth 2.5% of 95,000 = 2,375 each. Pag-IBIG 200 each.
    expect([line(slip, "deduction", "SSS"), line(slip, "employer", "SSS")]).toEqual([175_000, 353_000]);
    expect([line(slip, "deduction", "PHIC"), line(slip, "employer", "PHIC")]).toEqual([237_500, 237_500]);
    expect([line(slip, "deduction", "HDMF"), line(slip, "employer", "HDMF")]).toEqual([20_000, 20_000]);
  });

  it("withholds each person's tax from the BIR table on their own taxable pay", () => {
    const brackets = [
      [0, 0, 0],
      [20833, 0, 0.15],
      [33333, 1875, 0.2],
      [66667, 8541.8, 0.25],
      [166667, 33541.8, 0.3],
      [666667, 183541.8, 0.35],
    ];
    for (const slip of slips) {
      const taxable = slip.taxable / 100;
      const [over, base, rate] = brackets.filter(([from]) => taxable > from).at(-1) ?? [0, 0, 0];
      expect({ user: slip.user_name, tax: line(slip, "deduction", "WTAX") }).toEqual({ user: slip.user_name, tax: Math.round((base + rate * (taxable - over)) * 100 + 1e-6) });
      const taxableLines = slip.lines.filter((entry) => ["BASIC", "OT"].includes(entry.code) && entry.kind === "earning").reduce((sum, entry) => sum + entry.amount, 0);
      const preTax = slip.lines.filter((entry) => ["LATE", "ABSENT", "LWOP", "SSS", "PHIC", "HDMF"].includes(entry.code) && entry.kind === "deduction").reduce((sum, entry) => sum + entry.amount, 0);
      expect(slip.taxable).toBe(taxableLines - preTax);
    }
  });

  it("docks lateness and absences from monthly pay only, and pays the seeded overtime", () => {
    const basisOf = (slip: PayslipRecord) => people.find((person) => person.id === slip.user_id)!.pay_basis;
    expect(slips.filter((slip) => basisOf(slip) !== "monthly").every((slip) => line(slip, "deduction", "ABSENT") === 0)).toBe(true);
    expect(slips.filter((slip) => basisOf(slip) === "hourly").every((slip) => line(slip, "deduction", "LATE") === 0)).toBe(true);
    expect(slips.some((slip) => basisOf(slip) === "monthly" && line(slip, "deduction", "LATE") > 0)).toBe(true);
    expect(slips.some((slip) => line(slip, "earning", "OT") > 0)).toBe(true);
  });

  it("pays a new hire of 25,000 a month the worked example's figures (tests/api/payroll-statutory.test.ts)", async () => {
    const created = await call(t, admin, { method: "POST", url: "/api/users", payload: employeePayload({ currency: "PHP", pay_basis: "monthly", base_rate: 2_500_000, hire_date: "2025-06-02" }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const run = await call(t, officer, { method: "POST", url: "/api/payroll", payload: { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", people: { user_ids: [id] } } });
    await call(t, officer, { method: "POST", url: `/api/payslip/generate-payslips/${run.json().data.id}` });
    await t.app.ctx.jobs.idle();
    const [slip]: PayslipRecord[] = (await get(officer, `/api/payslips?filter[payroll_id][equals]=${run.json().data.id}`)).data;
    expect(Object.fromEntries(slip.lines.map((entry) => [`${entry.kind}:${entry.code}`, entry.amount]))).toEqual({
      "earning:BASIC": 2_500_000,
      "earning:RICE": 250_000,
      "deduction:SSS": 125_000,
      "deduction:PHIC": 62_500,
      "deduction:HDMF": 20_000,
      "deduction:WTAX": 31_380,
      "employer:SSS": 253_000,
      "employer:PHIC": 62_500,
      "employer:HDMF": 20_000,
    });
    expect(slip).toMatchObject({ taxable: 2_292_500, net: 2_511_120 });
  });

  it("is approved and released by the administrator after the payroll officer's calculation", async () => {
    // The payroll officer prepares; releasing money is the administrator's (payroll_release).
    expect((await call(t, officer, { method: "POST", url: `/api/payroll/${run.id}/approve` })).statusCode).toBe(403);
    expect((await call(t, admin, { method: "POST", url: `/api/payroll/${run.id}/approve` })).statusCode).toBe(200);
    const released = await call(t, admin, { method: "POST", url: `/api/payroll/release/${run.id}` });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toMatchObject({ status: "released", totals: { people: slips.length } });
  });
});
