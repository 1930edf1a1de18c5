/**
 * Every write operation in the API reference, walked from /api/docs/json:
 * 401 without a token; a successful write leaves exactly one activity row;
 * a refused one (401, 403, 404, 422) leaves no row and changes nothing.
 *
 * A new write route fails here until it gets a valid request: a resource's
 * create, change and delete come from its sample (tests/support/samples.ts),
 * any other write needs an entry in WRITES. That is the point. Public routes (sign-in, registration, reset links) record
 * security events on failure by design and have their own tests.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { InjectOptions } from "fastify";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { totpCode } from "../../server/lib/totp";
import { month } from "../support/payroll-runs";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, employeePayload, employeeSignedIn, GOOD_PASSWORD, multipart, PNG_1X1, staffWith, unique } from "../support/people";
import { createLeaveRequest, createPayslip, createSample, SAMPLES } from "../support/samples";
import { CONFIRMED_OPEN } from "../support/payroll-runs";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // A backup folder of its own, so that Back up now (a write) can run.
  t = await startTestApp({ config: { backupDir: fs.mkdtempSync(path.join(os.tmpdir(), "paydesk-write-path-backups-")) } });
  admin = await t.tokenFor(ADMIN.email);
  // The test clock stands in March while the queue's clock is today's: every daily slot since would be due at once.
  await call(t, admin, { method: "PUT", url: "/api/settings/system", payload: { backup_enabled: false } });
  await t.app.ctx.jobs.idle();
});
afterAll(() => t.close());

/** A caller and a request that should succeed, made fresh for each run (unique names, its own records). */
type Write = () => Promise<{ token: string; request: InjectOptions }>;

