/**
 * Payroll runs through the API: who may do what to a run and its payslips
 * (every endpoint, every kind of caller), the states draft → calculated →
 * approved → released with their refusals (409s, a reopen's reason, two
 * releases at once, four eyes, blocking warnings), what a calculation makes
 * (one regular run per person and period, totals that are the sums of the
 * payslips, the same payslips again from the same inputs, proration by hire,
 * leaving and rate changes, overrides in the period), and what follows a
 * release (the people paid are told; the activity log keeps every step).
 *
 * The company is the tests' own (USD, UTC), with a small pay set-up:
 * BASIC (basic), OT (hourly_rate × overtime_hours × 1.25), ALLOW (100.00),
 * LEVY (10% of BASIC before tax, the employer another 5%), TAX (20% of taxable).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import type { PayslipRecord, RunRecord } from "../../contracts/payroll";
import { payRates } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";
import { createPayComponents } from "../support/pay-components";
import { PAYROLL_CALLERS, PAYROLL_MANAGERS, PAYROLL_READERS, PAYROLL_RELEASERS, payrollCallerTokens, PAYSLIP_READERS, type PayrollCaller } from "../support/payroll-callers";
import { activitiesAfter, ADMIN, createPerson, employeeSignedIn, lastActivityId, staffWith, unique } from "../support/people";
import { requestsTo } from "../support/requests";
import { CONFIRMED_OPEN } from "../support/payroll-runs";
import { wordDay } from "../../contracts/period-words";

let t: TestApp;
let admin: string;
const tokens: Record<string, string | null> = {};
let components: Record<string, number>;

type Caller = PayrollCaller;
const [CALLERS, READERS, MANAGERS, RELEASERS] = [PAYROLL_CALLERS, PAYROLL_READERS, PAYROLL_MANAGERS, PAYROLL_RELEASERS];

/** Someone paid 3,000.00 a month since 2000, in no other test's way: the runs made only to be acted on pay them. */
let fixture: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  Object.assign(tokens, await payrollCallerTokens(t, admin));
  components = await createPayComponents(t, admin);
  fixture = (await person({ hire_date: "2000-01-01" })).id;
});
afterAll(() => t.close());

const { must, send } = requestsTo(() => t);

/** A person paid monthly in dollars (3,000.00 unless told), hired in 2020 unless told. */
const person = (extra: Record<string, unknown> = {}) => createPerson(t, admin, { pay_basis: "monthly", base_rate: 300000, currency: "USD", hire_date: "2020-01-01", end_date: null, ...extra });

let days = 0;
/** A day of its own, from 1 January 2010 on: runs made only to be acted on never overlap each other or the others. */
function freshPeriod() {
  const day = new Date(Date.UTC(2010, 0, 1 + days++)).toISOString().slice(0, 10);
  return { period_start: day, period_end: day, pay_date: day };
}
const month = (year: number, number: number) => {
  const end = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
  return { period_start: `${year}-${String(number).padStart(2, "0")}-01`, period_end: end, pay_date: end };
};

const createRun = (people: number[], period = freshPeriod(), extra: Record<string, unknown> = {}, token = admin): Promise<RunRecord> =>
  must(token, "POST", "/api/payroll", { ...period, people: { user_ids: people }, ...extra }, 201);
const readRun = (id: number): Promise<RunRecord> => must(admin, "GET", `/api/payroll/${id}`);
async function calculate(id: number, token = admin): Promise<RunRecord> {
  await must(token, "POST", `/api/payslip/generate-payslips/${id}`, undefined, 202);
  await t.app.ctx.jobs.idle();
  return readRun(id);
}
const payslipsOf = async (id: number): Promise<PayslipRecord[]> => must(admin, "GET", `/api/payslips?filter[payroll_id][equals]=${id}&per_page=100`);
const linesOf = (slip: PayslipRecord) => Object.fromEntries(slip.lines.map((line) => [`${line.kind}:${line.code}`, line.amount]));

/** A run of `people` in a month of its own, taken to `state` by the administrator. */
async function runIn(state: "draft" | "calculated" | "approved" | "released", people = [fixture]): Promise<RunRecord> {
  const run = await createRun(people);
  if (state === "draft") return run;
  await calculate(run.id);
  if (state === "calculated") return readRun(run.id);
  await must(admin, "POST", `/api/payroll/${run.id}/approve`);
  if (state === "approved") return readRun(run.id);
  return must(admin, "POST", `/api/payroll/release/${run.id}`, CONFIRMED_OPEN);
}

