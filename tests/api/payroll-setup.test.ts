/**
 * What pay is made of, through the API (/api/pay-components, /api/rate-tables,
 * /api/pay-overrides and the component preview): who may read and change it,
 * the refusals that keep the active set computable (a formula's syntax with
 * its position, unknown names and tables, cycles through gross and taxable,
 * removing what another component reads, tables whose rows are out of order),
 * hostile formulas that must end in a 422 or a warning on the run (never a
 * 500 or a hang), and the preview's amounts and refusals.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { PAYROLL_CALLERS, PAYROLL_MANAGERS, PAYROLL_READERS, payrollCallerTokens, type PayrollCaller } from "../support/payroll-callers";
import { ADMIN, call, createPerson, unique } from "../support/people";

let t: TestApp;
let admin: string;
const tokens: Record<string, string | null> = {};

type Caller = PayrollCaller;
const [CALLERS, READERS, MANAGERS] = [PAYROLL_CALLERS, PAYROLL_READERS, PAYROLL_MANAGERS];

/** A person paid 3,000.00 a month from 2025 (USD, the test company's currency). */
let paid: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  Object.assign(tokens, await payrollCallerTokens(t, admin));
  paid = (await createPerson(t, admin, { pay_basis: "monthly", base_rate: 300000, currency: "USD", hire_date: "2025-01-01" })).id;
  const basic = await send(admin, "POST", "/api/pay-components", { code: "BASIC", name: "Basic pay", kind: "earning", taxable: true, calculation: { type: "formula", expression: "basic" }, order: 1 });
  expect(basic.statusCode, basic.body).toBe(201);
});
afterAll(() => t.close());

const send = (token: string | null, method: InjectOptions["method"], url: string, payload?: unknown) => call(t, token, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const created = async (url: string, payload: unknown) => {
  const response = await send(admin, "POST", url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; [key: string]: unknown };
};

const fixed = (amount = "100.00") => ({ type: "fixed", amount });
const formula = (expression: string) => ({ type: "formula", expression });
const component = (extra: Record<string, unknown> = {}) => ({ code: unique("C").toUpperCase(), name: unique("Component "), kind: "earning", calculation: fixed(), ...extra });
const bands = (extra: Record<string, unknown> = {}) => ({ code: unique("T").toUpperCase(), name: unique("Table "), kind: "bands", effective_from: "2025-01-01", rows: [{ from: "0", to: null, value: "10" }], ...extra });
const override = async (extra: Record<string, unknown> = {}) => ({
  user_id: paid,
  component_id: (await created("/api/pay-components", component())).id,
  mode: "amount",
  value: "50.00",
  effective_from: "2026-01-01",
  effective_to: null,
  reason: "Agreed in the contract",
  ...extra,
});
const PERIOD = { period_start: "2026-02-01", period_end: "2026-02-28" };

describe("who may", () => {
  /** Each endpoint with who may use it and a fresh request for each try (a deletion needs something to delete). */
  const ENDPOINTS: { name: string; allowed: Caller[]; ok: number; request: () => Promise<[InjectOptions["method"], string, unknown?]> }[] = [
    { name: "GET /api/pay-components", allowed: READERS, ok: 200, request: async () => ["GET", "/api/pay-components"] },
    { name: "GET /api/pay-components/{id}", allowed: READERS, ok: 200, request: async () => ["GET", `/api/pay-components/${(await created("/api/pay-components", component())).id}`] },
    { name: "POST /api/pay-components", allowed: MANAGERS, ok: 201, request: async () => ["POST", "/api/pay-components", component()] },
    { name: "PUT /api/pay-components/{id}", allowed: MANAGERS, ok: 200, request: async () => ["PUT", `/api/pay-components/${(await created("/api/pay-components", component())).id}`, { calculation: fixed("75.00") }] },
    { name: "DELETE /api/pay-components/{id}", allowed: MANAGERS, ok: 200, request: async () => ["DELETE", `/api/pay-components/${(await created("/api/pay-components", component())).id}`] },
    { name: "POST /api/pay-components/preview", allowed: MANAGERS, ok: 200, request: async () => ["POST", "/api/pay-components/preview", { component: component(), user_id: paid, ...PERIOD }] },
    { name: "GET /api/rate-tables", allowed: READERS, ok: 200, request: async () => ["GET", "/api/rate-tables"] },
    { name: "GET /api/rate-tables/{id}", allowed: READERS, ok: 200, request: async () => ["GET", `/api/rate-tables/${(await created("/api/rate-tables", bands())).id}`] },
    { name: "POST /api/rate-tables", allowed: MANAGERS, ok: 201, request: async () => ["POST", "/api/rate-tables", bands()] },
    { name: "PUT /api/rate-tables/{id}", allowed: MANAGERS, ok: 200, request: async () => ["PUT", `/api/rate-tables/${(await created("/api/rate-tables", bands())).id}`, { name: unique("Renamed ") }] },
    { name: "DELETE /api/rate-tables/{id}", allowed: MANAGERS, ok: 200, request: async () => ["DELETE", `/api/rate-tables/${(await created("/api/rate-tables", bands())).id}`] },
    { name: "GET /api/pay-overrides", allowed: READERS, ok: 200, request: async () => ["GET", "/api/pay-overrides"] },
    { name: "GET /api/pay-overrides/{id}", allowed: READERS, ok: 200, request: async () => ["GET", `/api/pay-overrides/${(await created("/api/pay-overrides", await override())).id}`] },
    { name: "POST /api/pay-overrides", allowed: MANAGERS, ok: 201, request: async () => ["POST", "/api/pay-overrides", await override()] },
    { name: "PUT /api/pay-overrides/{id}", allowed: MANAGERS, ok: 200, request: async () => { const body = await override(); return ["PUT", `/api/pay-overrides/${(await created("/api/pay-overrides", body)).id}`, { ...body, value: "60.00" }]; } },
    { name: "DELETE /api/pay-overrides/{id}", allowed: MANAGERS, ok: 200, request: async () => ["DELETE", `/api/pay-overrides/${(await created("/api/pay-overrides", await override())).id}`] },
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
  });
});