/** A valid request for each write operation outside the resources of SAMPLES, by "METHOD /path/{param}" as the reference names it. */
const WRITES: Record<string, Write> = {
  "POST /api/logout": async () => ({ token: await t.tokenFor(ADMIN.email), request: { method: "POST", url: "/api/logout" } }),
  "PUT /api/me/profile": async () => ({ token: admin, request: { method: "PUT", url: "/api/me/profile", payload: { phone: `+1 555 ${Date.now() % 10000}` } } }),
  "POST /api/me/profile/picture": async () => ({
    token: admin,
    request: { method: "POST", url: "/api/me/profile/picture", ...multipart([{ name: "file", filename: "me.png", contentType: "image/png", content: PNG_1X1 }]) },
  }),
  "PUT /api/me/change-password": async () => {
    const person = await employeeSignedIn(t, admin);
    const payload = { current_password: person.password, password: `${GOOD_PASSWORD}x`, password_confirmation: `${GOOD_PASSWORD}x` };
    return { token: person.token, request: { method: "PUT", url: "/api/me/change-password", payload } };
  },
  "PUT /api/company-profile": async () => ({ token: admin, request: { method: "PUT", url: "/api/company-profile", payload: { phone: `+1 555 ${Date.now() % 10000}` } } }),
  "POST /api/company-profile/logo": async () => ({ token: admin, request: { method: "POST", url: "/api/company-profile/logo", ...logoUpload() } }),
  "DELETE /api/company-profile/logo": async () => {
    await call(t, admin, { method: "POST", url: "/api/company-profile/logo", ...logoUpload() });
    return { token: admin, request: { method: "DELETE", url: "/api/company-profile/logo" } };
  },
  // Each run changes the value, so each is a change that the log records.
  "PUT /api/settings/payroll": async () => ({ token: admin, request: { method: "PUT", url: "/api/settings/payroll", payload: { pay_day_of_month: 1 + (serial++ % 28) } } }),
  "PUT /api/settings/system": async () => ({ token: admin, request: { method: "PUT", url: "/api/settings/system", payload: { remember_days: 1 + (serial++ % 300) } } }),
  // The opposite of what is stored: the same value again would be no change, and no activity row.
  "PUT /api/settings/notifications": async () => {
    const stored = (await call(t, admin, { method: "GET", url: "/api/settings/notifications" })).json().data.defaults.system.email;
    return { token: admin, request: { method: "PUT", url: "/api/settings/notifications", payload: { defaults: { system: { email: !stored } } } } };
  },
  "PUT /api/settings/attendance": async () => ({ token: admin, request: { method: "PUT", url: "/api/settings/attendance", payload: { accuracy_allowance_m: 51 + (serial++ % 400) } } }),
  "PUT /api/settings/preferences": async () => ({ token: admin, request: { method: "PUT", url: "/api/settings/preferences", payload: { dark_mode: serial++ % 2 === 0 } } }),
  "POST /api/attendance/clock-in": async () => ({ token: await clockingPerson([]), request: { method: "POST", url: "/api/attendance/clock-in", payload: {} } }),
  "POST /api/leave-requests": async () => {
    const { person, body } = await leaveAsker();
    return { token: person.token, request: { method: "POST", url: "/api/leave-requests", payload: body } };
  },
  "POST /api/leave-requests/{id}/approve": async () => ({ token: admin, request: { method: "POST", url: `/api/leave-requests/${await pendingLeave()}/approve`, payload: { reason: "Enjoy" } } }),
  "POST /api/leave-requests/{id}/reject": async () => ({ token: admin, request: { method: "POST", url: `/api/leave-requests/${await pendingLeave()}/reject`, payload: { reason: "Stocktaking" } } }),
  "POST /api/leave-requests/decisions": async () => ({ token: admin, request: { method: "POST", url: "/api/leave-requests/decisions", payload: { ids: [await pendingLeave()], decision: "approve" } } }),
  "POST /api/leave-requests/{id}/document": async () => ({
    token: admin,
    request: { method: "POST", url: `/api/leave-requests/${await pendingLeave()}/document`, ...multipart([{ name: "file", filename: "note.png", contentType: "image/png", content: PNG_1X1 }]) },
  }),
  // HR takes back a request entered for someone (the person could too).
  "POST /api/leave-requests/{id}/cancel": async () => ({ token: admin, request: { method: "POST", url: `/api/leave-requests/${await pendingLeave()}/cancel` } }),
  "POST /api/leave-balances/adjustments": async () => {
    const { person, body } = await leaveAsker();
    return { token: admin, request: { method: "POST", url: "/api/leave-balances/adjustments", payload: { user_id: person.id, leave_type_id: body.leave_type_id, year: 2026, days: 1.5, reason: "Carried from the old system" } } };
  },
  "POST /api/attendance/clock-out": async () => ({ token: await clockingPerson(["clock-in"]), request: { method: "POST", url: "/api/attendance/clock-out", payload: {} } }),
  "POST /api/attendance/break/start": async () => ({ token: await clockingPerson(["clock-in"]), request: { method: "POST", url: "/api/attendance/break/start" } }),
  "POST /api/attendance/manual": async () => ({ token: admin, request: { method: "POST", url: "/api/attendance/manual", payload: await manualDay() } }),
  "PUT /api/attendance/{id}": async () => ({
    token: admin,
    request: { method: "PUT", url: `/api/attendance/${await enteredDay()}`, payload: { clock_out_at: new Date(t.clock.now().getTime() - 3_600_000).toISOString(), reason: "Stayed late" } },
  }),
  "DELETE /api/attendance/{id}": async () => ({ token: admin, request: { method: "DELETE", url: `/api/attendance/${await enteredDay()}`, payload: { reason: "Entered twice" } } }),
  "POST /api/attendance/break/end": async () => ({ token: await clockingPerson(["clock-in", "break/start"]), request: { method: "POST", url: "/api/attendance/break/end" } }),
  "POST /api/notifications/system": async () => ({ token: admin, request: { method: "POST", url: "/api/notifications/system", payload: { title: "Hello", message: "Hi all", audience: { type: "all" } } } }),
  "POST /api/notifications/mark-as-read": async () => {
    const { token, ids } = await withNotifications();
    return { token, request: { method: "POST", url: "/api/notifications/mark-as-read", payload: { ids } } };
  },
  "POST /api/notifications/mark-all-as-read": async () => ({ token: (await withNotifications()).token, request: { method: "POST", url: "/api/notifications/mark-all-as-read" } }),
  "POST /api/notifications/archive": async () => {
    const { token, ids } = await withNotifications();
    return { token, request: { method: "POST", url: "/api/notifications/archive", payload: { ids } } };
  },
  "DELETE /api/notifications/{id}": async () => {
    const { token, ids } = await withNotifications();
    return { token, request: { method: "DELETE", url: `/api/notifications/${ids[0]}` } };
  },
  "POST /api/schedules/{id}/assignments": async () => {
    const [schedule, person] = await Promise.all([createSample(t, admin, "schedules"), employeeSignedIn(t, admin)]);
    return { token: admin, request: { method: "POST", url: `/api/schedules/${schedule}/assignments`, payload: { user_ids: [person.id], effective_from: "2026-01-01" } } };
  },
  "DELETE /api/schedules/{id}/assignments/{assignmentId}": async () => {
    const [schedule, person] = await Promise.all([createSample(t, admin, "schedules"), employeeSignedIn(t, admin)]);
    const assigned = await call(t, admin, { method: "POST", url: `/api/schedules/${schedule}/assignments`, payload: { user_ids: [person.id], effective_from: "2026-01-01" } });
    return { token: admin, request: { method: "DELETE", url: `/api/schedules/${schedule}/assignments/${assigned.json().data[0].id}` } };
  },
  "POST /api/pay-overrides": async () => ({ token: admin, request: { method: "POST", url: "/api/pay-overrides", payload: await overrideBody() } }),
  "PUT /api/pay-overrides/{id}": async () => {
    const body = await overrideBody();
    const id = (await call(t, admin, { method: "POST", url: "/api/pay-overrides", payload: body })).json().data.id;
    return { token: admin, request: { method: "PUT", url: `/api/pay-overrides/${id}`, payload: { ...body, value: "300.00" } } };
  },
  "DELETE /api/pay-overrides/{id}": async () => {
    const id = (await call(t, admin, { method: "POST", url: "/api/pay-overrides", payload: await overrideBody() })).json().data.id;
    return { token: admin, request: { method: "DELETE", url: `/api/pay-overrides/${id}` } };
  },
  "POST /api/users/{id}/pay-rates": async () => ({
    token: admin,
    request: { method: "POST", url: `/api/users/${(await employeeSignedIn(t, admin)).id}/pay-rates`, payload: { effective_from: "2026-02-01", pay_basis: "monthly", rate: 500_000, currency: "USD" } },
  }),
  "DELETE /api/users/{id}/pay-rates/{rateId}": async () => {
    const person = await employeeSignedIn(t, admin);
    const [first] = (await call(t, admin, { method: "GET", url: `/api/users/${person.id}/pay-rates` })).json().data;
    return { token: admin, request: { method: "DELETE", url: `/api/users/${person.id}/pay-rates/${first.id}` } };
  },
  "DELETE /api/me/sessions/{id}": async () => {
    const person = await employeeSignedIn(t, admin);
    const other = await t.tokenFor(person.email, person.password);
    const [listed] = (await call(t, other, { method: "GET", url: "/api/me/sessions" })).json().data.filter((session: { current: boolean }) => !session.current);
    return { token: other, request: { method: "DELETE", url: `/api/me/sessions/${listed.id}` } };
  },
  "POST /api/me/sessions/end-others": async () => {
    const person = await employeeSignedIn(t, admin);
    return { token: await t.tokenFor(person.email, person.password), request: { method: "POST", url: "/api/me/sessions/end-others" } };
  },
  "POST /api/users/{id}/invitation": async () => {
    const { password: _p, password_confirmation: _c, ...payload } = employeePayload();
    const invited = (await call(t, admin, { method: "POST", url: "/api/users", payload })).json().data.id;
    return { token: admin, request: { method: "POST", url: `/api/users/${invited}/invitation` } };
  },
  "POST /api/users/{id}/end-sessions": async () => ({ token: admin, request: { method: "POST", url: `/api/users/${(await employeeSignedIn(t, admin)).id}/end-sessions` } }),
  "POST /api/me/two-factor/enable": async () => {
    const person = await employeeSignedIn(t, admin);
    const { secret, enrolment } = (await call(t, person.token, { method: "POST", url: "/api/me/two-factor/setup" })).json().data;
    return { token: person.token, request: { method: "POST", url: "/api/me/two-factor/enable", payload: { enrolment, code: totpCode(secret, t.clock.now()) } } };
  },
  // A recovery code: the app's code of this step was taken by the enrolment.
  "POST /api/me/two-factor/disable": async () => {
    const person = await withTwoFactor();
    return { token: person.token, request: { method: "POST", url: "/api/me/two-factor/disable", payload: { password: person.password, code: person.codes[0] } } };
  },
  "POST /api/me/two-factor/recovery-codes": async () => {
    const person = await withTwoFactor();
    return { token: person.token, request: { method: "POST", url: "/api/me/two-factor/recovery-codes", payload: { code: person.codes[0] } } };
  },
  "POST /api/users/{id}/two-factor/reset": async () => ({ token: admin, request: { method: "POST", url: `/api/users/${(await withTwoFactor()).id}/two-factor/reset` } }),
  "POST /api/users/{id}/restore": async () => {
    const person = await employeeSignedIn(t, admin);
    // Their sign-in is history: the delete archives them.
    expect((await call(t, admin, { method: "DELETE", url: `/api/users/${person.id}` })).json().data.outcome).toBe("archived");
    return { token: admin, request: { method: "POST", url: `/api/users/${person.id}/restore` } };
  },
  "POST /api/payroll/bulk-delete": async () => ({ token: admin, request: { method: "POST", url: "/api/payroll/bulk-delete", payload: { ids: [await payrollRun(), await payrollRun(["calculate"])] } } }),
  "POST /api/payslip/generate-payslips/{id}": async () => ({ token: admin, request: { method: "POST", url: `/api/payslip/generate-payslips/${await payrollRun()}` } }),
  "POST /api/payroll/{id}/approve": async () => ({ token: admin, request: { method: "POST", url: `/api/payroll/${await payrollRun(["calculate"])}/approve` } }),
  "POST /api/payroll/{id}/reopen": async () => ({
    token: admin,
    request: { method: "POST", url: `/api/payroll/${await payrollRun(["calculate", "approve"])}/reopen`, payload: { reason: "The overtime of the 14th was missing" } },
  }),
  "POST /api/payroll/release/{id}": async () => ({ token: admin, request: { method: "POST", url: `/api/payroll/release/${await payrollRun(["calculate", "approve"])}`, payload: CONFIRMED_OPEN } }),
  "POST /api/payroll/{id}/import": async () => {
    const { run, file } = await sheetToImport();
    return { token: admin, request: { method: "POST", url: `/api/payroll/${run}/import`, ...multipart([{ name: "file", filename: "payroll.csv", contentType: "text/csv", content: file }]) } };
  },
  "POST /api/users/bulk-update": async () => ({ token: admin, request: { method: "POST", url: "/api/users/bulk-update", payload: { user_ids: [(await employeeSignedIn(t, admin)).id], changes: { department: unique("Dept ") } } } }),
  "POST /api/users/import": async () => {
    const tag = unique("imp");
    const file = `first_name,last_name,email\nIma,Port,${tag}@example.com\n`;
    return { token: admin, request: { method: "POST", url: "/api/users/import", ...multipart([{ name: "file", filename: "people.csv", contentType: "text/csv", content: file }]) } };
  },
  "POST /api/payslips/{id}/withdraw": async () => ({ token: admin, request: { method: "POST", url: `/api/payslips/${await releasedPayslip()}/withdraw`, payload: { reason: "Issued with the wrong bank account" } } }),
  "PUT /api/payslips/{id}": async () => ({ token: admin, request: { method: "PUT", url: `/api/payslips/${await createPayslip(t, admin)}`, payload: { note: "Paid by cheque this month" } } }),
  "PUT /api/payslips/update-user-payslip/{id}": async () => ({
    token: admin,
    request: {
      method: "PUT",
      url: `/api/payslips/update-user-payslip/${await createPayslip(t, admin)}`,
      payload: { adjustments: [{ name: "Back pay", kind: "earning", amount: 50_000, taxable: true, reason: "January's overtime, paid late" }] },
    },
  }),
  "DELETE /api/payslips/{id}": async () => ({ token: admin, request: { method: "DELETE", url: `/api/payslips/${await createPayslip(t, admin)}` } }),
  // A test e-mail to oneself: recorded, as every message sent on someone's request is.
  "POST /api/system/check/test-mail": async () => ({ token: admin, request: { method: "POST", url: "/api/system/check/test-mail" } }),
  "POST /api/system/backups": async () => ({ token: admin, request: { method: "POST", url: "/api/system/backups" } }),
  "POST /api/payslips/bulk-delete": async () => ({ token: admin, request: { method: "POST", url: "/api/payslips/bulk-delete", payload: { ids: [await createPayslip(t, admin), await createPayslip(t, admin)] } } }),
};

