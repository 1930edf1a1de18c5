/**
 * Notifications (/api/notifications): each person's own (someone else's is a
 * 404 whatever the verb), the list's filters, bulk changes, a manager's
 * broadcast to each audience, delivery as each person chose (in the app, by
 * e-mail, in their language), the write path's events, and the live stream.
 */
import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, notifications, users } from "../../server/db/schema";
import { signInAllowed } from "../../server/modules/auth/sessions";
import { MAX_STREAMS_PER_PERSON } from "../../server/modules/notifications/live";
import { notify } from "../../server/modules/notifications/service";
import { startTestApp, type TestApp } from "../support/api";
import { openEventStream, type EventStream } from "../support/event-stream";
import { activitiesAfter, ADMIN, call, createPerson, EMPLOYEE, employeeSignedIn, GOOD_PASSWORD, HR, lastActivityId, staffWith, unique, type Person } from "../support/people";

let t: TestApp;
let admin: string;
let employee: string;
let employeeId: number;
let baseUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  employee = await t.tokenFor(EMPLOYEE.email);
  [{ id: employeeId }] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, EMPLOYEE.email));
  // The stream is a real HTTP response that stays open: inject cannot read it.
  baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const get = (token: string | null, url: string, headers: Record<string, string> = {}) => call(t, token, { method: "GET", url, headers });
const post = (token: string | null, url: string, payload?: unknown, headers: Record<string, string> = {}) => call(t, token, { method: "POST", url, payload: payload as never, headers });

/** Tells people directly through the service, as a module would: `count` notifications each. */
async function tell(userIds: number[], count = 1, type: "system" | "password_changed" = "system") {
  for (let i = 0; i < count; i++) await notify(t.app.ctx, { recipients: userIds, type, params: { title: `T${i}`, message: `M${i}` } });
}

async function idsOf(userId: number): Promise<number[]> {
  const rows = await t.database.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.user_id, userId)).orderBy(notifications.id);
  return rows.map((row) => row.id);
}

const broadcast = (token: string, audience: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  post(token, "/api/notifications/system", { title: "Office closed", message: "The office is closed on Friday.", audience, ...extra });

async function mailsTo(address: string) {
  await t.app.ctx.jobs.idle();
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, address)).orderBy(desc(mailOutbox.id));
}

/** A fresh employee with nothing in their inbox yet. */
const newcomer = () => employeeSignedIn(t, admin);

describe("who may", () => {
  const OWN: [string, string, unknown?][] = [
    ["GET", "/api/notifications"],
    ["GET", "/api/notifications/stats"],
    ["GET", "/api/notifications/unread-count"],
    ["GET", "/api/notifications/recent"],
    ["GET", "/api/notifications/1"],
    ["POST", "/api/notifications/mark-as-read", { ids: [1] }],
    ["POST", "/api/notifications/mark-all-as-read"],
    ["POST", "/api/notifications/archive", { ids: [1] }],
    ["DELETE", "/api/notifications/1"],
    ["POST", "/api/notifications/stream-ticket"],
    ["POST", "/api/notifications/system", { title: "x", message: "y", audience: { type: "all" } }],
  ];

  it("answers 401 to anonymous callers on every call", async () => {
    for (const [method, url, payload] of OWN) {
      const response = await call(t, null, { method: method as never, url, payload: payload as never });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await get(null, "/api/notifications/stream")).statusCode).toBe(401);
  });

  it("lets every signed-in person use their own: employee, staff without any permission, administrator", async () => {
    const staff = await staffWith(t, admin, []);
    for (const token of [employee, staff.token, admin]) {
      for (const url of ["/api/notifications", "/api/notifications/stats", "/api/notifications/unread-count", "/api/notifications/recent"]) {
        expect((await get(token, url)).statusCode, url).toBe(200);
      }
      expect((await post(token, "/api/notifications/mark-all-as-read")).statusCode).toBe(200);
      expect((await post(token, "/api/notifications/stream-ticket")).statusCode).toBe(200);
    }
  });

  it("lets only holders of notifications_manage (and level 0) broadcast", async () => {
    const without = await staffWith(t, admin, ["users_manage", "settings_manage"]);
    const holder = await staffWith(t, admin, ["notifications_manage"]);
    const hr = await t.tokenFor(HR.email);
    for (const token of [employee, without.token, hr]) {
      const refused = await broadcast(token, { type: "users", user_ids: [employeeId] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: "You do not have permission." });
    }
    expect((await broadcast(holder.token, { type: "users", user_ids: [employeeId] })).statusCode).toBe(201);
    expect((await broadcast(admin, { type: "users", user_ids: [employeeId] })).statusCode).toBe(201);
  });
});

