/**
 * The payroll office's edits of payslips in runs not yet approved, through
 * the API: adjustments added, changed and removed (the payslip worked out
 * again, tax included, the run's totals and warnings following, the
 * adjustments kept across recalculations), a note, taking someone out of a
 * run (one or many, and a recalculation leaves them out), the refusals (a run
 * approved, released or being calculated: 409; an adjustment not of this
 * payslip: 422) and who may do each.
 *
 * The company is the tests' own (USD, UTC) with the pay set-up of
 * payroll-runs.test.ts: BASIC (basic), OT (overtime), ALLOW (100.00, not
 * taxable), LEVY (10% of BASIC before tax, the employer another 5%), TAX (20%
 * of taxable). Someone paid 3,000.00 a month gets, for a whole month:
 * gross 3,100.00, taxable 2,700.00, tax 540.00, deductions 840.00, net 2,260.00,
 * employer cost 3,250.00.
 */
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import type { PayslipEditReply } from "../../contracts/payslips";
import { jobs, payrollRuns } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents } from "../support/pay-components";
import { PAYROLL_CALLERS, payrollCallerTokens, PAYSLIP_EDITORS, type PayrollCaller } from "../support/payroll-callers";
import { activitiesAfter, ADMIN, createPerson, employeeSignedIn, lastActivityId } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
const tokens: Record<string, string | null> = {};
const components: Record<string, number> = {};

const FEBRUARY = { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27" };
const NOT_EDITABLE = "Only payslips of draft and calculated runs can be changed; an approved run must be reopened first, and a released one stays as it is.";

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  Object.assign(tokens, await payrollCallerTokens(t, admin));
  Object.assign(components, await createPayComponents(t, admin));
});
afterAll(() => t.close());

const { send, must, refusal } = requestsTo(() => t);

/** Someone paid 3,000.00 a month since 2020: a person of their own, so every run of February may pay them. */
const person = () => createPerson(t, admin, { pay_basis: "monthly", base_rate: 300000, currency: "USD", hire_date: "2020-01-01", end_date: null });

const readRun = (id: number): Promise<RunRecord> => must(admin, "GET", `/api/payroll/${id}`);
async function calculate(id: number): Promise<RunRecord> {
  await must(admin, "POST", `/api/payslip/generate-payslips/${id}`, undefined, 202);
  await t.app.ctx.jobs.idle();
  return readRun(id);
}
const payslipsOf = async (runId: number): Promise<PayslipRecord[]> => must(admin, "GET", `/api/payslips?filter[payroll_id][equals]=${runId}&per_page=100`);
const linesOf = (slip: { lines: PayslipRecord["lines"] }) => Object.fromEntries(slip.lines.map((line) => [`${line.kind}:${line.code}`, line.amount]));

/** A calculated February run of `count` new people (or of those given): the run and each person's payslip, in the people's order. */
async function calculatedRun(count = 1, people?: number[]): Promise<{ run: RunRecord; slips: PayslipRecord[]; people: number[] }> {
  const ids = people ?? (await Promise.all(Array.from({ length: count }, person))).map((someone) => someone.id);
  const created: RunRecord = await must(admin, "POST", "/api/payroll", { ...FEBRUARY, people: { user_ids: ids } }, 201);
  const run = await calculate(created.id);
  const slips = await payslipsOf(run.id);
  return { run, slips: ids.map((id) => slips.find((slip) => slip.user_id === id)!), people: ids };
}
const oneSlip = async () => (await calculatedRun()).slips[0];

/** A run taken on to approved or released by the administrator. */
async function moveOn(runId: number, to: "approved" | "released") {
  await must(admin, "POST", `/api/payroll/${runId}/approve`);
  if (to === "released") await must(admin, "POST", `/api/payroll/release/${runId}`);
}

const adjust = (slipId: number, adjustments: unknown[], token = admin): Promise<PayslipEditReply> => must(token, "PUT", `/api/payslips/update-user-payslip/${slipId}`, { adjustments });
const readEdit = (slipId: number, token = admin): Promise<PayslipEditReply> => must(token, "GET", `/api/payslips/${slipId}/edit`);

const BACK_PAY = { name: "Back pay", kind: "earning", amount: 50000, taxable: true, reason: "January's overtime, paid late" };
const ADVANCE = { name: "Advance repaid", kind: "deduction", amount: 20000, reason: "Salary advance of 15 January" };