/** An employee with two-factor sign-in on: signed in, with their recovery codes. */
async function withTwoFactor() {
  const person = await employeeSignedIn(t, admin);
  const { secret, enrolment } = (await call(t, person.token, { method: "POST", url: "/api/me/two-factor/setup" })).json().data;
  const enabled = await call(t, person.token, { method: "POST", url: "/api/me/two-factor/enable", payload: { enrolment, code: totpCode(secret, t.clock.now()) } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { ...person, codes: enabled.json().data.recovery_codes as string[] };
}

/** Someone with two unread notifications, as a broadcast leaves them. */
async function withNotifications(): Promise<{ token: string; ids: number[] }> {
  const person = await employeeSignedIn(t, admin);
  for (let i = 0; i < 2; i++) await call(t, admin, { method: "POST", url: "/api/notifications/system", payload: { title: "Hi", message: "Hi", audience: { type: "users", user_ids: [person.id] } } });
  const listed = await call(t, person.token, { method: "GET", url: "/api/notifications" });
  // Their e-mails, if the company's defaults send any, are delivered before the refusals are checked.
  await t.app.ctx.jobs.idle();
  return { token: person.token, ids: listed.json().data.map((item: { id: number }) => item.id) };
}

/** POSTs that write nothing: a stream ticket is signed, not stored; a position is checked, not kept; a component is tried, not saved; an enrolment is sealed and handed back, not stored. */
const NOT_WRITES = ["POST /api/notifications/stream-ticket", "POST /api/attendance/validate-location", "POST /api/pay-components/preview", "POST /api/me/two-factor/setup"];

/** Writes that queue a job which writes its own activity row once done (a run's calculation): awaited, and counted. */
const JOB_ROWS: Record<string, number> = { "POST /api/payslip/generate-payslips/{id}": 1 };

/** Each run its own month: an approved run's period refuses another regular run of the same person. */
let nextMonth = 1;

/** A new payroll run of the test company, brought to a state by the steps given; its id. */
async function payrollRun(steps: ("calculate" | "approve")[] = []): Promise<number> {
  const created = await call(t, admin, { method: "POST", url: "/api/payroll", payload: { ...month(nextMonth++), people: { user_ids: [1] }, corrects_id: null } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  for (const step of steps) {
    const url = step === "calculate" ? `/api/payslip/generate-payslips/${id}` : `/api/payroll/${id}/approve`;
    const response = await call(t, admin, { method: "POST", url });
    expect(response.statusCode, response.body).toBeLessThan(300);
    await t.app.ctx.jobs.idle();
  }
  return id;
}

/** A released payslip of a person of its own (a regular run pays someone once a period). */
async function releasedPayslip(): Promise<number> {
  await createSample(t, admin, "pay-components");
  const person = await employeeSignedIn(t, admin);
  const run = (await call(t, admin, { method: "POST", url: "/api/payroll", payload: { period_start: "2026-02-01", period_end: "2026-02-28", pay_date: "2026-02-27", people: { user_ids: [person.id] } } })).json().data.id;
  for (const url of [`/api/payslip/generate-payslips/${run}`, `/api/payroll/${run}/approve`, `/api/payroll/release/${run}`]) {
    expect((await call(t, admin, { method: "POST", url })).statusCode).toBeLessThan(300);
    await t.app.ctx.jobs.idle();
  }
  const [payslip] = (await call(t, admin, { method: "GET", url: `/api/payslips?filter[payroll_id][equals]=${run}` })).json().data;
  return payslip.id;
}

/** A draft run of a new person and a CSV paying them 100.00 of a new component, in the layout the import reads. */
async function sheetToImport(): Promise<{ run: number; file: string }> {
  const component = (await call(t, admin, { method: "GET", url: `/api/pay-components/${await createSample(t, admin, "pay-components")}` })).json().data;
  const person = (await call(t, admin, { method: "POST", url: "/api/users", payload: employeePayload() })).json().data;
  const created = await call(t, admin, { method: "POST", url: "/api/payroll", payload: { ...SAMPLES.payroll.create(), people: { user_ids: [person.id] } } });
  expect(created.statusCode, created.body).toBe(201);
  return { run: created.json().data.id, file: `Employee number [employee_number],${component.name} [${component.code}]\r\n${person.employee_number},100.00\r\n` };
}

/** An override body for a person and a component of their own. */
async function overrideBody() {
  const [person, component] = await Promise.all([employeeSignedIn(t, admin), createSample(t, admin, "pay-components")]);
  return { user_id: person.id, component_id: component, mode: "amount", value: "250.00", effective_from: "2026-01-01", effective_to: null, reason: "Agreed in the contract" };
}

/** A day of a new person of their own, ending two hours ago, as an administrator enters it. */
async function manualDay() {
  const person = await employeeSignedIn(t, admin);
  const hoursAgo = (hours: number) => new Date(t.clock.now().getTime() - hours * 3_600_000).toISOString();
  return { user_id: person.id, clock_in_at: hoursAgo(10), clock_out_at: hoursAgo(2), reason: "Forgot to clock in" };
}

/** The id of such a day, entered. */
async function enteredDay(): Promise<number> {
  const response = await call(t, admin, { method: "POST", url: "/api/attendance/manual", payload: await manualDay() });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

/**
 * Someone who clocks in from anywhere (no work location needed), brought to a
 * state by the clock steps given; their token.
 */
async function clockingPerson(steps: string[]): Promise<string> {
  const person = await staffWith(t, admin, ["attendance_access"]);
  await t.database.db.update(users).set({ clock_policy: "anywhere" }).where(eq(users.id, person.id));
  for (const step of steps) expect((await call(t, person.token, { method: "POST", url: `/api/attendance/${step}`, payload: step.startsWith("clock") ? {} : undefined })).statusCode).toBeLessThan(300);
  return person.token;
}

/** A new person with days of a new leave type granted (the jobs a new type and a new person queue, done), and a request of it to make. */
async function leaveAsker() {
  const type = await createSample(t, admin, "leave-types");
  const person = await employeeSignedIn(t, admin);
  await t.app.ctx.jobs.idle();
  return { person, body: { leave_type_id: type, start_date: "2026-03-10", end_date: "2026-03-11", reason: "Family matters" } };
}

/** A pending leave request of a new person; its id. */
const pendingLeave = () => createLeaveRequest(t, admin);

let serial = 0;
const logoUpload = () => multipart([{ name: "file", filename: "logo.png", contentType: "image/png", content: PNG_1X1 }]);

/** Writes every signed-in person makes to their own things: an employee is not refused them. */
const OWN_WRITES = ["/api/leave-requests", "/api/logout", "/api/settings/preferences", "/api/notifications/mark-as-read", "/api/notifications/mark-all-as-read", "/api/notifications/archive", "/api/notifications/{id}"];

/** The create, change and delete of every resource with a sample. */
for (const [resource, sample] of Object.entries(SAMPLES)) {
  WRITES[`POST /api/${resource}`] = async () => ({ token: admin, request: { method: "POST", url: `/api/${resource}`, payload: sample.create() } });
  const change = sample.change;
  if (change) {
    WRITES[`PUT /api/${resource}/{id}`] = async () => ({
      token: admin,
      request: { method: "PUT", url: `/api/${resource}/${await createSample(t, admin, resource)}`, payload: change() },
    });
  }
  WRITES[`DELETE /api/${resource}/{id}`] = async () => ({ token: admin, request: { method: "DELETE", url: `/api/${resource}/${await createSample(t, admin, resource)}` } });
}

interface Operation {
  key: string;
  method: string;
  path: string;
  isPublic: boolean;
  hasBody: boolean;
}

async function writeOperations(): Promise<Operation[]> {
  const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, { security?: unknown[]; requestBody?: unknown }>>(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!["post", "put", "patch", "delete"].includes(method) || NOT_WRITES.includes(`${method.toUpperCase()} ${path}`)) continue;
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      operations.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, isPublic, hasBody: operation.requestBody !== undefined });
    }
  }
  return operations;
}

/** Sign-in guesses are counted on purpose, refused or not: a failed change-password is one. */
const UNWATCHED_TABLES = new Set(["auth_attempts"]);

/** A fingerprint of every table's contents, to tell that a refused write changed nothing: one query for all the tables. */
let fingerprintQuery: string | undefined;
async function snapshot(): Promise<Record<string, string>> {
  fingerprintQuery ??= await everyTableFingerprintQuery();
  const { rows } = (await t.database.db.execute(sql.raw(fingerprintQuery))) as unknown as { rows: { name: string; digest: string }[] };
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

async function everyTableFingerprintQuery(): Promise<string> {
  const { rows } = (await t.database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)) as unknown as { rows: { name: string }[] };
  return rows
    .filter(({ name }) => !UNWATCHED_TABLES.has(name))
    .map(({ name }) => `select '${name}' as name, (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from "${name}" t) as digest`)
    .join(" union all ");
}

async function activityCount(): Promise<number> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from activity_log`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0].n);
}

async function newestOrigin(): Promise<{ ip: string | null; user_agent: string | null }> {
  const result = (await t.database.db.execute(sql`select ip, user_agent from activity_log order by id desc limit 1`)) as unknown as { rows: { ip: string; user_agent: string }[] };
  return result.rows[0];
}

/** The same request made wrong in one way: no token, a body that fails validation, a record that does not exist, a caller without the grant. */
async function refusals(operation: Operation, valid: InjectOptions, token: string): Promise<{ label: string; token: string | null; request: InjectOptions; status: number }[]> {
  const list: { label: string; token: string | null; request: InjectOptions; status: number }[] = [{ label: "no token", token: null, request: valid, status: 401 }];
  if (operation.hasBody && !valid.headers?.["content-type"]?.toString().startsWith("multipart/")) {
    list.push({ label: "invalid body", token, request: { ...valid, payload: { "not a field": true } }, status: 422 });
  }
  if (operation.path.includes("{")) {
    // Every record the path names, one that does not exist.
    list.push({ label: "missing record", token, request: { ...valid, url: operation.path.replace(/\{[^}]+\}/g, "2147483647") }, status: 404 });
  }
  if (!operation.path.startsWith("/api/me") && !OWN_WRITES.includes(operation.path)) {
    const employee = await employeeSignedIn(t, admin);
    list.push({ label: "employee", token: employee.token, request: valid, status: 403 });
  }
  return list;
}

describe("the write path, for every write operation in the reference", () => {
  it("has a valid request for every non-public write operation, and none for operations that are gone", async () => {
    const keys = (await writeOperations()).filter((operation) => !operation.isPublic).map((operation) => operation.key);
    expect(keys.sort()).toEqual(Object.keys(WRITES).sort());
  });

  // One test a write operation: all of them in one outgrew the test time as the API grew.
  let operations: Promise<Operation[]> | undefined;
  for (const key of Object.keys(WRITES).sort()) {
    it(`${key}: answers 401 without a token, writes one activity row on success, and nothing on a refusal`, async () => {
      operations ??= writeOperations();
      const operation = (await operations).find((entry) => entry.key === key);
      if (!operation) throw new Error(`${key} is not in the API reference`);
      const { token, request } = await WRITES[key]();
      // Mail a write sends (a changed password is told by e-mail) is delivered in the background: not during the snapshots.
      await t.app.ctx.jobs.idle();
      const refused = await refusals(operation, request, token);
      // The callers made for the refusals (a new employee) set jobs going (their leave granted): done before the snapshots.
      await t.app.ctx.jobs.idle();
      for (const refusal of refused) {
        const [before, rowsBefore] = [await snapshot(), await activityCount()];
        const response = await call(t, refusal.token, refusal.request);
        const where = `${key} (${refusal.label}) answered ${response.statusCode} ${response.body}`;
        expect(response.statusCode, where).toBe(refusal.status);
        expect(await activityCount(), where).toBe(rowsBefore);
        expect(await snapshot(), where).toEqual(before);
      }
      const rowsBefore = await activityCount();
      const userAgent = `write-path-test ${key}`;
      const response = await call(t, token, { ...request, headers: { ...request.headers, "user-agent": userAgent } });
      expect(response.statusCode, `${key}: ${response.body}`).toBeLessThan(300);
      if (JOB_ROWS[key]) await t.app.ctx.jobs.idle();
      expect(await activityCount(), `${key}: exactly one activity row (and its job's)`).toBe(rowsBefore + 1 + (JOB_ROWS[key] ?? 0));
      expect(await newestOrigin(), `${key}: the row keeps where the change came from`).toEqual({ ip: "127.0.0.1", user_agent: userAgent });
    });
  }
});