describe("pay components", () => {
  const refused = async (body: unknown, method: InjectOptions["method"] = "POST", url = "/api/pay-components") => {
    const response = await send(admin, method, url, body);
    expect(response.statusCode, response.body).toBe(422);
    return response.json() as { message: string; errors: Record<string, string[]> };
  };

  it("refuses a formula that does not parse, saying at which character", async () => {
    expect((await refused(component({ calculation: formula("basic * (2 +") }))).errors).toEqual({ "calculation.expression": ["The formula stops making sense at character 13."] });
    // Two expressions side by side parse (as a list): refused for the operator missing between them.
    expect((await refused(component({ calculation: formula("basic 2") }))).errors["calculation.expression"]).toEqual([
      "Two values stand side by side (as in “basic 2”): put an operator such as + or * between them.",
    ]);
    expect((await refused(component({ calculation: formula("(basic * 2") }))).errors["calculation.expression"]).toEqual(["The formula stops making sense at character 11."]);
    expect((await refused(component({ calculation: formula("   ") }))).errors["calculation.expression"]).toEqual(["Enter a formula."]);
  });

  it("refuses an unknown name or table, a function that does not exist, and anything but arithmetic", async () => {
    const at = async (expression: string) => (await refused(component({ calculation: formula(expression) }))).errors["calculation.expression"];
    expect(await at("basic + BONUS")).toEqual(["BONUS is not a known variable or component code."]);
    expect(await at('table("NOPE", basic)')).toEqual(["There is no rate table with the code NOPE."]);
    expect(await at("sqrt(basic)")).toEqual(["There is no function called sqrt: use min, max, round, floor, ceil, clamp, if, table or mtd."]);
    expect(await at("basic.constructor")).toEqual(["This kind of expression cannot be used in a formula."]);
    expect(await at("constructor.constructor('return process')()")).toHaveLength(1);
    expect(await at("basic % 2")).toHaveLength(1);
    expect(await at('"100"')).toEqual(['"100" is not a number: write numbers with digits and a decimal point, e.g. 1500.50.']);
    // A percentage's base is a name too.
    expect((await refused(component({ calculation: { type: "percent", rate: "0.1", of: "NOBODY" } }))).errors["calculation.of"]).toEqual(["NOBODY is not a known variable or component code."]);
    // And the employer's share is checked like the calculation.
    expect((await refused(component({ kind: "deduction", employer_share: formula("basic +") }))).errors).toHaveProperty(["employer_share.expression"]);
  });

  it("refuses a cycle through gross (an earning reading gross) and through taxable (a pre-tax deduction reading taxable)", async () => {
    const throughGross = await refused(component({ code: "BONUS_G", calculation: formula("gross * 0.1") }));
    expect(throughGross.errors["calculation.expression"]).toEqual(["These components depend on each other in a circle: BONUS_G → gross → BONUS_G."]);
    const throughTaxable = await refused(component({ code: "PRETAX_T", kind: "deduction", pre_tax: true, calculation: formula("taxable * 0.1") }));
    expect(throughTaxable.errors["calculation.expression"]).toEqual(["These components depend on each other in a circle: PRETAX_T → taxable → PRETAX_T."]);
    // Reading them from where they are already known is fine: a deduction after tax, an employer's share.
    await created("/api/pay-components", component({ kind: "deduction", calculation: formula("taxable * 0.01") }));
    await created("/api/pay-components", component({ kind: "deduction", calculation: fixed("0"), employer_share: formula("gross * 0.01") }));
  });

  it("refuses closing a cycle between two components on the one that closes it", async () => {
    const a = await created("/api/pay-components", component({ code: unique("A").toUpperCase(), calculation: fixed("10.00") }));
    const b = await created("/api/pay-components", component({ code: unique("B").toUpperCase(), calculation: formula(`${a.code} * 2`) }));
    const closing = await refused({ calculation: formula(`${b.code} + 1`) }, "PUT", `/api/pay-components/${a.id}`);
    expect(closing.errors["calculation.expression"]).toEqual([`These components depend on each other in a circle: ${a.code} → ${b.code} → ${a.code}.`]);
  });

  it("refuses deactivating, deleting or renaming a component another one reads, naming the reader", async () => {
    const base = await created("/api/pay-components", component({ code: unique("BASE").toUpperCase() }));
    const reader = await created("/api/pay-components", component({ code: unique("READER").toUpperCase(), kind: "deduction", calculation: { type: "percent", rate: "0.1", of: base.code } }));
    const message = `${reader.code} uses ${base.code}: change ${reader.code} first.`;
    expect((await refused({ active: false }, "PUT", `/api/pay-components/${base.id}`)).errors).toEqual({ active: [message] });
    expect((await refused(undefined, "DELETE", `/api/pay-components/${base.id}`)).errors).toEqual({ code: [message] });
    expect((await refused({ code: unique("NEW").toUpperCase() }, "PUT", `/api/pay-components/${base.id}`)).errors).toEqual({ code: [message] });
    // Once the reader is out of the way, the base goes.
    expect((await send(admin, "PUT", `/api/pay-components/${reader.id}`, { active: false })).statusCode).toBe(200);
    expect((await send(admin, "PUT", `/api/pay-components/${base.id}`, { active: false })).statusCode).toBe(200);
    // An inactive reader may not come back while what it reads is inactive.
    expect((await refused({ active: true }, "PUT", `/api/pay-components/${reader.id}`)).errors["calculation.of"]).toEqual([`${base.code} is not a known variable or component code.`]);
    expect((await send(admin, "DELETE", `/api/pay-components/${base.id}`)).statusCode).toBe(200);
  });

  it("refuses a second component with a code taken, taxable deductions and pre-tax earnings", async () => {
    const first = await created("/api/pay-components", component());
    expect((await refused(component({ code: first.code }))).errors.code).toEqual(["Another component already has this code."]);
    expect((await refused(component({ kind: "deduction", taxable: true }))).errors.taxable).toEqual(["Only earnings count in taxable income."]);
    expect((await refused(component({ pre_tax: true }))).errors.pre_tax).toEqual(["Only deductions can be taken before tax."]);
    expect((await refused({ kind: "deduction" }, "PUT", `/api/pay-components/${(await created("/api/pay-components", component({ taxable: true }))).id}`)).errors.taxable).toEqual(["Only earnings count in taxable income."]);
    expect((await refused(component({ code: "lower case!" }))).errors.code).toHaveLength(1);
    expect((await refused(component({ calculation: fixed("1,500") }))).errors["calculation.amount"]).toHaveLength(1);
  });
});