describe("adjustments", () => {
  it("adds, changes and removes adjustments: the payslip is worked out again, tax included, and the run's totals follow", async () => {
    const { run, slips } = await calculatedRun(2);
    const [slip, other] = slips;
    expect(slip).toMatchObject({ gross: 310000, deductions: 84000, net: 226000, taxable: 270000, employer_cost: 325000 });
    expect(run.totals).toEqual({ people: 2, gross: 620000, deductions: 168000, net: 452000, employer_cost: 650000 });
    const before = await lastActivityId(t, admin);

    // A taxable 500.00 raises gross to 3,600.00, taxable to 3,200.00 and the tax to 640.00; the 200.00 advance comes off net only:
    // deductions 300 + 640 + 200 = 1,140.00, net 2,460.00.
    const added = await adjust(slip.id, [BACK_PAY, ADVANCE]);
    const [backPay, advance] = added.adjustments;
    expect(added.adjustments).toEqual([
      { id: expect.any(Number), name: "Back pay", kind: "earning", amount: 50000, taxable: true, pre_tax: false, reason: "January's overtime, paid late", created_by_name: "Alex Admin", updated_at: expect.any(String) },
      { id: expect.any(Number), name: "Advance repaid", kind: "deduction", amount: 20000, taxable: false, pre_tax: false, reason: "Salary advance of 15 January", created_by_name: "Alex Admin", updated_at: expect.any(String) },
    ]);
    expect(linesOf(added)).toEqual({
      "earning:BASIC": 300000,
      "earning:ALLOW": 10000,
      "deduction:LEVY": 30000,
      "deduction:TAX": 64000,
      [`earning:ADJ-${backPay.id}`]: 50000,
      [`deduction:ADJ-${advance.id}`]: 20000,
      "employer:LEVY": 15000,
    });
    expect(added.lines.find((line) => line.code === `ADJ-${backPay.id}`)?.name).toBe("Back pay");
    expect(added).toMatchObject({ id: slip.id, gross: 360000, taxable: 320000, deductions: 114000, net: 246000, employer_cost: 375000, editable: true, note: null });
    expect((await readRun(run.id)).totals).toEqual({ people: 2, gross: 670000, deductions: 198000, net: 472000, employer_cost: 700000 });

    // One activity row: what was added, with why, and the net before and after.
    const [row] = await activitiesAfter(t, admin, before);
    expect(row).toMatchObject({ action: "payslip.adjusted", subject_type: "payslip", subject_id: slip.id });
    expect(row.changes).toMatchObject({
      payroll_id: run.id,
      user_id: slip.user_id,
      adjustments: { added: [{ name: "Back pay", amount: 50000, reason: "January's overtime, paid late" }, { name: "Advance repaid", amount: 20000 }], changed: [], removed: [] },
      net: { from: 226000, to: 246000 },
    });

    // The back pay doubled, the advance gone, a 100.00 pension contribution before tax: taxable 3,000 + 1,000 − 300 − 100 = 3,600.00, tax 720.00.
    const changed = await adjust(slip.id, [{ ...BACK_PAY, id: backPay.id, amount: 100000, reason: "February's too" }, { name: "Pension", kind: "deduction", amount: 10000, pre_tax: true, reason: "Voluntary contribution" }]);
    expect(changed.adjustments.map((adjustment) => [adjustment.id === backPay.id, adjustment.name, adjustment.amount])).toEqual([
      [true, "Back pay", 100000],
      [false, "Pension", 10000],
    ]);
    expect(linesOf(changed)).toMatchObject({ "deduction:TAX": 72000, [`earning:ADJ-${backPay.id}`]: 100000 });
    expect(linesOf(changed)).not.toHaveProperty(`deduction:ADJ-${advance.id}`);
    expect(changed).toMatchObject({ gross: 410000, taxable: 360000, deductions: 112000, net: 298000 });
    expect((await readRun(run.id)).totals).toMatchObject({ gross: 720000, net: 524000 });
    const [changeRow] = await activitiesAfter(t, admin, before + 1);
    expect(changeRow.changes).toMatchObject({
      adjustments: {
        added: [{ name: "Pension", pre_tax: true }],
        changed: [{ id: backPay.id, name: "Back pay", from: { amount: 50000, reason: "January's overtime, paid late" }, to: { amount: 100000, reason: "February's too" }, reason: "February's too" }],
        removed: [{ id: advance.id, name: "Advance repaid", amount: 20000, reason: "Salary advance of 15 January" }],
      },
      net: { from: 246000, to: 298000 },
    });

    // All removed: the payslip is the calculation's again; the other person's never moved.
    const removed = await adjust(slip.id, []);
    expect(removed).toMatchObject({ adjustments: [], gross: 310000, deductions: 84000, net: 226000, taxable: 270000 });
    expect(linesOf(removed)).toEqual(linesOf(slip));
    expect((await readRun(run.id)).totals).toEqual(run.totals);
    expect((await readEdit(other.id)).net).toBe(other.net);
  });

  it("writes nothing, and logs nothing, when the set sent is the set kept", async () => {
    const slip = await oneSlip();
    const saved = await adjust(slip.id, [BACK_PAY]);
    const before = await lastActivityId(t, admin);
    const again = await adjust(slip.id, saved.adjustments.map(({ id, name, kind, amount, taxable, pre_tax, reason }) => ({ id, name, kind, amount, taxable, pre_tax, reason })));
    expect(again.adjustments).toEqual(saved.adjustments);
    expect(await activitiesAfter(t, admin, before)).toEqual([]);
  });

  it("keeps each flag to its kind: a deduction is never taxable, an earning never before tax", async () => {
    const slip = await oneSlip();
    const saved = await adjust(slip.id, [
      { name: "Gift", kind: "earning", amount: 10000, pre_tax: true, reason: "Anniversary" },
      { name: "Fine", kind: "deduction", amount: 5000, taxable: true, reason: "Lost badge" },
    ]);
    expect(saved.adjustments.map(({ taxable, pre_tax }) => ({ taxable, pre_tax }))).toEqual([
      { taxable: false, pre_tax: false },
      { taxable: false, pre_tax: false },
    ]);
    expect(saved).toMatchObject({ gross: 320000, taxable: 270000, net: 226000 + 10000 - 5000 });
  });

  it("keeps adjustments and notes across a recalculation", async () => {
    const { run, slips } = await calculatedRun();
    const saved = await adjust(slips[0].id, [BACK_PAY]);
    await must(admin, "PUT", `/api/payslips/${slips[0].id}`, { note: "Back pay agreed with the manager" });
    await calculate(run.id);
    const [again] = await payslipsOf(run.id);
    const edit = await readEdit(again.id);
    expect(edit.adjustments).toEqual(saved.adjustments);
    expect(edit).toMatchObject({ note: "Back pay agreed with the manager", gross: saved.gross, taxable: saved.taxable, net: saved.net });
    expect(linesOf(edit)).toEqual(linesOf(saved));
    expect((await readRun(run.id)).totals).toMatchObject({ people: 1, gross: 360000, net: saved.net });
  });

  it("warns of a negative net as a calculation does (approval refused), and drops the warning once fixed", async () => {
    const { run, slips } = await calculatedRun(2);
    const [slip] = slips;
    const loan = { name: "Loan repaid", kind: "deduction", amount: 500000, reason: "Whole loan at once" };
    const negative = await adjust(slip.id, [loan]);
    expect(negative.net).toBe(226000 - 500000);
    expect((await readRun(run.id)).warnings).toEqual([{ user_id: slip.user_id, user_name: expect.any(String), kind: "negative_net", detail: null, message: null }]);
    expect((await refusal(admin, "POST", `/api/payroll/${run.id}/approve`)).status).toBe(409);

    await adjust(slip.id, [{ ...loan, id: negative.adjustments[0].id, amount: 100000, reason: "A tenth a month" }]);
    expect((await readRun(run.id)).warnings).toEqual([]);
    expect((await send(admin, "POST", `/api/payroll/${run.id}/approve`)).statusCode).toBe(200);
  });

  it("refuses an adjustment id that is not of this payslip (422 on its field), and one listed twice, saving nothing", async () => {
    const [mine, theirs] = [await oneSlip(), await oneSlip()];
    const [foreign] = (await adjust(theirs.id, [BACK_PAY])).adjustments;
    const [own] = (await adjust(mine.id, [ADVANCE])).adjustments;
    expect(await refusal(admin, "PUT", `/api/payslips/update-user-payslip/${mine.id}`, { adjustments: [ADVANCE, { ...BACK_PAY, id: foreign.id }] })).toEqual({
      status: 422,
      message: "This adjustment is not one of this payslip's: reload the payslip and try again.",
      errors: { "adjustments.1.id": ["This adjustment is not one of this payslip's: reload the payslip and try again."] },
    });
    expect((await refusal(admin, "PUT", `/api/payslips/update-user-payslip/${mine.id}`, { adjustments: [{ ...BACK_PAY, id: 2147483647 }] })).errors).toEqual({
      "adjustments.0.id": ["This adjustment is not one of this payslip's: reload the payslip and try again."],
    });
    expect((await refusal(admin, "PUT", `/api/payslips/update-user-payslip/${mine.id}`, { adjustments: [{ ...ADVANCE, id: own.id }, { ...ADVANCE, id: own.id }] })).errors).toEqual({
      "adjustments.1.id": ["This adjustment is listed twice."],
    });
    const edit = await readEdit(mine.id);
    expect(edit.adjustments).toEqual([own]);
    expect((await readEdit(theirs.id)).adjustments).toEqual([foreign]);
  });

  it("validates each adjustment: an amount above zero in whole minor units, a name, a kind and a reason", async () => {
    const slip = await oneSlip();
    const errors = async (adjustment: Record<string, unknown>) => (await refusal(admin, "PUT", `/api/payslips/update-user-payslip/${slip.id}`, { adjustments: [adjustment] })).errors;
    expect(await errors({ ...BACK_PAY, amount: 0 })).toEqual({ "adjustments.0.amount": ["Enter an amount above zero."] });
    expect(Object.keys(await errors({ ...BACK_PAY, amount: 12.5 }))).toEqual(["adjustments.0.amount"]);
    expect(Object.keys(await errors({ ...BACK_PAY, reason: " " }))).toEqual(["adjustments.0.reason"]);
    expect(Object.keys(await errors({ ...BACK_PAY, name: "" }))).toEqual(["adjustments.0.name"]);
    expect(Object.keys(await errors({ ...BACK_PAY, kind: "employer" }))).toEqual(["adjustments.0.kind"]);
    expect((await readEdit(slip.id)).adjustments).toEqual([]);
  });

  it("refuses adjustments a formula cannot take (422, naming the component), saving nothing", async () => {
    // 100 ÷ (gross − 5,000): a 1,900.00 earning makes gross exactly 5,000.00.
    const ratio = await must(admin, "POST", "/api/pay-components", { code: "RATIO", name: "Ratio", kind: "deduction", calculation: { type: "formula", expression: "100 / (gross - 5000)" }, order: 9 }, 201);
    try {
      const slip = await oneSlip();
      const refused = await refusal(admin, "PUT", `/api/payslips/update-user-payslip/${slip.id}`, { adjustments: [{ ...BACK_PAY, amount: 190000 }] });
      expect(refused).toEqual({
        status: 422,
        message: "With these adjustments, RATIO cannot be worked out: The formula divides by zero.",
        errors: { adjustments: ["With these adjustments, RATIO cannot be worked out: The formula divides by zero."] },
      });
      expect(await readEdit(slip.id)).toMatchObject({ adjustments: [], net: slip.net });
    } finally {
      await must(admin, "DELETE", `/api/pay-components/${ratio.id}`);
    }
  });
});

