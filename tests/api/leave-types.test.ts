/**
 * Leave types (/api/leave-types): what the generic tests cannot know — the defaults a type starts with, its code in upper
 * case and unique whatever the case, days in hundredths up to a year, and the demo company's set (the statutory days of
 * the Labor Code art. 95, RA 11210, RA 8187 and RA 11861) passing the same checks as a typed one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeaveTypeRecord } from "../../contracts/leave";
import { seedDemoLeave } from "../../server/db/seed-leave";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, employeeSignedIn } from "../support/people";
import { requestsTo } from "../support/requests";

let t: TestApp;
let admin: string;
const { must, refusal } = requestsTo(() => t);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});

afterAll(async () => {
  await t?.close();
});

describe("leave types", () => {
  it("start from the usual rules: counted in days, granted yearly, no carry-over or negative balance, approval needed, no document", async () => {
    const made: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: "bl", name: "Birthday leave", paid: true, yearly_days: 1 }, 201);
    expect(made).toMatchObject({
      code: "BL",
      unit: "day",
      yearly_days: 1,
      accrual: "yearly",
      carry_over_days: 0,
      negative_days: 0,
      service_months: 0,
      needs_approval: true,
      document_after_days: null,
      active: true,
    });
    const changed: LeaveTypeRecord = await must(admin, "PUT", `/api/leave-types/${made.id}`, { yearly_days: 1.25, accrual: "monthly" });
    expect(changed).toMatchObject({ yearly_days: 1.25, accrual: "monthly" });
  });

  it("refuse a code or name another type has (whatever the case), days beyond a year or finer than hundredths, and odd units", async () => {
    await must(admin, "POST", "/api/leave-types", { code: "CL", name: "Compassionate leave", paid: true, yearly_days: 3 }, 201);
    expect(await refusal(admin, "POST", "/api/leave-types", { code: "cl", name: "Another", paid: true, yearly_days: 3 })).toMatchObject({
      status: 422,
      errors: { code: ["Another leave type already has this code."] },
    });
    expect((await refusal(admin, "POST", "/api/leave-types", { code: "CX", name: "compassionate LEAVE", paid: true, yearly_days: 3 })).errors).toEqual({ name: ["Another leave type already has this name."] });
    const days = "Enter a number of days from 0 to 366, in hundredths at most.";
    expect((await refusal(admin, "POST", "/api/leave-types", { code: "X1", name: "Too long", paid: true, yearly_days: 400 })).errors).toEqual({ yearly_days: [days] });
    expect((await refusal(admin, "POST", "/api/leave-types", { code: "X2", name: "Too fine", paid: true, yearly_days: 1.005 })).errors).toEqual({ yearly_days: [days] });
    expect((await refusal(admin, "POST", "/api/leave-types", { code: "X3", name: "Odd unit", paid: true, yearly_days: 1, unit: "week" })).status).toBe(422);
  });

  it("are set up by whoever manages leave: an employee may neither list nor create them", async () => {
    const employee = await employeeSignedIn(t, admin);
    expect((await refusal(employee.token, "GET", "/api/leave-types")).status).toBe(403);
    expect((await refusal(employee.token, "POST", "/api/leave-types", { code: "ZZ", name: "Mine", paid: true, yearly_days: 99 })).status).toBe(403);
  });

  it("include the demo company's, with the days the law grants", async () => {
    await seedDemoLeave(t.database.db, t.clock.now());
    const listed: LeaveTypeRecord[] = await must(admin, "GET", "/api/leave-types?per_page=100&filter[code][equals]=SIL");
    expect(listed).toEqual([expect.objectContaining({ name: "Service incentive leave", paid: true, yearly_days: 5, service_months: 12 })]);
    const all: LeaveTypeRecord[] = await must(admin, "GET", "/api/leave-types?per_page=100");
    const byCode = Object.fromEntries(all.map((type) => [type.code, type]));
    expect({ ML: byCode.ML.yearly_days, PL: byCode.PL.yearly_days, SPL: byCode.SPL.yearly_days, LWOP: byCode.LWOP.paid }).toEqual({ ML: 105, PL: 7, SPL: 7, LWOP: false });
  });
});