describe("rate tables", () => {
  const refused = async (body: unknown, method: InjectOptions["method"] = "POST", url = "/api/rate-tables") => {
    const response = await send(admin, method, url, body);
    expect(response.statusCode, response.body).toBe(422);
    return response.json().errors as Record<string, string[]>;
  };

  it("refuses rows out of order or overlapping, on the row at fault", async () => {
    const brackets = { code: unique("TAX").toUpperCase(), name: "Tax", kind: "progressive", effective_from: "2025-01-01" };
    expect(
      await refused({
        ...brackets,
        rows: [
          { over: "0", base: "0", rate: "0.1" },
          { over: "500", base: "50", rate: "0.2" },
          { over: "400", base: "70", rate: "0.3" },
        ],
      }),
    ).toEqual({ "rows.2.over": ["Each row must start above the row before it."] });
    expect(await refused({ ...brackets, rows: [{ over: "0", base: "0", rate: "0.1" }, { over: "0", base: "0", rate: "0.2" }] })).toEqual({ "rows.1.over": ["Each row must start above the row before it."] });
    expect(
      await refused(
        bands({
          rows: [
            { from: "0", to: "1000", value: "1" },
            { from: "1000", to: "2000", value: "2" },
          ],
        }),
      ),
    ).toEqual({ "rows.1.from": ["Bands cannot overlap: start this one above the end of the one before."] });
    expect(await refused(bands({ rows: [{ from: "0", to: null, value: "1" }, { from: "5000", to: null, value: "2" }] }))).toEqual({ "rows.1.from": ["Bands cannot overlap: start this one above the end of the one before."] });
    expect(await refused(bands({ rows: [{ from: "500", to: "100", value: "1" }] }))).toEqual({ "rows.0.to": ["The end of a band cannot be below its start."] });
    expect(await refused(bands({ rows: [] }))).toEqual({ rows: ["Add at least one row."] });
    expect(Object.keys(await refused(bands({ rows: [{ from: "-1", to: null, value: "1" }] })))).toEqual(["rows.0.from"]);
    expect(Object.keys(await refused({ ...brackets, rows: [{ over: "0", base: "0" }] }))).toEqual(["rows.0.rate"]);
    // Rows of the other kind are rows out of shape.
    expect(Object.keys(await refused({ ...brackets, rows: [{ from: "0", to: null, value: "1" }] }))).toEqual(expect.arrayContaining(["rows.0.over"]));
  });

  it("keeps one version of a code a date, and a table a component reads until its last version goes", async () => {
    const table = await created("/api/rate-tables", bands());
    expect(await refused(bands({ code: table.code }))).toEqual({ effective_from: ["This table already has a version from this date."] });
    const reader = await created("/api/pay-components", component({ kind: "deduction", calculation: formula(`table("${table.code}", basic)`) }));
    expect(await refused(undefined, "DELETE", `/api/rate-tables/${table.id}`)).toEqual({ code: [`Components ${reader.code} read this table: change them first.`] });
    expect(await refused({ code: unique("OTHER").toUpperCase() }, "PUT", `/api/rate-tables/${table.id}`)).toEqual({ code: [`Components ${reader.code} read this table: change them first.`] });
    // A later version may go: the earlier one still answers.
    const later = await created("/api/rate-tables", bands({ code: table.code, effective_from: "2026-01-01" }));
    expect((await send(admin, "DELETE", `/api/rate-tables/${later.id}`)).statusCode).toBe(200);
    expect((await send(admin, "PUT", `/api/rate-tables/${table.id}`, { rows: [{ from: "0", to: null, value: "5" }] })).json().errors).toEqual({ kind: ["Send the table's kind together with its rows."] });
  });
});

