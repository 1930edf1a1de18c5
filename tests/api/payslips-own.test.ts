/**
 * A release makes payslips visible to their people: GET /api/payslips/{id}
 * answers the person their own payslip once its run is released, never
 * before, and never someone else's; the list stays the payroll office's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, employeeSignedIn } from "../support/people";
import { createSample } from "../support/samples";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  await createSample(t, admin, "pay-components");
});
afterAll(() => t.close());

const post = (url: string) => call(t, admin, { method: "POST", url });

describe("one's own payslip", () => {
  it("is readable by its person once released, not before; another person's never; the list is not theirs", async () => {
    const [me, other] = [await employeeSignedIn(t, admin), await employeeSignedIn(t, admin)];
    const run = (await call(t, admin, { method: "POST", url: "/api/payroll", payload: { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", people: { user_ids: [me.id, other.id] } } })).json().data.id;
    expect((await post(`/api/payslip/generate-payslips/${run}`)).statusCode).toBe(202);
    await t.app.ctx.jobs.idle();
    const slips = (await call(t, admin, { method: "GET", url: `/api/payslips?filter[payroll_id][equals]=${run}` })).json().data as { id: number; user_id: number }[];
    const mine = slips.find((slip) => slip.user_id === me.id)!.id;
    const theirs = slips.find((slip) => slip.user_id === other.id)!.id;
    const read = (id: number) => call(t, me.token, { method: "GET", url: `/api/payslips/${id}` });

    expect((await read(mine)).statusCode).toBe(403);
    expect((await post(`/api/payroll/${run}/approve`)).statusCode).toBe(200);
    expect((await read(mine)).statusCode).toBe(403);
    expect((await post(`/api/payroll/release/${run}`)).statusCode).toBe(200);

    const own = await read(mine);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ id: mine, user_id: me.id, status: "released" });
    expect((await read(theirs)).statusCode).toBe(403);
    expect((await call(t, me.token, { method: "GET", url: "/api/payslips" })).statusCode).toBe(403);
    expect((await call(t, null, { method: "GET", url: `/api/payslips/${mine}` })).statusCode).toBe(401);
  });
});
