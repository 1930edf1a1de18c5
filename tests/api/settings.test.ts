/**
 * Settings (/api/settings/{group}): one shape for every group, each with its
 * permission; validation naming the field; values that take effect on the
 * next request (session lifetime, throttle limits, registration) without a
 * restart; one activity row per change; one's own preferences; the outbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../support/api";
import { activitiesAfter, ADMIN, call, EMPLOYEE, employeeSignedIn, HR, lastActivityId, staffWith } from "../support/people";

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
});
afterAll(() => t.close());

const get = (token: string | null, group: string) => call(t, token, { method: "GET", url: `/api/settings/${group}` });
const put = (token: string | null, group: string, payload: Record<string, unknown>) => call(t, token, { method: "PUT", url: `/api/settings/${group}`, payload });
const COMPANY_GROUPS = ["payroll", "system", "notifications"] as const;
const SAMPLE_CHANGE = { payroll: { hours_per_day: "7.5" }, system: { remember_days: 14 }, notifications: { defaults: { system: { email: true } } } };

describe("who may", () => {
  it("answers 401 to nobody and 403 to an employee on every company group, and changes nothing", async () => {
    const employee = await t.tokenFor(EMPLOYEE.email);
    for (const group of COMPANY_GROUPS) {
      const before = (await get(admin, group)).json().data;
      for (const [token, status] of [[null, 401], [employee, 403]] as const) {
        expect((await get(token, group)).statusCode).toBe(status);
        expect((await put(token, group, SAMPLE_CHANGE[group])).statusCode).toBe(status);
      }
      expect((await get(admin, group)).json().data).toEqual(before);
    }
    expect((await call(t, null, { method: "GET", url: "/api/settings/system/outbox" })).statusCode).toBe(401);
    expect((await call(t, employee, { method: "GET", url: "/api/settings/system/outbox" })).statusCode).toBe(403);
  });

  it("lets staff holding settings_manage read and change every group, but not read the outbox", async () => {
    const staff = await staffWith(t, admin, ["settings_manage"]);
    for (const group of COMPANY_GROUPS) {
      expect((await get(staff.token, group)).statusCode).toBe(200);
      const changed = await put(staff.token, group, SAMPLE_CHANGE[group]);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().message).toBe("Settings saved.");
    }
    expect((await call(t, staff.token, { method: "GET", url: "/api/settings/system/outbox" })).statusCode).toBe(403);
  });

  it("lets whoever runs payroll read the payroll settings, not change them or read the others", async () => {
    const payroll = await staffWith(t, admin, ["payroll_view", "payroll_manage"]);
    expect((await get(payroll.token, "payroll")).statusCode).toBe(200);
    expect((await put(payroll.token, "payroll", { rounding: "down" })).statusCode).toBe(403);
    expect((await get(payroll.token, "system")).statusCode).toBe(403);
    const hr = await t.tokenFor(HR.email);
    expect((await get(hr, "payroll")).statusCode).toBe(403);
  });
});

describe("the groups", () => {
  it("start from today's values", async () => {
    const fresh = await startTestApp();
    try {
      const token = await fresh.tokenFor(ADMIN.email);
      const read = (group: string) => call(fresh, token, { method: "GET", url: `/api/settings/${group}` });
      expect((await read("payroll")).json().data).toEqual({
        pay_frequency: "monthly",
        pay_day_rule: "last_working_day",
        pay_day_of_month: 25,
        attendance_cutoff_days: 0,
        working_days_per_month: "22",
        hours_per_day: "8",
        overtime_multiplier: "1.25",
        unworked_holiday_rule: "present_day_before",
        rounding: "half_up",
        separate_approver: false,
        pdf_password: false,
        email_payslips: false,
      });
      expect((await read("system")).json().data).toEqual({
        session_hours: 12,
        remember_days: 30,
        throttle_window_minutes: 15,
        login_per_account_and_address: 5,
        login_per_account: 50,
        login_per_address: 30,
        forgot_per_address: 5,
        forgot_per_account: 3,
        allow_registration: false,
        admin_contact: "it-help@example.com",
        two_factor_required: false,
        backup_enabled: true,
        backup_time: "02:00",
        backup_keep: 14,
        mail: { transport: "outbox", from: "Paydesk <no-reply@paydesk.local>" },
      });
      expect((await read("notifications")).json().data.defaults.password_changed).toEqual({ in_app: true, email: true });
    } finally {
      await fresh.close();
    }
  });

  it("changes only what is sent, keeps it, and logs the change once with before and after", async () => {
    const since = await lastActivityId(t, admin);
    const response = await put(admin, "payroll", { overtime_multiplier: "1.5", pay_day_rule: "fixed_day", pay_day_of_month: 15 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ overtime_multiplier: "1.5", pay_day_rule: "fixed_day", pay_day_of_month: 15, rounding: "half_up" });
    expect((await get(admin, "payroll")).json().data).toEqual(response.json().data);
    const rows = await activitiesAfter(t, admin, since);
    expect(rows.map((row) => [row.action, row.subject_type])).toEqual([["settings.payroll_changed", "settings"]]);
    expect(rows[0].changes).toEqual({ overtime_multiplier: { from: "1.25", to: "1.5" }, pay_day_rule: { from: "last_working_day", to: "fixed_day" }, pay_day_of_month: { from: 25, to: 15 } });
    // The same values again: no change, no row.
    await put(admin, "payroll", { overtime_multiplier: "1.5" });
    expect(await activitiesAfter(t, admin, rows[0].id)).toEqual([]);
  });

  it("keeps both of two changes to one group saved at the same moment", async () => {
    const [a, b] = await Promise.all([put(admin, "payroll", { hours_per_day: "7" }), put(admin, "payroll", { rounding: "down" })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await get(admin, "payroll")).json().data).toMatchObject({ hours_per_day: "7", rounding: "down" });
  });

  it("changes one notification channel of one type, keeping the rest", async () => {
    const before = (await get(admin, "notifications")).json().data.defaults;
    const response = await put(admin, "notifications", { defaults: { access_changed: { email: true } } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.defaults).toEqual({ ...before, access_changed: { in_app: before.access_changed.in_app, email: true } });
  });

  it.each([
    ["system", "session_hours", 0, "Enter a value from 1 to 720."],
    ["system", "remember_days", -3, "Enter a value from 1 to 365."],
    ["system", "remember_days", 1.5, "Enter a whole number."],
    ["system", "login_per_account", "50", "Value has the wrong type"],
    ["system", "allow_registration", "yes", "Value has the wrong type"],
    ["payroll", "hours_per_day", "25", "Enter a value from 1 to 24."],
    ["payroll", "hours_per_day", "eight", "Enter a number such as 8 or 21.75."],
    ["payroll", "hours_per_day", 8, "Value has the wrong type"],
    ["payroll", "working_days_per_month", "21.755", "Enter a number such as 8 or 21.75."],
    ["payroll", "overtime_multiplier", "0.5", "Enter a value from 1 to 5."],
    ["payroll", "pay_day_of_month", 32, "Enter a value from 1 to 31."],
    ["payroll", "rounding", "sideways", "Value is not valid"],
    ["payroll", "pay_frequency", "yearly", "Value is not valid"],
  ])("refuses %s.%s = %j with a 422 naming the field, and keeps the group", async (group, field, value, message) => {
    const before = (await get(admin, group)).json().data;
    const response = await put(admin, group, { [field]: value });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await get(admin, group)).json().data).toEqual(before);
  });

  it("refuses a field the group does not have, and a notification type that does not exist", async () => {
    expect((await put(admin, "system", { session_minutes: 5 })).json().errors.session_minutes).toEqual(["This field is not accepted here"]);
    expect((await put(admin, "notifications", { defaults: { birthday: { email: true } } })).statusCode).toBe(422);
    expect((await call(t, admin, { method: "GET", url: "/api/settings/unknown" })).statusCode).toBe(404);
  });
});

describe("values take effect at once", () => {
  it("signs people in for the session lifetime set now", async () => {
    await put(admin, "system", { session_hours: 2, remember_days: 3 });
    const signIn = (remember: boolean) => t.app.inject({ method: "POST", url: "/api/login", payload: { email: EMPLOYEE.email, password: EMPLOYEE.password, remember } });
    const now = t.clock.now().getTime();
    expect(Date.parse((await signIn(false)).json().expires_at) - now).toBe(2 * 3_600_000);
    expect(Date.parse((await signIn(true)).json().expires_at) - now).toBe(3 * 86_400_000);
    await put(admin, "system", { session_hours: 12, remember_days: 30 });
  });

  it("throttles sign-in by the limits set now", async () => {
    const person = await employeeSignedIn(t, admin);
    await put(admin, "system", { login_per_account_and_address: 2 });
    const guess = () => t.app.inject({ method: "POST", url: "/api/login", payload: { email: person.email, password: "Wrong-guess-1" } });
    expect((await guess()).statusCode).toBe(422);
    expect((await guess()).statusCode).toBe(422);
    expect((await guess()).statusCode).toBe(429);
    await put(admin, "system", { login_per_account_and_address: 5 });
  });

  it("opens self-registration and names the contact on the sign-in screen", async () => {
    await put(admin, "system", { allow_registration: true, admin_contact: "helpdesk@acme.example" });
    expect((await call(t, null, { method: "GET", url: "/api/public-config" })).json().data).toMatchObject({ allow_registration: true, admin_contact: "helpdesk@acme.example" });
    await put(admin, "system", { allow_registration: false, admin_contact: "" });
    expect((await call(t, null, { method: "GET", url: "/api/public-config" })).json().data).toMatchObject({ allow_registration: false, admin_contact: null });
  });
});

describe("one's own preferences", () => {
  it("are every signed-in person's own: read with the company's notification defaults, changed by type and channel", async () => {
    const person = await employeeSignedIn(t, admin);
    expect((await get(null, "preferences")).statusCode).toBe(401);
    const defaults = (await get(admin, "notifications")).json().data.defaults;
    const before = await get(person.token, "preferences");
    expect(before.json().data).toEqual({ language: null, theme_preset: null, dark_mode: null, date_format: null, notifications: defaults });
    const since = await lastActivityId(t, admin);
    const changed = await put(person.token, "preferences", { language: "fr", date_format: "DD/MM/YYYY", notifications: { system: { email: true } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ language: "fr", date_format: "DD/MM/YYYY", notifications: { ...defaults, system: { in_app: defaults.system.in_app, email: true } } });
    // The other channel of the same type, saved separately, keeps the first choice.
    const again = await put(person.token, "preferences", { notifications: { system: { in_app: false } } });
    expect(again.json().data.notifications.system).toEqual({ in_app: false, email: true });
    const rows = await activitiesAfter(t, admin, since);
    expect(rows.map((row) => [row.action, row.subject_id])).toEqual([
      ["profile.preferences_changed", person.id],
      ["profile.preferences_changed", person.id],
    ]);
    // Someone else's preferences are out of reach: the group has no id to ask for.
    expect((await get(admin, "preferences")).json().data.language).not.toBe("fr");
  });

  it("refuses values outside the choices (422 on the field)", async () => {
    const person = await employeeSignedIn(t, admin);
    expect((await put(person.token, "preferences", { date_format: "Y" })).json().errors.date_format).toEqual(["Value is not valid"]);
    expect((await put(person.token, "preferences", { hidden_columns: {} })).json().errors.hidden_columns).toEqual(["This field is not accepted here"]);
  });
});

describe("the mail outbox", () => {
  it("lists the messages for level 0, newest first, with the list engine", async () => {
    await t.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email: EMPLOYEE.email } });
    const mailTo = () => call(t, admin, { method: "GET", url: `/api/settings/system/outbox?filter[to_address][equals]=${encodeURIComponent(EMPLOYEE.email)}` });
    // The reset mail is written after the reply (the reply says nothing of whether the address exists).
    const response = await vi.waitFor(async () => {
      const listed = await mailTo();
      expect(listed.json().data).toHaveLength(1);
      return listed;
    });
    expect(response.json().data[0]).toMatchObject({ to_address: EMPLOYEE.email, status: expect.stringMatching(/pending|logged/) });
    expect(response.json().meta.total).toBeGreaterThanOrEqual(1);
    expect((await call(t, admin, { method: "GET", url: "/api/settings/system/outbox?filter[body_text][contains]=token" })).statusCode).toBe(422);
  });
});