describe("rate table versions", () => {
  it("computes each period with the version in force on its last day", async () => {
    const code = unique("V").toUpperCase();
    await created("/api/rate-tables", { code, name: "Versioned", kind: "bands", effective_from: "2025-01-01", rows: [{ from: "0", to: null, value: "10" }] });
    await created("/api/rate-tables", { code, name: "Versioned", kind: "bands", effective_from: "2026-02-15", rows: [{ from: "0", to: null, value: "20" }] });
    const reader = component({ calculation: formula(`table("${code}", basic)`) });
    const amountIn = async (period_start: string, period_end: string) => (await send(admin, "POST", "/api/pay-components/preview", { component: reader, user_id: paid, period_start, period_end })).json().data.amount;
    expect(await amountIn("2026-01-01", "2026-01-31")).toBe(1000);
    expect(await amountIn("2026-02-01", "2026-02-14")).toBe(1000);
    expect(await amountIn("2026-02-01", "2026-02-28")).toBe(2000);
  });
});

describe("overrides", () => {
  it("take a rate only for a percentage, a value unless excluding, and an end not before the start", async () => {
    const errorsOf = async (extra: Record<string, unknown>) => {
      const response = await send(admin, "POST", "/api/pay-overrides", await override(extra));
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors;
    };
    expect(await errorsOf({ mode: "rate", value: "0.2" })).toEqual({ mode: ["Another rate applies only to components calculated as a percentage."] });
    expect(await errorsOf({ value: null })).toEqual({ value: ["Value is required"] });
    expect(await errorsOf({ effective_to: "2025-12-31" })).toEqual({ effective_to: ["The end date cannot be before the start date."] });
    expect(await errorsOf({ user_id: 2147483647 })).toEqual({ user_id: ["This person does not exist."] });
    expect(await errorsOf({ component_id: 2147483647 })).toEqual({ component_id: ["This pay component does not exist."] });
    expect(await errorsOf({ reason: " " })).toHaveProperty("reason");
    const percent = await created("/api/pay-components", component({ kind: "deduction", calculation: { type: "percent", rate: "0.1", of: "basic" } }));
    expect((await send(admin, "POST", "/api/pay-overrides", await override({ component_id: percent.id, mode: "rate", value: "0.2" }))).statusCode).toBe(201);
    expect((await send(admin, "POST", "/api/pay-overrides", await override({ mode: "exclude", value: null }))).statusCode).toBe(201);
    // The percentage cannot become another kind of calculation while someone has another rate for it (it would be ignored).
    const changed = await send(admin, "PUT", `/api/pay-components/${percent.id}`, { calculation: formula("basic * 0.1") });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors).toEqual({ "calculation.type": ["1 person has another rate for this percentage: change or remove that override before calculating it another way."] });
    expect((await send(admin, "PUT", `/api/pay-components/${percent.id}`, { calculation: { type: "percent", rate: "0.12", of: "basic" } })).statusCode).toBe(200);
  });
});