describe("the note", () => {
  it("is saved, shown to the editor and cleared when blank; the same note again changes nothing", async () => {
    const slip = await oneSlip();
    const before = await lastActivityId(t, admin);
    const saved = await must(admin, "PUT", `/api/payslips/${slip.id}`, { note: "  Paid by cheque this month  " });
    expect(saved).toMatchObject({ id: slip.id, note: "Paid by cheque this month", net: slip.net, editable: true });
    expect((await readEdit(slip.id)).note).toBe("Paid by cheque this month");
    const [row] = await activitiesAfter(t, admin, before);
    expect(row).toMatchObject({ action: "payslip.updated", subject_id: slip.id, changes: { note: { from: null, to: "Paid by cheque this month" } } });

    await must(admin, "PUT", `/api/payslips/${slip.id}`, { note: "Paid by cheque this month" });
    expect(await activitiesAfter(t, admin, before)).toHaveLength(1);
    expect((await must(admin, "PUT", `/api/payslips/${slip.id}`, { note: "" })).note).toBeNull();
    expect((await must(admin, "PUT", `/api/payslips/${slip.id}`, { note: "Again" })).note).toBe("Again");
    expect((await must(admin, "PUT", `/api/payslips/${slip.id}`, { note: null })).note).toBeNull();
    expect((await refusal(admin, "PUT", `/api/payslips/${slip.id}`, { note: "x".repeat(501) })).status).toBe(422);
  });
});