describe("someone else's notification", () => {
  it("is a 404 for every verb, and nothing of it changes", async () => {
    const owner = await newcomer();
    await tell([owner.id]);
    const [id] = await idsOf(owner.id);
    for (const token of [employee, admin]) {
      expect((await get(token, `/api/notifications/${id}`)).statusCode).toBe(404);
      expect((await call(t, token, { method: "DELETE", url: `/api/notifications/${id}` })).statusCode).toBe(404);
      expect((await post(token, "/api/notifications/mark-as-read", { ids: [id] })).statusCode).toBe(404);
      expect((await post(token, "/api/notifications/archive", { ids: [id] })).statusCode).toBe(404);
    }
    // Mixed with one's own: refused whole.
    const mine = await newcomer();
    await tell([mine.id]);
    const [own] = await idsOf(mine.id);
    const mixed = await post(mine.token, "/api/notifications/mark-as-read", { ids: [own, id] });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ message: "The resource does not exist." });
    expect((await get(mine.token, "/api/notifications/unread-count")).json()).toEqual({ data: { count: 1 } });
    const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ read_at: null, archived_at: null });
    // Never listed either.
    expect((await get(employee, "/api/notifications?per_page=100")).json().data.map((item: { id: number }) => item.id)).not.toContain(id);
  });

  it("answers a missing or malformed id like any other: 404 and 422", async () => {
    expect((await get(employee, "/api/notifications/2147483647")).statusCode).toBe(404);
    expect((await get(employee, "/api/notifications/abc")).statusCode).toBe(422);
  });
});

describe("one's own list", () => {
  let me: Person & { token: string };
  let ids: number[];

  beforeAll(async () => {
    me = await newcomer();
    await tell([me.id], 4);
    await tell([me.id], 1, "password_changed");
    ids = await idsOf(me.id);
  });

  it("answers the record in the reader's words, newest first, with the list engine's meta", async () => {
    const body = (await get(me.token, "/api/notifications")).json();
    expect(body.meta).toMatchObject({ current_page: 1, total: 5, total_capped: false });
    expect(body.data.map((item: { id: number }) => item.id)).toEqual([...ids].reverse());
    expect(body.data[1]).toEqual({
      id: ids[3],
      type: "system",
      title: "T3",
      message: "M3",
      link: null,
      params: { title: "T3", message: "M3" },
      sender: null,
      read_at: null,
      archived_at: null,
      created_at: expect.any(String),
    });
    expect(body.data[0]).toMatchObject({ type: "password_changed", title: "Your password was changed", link: "/profile" });
    const french = (await get(me.token, "/api/notifications?per_page=1", { "accept-language": "fr" })).json();
    expect(french.data[0].title).toBe("Votre mot de passe a été modifié");
    const paged = (await get(me.token, "/api/notifications?per_page=2&page=2&sort=created_at")).json();
    expect(paged.data.map((item: { id: number }) => item.id)).toEqual(ids.slice(2, 4));
  });

  it("filters by status and type, and refuses what it does not know with a 422 naming it", async () => {
    await post(me.token, "/api/notifications/mark-as-read", { ids: [ids[0], ids[1]] });
    await post(me.token, "/api/notifications/archive", { ids: [ids[1], ids[2]] });
    const listed = async (query: string) => (await get(me.token, `/api/notifications?${query}`)).json().data.map((item: { id: number }) => item.id).sort();
    expect(await listed("status=unread")).toEqual([ids[3], ids[4]]);
    expect(await listed("status=read")).toEqual([ids[0]]);
    expect(await listed("status=archived")).toEqual([ids[1], ids[2]]);
    // Without a status: everything not archived.
    expect(await listed("")).toEqual([ids[0], ids[3], ids[4]]);
    expect(await listed("type=password_changed")).toEqual([ids[4]]);
    expect(await listed("status=unread&type=system")).toEqual([ids[3]]);
    expect(await listed("filter[type][equals]=system")).toEqual([ids[0], ids[3]]);
    const bad = await get(me.token, "/api/notifications?status=deleted&type=payday");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ status: ["Choose unread, read or archived."], type: ["Choose a notification type from the list."] });
    expect((await get(me.token, "/api/notifications?sort=title")).statusCode).toBe(422);
  });

  it("counts: stats by type, the unread count, the 10 most recent not archived", async () => {
    expect((await get(me.token, "/api/notifications/stats")).json()).toEqual({
      data: { total: 5, unread: 2, archived: 2, by_type: { password_changed: 1, password_reset: 0, access_changed: 0, account_deactivated: 0, system: 4, attendance_corrected: 0, payslip_released: 0, payslip_withdrawn: 0, two_factor: 0, leave_requested: 0, leave_decided: 0 } },
    });
    expect((await get(me.token, "/api/notifications/unread-count")).json()).toEqual({ data: { count: 2 } });
    await tell([me.id], 10);
    const recent = (await get(me.token, "/api/notifications/recent")).json().data;
    expect(recent).toHaveLength(10);
    expect(recent[0].id).toBeGreaterThan(recent[9].id);
    expect(recent.every((item: { archived_at: string | null }) => item.archived_at === null)).toBe(true);
  });
});

