/**
 * mtd("CODE"): a contribution owed on the month, split across the month's
 * runs whatever the pay frequency. The SSS employee share is 5 % of the
 * monthly salary credit, which stops at 35,000.00 (SSS Circular No. 2024-006,
 * schedule of contributions from January 2025): on a 50,000.00 monthly salary
 * the month owes 1,750.00. Paid semi-monthly (25,000.00 a half), the first
 * half owes 5 % of 25,000.00 = 1,250.00 and the second the rest, 500.00.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents } from "../support/pay-components";
import { payslipOf as payslipIn, runTakenTo } from "../support/payroll-runs";
import { ADMIN, createPerson, type Person } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
const { must, refusal } = requestsTo(() => t);

const SSS = { code: "SSS", name: "SSS", kind: "deduction", calculation: { type: "formula", expression: 'min(mtd("basic") + basic, 35000) * 0.05 - mtd("SSS")' }, order: 2 };
const BASIC = { code: "BASIC", name: "Basic pay", kind: "earning", taxable: true, calculation: { type: "formula", expression: "basic" }, order: 1 };

const FIRST_HALF = { period_start: "2026-11-01", period_end: "2026-11-15", pay_date: "2026-11-15" };
const SECOND_HALF = { period_start: "2026-11-16", period_end: "2026-11-30", pay_date: "2026-11-30" };

/** A person paid 50,000.00 a month, hired long before. */
const monthly50k = () => createPerson(t, admin, { pay_basis: "monthly", base_rate: 5_000_000, currency: "USD", hire_date: "2020-01-01", end_date: null });

const payslipOf = (run: RunRecord, person: Person) => payslipIn(t, admin, run, person);
const amountOf = (payslip: PayslipRecord, code: string) => payslip.lines.find((line) => line.code === code && line.kind !== "employer")?.amount ?? 0;

/** The notices about the month's runs and the frequency (these people have no attendance: the window's notice is another test's). */
const aboutPay = (notice: RunRecord["notices"][number]) => notice.kind !== "attendance_incomplete";

async function recalculate(run: RunRecord): Promise<void> {
  await must(admin, "POST", `/api/payslip/generate-payslips/${run.id}`, undefined, 202);
  await t.app.ctx.jobs.idle();
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await createPayComponents(t, admin, [BASIC, SSS]);
  await must(admin, "PUT", "/api/settings/payroll", { pay_frequency: "semi_monthly" });
});

afterAll(async () => {
  await t?.close();
});

describe("mtd() in a run", () => {
  it("reads the month's approved runs, not one still being checked: the halves add up to the month's 1,750.00", async () => {
    const person = await monthly50k();
    const people = { user_ids: [person.id] };
    const first = await runTakenTo(t, admin, "calculated", { ...FIRST_HALF, people });
    const firstSlip = await payslipOf(first, person);
    expect(firstSlip.inputs.basic).toBe(2_500_000);
    expect(amountOf(firstSlip, "SSS")).toBe(125_000);

    // The first half is calculated, not approved: its figures may still change, so the second reads none of them
    // and owes on its own 25,000.00 as if it were the month's only run.
    const second = await runTakenTo(t, admin, "calculated", { ...SECOND_HALF, people });
    expect(amountOf(await payslipOf(second, person), "SSS")).toBe(125_000);

    // The run page says why, naming the open run; once it is approved, nothing is left to say.
    expect((await must(admin, "GET", `/api/payroll/${second.id}`)).notices.filter(aboutPay)).toEqual([{ kind: "earlier_run_open", detail: first.name, run_id: first.id }]);
    await must(admin, "POST", `/api/payroll/${first.id}/approve`);
    expect((await must(admin, "GET", `/api/payroll/${second.id}`)).notices.filter(aboutPay)).toEqual([]);
    await recalculate(second);
    const secondSlip = await payslipOf(second, person);
    expect(amountOf(secondSlip, "SSS")).toBe(50_000);
    expect(amountOf(firstSlip, "SSS") + amountOf(secondSlip, "SSS")).toBe(175_000);
  });

  it("counts a correction of an earlier run once, in the month of the run it corrects, whenever it is paid", async () => {
    const person = await monthly50k();
    const people = { user_ids: [person.id] };
    const first = await runTakenTo(t, admin, "released", { ...FIRST_HALF, people });
    // Paid in December, for November's first half: it replaces that half's payslip in November's sums.
    const correction = await runTakenTo(t, admin, "released", { ...FIRST_HALF, pay_date: "2026-12-04", people, corrects_id: first.id });
    expect(amountOf(await payslipOf(correction, person), "SSS")).toBe(125_000);

    const second = await runTakenTo(t, admin, "calculated", { ...SECOND_HALF, people });
    expect(amountOf(await payslipOf(second, person), "SSS")).toBe(50_000);
    // December's first run reads nothing of November's, the correction paid on 4 December included.
    const december = await runTakenTo(t, admin, "calculated", { period_start: "2026-12-01", period_end: "2026-12-15", pay_date: "2026-12-15", people });
    expect(amountOf(await payslipOf(december, person), "SSS")).toBe(125_000);
  });

  it("leaves other people's runs out: each person's month is their own", async () => {
    const [one, other] = [await monthly50k(), await monthly50k()];
    await runTakenTo(t, admin, "approved", { ...FIRST_HALF, people: { user_ids: [other.id] } });
    const second = await runTakenTo(t, admin, "calculated", { ...SECOND_HALF, people: { user_ids: [one.id, other.id] } });
    expect(amountOf(await payslipOf(second, one), "SSS")).toBe(125_000);
    expect(amountOf(await payslipOf(second, other), "SSS")).toBe(50_000);
  });
});

