/**
 * GET /api/payslips/{id} explains each line as it was calculated: the calculation followed, the figures read, what was set
 * for the person, the office's one-off lines. The account is kept with the payslip: editing a component afterwards changes
 * no payslip's explanation until it is calculated again. Who may read a payslip may read its explanation, and no one else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LineExplanation, PayslipDetail, PayslipRecord, RunRecord } from "../../contracts/payroll";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents } from "../support/pay-components";
import { month, payslipOf as payslipIn, runTakenTo } from "../support/payroll-runs";
import { ADMIN, employeeSignedIn, type Person } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
let components: Record<string, number>;
const { must, refusal } = requestsTo(() => t);

/** 3,000.00 a month, hired long before. */
const monthly3000 = () => employeeSignedIn(t, admin, { pay_basis: "monthly", base_rate: 300_000, currency: "USD", hire_date: "2020-01-01", end_date: null });

const payslipOf = (run: RunRecord, person: Person) => payslipIn(t, admin, run, person);
const explained = async (payslip: PayslipRecord, token = admin): Promise<PayslipDetail> => must(token, "GET", `/api/payslips/${payslip.id}`);
const lineOf = (detail: PayslipDetail, code: string, kind: LineExplanation["kind"] = code === "BASIC" || code === "ALLOW" ? "earning" : "deduction") =>
  detail.explanation!.find((line) => line.code === code && line.kind === kind)!;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  components = await createPayComponents(t, admin);
});

afterAll(async () => {
  await t?.close();
});

describe("a payslip's explanation", () => {
  it("gives every line its calculation and the figures it read: a formula, a fixed amount, a percent and its employer's share", async () => {
    const person = await monthly3000();
    const run = await runTakenTo(t, admin, "calculated", { ...month(1), people: { user_ids: [person.id] } });
    const detail = await explained(await payslipOf(run, person));
    // Every line, and nothing else, is explained.
    expect(detail.explanation!.map((line) => `${line.kind}:${line.code}`)).toEqual(detail.lines.map((line) => `${line.kind}:${line.code}`));
    expect(lineOf(detail, "BASIC")).toEqual({
      code: "BASIC",
      kind: "earning",
      source: "calculation",
      calculation: { type: "formula", expression: "basic" },
      override: null,
      reads: [{ name: "basic", value: "3000" }],
      month_to_date: [],
      tables: [],
    });
    expect(lineOf(detail, "ALLOW")).toMatchObject({ source: "calculation", calculation: { type: "fixed", amount: "100.00" }, reads: [] });
    // LEVY is 10 % of BASIC before tax; TAX 20 % of taxable = 3,100.00 − 300.00 (ALLOW is not taxable): 2,700.00 − … as read.
    expect(lineOf(detail, "LEVY")).toMatchObject({ calculation: { type: "percent", rate: "0.10", of: "BASIC" }, reads: [{ name: "BASIC", value: "3000" }] });
    expect(lineOf(detail, "LEVY", "employer")).toMatchObject({ calculation: { type: "percent", rate: "0.05", of: "BASIC" }, reads: [{ name: "BASIC", value: "3000" }] });
    expect(lineOf(detail, "TAX")).toMatchObject({ calculation: { type: "formula", expression: "taxable * 0.2" }, reads: [{ name: "taxable", value: "2700" }] });
  });

  it("says what was set for the person (an amount, or a rate for a percent) and marks the office's one-off lines", async () => {
    const person = await monthly3000();
    const period = month(2);
    const override = (code: string, mode: string, value: string) =>
      must(admin, "POST", "/api/pay-overrides", { user_id: person.id, component_id: components[code], mode, value, effective_from: period.period_start, effective_to: period.period_end, reason: "Agreed" }, 201);
    await override("ALLOW", "amount", "250.00");
    await override("LEVY", "rate", "0.04");
    const run = await runTakenTo(t, admin, "calculated", { ...period, people: { user_ids: [person.id] } });
    const payslip = await payslipOf(run, person);
    await must(admin, "PUT", `/api/payslips/update-user-payslip/${payslip.id}`, { adjustments: [{ name: "Back pay", kind: "earning", amount: 5000, taxable: true, reason: "January's overtime, paid late" }] });
    const detail = await explained(payslip);
    expect(lineOf(detail, "ALLOW")).toMatchObject({ source: "override_amount", calculation: null, override: "250", reads: [] });
    expect(lineOf(detail, "LEVY")).toMatchObject({ source: "override_rate", calculation: { type: "percent", rate: "0.10", of: "BASIC" }, override: "0.04", reads: [{ name: "BASIC", value: "3000" }] });
    // The employer's share follows its own calculation, not the person's rate.
    expect(lineOf(detail, "LEVY", "employer")).toMatchObject({ source: "calculation", override: null });
    const backPay = detail.explanation!.find((line) => line.code.startsWith("ADJ-"))!;
    expect(backPay).toMatchObject({ kind: "earning", source: "adjustment", calculation: null, reads: [] });
    // Recomputed with the back pay: taxable 3,000.00 − 120.00 + 50.00 = 2,930.00.
    expect(lineOf(detail, "TAX").reads).toEqual([{ name: "taxable", value: "2930" }]);
  });

  it("keeps the calculation the payslip was worked out with when the component changes afterwards, until it is calculated again", async () => {
    const person = await monthly3000();
    const run = await runTakenTo(t, admin, "calculated", { ...month(3), people: { user_ids: [person.id] } });
    const payslip = await payslipOf(run, person);
    const allowance = { code: "ALLOW", name: "Allowance", kind: "earning", calculation: { type: "fixed", amount: "100.00" }, order: 3 };
    await must(admin, "PUT", `/api/pay-components/${components.ALLOW}`, { ...allowance, calculation: { type: "fixed", amount: "120.00" } });
    try {
      expect(lineOf(await explained(payslip), "ALLOW").calculation).toEqual({ type: "fixed", amount: "100.00" });
      await must(admin, "POST", `/api/payslip/generate-payslips/${run.id}`, undefined, 202);
      await t.app.ctx.jobs.idle();
      expect(lineOf(await explained(await payslipOf(run, person)), "ALLOW").calculation).toEqual({ type: "fixed", amount: "120.00" });
    } finally {
      await must(admin, "PUT", `/api/pay-components/${components.ALLOW}`, allowance);
    }
  });

  it("lets the person read their own released payslip's explanation, and nobody without the right read anyone's", async () => {
    const person = await monthly3000();
    const other = await monthly3000();
    const run = await runTakenTo(t, admin, "released", { ...month(4), people: { user_ids: [person.id] } });
    const payslip = await payslipOf(run, person);
    expect(lineOf(await explained(payslip, person.token), "BASIC").reads).toEqual([{ name: "basic", value: "3000" }]);
    expect((await refusal(other.token, "GET", `/api/payslips/${payslip.id}`)).status).toBe(403);
    expect((await refusal(null, "GET", `/api/payslips/${payslip.id}`)).status).toBe(401);
  });
});