describe("changing one's own", () => {
  it("opening one marks it read (once), and deleting removes it", async () => {
    const me = await newcomer();
    await tell([me.id], 2);
    const [first, second] = await idsOf(me.id);
    const opened = (await get(me.token, `/api/notifications/${first}`)).json().data;
    expect(opened.read_at).toBe(t.clock.now().toISOString());
    t.clock.advanceMinutes(1);
    expect((await get(me.token, `/api/notifications/${first}`)).json().data.read_at).toBe(opened.read_at);
    expect((await get(me.token, "/api/notifications/unread-count")).json().data.count).toBe(1);
    const deleted = await call(t, me.token, { method: "DELETE", url: `/api/notifications/${second}` });
    expect(deleted.json()).toEqual({ data: { id: second, outcome: "deleted" }, message: "Notification deleted." });
    expect(await idsOf(me.id)).toEqual([first]);
    expect((await call(t, me.token, { method: "DELETE", url: `/api/notifications/${second}` })).statusCode).toBe(404);
  });

  it("marks some or all read and archives, counting only what changed, in words", async () => {
    const me = await newcomer();
    await tell([me.id], 4);
    const ids = await idsOf(me.id);
    const some = await post(me.token, "/api/notifications/mark-as-read", { ids: [ids[0], ids[1], ids[1]] });
    expect(some.json()).toEqual({ data: { updated: 2 }, message: "2 notifications marked as read." });
    expect((await post(me.token, "/api/notifications/mark-as-read", { ids: [ids[0]] })).json()).toEqual({ data: { updated: 0 }, message: "0 notifications marked as read." });
    expect((await post(me.token, "/api/notifications/archive", { ids: [ids[3]] }, { "accept-language": "fr" })).json()).toEqual({
      data: { updated: 1 },
      message: "1 notification archivée.",
    });
    expect((await post(me.token, "/api/notifications/mark-all-as-read")).json()).toEqual({ data: { updated: 2 }, message: "2 notifications marked as read." });
    expect((await get(me.token, "/api/notifications/unread-count")).json().data.count).toBe(0);
  });

  it("keeps the bell's count right after every change, however often it is asked", async () => {
    const me = await newcomer();
    const count = async () => (await get(me.token, "/api/notifications/unread-count")).json().data.count;
    expect(await count()).toBe(0);
    await tell([me.id], 3);
    expect(await count()).toBe(3);
    const ids = await idsOf(me.id);
    await get(me.token, `/api/notifications/${ids[0]}`);
    expect(await count()).toBe(2);
    await post(me.token, "/api/notifications/archive", { ids: [ids[1]] });
    expect(await count()).toBe(1);
    await call(t, me.token, { method: "DELETE", url: `/api/notifications/${ids[2]}` });
    expect(await count()).toBe(0);
    await broadcast(admin, { type: "all" });
    expect(await count()).toBe(1);
    await post(me.token, "/api/notifications/mark-all-as-read");
    expect(await count()).toBe(0);
  });

  it("logs one line per request it asks for, whatever it touches, and none for opening one", async () => {
    const me = await newcomer();
    await tell([me.id], 3);
    const ids = await idsOf(me.id);
    const before = await lastActivityId(t, admin);
    await get(me.token, `/api/notifications/${ids[2]}`);
    expect(await activitiesAfter(t, admin, before)).toEqual([]);
    await post(me.token, "/api/notifications/mark-as-read", { ids: [ids[0], ids[1]] });
    // Nothing left to change: nothing to log.
    await post(me.token, "/api/notifications/mark-as-read", { ids: [ids[0]] });
    await post(me.token, "/api/notifications/archive", { ids: [ids[1]] });
    await call(t, me.token, { method: "DELETE", url: `/api/notifications/${ids[1]}` });
    const log = await activitiesAfter(t, admin, before);
    expect(log.map((row) => [row.action, row.subject_id, row.changes])).toEqual([
      ["notification.read", null, { count: 2 }],
      ["notification.archived", ids[1], { count: 1 }],
      ["notification.deleted", ids[1], expect.objectContaining({ type: "system", params: { title: "T1", message: "M1" } })],
    ]);
  });

  it.each([
    [{}, "ids", "Value is required"],
    [{ ids: [] }, "ids", "Choose at least one notification."],
    [{ ids: Array.from({ length: 501 }, (_, i) => i + 1) }, "ids", "Choose at most 500 notifications at a time."],
    [{ ids: ["1"] }, "ids.0", "Value has the wrong type"],
    [{ ids: [0] }, "ids.0", "Value is not valid"],
    [{ ids: [1], extra: true }, "extra", "This field is not accepted here"],
  ])("refuses %j with a 422 on %s", async (body, field, message) => {
    const response = await post(employee, "/api/notifications/archive", body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([expect.stringContaining(message.replace("Value is required", ""))]);
  });
});

describe("broadcast", () => {
  it("reaches everyone who can sign in, is logged once, and tells the sender how many", async () => {
    const inactive = await createPerson(t, admin, { is_active: false });
    const before = await lastActivityId(t, admin);
    const response = await broadcast(admin, { type: "all" }, { link: "/payroll" });
    expect(response.statusCode, response.body).toBe(201);
    const people = await t.database.db.select({ id: users.id }).from(users).where(signInAllowed);
    const data = response.json().data;
    expect(data.recipients).toBe(people.length);
    expect(data).toEqual({ recipients: data.recipients, in_app: data.recipients, email: 0 });
    expect(response.json().message).toBe(`Notification sent to ${data.recipients} people.`);
    expect(await idsOf(inactive.id)).toEqual([]);
    const [latest] = (await get(employee, "/api/notifications?per_page=1")).json().data;
    expect(latest).toMatchObject({ type: "system", title: "Office closed", message: "The office is closed on Friday.", link: "/payroll", sender: { id: 1, name: "Alex Admin" } });
    const log = await activitiesAfter(t, admin, before);
    expect(log.map((row) => row.action)).toEqual(["notification.broadcast"]);
    expect(log[0].changes).toMatchObject({ title: "Office closed", audience: { type: "all" }, recipients: data.recipients });
  });

  it("reaches one role, one department (whatever its case), or named people who can sign in", async () => {
    const roleHolder = await staffWith(t, admin, ["payroll_view"]);
    const byRole = await broadcast(admin, { type: "role", role_id: roleHolder.roleId });
    expect(byRole.json().data.recipients).toBe(1);
    expect(await idsOf(roleHolder.id)).toHaveLength(1);

    const department = unique("Dept ");
    const a = await createPerson(t, admin, { department });
    const b = await createPerson(t, admin, { department: `${department.toUpperCase()} ` });
    await createPerson(t, admin, { department, is_active: false });
    const byDepartment = await broadcast(admin, { type: "department", department: department.toLowerCase() });
    expect(byDepartment.json().data.recipients).toBe(2);
    expect([(await idsOf(a.id)).length, (await idsOf(b.id)).length]).toEqual([1, 1]);

    const off = await createPerson(t, admin, { is_active: false });
    const named = await broadcast(admin, { type: "users", user_ids: [a.id, a.id, off.id, 2147483647] });
    expect(named.json().data.recipients).toBe(1);
    expect(await idsOf(a.id)).toHaveLength(2);
    expect(await idsOf(off.id)).toEqual([]);
  });

  it.each([
    [{ title: "", message: "m", audience: { type: "all" } }, "title", "Value is required"],
    [{ title: "t", message: "x".repeat(2001), audience: { type: "all" } }, "message", "This field should be at most 2000 characters long"],
    [{ title: "t", message: "m", audience: { type: "everyone" } }, "audience.type", "Choose who receives it: everyone, a role, a department or chosen people."],
    [{ title: "t", message: "m", audience: { type: "users", user_ids: [] } }, "audience.user_ids", "Choose at least one person."],
    [{ title: "t", message: "m", audience: { type: "role", role_id: 2147483647 } }, "audience.role_id", "This role does not exist."],
    [{ title: "t", message: "m", audience: { type: "department", department: " " } }, "audience.department", "Value is required"],
    [{ title: "t", message: "m", link: "https://evil.example", audience: { type: "all" } }, "link", "Enter a page of the app, starting with a single /."],
    [{ title: "t", message: "m", link: "//evil.example", audience: { type: "all" } }, "link", "Enter a page of the app, starting with a single /."],
  ])("refuses %j with a 422 on %s and tells nobody", async (body, field, message) => {
    const before = (await t.database.db.select({ id: notifications.id }).from(notifications)).length;
    const response = await post(admin, "/api/notifications/system", body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    expect((await t.database.db.select({ id: notifications.id }).from(notifications)).length).toBe(before);
  });

  it("keeps a sender's text as typed, placeholders included", async () => {
    const me = await newcomer();
    await post(admin, "/api/notifications/system", { title: "{{title}} <b>", message: "Hello {{name}}", audience: { type: "users", user_ids: [me.id] } });
    const [item] = (await get(me.token, "/api/notifications")).json().data;
    expect(item).toMatchObject({ title: "{{title}} <b>", message: "Hello {{name}}" });
  });
});

describe("what a broadcast can reach", () => {
  const audiences = (token: string | null) => get(token, "/api/notifications/audiences");

  it("is for those who may broadcast: 401 signed out, 403 to an employee and staff without notifications_manage", async () => {
    expect((await audiences(null)).statusCode).toBe(401);
    expect((await audiences(employee)).statusCode).toBe(403);
    expect((await audiences((await staffWith(t, admin, ["users_view", "roles_view"])).token)).statusCode).toBe(403);
    // A sender who may not list people or roles elsewhere still picks them here.
    expect((await audiences((await staffWith(t, admin, ["notifications_manage"])).token)).statusCode).toBe(200);
  });

  it("counts the people each role and department reaches as a broadcast would", async () => {
    const department = unique("Depot ");
    await createPerson(t, admin, { department });
    await createPerson(t, admin, { department: ` ${department.toUpperCase()}` });
    await createPerson(t, admin, { department, is_active: false });
    const data = (await audiences(admin)).json().data;
    expect(data.departments.find((entry: { name: string }) => entry.name.toLowerCase() === department.toLowerCase())).toMatchObject({ people: 2 });
    const reached = (await broadcast(admin, { type: "department", department })).json().data.recipients;
    expect(reached).toBe(2);
    const role = await staffWith(t, admin, ["payroll_view"]);
    const withRole = (await audiences(admin)).json().data.roles.find((entry: { id: number }) => entry.id === role.roleId);
    expect(withRole).toMatchObject({ people: 1 });
    expect(Object.keys(data).sort()).toEqual(["departments", "everyone", "roles"]);
    // Everyone: as many as a company-wide broadcast tells.
    const everyone = (await audiences(admin)).json().data.everyone;
    expect((await broadcast(admin, { type: "all" })).json().data.recipients).toBe(everyone);
  });
});

describe("delivery as each person chose", () => {
  it("writes no row when they turned the app off, and e-mails them (in their language) when they turned e-mail on", async () => {
    const me = await newcomer();
    const chosen = await call(t, me.token, { method: "PUT", url: "/api/settings/preferences", payload: { language: "fr", notifications: { system: { in_app: false, email: true } } } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const other = await newcomer();
    const sent = (await broadcast(admin, { type: "users", user_ids: [me.id, other.id] }, { link: "/payroll/7" })).json().data;
    expect(sent).toEqual({ recipients: 2, in_app: 1, email: 1 });
    expect(await idsOf(me.id)).toEqual([]);
    expect(await idsOf(other.id)).toHaveLength(1);
    const [mail] = await mailsTo(me.email);
    expect(mail.subject).toBe("Paydesk : Office closed");
    expect(mail.body_text).toContain("The office is closed on Friday.");
    expect(mail.body_text).toContain("Ouvrir dans Paydesk : http://paydesk.test/payroll/7");
    expect(mail.body_text).toContain("Vous recevez cet e-mail");
    expect(await mailsTo(other.email)).toEqual([]);
  });

  it("follows the company's defaults where the person made no choice", async () => {
    const me = await newcomer();
    const defaults = await call(t, admin, { method: "PUT", url: "/api/settings/notifications", payload: { defaults: { system: { in_app: false, email: true } } } });
    expect(defaults.statusCode, defaults.body).toBe(200);
    try {
      const own = await newcomer();
      await call(t, own.token, { method: "PUT", url: "/api/settings/preferences", payload: { notifications: { system: { in_app: true } } } });
      expect((await broadcast(admin, { type: "users", user_ids: [me.id, own.id] })).json().data).toEqual({ recipients: 2, in_app: 1, email: 2 });
      expect(await idsOf(me.id)).toEqual([]);
      expect(await idsOf(own.id)).toHaveLength(1);
      expect(await mailsTo(me.email)).toHaveLength(1);
    } finally {
      await call(t, admin, { method: "PUT", url: "/api/settings/notifications", payload: { defaults: { system: { in_app: true, email: false } } } });
    }
  });

  it("sends a large broadcast's e-mails through a job, each exactly once", async () => {
    const people = await Promise.all(Array.from({ length: 25 }, () => createPerson(t, admin, { department: "Mailroom" })));
    await t.database.db.execute(
      `update users set preferences = preferences || '{"notifications":{"system":{"email":true}}}'::jsonb where department = 'Mailroom'` as never,
    );
    const sent = (await broadcast(admin, { type: "department", department: "Mailroom" })).json().data;
    expect(sent).toEqual({ recipients: 25, in_app: 25, email: 25 });
    await t.app.ctx.jobs.idle();
    const mails = await t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to_address, people.map((person) => person.email)));
    expect(mails).toHaveLength(25);
    expect(new Set(mails.map((mail) => mail.to_address)).size).toBe(25);
  });
});

describe("the write path's events", () => {
  it("tells a person whose password they changed themselves, in the app and by e-mail", async () => {
    const me = await newcomer();
    const changed = await call(t, me.token, {
      method: "PUT",
      url: "/api/me/change-password",
      payload: { current_password: me.password, password: "Another123!x", password_confirmation: "Another123!x" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [item] = (await get(me.token, "/api/notifications")).json().data;
    expect(item).toMatchObject({ type: "password_changed", title: "Your password was changed", sender: null, link: "/profile" });
    const [mail] = await mailsTo(me.email);
    expect(mail.subject).toBe("Paydesk: Your password was changed");
  });

  it("tells a person whose role, level or password an administrator changed, naming who", async () => {
    const me = await newcomer();
    const roleId = (await staffWith(t, admin, ["users_view"])).roleId;
    await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { access_level: 2, role_id: roleId } });
    await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { password: GOOD_PASSWORD + "2", password_confirmation: GOOD_PASSWORD + "2" } });
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.user_id, me.id)).orderBy(notifications.id);
    expect(rows.map((row) => [row.type, row.sender_id])).toEqual([
      ["access_changed", 1],
      ["password_changed", 1],
    ]);
    // A change to other fields tells nothing.
    await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { position: "Lead" } });
    expect(await idsOf(me.id)).toHaveLength(2);
  });

  it("e-mails a deactivated or archived account (not in the app, by default)", async () => {
    const off = await createPerson(t, admin);
    expect((await call(t, admin, { method: "PUT", url: `/api/users/${off.id}`, payload: { is_active: false } })).statusCode).toBe(200);
    expect(await idsOf(off.id)).toEqual([]);
    expect((await mailsTo(off.email)).map((mail) => mail.subject)).toEqual(["Paydesk: Your account was deactivated"]);
    const gone = await employeeSignedIn(t, admin);
    await get(gone.token, "/api/me");
    // Signed in once: it has history, so it is archived rather than deleted.
    expect((await call(t, admin, { method: "DELETE", url: `/api/users/${gone.id}` })).json().data.outcome).toBe("archived");
    expect((await mailsTo(gone.email)).map((mail) => mail.subject)).toEqual(["Paydesk: Your account was deactivated"]);
  });

  it("tells a person whose password was reset by the e-mailed link", async () => {
    const me = await newcomer();
    await t.app.inject({ method: "POST", url: "/api/password/forgot", payload: { email: me.email }, remoteAddress: "10.9.9.9" });
    const [link] = await mailsTo(me.email);
    const match = /token=([^&\s]+)&email=(\S+)/.exec(link.body_text)!;
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/password/reset",
      payload: { token: decodeURIComponent(match[1]), email: me.email, password: "Reset123!pass", password_confirmation: "Reset123!pass" },
      remoteAddress: "10.9.9.9",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.user_id, me.id));
    expect(rows.map((row) => row.type)).toEqual(["password_reset"]);
  });
});