describe("a run's place in the pay calendar", () => {
  it("notes a period that is not one of the pay frequency's while the run is prepared, in the list and the run alike", async () => {
    const person = await monthly50k();
    const whole = await runTakenTo(t, admin, "draft", { period_start: "2026-10-01", period_end: "2026-10-31", pay_date: "2026-10-30", people: { user_ids: [person.id] } });
    const notice = { kind: "period_misfit", detail: "semi_monthly", run_id: null };
    expect((await must(admin, "GET", `/api/payroll/${whole.id}`)).notices.filter(aboutPay)).toEqual([notice]);
    const listed = await must(admin, "GET", "/api/payroll?filter[period_start][dateIs]=2026-10-01");
    expect(listed.find((run: RunRecord) => run.id === whole.id).notices.filter(aboutPay)).toEqual([notice]);
    // Approved, the run's figures are settled: there is nothing left to check before paying.
    const half = await runTakenTo(t, admin, "approved", { period_start: "2026-10-01", period_end: "2026-10-15", pay_date: "2026-10-15", people: { user_ids: [person.id] } });
    expect(half.notices.filter(aboutPay)).toEqual([]);
  });
});

describe("mtd() when a formula is written", () => {
  it("shows what the month's other runs paid in the preview, beside the variables", async () => {
    const person = await monthly50k();
    await runTakenTo(t, admin, "approved", { ...FIRST_HALF, people: { user_ids: [person.id] } });
    const tried = await must(admin, "POST", "/api/pay-components/preview", { component: SSS, user_id: person.id, period_start: SECOND_HALF.period_start, period_end: SECOND_HALF.period_end });
    expect(tried).toMatchObject({ amount: 50_000, inputs: { basic: "25000", 'mtd("SSS")': "1250", 'mtd("basic")': "25000" } });
  });

  it("refuses a code that is neither a component nor a payslip total, and a code not in quotes", async () => {
    const unknown = await refusal(admin, "POST", "/api/pay-components", { code: "PAGIBIG", name: "Pag-IBIG", kind: "deduction", calculation: { type: "formula", expression: 'min(basic, 10000) * 0.02 - mtd("HDMF")' } });
    expect(unknown.status).toBe(422);
    expect(unknown.errors).toEqual({ "calculation.expression": ["mtd() reads a component's code or basic, gross, taxable or net: HDMF is none of these."] });
    const bare = await refusal(admin, "POST", "/api/pay-components", { code: "PAGIBIG", name: "Pag-IBIG", kind: "deduction", calculation: { type: "formula", expression: "mtd(SSS)" } });
    expect(bare.errors).toEqual({ "calculation.expression": ['mtd() takes a code in quotes, e.g. mtd("SSS") or mtd("basic").'] });
  });
});
