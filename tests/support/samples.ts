/**
 * A valid record of each API resource, for the generic tests that walk every
 * resource (tests/api/write-path.test.ts, tests/api/access-agreement.test.ts):
 * a create body (fresh names each call) and a change to make to it. A new
 * resource gets its entry here, and both tests then cover it.
 */
import type { TestApp } from "./api";
import { call, employeePayload, unique } from "./people";

export interface Sample {
  /** A body `POST /api/<resource>` accepts from an administrator. */
  create(): Record<string, unknown>;
  /** A body `PUT /api/<resource>/{id}` accepts for such a record, changing it; none for a resource without that call. */
  change?(): Record<string, unknown>;
}

export const SAMPLES: Record<string, Sample> = {
  // An employee (level 1): within the powers of anyone allowed to manage people.
  users: { create: () => employeePayload(), change: () => ({ department: unique("Dept ") }) },
  // A role carrying nothing: nobody lacks what it holds.
  roles: { create: () => ({ name: unique("Role "), permissions: [] }), change: () => ({ description: unique("Changed ") }) },
  // A code of its own, as leave_days() would read it.
  "leave-types": {
    create: () => ({ code: unique("L").toUpperCase().replace(/[^A-Z0-9_]/g, "_"), name: unique("Leave "), paid: true, yearly_days: 5 }),
    change: () => ({ yearly_days: 7.5 }),
  },
  locations: { create: () => ({ name: unique("Site "), latitude: 14.55, longitude: 121.02, radius_m: 100 }), change: () => ({ radius_m: 250 }) },
  schedules: {
    create: () => ({ name: unique("Shift "), working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "18:00" }),
    change: () => ({ grace_minutes: 10 }),
  },
  // One holiday a date: each sample takes a day of its own, far from any test's dates.
  holidays: { create: () => ({ date: freeDay(), name: unique("Holiday ") }), change: () => ({ name: unique("Renamed ") }) },
  // A fixed allowance nobody else reads: free to change and to delete.
  "pay-components": {
    create: () => ({ code: unique("C").toUpperCase(), name: unique("Allowance "), kind: "earning", calculation: { type: "fixed", amount: "500.00" } }),
    change: () => ({ calculation: { type: "fixed", amount: "750.00" } }),
  },
  // A draft run of one person: deletable, never in another run's way (runs of a period only warn of each other).
  payroll: {
    create: () => ({ period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", people: { user_ids: [1] }, corrects_id: null }),
  },
  // A code of its own: no component reads it.
  "rate-tables": {
    create: () => ({ code: unique("T").toUpperCase(), name: unique("Table "), kind: "bands", effective_from: "2026-01-01", rows: [{ from: "0", to: null, value: "100" }] }),
    change: () => ({ name: unique("Renamed ") }),
  },
};

let dayOffset = Math.floor(Math.random() * 100_000);
/** A date no other sample holiday of this run has (from 2200 on). */
function freeDay(): string {
  return new Date(Date.UTC(2200, 0, 1) + dayOffset++ * 86_400_000).toISOString().slice(0, 10);
}

/** Creates a sample record of `resource` as `token`'s holder; its id. */
export async function createSample(t: TestApp, token: string, resource: string): Promise<number> {
  const sample = SAMPLES[resource];
  if (!sample) throw new Error(`no sample ${resource} in tests/support/samples.ts`);
  const response = await call(t, token, { method: "POST", url: `/api/${resource}`, payload: sample.create() });
  if (response.statusCode !== 201) throw new Error(`creating a sample ${resource} answered ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}

/** A payslip to read: a new person paid by a component paying everyone, and a run of them calculated (payslips have no create of their own). */
export async function createPayslip(t: TestApp, token: string): Promise<number> {
  await createSample(t, token, "pay-components");
  // A person of their own: a regular run pays someone once a period.
  const person = (await call(t, token, { method: "POST", url: "/api/users", payload: employeePayload() })).json().data.id;
  const created = await call(t, token, { method: "POST", url: "/api/payroll", payload: { ...SAMPLES.payroll.create(), people: { user_ids: [person] } } });
  const run = created.json().data.id;
  const queued = await call(t, token, { method: "POST", url: `/api/payslip/generate-payslips/${run}` });
  if (queued.statusCode !== 202) throw new Error(`calculating a sample run answered ${queued.statusCode} ${queued.body}`);
  await t.app.ctx.jobs.idle();
  const listed = await call(t, token, { method: "GET", url: `/api/payslips?filter[payroll_id][equals]=${run}` });
  const [payslip] = listed.json().data;
  if (!payslip) throw new Error(`the sample run made no payslip: ${(await call(t, token, { method: "GET", url: `/api/payroll/${run}` })).body}`);
  return payslip.id;
}

/** A pending leave request of a new person with a sample type's days granted (leave requests have no sample of their own); its id. */
export async function createLeaveRequest(t: TestApp, token: string): Promise<number> {
  const type = await createSample(t, token, "leave-types");
  const person = employeePayload();
  const created = await call(t, token, { method: "POST", url: "/api/users", payload: person });
  if (created.statusCode !== 201) throw new Error(`creating a person for a leave request answered ${created.statusCode} ${created.body}`);
  // The new type and the new person are granted their days by a job.
  await t.app.ctx.jobs.idle();
  const body = { user_id: created.json().data.id, leave_type_id: type, start_date: "2026-03-10", end_date: "2026-03-11", reason: "Family matters" };
  const asked = await call(t, token, { method: "POST", url: "/api/leave-requests", payload: body });
  if (asked.statusCode !== 201) throw new Error(`creating a sample leave request answered ${asked.statusCode} ${asked.body}`);
  return asked.json().data.id;
}

/** An override of a sample component for a new person; its id. */
export async function createOverride(t: TestApp, token: string): Promise<number> {
  const person = await call(t, token, { method: "POST", url: "/api/users", payload: employeePayload() });
  const component = await createSample(t, token, "pay-components");
  const body = { user_id: person.json().data.id, component_id: component, mode: "amount", value: "250.00", effective_from: "2026-01-01", effective_to: null, reason: "Agreed in the contract" };
  const response = await call(t, token, { method: "POST", url: "/api/pay-overrides", payload: body });
  if (response.statusCode !== 201) throw new Error(`creating a sample override answered ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}