describe("when a payslip cannot be changed", () => {
  const edits = (slipId: number): [InjectOptions["method"], string, unknown?][] => [
    ["PUT", `/api/payslips/${slipId}`, { note: "Late" }],
    ["PUT", `/api/payslips/update-user-payslip/${slipId}`, { adjustments: [BACK_PAY] }],
    ["DELETE", `/api/payslips/${slipId}`],
  ];

  it.each(["approved", "released"] as const)("refuses every edit of a payslip of an %s run with a 409, and reads it as not editable", async (state) => {
    const { run, slips } = await calculatedRun();
    const [slip] = slips;
    await moveOn(run.id, state);
    for (const [method, url, body] of edits(slip.id)) expect(await refusal(admin, method, url, body), `${method} ${url}`).toEqual({ status: 409, message: NOT_EDITABLE });
    const bulk = await must(admin, "POST", "/api/payslips/bulk-delete", { ids: [slip.id] });
    expect(bulk).toEqual({ deleted: [], refused: [{ id: slip.id, message: NOT_EDITABLE }] });
    expect(await readEdit(slip.id)).toMatchObject({ editable: false, adjustments: [], note: null, net: slip.net });
    expect((await readRun(run.id)).totals).toEqual(run.totals);
  });

  it("refuses every edit while the run is being calculated (409), and reads it as not editable", async () => {
    const { run, slips } = await calculatedRun();
    const [slip] = slips;
    // The run's calculation as a worker holds it, mid-way.
    await t.database.db.update(jobs).set({ status: "running" }).where(eq(jobs.id, run.job_id!));
    try {
      for (const [method, url, body] of edits(slip.id)) {
        expect(await refusal(admin, method, url, body), `${method} ${url}`).toEqual({ status: 409, message: "This run is being calculated: wait until it is done." });
      }
      expect((await must(admin, "POST", "/api/payslips/bulk-delete", { ids: [slip.id] })).refused).toEqual([{ id: slip.id, message: "This run is being calculated: wait until it is done." }]);
      expect((await readEdit(slip.id)).editable).toBe(false);
    } finally {
      await t.database.db.update(jobs).set({ status: "completed" }).where(eq(jobs.id, run.job_id!));
    }
    expect((await readEdit(slip.id)).editable).toBe(true);
  });

  it("answers 404 for a payslip that is not there", async () => {
    for (const [method, url, body] of [["GET", "/api/payslips/2147483647/edit"], ...edits(2147483647)] as const) {
      expect((await send(admin, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe("taking someone out of a run", () => {
  it("deletes the payslip, re-sums the run, and a recalculation leaves the person out", async () => {
    const { run, slips, people } = await calculatedRun(2);
    const [leaving, staying] = slips;
    await adjust(leaving.id, [BACK_PAY]);
    const before = await lastActivityId(t, admin);
    const reply = await send(admin, "DELETE", `/api/payslips/${leaving.id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ data: { id: leaving.id }, message: "Payslip deleted: its person is left out of this run, recalculations included." });
    expect((await payslipsOf(run.id)).map((slip) => slip.user_id)).toEqual([staying.user_id]);
    expect((await readRun(run.id)).totals).toEqual({ people: 1, gross: 310000, deductions: 84000, net: 226000, employer_cost: 325000 });
    const [row] = await activitiesAfter(t, admin, before);
    expect(row).toMatchObject({ action: "payslip.deleted", subject_id: leaving.id, changes: { payslips: [{ id: leaving.id, payroll_id: run.id, user_id: people[0] }] } });
    expect((await send(admin, "GET", `/api/payslips/${leaving.id}/edit`)).statusCode).toBe(404);

    const recalculated = await calculate(run.id);
    expect(recalculated.totals.people).toBe(1);
    expect((await payslipsOf(run.id)).map((slip) => slip.user_id)).toEqual([staying.user_id]);
    const [stored] = await t.database.db.select({ excluded: payrollRuns.excluded_user_ids }).from(payrollRuns).where(eq(payrollRuns.id, run.id));
    expect(stored.excluded).toEqual([people[0]]);
  });

  it("takes a warning away with the person it was about", async () => {
    const { run, slips } = await calculatedRun(2);
    await adjust(slips[0].id, [{ name: "Loan repaid", kind: "deduction", amount: 500000, reason: "Whole loan at once" }]);
    expect((await readRun(run.id)).warnings).toHaveLength(1);
    await must(admin, "DELETE", `/api/payslips/${slips[0].id}`);
    expect((await readRun(run.id)).warnings).toEqual([]);
  });

  it("deletes many at once: those it may go, the others stay with why", async () => {
    const first = await calculatedRun(2);
    const second = await calculatedRun(1);
    const approved = await calculatedRun(1);
    await moveOn(approved.run.id, "approved");
    const ids = [first.slips[0].id, second.slips[0].id, approved.slips[0].id, 2147483647];
    const before = await lastActivityId(t, admin);
    const reply = await send(admin, "POST", "/api/payslips/bulk-delete", { ids });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      data: {
        deleted: [first.slips[0].id, second.slips[0].id],
        refused: [
          { id: approved.slips[0].id, message: NOT_EDITABLE },
          { id: 2147483647, message: expect.any(String) },
        ],
      },
      message: "2 payslips deleted: their people are left out of their runs.",
    });
    expect(await activitiesAfter(t, admin, before)).toHaveLength(1);
    expect((await readRun(first.run.id)).totals).toMatchObject({ people: 1, net: 226000 });
    expect((await readRun(second.run.id)).totals).toEqual({ people: 0, gross: 0, deductions: 0, net: 0, employer_cost: 0 });
    expect(await payslipsOf(approved.run.id)).toHaveLength(1);
    expect((await refusal(admin, "POST", "/api/payslips/bulk-delete", { ids: [] })).errors).toEqual({ ids: ["Select at least one payslip."] });
  });
});

describe("who may", () => {
  type Request = [InjectOptions["method"], string, unknown?];
  const ENDPOINTS: { name: string; ok: number; request: () => Promise<Request> }[] = [
    { name: "GET /api/payslips/{id}/edit", ok: 200, request: async () => ["GET", `/api/payslips/${(await oneSlip()).id}/edit`] },
    { name: "PUT /api/payslips/{id}", ok: 200, request: async () => ["PUT", `/api/payslips/${(await oneSlip()).id}`, { note: "Checked" }] },
    { name: "PUT /api/payslips/update-user-payslip/{id}", ok: 200, request: async () => ["PUT", `/api/payslips/update-user-payslip/${(await oneSlip()).id}`, { adjustments: [BACK_PAY] }] },
    { name: "DELETE /api/payslips/{id}", ok: 200, request: async () => ["DELETE", `/api/payslips/${(await oneSlip()).id}`] },
    { name: "POST /api/payslips/bulk-delete", ok: 200, request: async () => ["POST", "/api/payslips/bulk-delete", { ids: [(await oneSlip()).id] }] },
  ];

  it.each(ENDPOINTS)("$name: 401 signed out, 403 to all but payroll and payslip managers and the administrator", async ({ ok, request }) => {
    // Those refused act on one shared payslip; each caller let through gets a fresh one (a deletion needs its own).
    const shared = await request();
    for (const caller of PAYROLL_CALLERS) {
      const allowed = PAYSLIP_EDITORS.includes(caller);
      const [method, url, payload] = allowed ? await request() : shared;
      const response = await send(tokens[caller], method, url, payload);
      const expected = allowed ? ok : caller === "anonymous" ? 401 : 403;
      expect({ caller, status: response.statusCode }, response.body).toEqual({ caller: caller as PayrollCaller, status: expected });
    }
    // The shared payslip is as it was: nobody refused changed it.
    const [, url] = shared;
    const id = Number(/\/(\d+)(?:\/edit)?$/.exec(url)?.[1] ?? (shared[2] as { ids: number[] }).ids[0]);
    expect(await readEdit(id)).toMatchObject({ adjustments: [], note: null });
  });

  it("refuses an employee their own payslip's editor and edits (403)", async () => {
    const employee = await employeeSignedIn(t, admin, { pay_basis: "monthly", base_rate: 300000, currency: "USD", hire_date: "2020-01-01" });
    const [slip] = (await calculatedRun(0, [employee.id])).slips;
    expect(slip.user_id).toBe(employee.id);
    for (const [method, url, body] of [
      ["GET", `/api/payslips/${slip.id}/edit`],
      ["PUT", `/api/payslips/${slip.id}`, { note: "Mine" }],
      ["PUT", `/api/payslips/update-user-payslip/${slip.id}`, { adjustments: [BACK_PAY] }],
      ["DELETE", `/api/payslips/${slip.id}`],
      ["POST", "/api/payslips/bulk-delete", { ids: [slip.id] }],
    ] as const) {
      expect((await send(employee.token, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await readEdit(slip.id)).toMatchObject({ adjustments: [], note: null, net: slip.net });
  });
});