describe("the live stream", () => {
  const ticketFor = async (token: string, language = "en") => {
    const response = await post(token, "/api/notifications/stream-ticket", undefined, { "accept-language": language });
    expect(response.statusCode).toBe(200);
    return response.json().data as { ticket: string; expires_at: string };
  };
  const open = (ticket: string, headers: Record<string, string> = {}, query = "") => openEventStream(`${baseUrl}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}${query}`, headers);
  const streams: EventStream[] = [];
  afterAll(() => streams.forEach((stream) => stream.close()));

  it("gives a ticket that lasts a minute", async () => {
    const { ticket, expires_at } = await ticketFor(employee);
    expect(ticket).toMatch(/^\d+\.en\.\d+\.[\w-]{43}$/);
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(60_000);
  });

  it("starts with the unread count, then sends each new notification in the ticket's language as it arrives", async () => {
    const me = await newcomer();
    await tell([me.id]);
    const stream = await open((await ticketFor(me.token, "jp")).ticket);
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(await stream.next((event) => event.event === "unread")).toEqual({ event: "unread", data: { count: 1 } });
    const from = stream.events.length;
    await tell([me.id], 1, "password_changed");
    const [newest] = await idsOf(me.id).then((ids) => ids.slice(-1));
    const arrived = await stream.next((event) => event.event === "notification", { from });
    expect(arrived).toMatchObject({ id: String(newest), data: { id: newest, type: "password_changed", title: "パスワードが変更されました" } });
    expect(await stream.next((event) => event.event === "unread", { from })).toMatchObject({ data: { count: 2 } });
    // Reading elsewhere (another tab) lowers the count here too.
    const at = stream.events.length;
    await post(me.token, "/api/notifications/mark-all-as-read");
    expect(await stream.next((event) => event.event === "unread", { from: at })).toMatchObject({ data: { count: 0 } });
  });

  it("reaches the streams of a broadcast's audience only", async () => {
    const [a, b] = [await newcomer(), await newcomer()];
    const streamA = await open((await ticketFor(a.token)).ticket);
    const streamB = await open((await ticketFor(b.token)).ticket);
    streams.push(streamA, streamB);
    await streamA.next((event) => event.event === "unread");
    await streamB.next((event) => event.event === "unread");
    await broadcast(admin, { type: "users", user_ids: [a.id] });
    expect(await streamA.next((event) => event.event === "notification")).toMatchObject({ data: { title: "Office closed" } });
    await broadcast(admin, { type: "all" });
    await streamB.next((event) => event.event === "notification");
    expect(streamB.events.filter((event) => event.event === "notification")).toHaveLength(1);
  });

  it("catches up from Last-Event-ID (header, or last_event_id with a new ticket)", async () => {
    const me = await newcomer();
    await tell([me.id], 3);
    const ids = await idsOf(me.id);
    const byHeader = await open((await ticketFor(me.token)).ticket, { "last-event-id": String(ids[0]) });
    streams.push(byHeader);
    await byHeader.next((event) => event.event === "unread");
    expect(byHeader.events.filter((event) => event.event === "notification").map((event) => event.id)).toEqual([String(ids[1]), String(ids[2])]);
    const byQuery = await open((await ticketFor(me.token)).ticket, {}, `&last_event_id=${ids[1]}`);
    streams.push(byQuery);
    await byQuery.next((event) => event.event === "unread");
    expect(byQuery.events.filter((event) => event.event === "notification").map((event) => event.id)).toEqual([String(ids[2])]);
  });

  it("refuses a forged, malformed or expired ticket, and one whose holder can no longer sign in", async () => {
    const me = await newcomer();
    const { ticket } = await ticketFor(me.token);
    const forged = ticket.replace(/^\d+/, String(employeeId));
    for (const bad of [forged, "nonsense", ""]) {
      const refused = await open(bad);
      expect(refused.status, bad).toBe(401);
      expect(JSON.parse(refused.body)).toEqual({ message: "The live notifications link has expired. Ask for a new one." });
    }
    t.clock.advanceMinutes(2);
    expect((await open(ticket)).status).toBe(401);
    const fresh = (await ticketFor(me.token)).ticket;
    await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { is_active: false } });
    expect((await open(fresh)).status).toBe(401);
  });

  it("keeps at most ten streams a person: the eleventh closes their oldest", async () => {
    const me = await newcomer();
    const mine: EventStream[] = [];
    for (let index = 0; index <= MAX_STREAMS_PER_PERSON; index++) {
      const stream = await open((await ticketFor(me.token)).ticket);
      streams.push(stream);
      await stream.next((event) => event.event === "unread");
      mine.push(stream);
    }
    await mine[0].ended;
    // The others stay open and still hear what is new.
    await tell([me.id]);
    for (const stream of mine.slice(1)) await stream.next((event) => event.event === "notification");
  });

  it("closes a person's open streams at once when they are deactivated, on every stream they hold", async () => {
    const me = await newcomer();
    const first = await open((await ticketFor(me.token)).ticket);
    const second = await open((await ticketFor(me.token)).ticket);
    const bystander = await open((await ticketFor(employee)).ticket);
    streams.push(first, second, bystander);
    for (const stream of [first, second, bystander]) await stream.next((event) => event.event === "unread");
    expect((await call(t, admin, { method: "PUT", url: `/api/users/${me.id}`, payload: { is_active: false } })).statusCode).toBe(200);
    await Promise.all([first.ended, second.ended]);
    // Someone else's stream is untouched.
    let bystanderEnded = false;
    void bystander.ended.then(() => (bystanderEnded = true));
    await tell([(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, EMPLOYEE.email)))[0].id]);
    await bystander.next((event) => event.event === "notification");
    expect(bystanderEnded).toBe(false);
  });

  it("forgets a stream the browser closed, and starts afresh from an id it cannot have", async () => {
    const me = await newcomer();
    await tell([me.id]);
    const open1 = t.app.notificationStreams.size;
    const stream = await open((await ticketFor(me.token)).ticket, { "last-event-id": "99999999999" });
    await stream.next((event) => event.event === "unread");
    expect(stream.events.filter((event) => event.event === "notification")).toEqual([]);
    expect(t.app.notificationStreams.size).toBe(open1 + 1);
    stream.close();
    await expect.poll(() => t.app.notificationStreams.size).toBe(open1);
  });

  it("ends open streams when the server closes", async () => {
    const other = await startTestApp();
    try {
      const url = await other.app.listen({ port: 0, host: "127.0.0.1" });
      const token = await other.tokenFor(EMPLOYEE.email);
      const ticket = (await other.app.inject({ method: "POST", url: "/api/notifications/stream-ticket", headers: { authorization: `Bearer ${token}` } })).json().data.ticket;
      const stream = await openEventStream(`${url}/api/notifications/stream?ticket=${ticket}`);
      await stream.next((event) => event.event === "unread");
      expect(other.app.notificationStreams.size).toBe(1);
      await other.app.close();
      await stream.ended;
    } finally {
      await other.close();
    }
  });
});