describe("who may", () => {
  const ENDPOINTS: { name: string; allowed: Caller[]; ok: number; request: () => Promise<[InjectOptions["method"], string, unknown?]> }[] = [
    { name: "GET /api/payroll", allowed: READERS, ok: 200, request: async () => ["GET", "/api/payroll"] },
    { name: "POST /api/payroll", allowed: MANAGERS, ok: 201, request: async () => ["POST", "/api/payroll", { ...freshPeriod(), people: { user_ids: [fixture] } }] },
    { name: "GET /api/payroll/summary-stats", allowed: READERS, ok: 200, request: async () => ["GET", "/api/payroll/summary-stats"] },
    { name: "POST /api/payroll/bulk-delete", allowed: MANAGERS, ok: 200, request: async () => ["POST", "/api/payroll/bulk-delete", { ids: [(await runIn("draft")).id] }] },
    { name: "GET /api/payroll/{id}", allowed: READERS, ok: 200, request: async () => ["GET", `/api/payroll/${(await runIn("draft")).id}`] },
    { name: "GET /api/payroll/{id}/comparison", allowed: READERS, ok: 200, request: async () => ["GET", `/api/payroll/${(await runIn("draft")).id}/comparison`] },
    { name: "DELETE /api/payroll/{id}", allowed: MANAGERS, ok: 200, request: async () => ["DELETE", `/api/payroll/${(await runIn("draft")).id}`] },
    { name: "POST /api/payslip/generate-payslips/{id}", allowed: MANAGERS, ok: 202, request: async () => ["POST", `/api/payslip/generate-payslips/${(await runIn("draft")).id}`] },
    { name: "POST /api/payroll/{id}/approve", allowed: RELEASERS, ok: 200, request: async () => ["POST", `/api/payroll/${(await runIn("calculated")).id}/approve`] },
    { name: "POST /api/payroll/{id}/reopen", allowed: RELEASERS, ok: 200, request: async () => ["POST", `/api/payroll/${(await runIn("approved")).id}/reopen`, { reason: "A late overtime claim" }] },
    { name: "POST /api/payroll/release/{id}", allowed: RELEASERS, ok: 200, request: async () => ["POST", `/api/payroll/release/${(await runIn("approved")).id}`] },
    { name: "GET /api/payslips", allowed: PAYSLIP_READERS, ok: 200, request: async () => ["GET", "/api/payslips"] },
    { name: "GET /api/payslips/{id}", allowed: PAYSLIP_READERS, ok: 200, request: async () => ["GET", `/api/payslips/${(await payslipsOf((await runIn("calculated")).id))[0].id}`] },
  ];

  it.each(ENDPOINTS)("$name: 401 signed out, 403 without the permission, $ok for $allowed", async ({ allowed, ok, request }) => {
    // Those refused act on one shared record; each caller let through gets a fresh one (a deletion needs its own).
    const shared = await request();
    for (const caller of CALLERS) {
      const [method, url, payload] = allowed.includes(caller) ? await request() : shared;
      const response = await send(tokens[caller], method, url, payload);
      const expected = allowed.includes(caller) ? ok : caller === "anonymous" ? 401 : 403;
      expect({ caller, status: response.statusCode }, response.body).toEqual({ caller, status: expected });
    }
    await t.app.ctx.jobs.idle();
  });

  it("answers 404 for a run or payslip that is not there, to those who may read", async () => {
    expect((await send(tokens.viewer, "GET", "/api/payroll/2147483647")).statusCode).toBe(404);
    expect((await send(tokens.viewer, "GET", "/api/payroll/2147483647/comparison")).statusCode).toBe(404);
    expect((await send(tokens.viewer, "GET", "/api/payslips/2147483647")).statusCode).toBe(404);
    expect((await send(admin, "POST", "/api/payroll/2147483647/approve")).statusCode).toBe(404);
    expect((await send(admin, "DELETE", "/api/payroll/2147483647")).statusCode).toBe(404);
  });
});

