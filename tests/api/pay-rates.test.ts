/**
 * A person's pay history (GET/POST /api/users/{id}/pay-rates, DELETE …/{rateId}):
 * who may read and write it, the record's pay fields following the rate in
 * force today, and payroll prorating a period by the rates it had.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, createPerson, employeeSignedIn, staffWith } from "../support/people";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

const rates = (token: string | null, id: number) => call(t, token, { method: "GET", url: `/api/users/${id}/pay-rates` });
const add = (token: string | null, id: number, body: Record<string, unknown>) => call(t, token, { method: "POST", url: `/api/users/${id}/pay-rates`, payload: body });
const RAISE = { effective_from: "2026-02-16", pay_basis: "monthly", rate: 560_000, currency: "USD" };

describe("who may", () => {
  it("reads: 401 signed out, one's own history, others' only with users_pay_view; writes: pay writers only", async () => {
    const me = await employeeSignedIn(t, admin);
    const other = await createPerson(t, admin);
    expect((await rates(null, me.id)).statusCode).toBe(401);
    expect((await rates(me.token, me.id)).statusCode).toBe(200);
    expect((await rates(me.token, other.id)).statusCode).toBe(403);
    expect((await add(me.token, me.id, RAISE)).statusCode).toBe(403);
    const viewer = await staffWith(t, admin, ["users_view"]);
    expect((await rates(viewer.token, other.id)).statusCode).toBe(403);
    const payroll = await staffWith(t, admin, ["users_view", "users_manage", "users_pay_view"]);
    expect((await rates(payroll.token, other.id)).statusCode).toBe(200);
    expect((await add(payroll.token, other.id, RAISE)).statusCode).toBe(201);
    expect((await rates(admin, 2147483647)).statusCode).toBe(404);
  });
});

describe("the history", () => {
  it("starts with the hire date's rate, records a dated change, and the record follows the rate in force today", async () => {
    const person = await createPerson(t, admin, { hire_date: "2025-01-15", pay_basis: "monthly", base_rate: 420_000, currency: "USD" });
    expect((await rates(admin, person.id)).json().data).toMatchObject([{ effective_from: "2025-01-15", rate: 420_000 }]);
    // In force since Feb 16 (the test clock is 2026-03-02): the record shows it.
    const added = await add(admin, person.id, RAISE);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.map((row: { effective_from: string }) => row.effective_from)).toEqual(["2025-01-15", "2026-02-16"]);
    expect((await call(t, admin, { method: "GET", url: `/api/users/${person.id}` })).json().data.base_rate).toBe(560_000);
    // A raise from next month changes nothing today.
    await add(admin, person.id, { ...RAISE, effective_from: "2026-04-01", rate: 600_000 });
    expect((await call(t, admin, { method: "GET", url: `/api/users/${person.id}` })).json().data.base_rate).toBe(560_000);
    // Removing February's leaves the hire rate in force again.
    const february = (await rates(admin, person.id)).json().data.find((row: { effective_from: string }) => row.effective_from === "2026-02-16");
    expect((await call(t, admin, { method: "DELETE", url: `/api/users/${person.id}/pay-rates/${february.id}` })).statusCode).toBe(200);
    expect((await call(t, admin, { method: "GET", url: `/api/users/${person.id}` })).json().data.base_rate).toBe(420_000);
  });

  it("takes a pay change on the employee record from the date asked: a future one waits, a past one applies now", async () => {
    const person = await createPerson(t, admin, { hire_date: "2025-01-15", pay_basis: "monthly", base_rate: 420_000, currency: "USD" });
    const update = (body: Record<string, unknown>) => call(t, admin, { method: "PUT", url: `/api/users/${person.id}`, payload: body });
    // From next month (the test clock is 2026-03-02): in the history, not yet on the record.
    const later = await update({ base_rate: 500_000, pay_effective_from: "2026-04-01" });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.base_rate).toBe(420_000);
    expect((await rates(admin, person.id)).json().data).toMatchObject([{ effective_from: "2025-01-15", rate: 420_000 }, { effective_from: "2026-04-01", rate: 500_000 }]);
    // Back-dated to February: the record shows it at once; April's rate still waits.
    const earlier = await update({ base_rate: 450_000, pay_effective_from: "2026-02-01" });
    expect(earlier.json().data.base_rate).toBe(450_000);
    expect((await rates(admin, person.id)).json().data.map((row: { effective_from: string; rate: number }) => [row.effective_from, row.rate])).toEqual([
      ["2025-01-15", 420_000],
      ["2026-02-01", 450_000],
      ["2026-04-01", 500_000],
    ]);
    // Without a date, from today, as before.
    await update({ base_rate: 460_000 });
    expect((await rates(admin, person.id)).json().data.map((row: { effective_from: string }) => row.effective_from)).toContain("2026-03-02");
    // The date is a pay field: someone who may not write pay may not send it.
    const manager = await staffWith(t, admin, ["users_view", "users_manage"]);
    expect((await call(t, manager.token, { method: "PUT", url: `/api/users/${person.id}`, payload: { pay_effective_from: "2026-04-01" } })).statusCode).toBe(403);
    expect((await update({ base_rate: 470_000, pay_effective_from: "2026-02-30" })).json().errors.pay_effective_from).toEqual(["Enter a date as YYYY-MM-DD."]);
  });

  it("refuses a rate of 0, a bad date or currency with 422s on their fields", async () => {
    const person = await createPerson(t, admin);
    const refused = await add(admin, person.id, { effective_from: "2026-02-30", pay_basis: "yearly", rate: 0, currency: "pesos" });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(["currency", "effective_from", "pay_basis", "rate"]);
  });

  it("prorates a month by calendar days across a change: 4,200.00 for 15 days and 5,600.00 for 13 of February's 28", async () => {
    const person = await createPerson(t, admin, { hire_date: "2025-01-15", pay_basis: "monthly", base_rate: 420_000, currency: "USD" });
    await add(admin, person.id, RAISE);
    await call(t, admin, { method: "POST", url: "/api/pay-components", payload: { code: "PRORATED", name: "Basic", kind: "earning", calculation: { type: "formula", expression: "basic" } } });
    const run = (await call(t, admin, { method: "POST", url: "/api/payroll", payload: { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", people: { user_ids: [person.id] } } })).json().data.id;
    await call(t, admin, { method: "POST", url: `/api/payslip/generate-payslips/${run}` });
    await t.app.ctx.jobs.idle();
    const [payslip] = (await call(t, admin, { method: "GET", url: `/api/payslips?filter[payroll_id][equals]=${run}` })).json().data;
    // 4,200 × 15/28 + 5,600 × 13/28 = 2,250.00 + 2,600.00 = 4,850.00
    expect(payslip.lines.find((line: { code: string }) => line.code === "PRORATED").amount).toBe(485_000);
  });
});