describe("the preview", () => {
  const preview = (body: Record<string, unknown>) => send(admin, "POST", "/api/pay-components/preview", { user_id: paid, ...PERIOD, ...body });

  it("gives the amount in minor units, the employer's share, and what the formula read", async () => {
    const response = await preview({ component: component({ kind: "deduction", calculation: formula("round(basic * 0.0375, 2) + 0.004"), employer_share: { type: "percent", rate: "0.05", of: "basic" } }) });
    expect(response.statusCode, response.body).toBe(200);
    // 3,000.00 × 3.75% = 112.50, + 0.004 → 112.504 → 112.50; the employer's 5% = 150.00.
    expect(response.json().data).toEqual({ amount: 11250, employer_amount: 15000, currency: "USD", inputs: { basic: "3000" } });
    const rates = await preview({ component: component({ calculation: formula("daily_rate + hourly_rate * 0 + overtime_hours + absences") }) });
    // 3,000 / 22 working days = 136.3636…; no attendance.
    expect(rates.json().data).toMatchObject({ amount: 13636, employer_amount: null, inputs: { daily_rate: expect.stringMatching(/^136\.3636/), hourly_rate: expect.stringMatching(/^17\.04545/), overtime_hours: "0", absences: "0" } });
    // A stored component of that code is replaced by the one typed.
    const stored = await created("/api/pay-components", component({ calculation: fixed("10.00") }));
    expect((await preview({ component: component({ code: stored.code, calculation: fixed("20.00") }) })).json().data.amount).toBe(2000);
  });

  it("refuses what cannot be worked out, with the reason on the field at fault", async () => {
    const errorsOf = async (body: Record<string, unknown>) => {
      const response = await preview(body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };
    expect(await errorsOf({ component: component({ calculation: formula("basic *") }) })).toEqual({ "component.calculation.expression": ["The formula stops making sense at character 8."] });
    expect(await errorsOf({ component: component({ calculation: formula("basic / (absences)") }) })).toEqual({ "component.calculation": ["The formula divides by zero."] });
    expect(await errorsOf({ component: component({ calculation: formula("basic * 1e15") }) })).toEqual({ "component.calculation": ["The result is too large to be an amount of pay."] });
    expect(await errorsOf({ component: component(), user_id: 2147483647 })).toEqual({ user_id: ["This person does not exist."] });
    expect(await errorsOf({ component: component(), period_start: "2026-03-01", period_end: "2026-02-01" })).toEqual({ period_end: ["The period cannot end before it starts."] });
    expect(await errorsOf({ component: component(), period_start: "2020-01-01", period_end: "2020-01-31" })).toEqual({ user_id: ["This person was not employed in that period."] });
    const unpaid = await createPerson(t, admin, { base_rate: 0, hire_date: "2025-01-01" });
    expect(await errorsOf({ component: component(), user_id: unpaid.id })).toEqual({ user_id: ["This person has no pay rate in that period: set one on their record first."] });
    expect(Object.keys(await errorsOf({ component: component({ kind: "nothing" }) }))).toEqual(["component.kind"]);
  });
});

describe("hostile formulas", () => {
  const save = (expression: string) => send(admin, "POST", "/api/pay-components", component({ calculation: formula(expression) }));

  it("refuses the too long, too deep and too big before they are saved, quickly", async () => {
    const started = Date.now();
    const long = await save(`1${"+1".repeat(1000)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors["calculation.expression"]).toEqual(["This field should be at most 2000 characters long"]);
    // 1,999 characters of additions: more than a formula's 400 parts.
    expect((await save(`1${"+1".repeat(999)}`)).json().errors["calculation.expression"]).toEqual(["The formula is nested too deeply (at most 32 levels): split it into components."]);
    expect((await save(`${"-".repeat(100)}1`)).json().errors["calculation.expression"]).toEqual(["The formula is nested too deeply (at most 32 levels): split it into components."]);
    expect((await save(`${"min(".repeat(60)}1${")".repeat(60)}`)).statusCode).toBe(422);
    // Parentheses alone add nothing: a thousand of them around a number is that number.
    const parenthesised = await save(`${"(".repeat(990)}1${")".repeat(990)}`);
    expect(parenthesised.statusCode, parenthesised.body).toBe(201);
    expect((await send(admin, "PUT", `/api/pay-components/${parenthesised.json().data.id}`, { active: false })).statusCode).toBe(200);
    // A written rounding to 11 places is refused as typed; one only the figures make 11, the preview finds before saving.
    expect((await save("round(basic, 11)")).json().errors["calculation.expression"]).toEqual(["round() keeps 0 to 10 decimal places: write a whole number."]);
    const rounding = await send(admin, "POST", "/api/pay-components/preview", { component: component({ calculation: formula("round(basic, absences + 11)") }), user_id: paid, ...PERIOD });
    expect(rounding.json().errors).toEqual({ "component.calculation": ["round() keeps 0 to 10 decimal places: write a whole number."] });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("turns a formula failing on one person's figures into a formula_error warning that blocks approval, for that person only", async () => {
    // 1,000 / (basic − 3,000): the person paid exactly 3,000 divides by zero, everyone else gets an amount.
    const risky = await created("/api/pay-components", component({ kind: "deduction", calculation: formula("1000 / (basic - 3000)") }));
    onTestFinished(async () => void (await send(admin, "PUT", `/api/pay-components/${risky.id}`, { active: false })));
    const other = await createPerson(t, admin, { pay_basis: "monthly", base_rate: 400000, currency: "USD", hire_date: "2025-01-01" });
    const run = (await send(admin, "POST", "/api/payroll", { ...PERIOD, pay_date: "2026-02-27", people: { user_ids: [paid, other.id] } })).json().data;
    expect((await send(admin, "POST", `/api/payslip/generate-payslips/${run.id}`)).statusCode).toBe(202);
    await t.app.ctx.jobs.idle();
    const read = (await send(admin, "GET", `/api/payroll/${run.id}`)).json().data;
    expect(read.status).toBe("calculated");
    expect(read.warnings).toEqual([{ user_id: paid, user_name: expect.any(String), kind: "formula_error", detail: risky.code, message: "The formula divides by zero." }]);
    expect(read.totals.people).toBe(1);
    const refusal = await send(admin, "POST", `/api/payroll/${run.id}/approve`);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json().message).toBe("1 payslip cannot be paid as it stands (a negative net or a formula that failed): fix it and calculate again.");
    expect((await send(admin, "DELETE", `/api/payroll/${run.id}`)).statusCode).toBe(200);
  });

  it("warns of a result too large for pay instead of storing it, whether one line or their sum", async () => {
    const huge = await created("/api/pay-components", component({ calculation: formula("99999999 * 99999999") }));
    onTestFinished(async () => void (await send(admin, "PUT", `/api/pay-components/${huge.id}`, { active: false })));
    const run = (await send(admin, "POST", "/api/payroll", { period_start: "2026-01-01", period_end: "2026-01-31", pay_date: "2026-01-30", people: { user_ids: [paid] } })).json().data;
    await send(admin, "POST", `/api/payslip/generate-payslips/${run.id}`);
    await t.app.ctx.jobs.idle();
    const read = (await send(admin, "GET", `/api/payroll/${run.id}`)).json().data;
    expect(read.warnings).toEqual([expect.objectContaining({ kind: "formula_error", detail: huge.code, message: "The result is too large to be an amount of pay." })]);
    expect((await send(admin, "PUT", `/api/pay-components/${huge.id}`, { active: false })).statusCode).toBe(200);

    // Three earnings each within bounds (45 trillion dollars, 4.5e15 cents) whose sum is beyond what a payslip's total holds exactly.
    const parts: { id: number }[] = [];
    for (let index = 0; index < 3; index++) parts.push(await created("/api/pay-components", component({ calculation: fixed("45000000000000.01") })));
    onTestFinished(async () => {
      for (const part of parts) await send(admin, "PUT", `/api/pay-components/${part.id}`, { active: false });
    });
    await send(admin, "POST", `/api/payslip/generate-payslips/${run.id}`);
    await t.app.ctx.jobs.idle();
    const again = (await send(admin, "GET", `/api/payroll/${run.id}`)).json().data;
    const listed = await send(admin, "GET", `/api/payslips?filter[payroll_id][equals]=${run.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const slips = listed.json().data;
    // Either refused as too large, or exact: never a total that is not the sum of its lines.
    for (const slip of slips as { gross: number; lines: { kind: string; amount: number }[] }[]) {
      const sum = slip.lines.filter((line) => line.kind === "earning").reduce((total, line) => total + BigInt(line.amount), 0n);
      expect(BigInt(slip.gross)).toBe(sum);
      expect(Number.isSafeInteger(slip.gross)).toBe(true);
    }
    expect(again.warnings.length + slips.length).toBe(1);
    expect((await send(admin, "DELETE", `/api/payroll/${run.id}`)).statusCode).toBe(200);
  });

  it("keeps a run's totals exact when each payslip is exact but their sum would not be", async () => {
    // 50 trillion dollars each (5e15 cents, a number held exactly) for two people: 1e16 cents together.
    const rich = await created("/api/pay-components", component({ calculation: fixed("50000000000000.00") }));
    onTestFinished(async () => void (await send(admin, "PUT", `/api/pay-components/${rich.id}`, { active: false })));
    const other = await createPerson(t, admin, { pay_basis: "monthly", base_rate: 300000, currency: "USD", hire_date: "2025-01-01" });
    const run = (await send(admin, "POST", "/api/payroll", { period_start: "2025-12-01", period_end: "2025-12-31", pay_date: "2025-12-30", people: { user_ids: [paid, other.id] } })).json().data;
    await send(admin, "POST", `/api/payslip/generate-payslips/${run.id}`);
    await t.app.ctx.jobs.idle();
    const read = await send(admin, "GET", `/api/payroll/${run.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const listed = await send(admin, "GET", "/api/payroll?per_page=100");
    expect(listed.statusCode, listed.body).toBe(200);
    const { totals, warnings } = read.json().data;
    expect(Number.isSafeInteger(totals.gross) && Number.isSafeInteger(totals.employer_cost)).toBe(true);
    expect(warnings.length + totals.people).toBe(2);
    expect((await send(admin, "DELETE", `/api/payroll/${run.id}`)).statusCode).toBe(200);
  });
});