describe("a run's states", () => {
  const refusal = async (method: InjectOptions["method"], url: string, payload?: unknown) => {
    const response = await send(admin, method, url, payload);
    return { status: response.statusCode, message: response.json().message as string };
  };

  it("goes draft → calculated → approved → released, and refuses each step out of turn with a 409", async () => {
    const run = await runIn("draft");
    expect(run).toMatchObject({ status: "draft", kind: "regular", currency: "USD", job_id: null, totals: { people: 0, gross: 0 }, calculated: null });
    expect(await refusal("POST", `/api/payroll/${run.id}/approve`)).toEqual({ status: 409, message: "Only a calculated run can be approved." });
    expect(await refusal("POST", `/api/payroll/release/${run.id}`)).toEqual({ status: 409, message: "Only an approved run can be released." });
    expect(await refusal("POST", `/api/payroll/${run.id}/reopen`, { reason: "x" })).toEqual({ status: 409, message: "Only an approved run can be reopened." });

    const queued = await must(admin, "POST", `/api/payslip/generate-payslips/${run.id}`, undefined, 202);
    expect(queued.job_id).toEqual(expect.any(Number));
    await t.app.ctx.jobs.idle();
    const calculated = await readRun(run.id);
    expect(calculated).toMatchObject({ status: "calculated", progress: null, calculated: { by: 1, by_name: "Alex Admin" }, totals: { people: 1 } });
    expect(await refusal("POST", `/api/payroll/release/${run.id}`)).toEqual({ status: 409, message: "Only an approved run can be released." });

    const approved = await must(admin, "POST", `/api/payroll/${run.id}/approve`);
    expect(approved).toMatchObject({ status: "approved", approved: { by: 1 } });
    for (const [method, url] of [
      ["POST", `/api/payslip/generate-payslips/${run.id}`],
      ["DELETE", `/api/payroll/${run.id}`],
      ["POST", `/api/payroll/${run.id}/approve`],
    ] as const) {
      expect((await refusal(method, url)).status, `${method} ${url}`).toBe(409);
    }
    expect(await refusal("POST", `/api/payslip/generate-payslips/${run.id}`)).toEqual({ status: 409, message: "Only draft and calculated runs can be calculated; reopen an approved run first." });
    expect(await refusal("DELETE", `/api/payroll/${run.id}`)).toEqual({
      status: 409,
      message: "Only draft and calculated runs can be deleted; an approved run must be reopened first, and a released one stays.",
    });

    const released = await must(admin, "POST", `/api/payroll/release/${run.id}`, CONFIRMED_OPEN);
    expect(released).toMatchObject({ status: "released", released: { by: 1 } });
    for (const [method, url, body] of [
      ["POST", `/api/payslip/generate-payslips/${run.id}`],
      ["DELETE", `/api/payroll/${run.id}`],
      ["POST", `/api/payroll/${run.id}/approve`],
      ["POST", `/api/payroll/${run.id}/reopen`, { reason: "Too late" }],
      ["POST", `/api/payroll/release/${run.id}`],
    ] as const) {
      expect((await refusal(method, url, body)).status, `${method} ${url}`).toBe(409);
    }
    // A released run's payslips stay as they were.
    expect((await payslipsOf(run.id)).map((slip) => slip.status)).toEqual(["released"]);
  });

  it("reopens an approved run only with a reason, back to calculated and open to a new calculation", async () => {
    const run = await runIn("approved");
    const missing = await send(admin, "POST", `/api/payroll/${run.id}/reopen`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ reason: ["Value is required"] });
    expect((await send(admin, "POST", `/api/payroll/${run.id}/reopen`, { reason: "   " })).statusCode).toBe(422);
    const reopened = await must(admin, "POST", `/api/payroll/${run.id}/reopen`, { reason: "The overtime of the 14th was left out" });
    expect(reopened).toMatchObject({ status: "calculated", approved: null });
    expect((await calculate(run.id)).status).toBe("calculated");
  });

  it("releases once when two releases arrive together: one 200, one 409", async () => {
    const run = await runIn("approved");
    const replies = await Promise.all([send(admin, "POST", `/api/payroll/release/${run.id}`), send(tokens.releaser, "POST", `/api/payroll/release/${run.id}`)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect((await readRun(run.id)).status).toBe("released");
  });

  it("approves once when two approvals arrive together", async () => {
    const run = await runIn("calculated");
    const replies = await Promise.all([send(admin, "POST", `/api/payroll/${run.id}/approve`), send(tokens.releaser, "POST", `/api/payroll/${run.id}/approve`)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
  });

  it("asks for a second person to approve when settings want four eyes", async () => {
    const both = await staffWith(t, admin, ["payroll_manage", "payroll_release"]);
    await must(admin, "PUT", "/api/settings/payroll", { separate_approver: true });
    try {
      const run = await createRun([fixture], freshPeriod(), {}, both.token);
      const calculated = await calculate(run.id, both.token);
      expect(calculated).toMatchObject({ separate_approver: true, calculated: { by: both.id } });
      const own = await send(both.token, "POST", `/api/payroll/${run.id}/approve`);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe("You calculated this run: someone else must approve it (payroll settings ask for a second person).");
      expect((await send(tokens.releaser, "POST", `/api/payroll/${run.id}/approve`)).statusCode).toBe(200);
      // The calculator may still release what someone else approved.
      expect((await send(both.token, "POST", `/api/payroll/release/${run.id}`)).statusCode).toBe(200);
    } finally {
      await must(admin, "PUT", "/api/settings/payroll", { separate_approver: false });
    }
    // Without four eyes the calculator approves their own.
    const run = await createRun([fixture], freshPeriod(), {}, both.token);
    await calculate(run.id, both.token);
    expect((await send(both.token, "POST", `/api/payroll/${run.id}/approve`)).statusCode).toBe(200);
  });

  it("keeps a payslip with a negative net, warns of it, and refuses approval until it is fixed", async () => {
    const someone = await person({ hire_date: "2000-01-01" });
    const period = freshPeriod();
    const big = await must(admin, "POST", "/api/pay-overrides", { user_id: someone.id, component_id: components.TAX, mode: "amount", value: "99999.00", effective_from: period.period_start, effective_to: period.period_end, reason: "Back tax" }, 201);
    const run = await createRun([someone.id, fixture], period);
    const calculated = await calculate(run.id);
    expect(calculated.warnings).toEqual([{ user_id: someone.id, user_name: expect.any(String), kind: "negative_net", detail: null, message: null }]);
    const [slip] = (await payslipsOf(run.id)).filter((payslip) => payslip.user_id === someone.id);
    expect(slip.net).toBeLessThan(0);
    const refused = await send(admin, "POST", `/api/payroll/${run.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("1 payslip cannot be paid as it stands (a negative net or a formula that failed): fix it and calculate again.");
    await must(admin, "DELETE", `/api/pay-overrides/${big.id}`);
    expect((await calculate(run.id)).warnings).toEqual([]);
    expect((await send(admin, "POST", `/api/payroll/${run.id}/approve`)).statusCode).toBe(200);
  });

  it("deletes many at once: drafts and calculated runs go, the others stay with why", async () => {
    const [draft, calculated, approved, released] = [await runIn("draft"), await runIn("calculated"), await runIn("approved"), await runIn("released")];
    const result = await must(admin, "POST", "/api/payroll/bulk-delete", { ids: [draft.id, calculated.id, approved.id, released.id, 2147483647] });
    expect(result.deleted.sort()).toEqual([draft.id, calculated.id].sort());
    expect(result.refused).toEqual([
      { id: approved.id, message: expect.stringMatching(/^Only draft and calculated runs can be deleted/) },
      { id: released.id, message: expect.stringMatching(/^Only draft and calculated runs can be deleted/) },
      { id: 2147483647, message: expect.any(String) },
    ]);
    expect((await send(admin, "GET", `/api/payroll/${calculated.id}`)).statusCode).toBe(404);
    // Their payslips went with them.
    expect(await payslipsOf(calculated.id)).toEqual([]);
    expect((await send(admin, "POST", "/api/payroll/bulk-delete", { ids: [] })).json().errors).toEqual({ ids: ["Select at least one run."] });
  });

  it("refuses a date that is no day (month 13, day 32), a period that ends before it starts or is longer than a quarter, unknown people, and a correction of an unreleased run", async () => {
    const errorsOf = async (body: Record<string, unknown>) => {
      const response = await send(admin, "POST", "/api/payroll", { ...month(2026, 2), people: { user_ids: [fixture] }, ...body });
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors;
    };
    expect(await errorsOf({ period_start: "2026-13-01" })).toEqual({ period_start: ["Enter a date as YYYY-MM-DD."] });
    expect(await errorsOf({ period_end: "2026-02-32", pay_date: "2026-14-01" })).toEqual({ period_end: ["Enter a date as YYYY-MM-DD."], pay_date: ["Enter a date as YYYY-MM-DD."] });
    expect(await errorsOf({ period_end: "2026-01-31" })).toEqual({ period_end: ["The period cannot end before it starts."] });
    expect(await errorsOf({ period_end: "2026-06-30" })).toEqual({ period_end: ["A pay period can be at most 92 days long."] });
    expect(await errorsOf({ people: { user_ids: [fixture, 2147483647] } })).toEqual({ "people.user_ids": ["Some of the chosen people do not exist."] });
    expect(await errorsOf({ people: { user_ids: [] } })).toEqual({ "people.user_ids": ["Choose at least one person."] });
    expect(await errorsOf({ corrects_id: (await runIn("approved")).id })).toEqual({ corrects_id: ["A correction refers to a released run."] });
  });
});

describe("what a calculation makes", () => {
  it("pays the set-up's lines: 3,000.00 basic, 100.00 allowance, 10% levy before 20% tax, the employer's 5%", async () => {
    const someone = await person();
    const run = await calculate((await createRun([someone.id], month(2026, 2))).id);
    const [slip] = await payslipsOf(run.id);
    // Taxable 3,000 − 300 = 2,700; tax 540.00. Net 3,100 − 840 = 2,260.00; the employer's cost 3,100 + 150.
    expect(linesOf(slip)).toEqual({ "earning:BASIC": 300000, "earning:ALLOW": 10000, "deduction:LEVY": 30000, "deduction:TAX": 54000, "employer:LEVY": 15000 });
    expect(slip).toMatchObject({ gross: 310000, deductions: 84000, net: 226000, taxable: 270000, employer_cost: 325000, inputs: { pay_basis: "monthly", rate: 300000, absences: 0 } });
  });

  it("pays a person in one regular run of a period at most: another overlapping run warns other_run; a correction does not", async () => {
    const [one, two] = [await person(), await person()];
    const first = await calculate((await createRun([one.id], month(2026, 2))).id);
    expect(first.totals.people).toBe(1);
    // A second regular run over part of the same period, for both.
    const second = await calculate((await createRun([one.id, two.id], { period_start: "2026-02-15", period_end: "2026-03-14", pay_date: "2026-03-13" })).id);
    expect(second.warnings).toEqual([{ user_id: one.id, user_name: expect.any(String), kind: "other_run", detail: null, message: null }]);
    expect((await payslipsOf(second.id)).map((slip) => slip.user_id)).toEqual([two.id]);
    // Recalculating the first still pays its own person (its own payslips do not count against it).
    expect((await calculate(first.id)).warnings).toEqual([]);
    // A correction of a released run pays again without the warning.
    await must(admin, "POST", `/api/payroll/${first.id}/approve`);
    await must(admin, "POST", `/api/payroll/release/${first.id}`, CONFIRMED_OPEN);
    const correction = await createRun([one.id], month(2026, 2), { corrects_id: first.id });
    expect(correction).toMatchObject({ kind: "off_cycle", corrects_id: first.id, name: "Correction 2026-02-01 – 2026-02-28" });
    expect((await calculate(correction.id)).warnings).toEqual([]);
  });

  it("pays a person once when two overlapping regular runs are calculated at the same time", async () => {
    const someone = await person();
    const [a, b] = [await createRun([someone.id], month(2026, 4)), await createRun([someone.id], { period_start: "2026-04-16", period_end: "2026-05-15", pay_date: "2026-05-15" })];
    const queued = await Promise.all([send(admin, "POST", `/api/payslip/generate-payslips/${a.id}`), send(admin, "POST", `/api/payslip/generate-payslips/${b.id}`)]);
    expect(queued.map((reply) => reply.statusCode)).toEqual([202, 202]);
    await t.app.ctx.jobs.idle();
    const [first, second] = [await readRun(a.id), await readRun(b.id)];
    expect(first.totals.people + second.totals.people).toBe(1);
    expect([...first.warnings, ...second.warnings]).toEqual([{ user_id: someone.id, user_name: expect.any(String), kind: "other_run", detail: null, message: null }]);
  });

  it("has totals that are the sums of its payslips, and payslips whose lines add up", async () => {
    // Everyone in the company in a month nobody else uses: people with and without pay, monthly and hourly.
    await person({ base_rate: 0 });
    const run = await calculate((await must(admin, "POST", "/api/payroll", { ...month(2025, 11), people: "all" }, 201)).id);
    const slips = await payslipsOf(run.id);
    expect(slips.length).toBeGreaterThan(3);
    const sum = (pick: (slip: PayslipRecord) => number) => slips.reduce((total, slip) => total + pick(slip), 0);
    expect(run.totals).toEqual({ people: slips.length, gross: sum((s) => s.gross), deductions: sum((s) => s.deductions), net: sum((s) => s.net), employer_cost: sum((s) => s.employer_cost) });
    for (const slip of slips) {
      const of = (kind: string) => slip.lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.amount, 0);
      expect({ id: slip.user_id, gross: slip.gross, deductions: slip.deductions, net: slip.net, cost: slip.employer_cost }).toEqual({
        id: slip.user_id,
        gross: of("earning"),
        deductions: of("deduction"),
        net: of("earning") - of("deduction"),
        cost: of("earning") + of("employer"),
      });
      expect(slip.lines.every((line) => Number.isInteger(line.amount) && line.amount !== 0)).toBe(true);
    }
    // Whoever is not paid is named with why (no rate, another run of the period), and nobody both.
    const paid = new Set(slips.map((slip) => slip.user_id));
    expect(run.warnings.filter((warning) => warning.kind !== "negative_net").every((warning) => !paid.has(warning.user_id))).toBe(true);
    expect(run.warnings.some((warning) => warning.kind === "missing_rate")).toBe(true);
  });

  it("gives the same payslips again from the same inputs", async () => {
    const people = [await person({ base_rate: 312345 }), await person({ base_rate: 271828, hire_date: "2026-01-13" })];
    const run = await createRun(people.map((p) => p.id), month(2026, 1));
    const strip = (slips: PayslipRecord[]) => slips.map(({ id: _id, created_at: _at, ...rest }) => rest);
    const first = await calculate(run.id);
    const before = strip(await payslipsOf(run.id));
    const second = await calculate(run.id);
    expect(strip(await payslipsOf(run.id))).toEqual(before);
    expect(second.totals).toEqual(first.totals);
  });

  it("prorates by calendar days: a hire and a leaving in the period, and a rate changed from today or recorded from a date", async () => {
    // March 2026 has 31 days; the test clock's today is 2 March.
    const hired = await person({ base_rate: 310000, hire_date: "2026-03-17" });
    const leaving = await person({ base_rate: 310000, end_date: "2026-03-15" });
    // Changed through the people API: the new rate holds from today (2 March, the company's zone), the old one for 1 March.
    const raised = await person({ base_rate: 310000 });
    const change = await send(admin, "PUT", `/api/users/${raised.id}`, { base_rate: 620000 });
    expect(change.statusCode, change.body).toBe(200);
    // Recorded directly: 3,100.00 to 10 March, 4,650.00 from 11 March.
    const stepped = await person({ base_rate: 310000 });
    await t.database.db.insert(payRates).values({ user_id: stepped.id, effective_from: "2026-03-11", pay_basis: "monthly", rate: 465000, currency: "USD" });
    const rates = await t.database.db.select().from(payRates).where(eq(payRates.user_id, raised.id));
    expect(rates.map((rate) => [rate.effective_from, rate.rate]).sort()).toEqual([
      ["2020-01-01", 310000],
      ["2026-03-02", 620000],
    ]);

    const run = await calculate((await createRun([hired.id, leaving.id, raised.id, stepped.id], month(2026, 3))).id);
    const basic = Object.fromEntries((await payslipsOf(run.id)).map((slip) => [slip.user_id, linesOf(slip)["earning:BASIC"]]));
    expect(basic).toEqual({
      // 17–31 March: 3,100 × 15 / 31.
      [hired.id]: 150000,
      // 1–15 March: 3,100 × 15 / 31.
      [leaving.id]: 150000,
      // (3,100 × 1 + 6,200 × 30) / 31.
      [raised.id]: 610000,
      // (3,100 × 10 + 4,650 × 21) / 31.
      [stepped.id]: 415000,
    });
    // The payslip shows the rate in force at the period's end.
    expect((await payslipsOf(run.id)).find((slip) => slip.user_id === raised.id)!.inputs.rate).toBe(620000);
  });

  it("applies overrides in force in the period: another amount, another rate, a line left out; not those outside it", async () => {
    const [amount, rate, excluded] = [await person(), await person(), await person()];
    const add = (userId: number, component: string, mode: string, value: string | null, from: string, to: string | null) =>
      must(admin, "POST", "/api/pay-overrides", { user_id: userId, component_id: components[component], mode, value, effective_from: from, effective_to: to, reason: "Agreed" }, 201);
    await add(amount.id, "ALLOW", "amount", "200.00", "2026-02-01", null);
    // The latest in the period wins.
    await add(amount.id, "ALLOW", "amount", "250.00", "2026-02-10", "2026-02-20");
    // Not yet in force.
    await add(amount.id, "ALLOW", "amount", "999.00", "2026-03-01", null);
    await add(rate.id, "LEVY", "rate", "0.05", "2026-01-01", "2026-02-01");
    // Over: ended before the period.
    await add(excluded.id, "TAX", "exclude", null, "2025-01-01", "2025-12-31");
    await add(excluded.id, "LEVY", "exclude", null, "2026-02-28", null);

    const run = await calculate((await createRun([amount.id, rate.id, excluded.id], month(2026, 2))).id);
    const lines = Object.fromEntries((await payslipsOf(run.id)).map((slip) => [slip.user_id, linesOf(slip)]));
    expect(lines[amount.id]).toEqual({ "earning:BASIC": 300000, "earning:ALLOW": 25000, "deduction:LEVY": 30000, "deduction:TAX": 54000, "employer:LEVY": 15000 });
    // 5% instead of 10%: taxable 2,850, tax 570; the employer's share keeps its own 5%.
    expect(lines[rate.id]).toEqual({ "earning:BASIC": 300000, "earning:ALLOW": 10000, "deduction:LEVY": 15000, "deduction:TAX": 57000, "employer:LEVY": 15000 });
    // No levy, nor its employer's share: taxable 3,000, tax 600.
    expect(lines[excluded.id]).toEqual({ "earning:BASIC": 300000, "earning:ALLOW": 10000, "deduction:TAX": 60000 });
  });

  it("pays an hourly person's overtime hours once: basic for the other hours, the overtime component for those", async () => {
    // Mon–Fri 09:00–18:00 with an hour's unpaid break, overtime after 8 hours; a day of 09:00–20:00 is 10 hours, 2 of them overtime.
    const hourly = await person({ pay_basis: "hourly", base_rate: 2000 });
    const schedule = await must(admin, "POST", "/api/schedules", { name: unique("Shift "), working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "18:00", unpaid_break_minutes: 60, overtime_after_minutes: 480 }, 201);
    await must(admin, "POST", `/api/schedules/${schedule.id}/assignments`, { user_ids: [hourly.id], effective_from: "2026-02-02" }, 201);
    await must(admin, "POST", "/api/attendance/manual", { user_id: hourly.id, clock_in_at: "2026-02-02T09:00:00Z", clock_out_at: "2026-02-02T20:00:00Z", reason: "Entered from the timesheet" }, 201);
    const run = await calculate((await createRun([hourly.id], month(2026, 2))).id);
    const [slip] = await payslipsOf(run.id);
    expect(slip.inputs).toMatchObject({ hours_worked: 10, overtime_hours: 2, worked_minutes: 600, overtime_minutes: 120 });
    // 8 hours at 20.00 = 160.00, and 2 overtime hours at 20.00 × 1.25 = 50.00: 10 hours cost 210.00, as they would for someone paid by the day or month.
    expect(linesOf(slip)).toMatchObject({ "earning:BASIC": 16000, "earning:OT": 5000 });
  });
});

describe("after the calculation", () => {
  it("tells everyone paid at release, in the app", async () => {
    const paid = await employeeSignedIn(t, admin, { pay_basis: "monthly", base_rate: 300000, currency: "USD", hire_date: "2000-01-01" });
    const run = await createRun([paid.id, fixture], freshPeriod(), { name: "Payroll for the notice" });
    await calculate(run.id);
    await must(admin, "POST", `/api/payroll/${run.id}/approve`);
    const before = (await must(paid.token, "GET", "/api/notifications")) as { type: string }[];
    expect(before.filter((item) => item.type === "payslip_released")).toEqual([]);
    await must(admin, "POST", `/api/payroll/release/${run.id}`, CONFIRMED_OPEN);
    const [told] = (await must(paid.token, "GET", "/api/notifications")) as { type: string; title: string; message: string }[];
    expect(told).toMatchObject({ type: "payslip_released", title: "Your payslip is ready" });
    expect(told.message).toContain("Payroll for the notice");
    // The pay date as the reader's language writes it ("Feb 19, 2010"), not as stored.
    expect(told.message).toContain(`Pay date: ${wordDay(run.pay_date, "en")}.`);
  });

  it("keeps every step in the activity log with who did it, and the reopen's reason", async () => {
    const since = await lastActivityId(t, admin);
    const run = await createRun([fixture], freshPeriod(), {}, tokens.manager!);
    await calculate(run.id, tokens.manager!);
    await must(tokens.releaser, "POST", `/api/payroll/${run.id}/approve`);
    await must(admin, "POST", `/api/payroll/${run.id}/reopen`, { reason: "Missing overtime for the 14th" });
    await must(tokens.releaser, "POST", `/api/payroll/${run.id}/approve`);
    await must(admin, "POST", `/api/payroll/release/${run.id}`, CONFIRMED_OPEN);
    const rows = (await activitiesAfter(t, admin, since)).filter((row) => row.subject_type === "payroll" && row.subject_id === run.id);
    const ids = { manager: (await must(tokens.manager, "GET", "/api/me")).id, releaser: (await must(tokens.releaser, "GET", "/api/me")).id };
    expect(rows.map((row) => [row.action, row.actor_id])).toEqual([
      ["payroll.created", ids.manager],
      ["payroll.calculation_queued", ids.manager],
      ["payroll.calculated", ids.manager],
      ["payroll.approved", ids.releaser],
      ["payroll.reopened", 1],
      ["payroll.approved", ids.releaser],
      ["payroll.released", 1],
    ]);
    expect(rows[4].changes).toMatchObject({ status: { from: "approved", to: "calculated" }, reason: "Missing overtime for the 14th" });
    expect(rows[6].changes).toMatchObject({ status: { from: "approved", to: "released" } });
  });

  it("compares a run with the previous approved run: each person whose pay moved, largest change first", async () => {
    const [steady, raised, joined, leaving] = [await person(), await person(), await person({ hire_date: "2030-02-01" }), await person()];
    const january = await calculate((await createRun([steady.id, raised.id, leaving.id], month(2030, 1))).id);
    await must(admin, "POST", `/api/payroll/${january.id}/approve`);
    await must(admin, "POST", "/api/pay-overrides", { user_id: raised.id, component_id: components.ALLOW, mode: "amount", value: "400.00", effective_from: "2030-02-01", effective_to: null, reason: "Promotion" }, 201);
    const february = await calculate((await createRun([steady.id, raised.id, joined.id], month(2030, 2))).id);
    const comparison = await must(tokens.viewer, "GET", `/api/payroll/${february.id}/comparison`);
    expect(comparison.previous).toEqual({ id: january.id, name: january.name });
    const rows = comparison.rows as { user_id: number }[];
    // New and gone come first (all of their net is the change), each once.
    expect(rows.slice(0, 2).map((row) => row.user_id).sort()).toEqual([joined.id, leaving.id].sort());
    expect(rows.find((row) => row.user_id === joined.id)).toEqual({
      user_id: joined.id,
      user_name: expect.any(String),
      net: 226000,
      previous_net: null,
      change: 226000,
      moved: expect.arrayContaining([{ code: "BASIC", name: "Basic pay", kind: "earning", amount: 300000, previous: 0 }]),
    });
    // Not paid by this run: no net at all, rather than a net of 0.
    expect(rows.find((row) => row.user_id === leaving.id)).toMatchObject({ net: null, previous_net: 226000, change: -226000 });
    // 300.00 more allowance, all after tax: net 2,260 → 2,560.
    expect(rows[2]).toEqual({ user_id: raised.id, user_name: expect.any(String), net: 256000, previous_net: 226000, change: 30000, moved: [{ code: "ALLOW", name: "Allowance", kind: "earning", amount: 40000, previous: 10000 }] });
    expect(rows).toHaveLength(3);
  });

  it("compares a regular run with the previous regular run, and a correction with the run it corrects", async () => {
    const [one, two] = [await person(), await person()];
    const january = await calculate((await createRun([one.id, two.id], month(2031, 1))).id);
    await must(admin, "POST", `/api/payroll/${january.id}/approve`);
    await must(admin, "POST", `/api/payroll/release/${january.id}`, CONFIRMED_OPEN);
    // January corrected for one of them: 50.00 more allowance.
    await must(admin, "POST", "/api/pay-overrides", { user_id: one.id, component_id: components.ALLOW, mode: "amount", value: "150.00", effective_from: "2031-01-01", effective_to: null, reason: "Allowance underpaid" }, 201);
    const correction = await calculate((await createRun([one.id], month(2031, 1), { corrects_id: january.id })).id);
    await must(admin, "POST", `/api/payroll/${correction.id}/approve`);
    const corrected = await must(admin, "GET", `/api/payroll/${correction.id}/comparison`);
    expect(corrected.previous).toEqual({ id: january.id, name: january.name });
    // Only what changed for the person corrected: the other person is not in the correction, not gone.
    expect(corrected.rows).toEqual([{ user_id: one.id, user_name: expect.any(String), net: 231000, previous_net: 226000, change: 5000, moved: [{ code: "ALLOW", name: "Allowance", kind: "earning", amount: 15000, previous: 10000 }] }]);
    // February, calculated with the same override, is compared with January's regular run, not with the correction of one person.
    const february = await calculate((await createRun([one.id, two.id], month(2031, 2))).id);
    const comparison = await must(admin, "GET", `/api/payroll/${february.id}/comparison`);
    expect(comparison.previous).toEqual({ id: january.id, name: january.name });
    expect(comparison.rows).toEqual([{ user_id: one.id, user_name: expect.any(String), net: 231000, previous_net: 226000, change: 5000, moved: [{ code: "ALLOW", name: "Allowance", kind: "earning", amount: 15000, previous: 10000 }] }]);
  });

  it("sums released runs in the summary: counts by state, the last released, the year so far", async () => {
    const before = await must(tokens.viewer, "GET", "/api/payroll/summary-stats");
    const released = await runIn("released");
    const after = await must(tokens.viewer, "GET", "/api/payroll/summary-stats");
    expect(after.currency).toBe("USD");
    expect(after.runs.released).toBe(before.runs.released + 1);
    const all = (await must(admin, "GET", "/api/payroll?per_page=100")) as RunRecord[];
    for (const status of ["draft", "calculated", "approved", "released"] as const) expect(after.runs[status]).toBe(all.filter((run) => run.status === status).length);
    // Released runs paid this year (2026 on the test clock) make the year so far; this one paid in 2010 changes nothing there.
    expect(released.pay_date.startsWith("2010")).toBe(true);
    expect(after.year_to_date).toEqual(before.year_to_date);
    expect(after.last_released).toEqual(expect.objectContaining({ pay_date: expect.any(String), totals: expect.any(Object) }));
  });
});

describe("the company's time zone", () => {
  it("records a pay change from today as the company's clock reads it", async () => {
    // 09:00 UTC on 2 March is 23:00 on 1 March in Honolulu: there, the new rate holds from 1 March, the whole month.
    await must(admin, "PUT", "/api/company-profile", { time_zone: "Pacific/Honolulu" });
    try {
      const raised = await person({ base_rate: 310000 });
      await must(admin, "PUT", `/api/users/${raised.id}`, { base_rate: 620000 });
      const run = await calculate((await createRun([raised.id], month(2026, 3))).id);
      const [slip] = await payslipsOf(run.id);
      expect(linesOf(slip)["earning:BASIC"]).toBe(620000);
    } finally {
      await must(admin, "PUT", "/api/company-profile", { time_zone: "UTC" });
      await t.app.ctx.jobs.idle();
    }
  });
});
