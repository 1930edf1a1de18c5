/**
 * Leave requests and balances (/api/leave-requests, /api/leave-balances): the days a request takes (scheduled workdays
 * only: rest days and holidays inside the range are not counted, a half day is 0.5), overlaps, the balance's limit, the
 * service months before a type may be used, who decides (the person's manager or leave_approve, never oneself), two
 * deciders at once, cancellation before and after the leave begins, HR's adjustments, and the lock a released run puts
 * on the days it paid. The test clock stands on Monday 2 March 2026, 09:00 UTC (the test company's zone).
 *
 * Labor Code of the Philippines art. 95: five days of service incentive leave a year "after at least one year of
 * service" (the SIL type below, 12 service months).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeaveBalancesReply, LeaveRequestRecord, LeaveTypeRecord } from "../../contracts/leave";
import type { RunRecord } from "../../contracts/payroll";
import { and, eq } from "drizzle-orm";
import { jobs } from "../../server/db/schema";
import { accrueLeave, leaveAccrualJob } from "../../server/modules/leave/accrual";
import { startTestApp, type TestApp } from "../support/api";
import { insertEmployeeSignedIn, insertPerson, insertStaffWith } from "../support/factories";
import { month, runTakenTo } from "../support/payroll-runs";
import { ADMIN, call, createPerson, multipart, unique } from "../support/people";
import { requestsTo } from "../support/requests";
import { createSample } from "../support/samples";

let t: TestApp;
let admin: string;
const { must, refusal, send } = requestsTo(() => t);

type Signed = { id: number; token: string };
let manager: Signed;
let approver: Signed;
let hr: Signed;
let schedule: number;
let vacation: LeaveTypeRecord;

/** A Monday-to-Friday office day. */
const OFFICE = { name: "Office hours", working_days: [1, 2, 3, 4, 5], start_time: "09:00", end_time: "18:00", unpaid_break_minutes: 60 };

/** A new person on office hours whose leave `manager` decides, hired through the API (which grants their leave at once). */
async function teamMember(overrides: Record<string, unknown> = {}): Promise<Signed> {
  const person = await createPerson(t, admin, { manager_id: manager.id, ...overrides });
  await must(admin, "POST", `/api/schedules/${schedule}/assignments`, { user_ids: [person.id], effective_from: "2025-01-01" }, 201);
  await t.app.ctx.jobs.idle();
  return { id: person.id, token: await t.tokenFor(person.email, person.password) };
}

const ask = (token: string, body: Record<string, unknown>) => send(token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, ...body });
const balances = (token: string, userId: number, year = 2026): Promise<LeaveBalancesReply> => must(token, "GET", `/api/leave-balances?user_id=${userId}&year=${year}`);
const lineOf = (reply: LeaveBalancesReply, type: { id: number }) => reply.lines.find((line) => line.leave_type.id === type.id)!;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.tokenFor(ADMIN.email);
  manager = await insertEmployeeSignedIn(t);
  approver = await insertStaffWith(t, ["leave_approve"]);
  hr = await insertStaffWith(t, ["leave_manage"]);
  schedule = (await must(admin, "POST", "/api/schedules", OFFICE, 201)).id;
  vacation = await must(admin, "POST", "/api/leave-types", { code: "VL", name: "Vacation leave", paid: true, yearly_days: 15, unit: "half_day" }, 201);
  // A new type grants its days to everyone at once (the catch-up job), not at the month's turn.
  await t.app.ctx.jobs.idle();
});

afterAll(async () => {
  await t?.close();
});

describe("counting the days a request takes", () => {
  it("takes the scheduled workdays only: a week of leave is five days, a regular holiday inside it one fewer", async () => {
    const person = await teamMember();
    const week: LeaveRequestRecord = (await ask(person.token, { start_date: "2026-03-09", end_date: "2026-03-15", reason: "Family trip" })).json().data;
    expect(week).toMatchObject({ days: 5, status: "pending", half_day: null, reason: "Family trip", user: { id: person.id }, leave_type: { code: "VL" } });
    await must(admin, "POST", "/api/holidays", { date: "2026-03-25", name: unique("Holiday "), kind: "regular" }, 201);
    const withHoliday = await must(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-03-23", end_date: "2026-03-27" }, 201);
    expect(withHoliday.days).toBe(4);
    // Pending days are reserved: what is left to ask for drops, the balance itself does not.
    expect(lineOf(await balances(person.token, person.id), vacation)).toMatchObject({ entitled: 15, balance: 15, pending: 9, available: 6 });
  });

  it("counts a half day as 0.5, lets the other half of the same date be asked for, and refuses a half day across dates", async () => {
    const person = await teamMember();
    const morning = await must(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-03-16", end_date: "2026-03-16", half_day: "morning" }, 201);
    expect(morning).toMatchObject({ days: 0.5, half_day: "morning" });
    expect((await ask(person.token, { start_date: "2026-03-16", end_date: "2026-03-16", half_day: "afternoon" })).statusCode).toBe(201);
    const again = await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-03-16", end_date: "2026-03-16", half_day: "morning" });
    expect(again).toMatchObject({ status: 422, errors: { start_date: ["There is already leave from 2026-03-16 to 2026-03-16 that overlaps these dates."] } });
    const across = await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-03-17", end_date: "2026-03-18", half_day: "morning" });
    expect(across.errors).toEqual({ half_day: ["A half day is one date: make the end date the start date."] });
  });

  it("refuses a weekend alone, overlapping ranges, dates before hire or after the end date, and half days of a whole-day type", async () => {
    const person = await teamMember({ hire_date: "2025-01-15", end_date: "2026-12-31" });
    expect((await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-03-07", end_date: "2026-03-08" })).errors).toEqual({
      start_date: ["These dates hold no scheduled workday: there is nothing to take."],
    });
    await must(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-04-06", end_date: "2026-04-08" }, 201);
    expect((await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-04-08", end_date: "2026-04-10" })).errors).toEqual({
      start_date: ["There is already leave from 2026-04-06 to 2026-04-08 that overlaps these dates."],
    });
    expect((await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2025-01-13", end_date: "2025-01-16" })).errors).toEqual({
      start_date: ["Leave cannot start before the hire date (2025-01-15)."],
    });
    expect((await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-12-30", end_date: "2027-01-04" })).errors).toEqual({
      end_date: ["Leave cannot end after the employment's end date (2026-12-31)."],
    });
    const sick: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("S").toUpperCase(), name: unique("Sick "), paid: true, yearly_days: 15 }, 201);
    expect((await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: sick.id, start_date: "2026-05-04", end_date: "2026-05-04", half_day: "afternoon" })).errors).toEqual({
      half_day: [`${sick.name} is taken in whole days.`],
    });
  });

  it("counts every date of a type counted in calendar days: maternity leave's 105 days are calendar days (RA 11210 sec. 3; its implementing rules count them so)", async () => {
    const maternity: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("ML").toUpperCase(), name: unique("Maternity "), paid: true, yearly_days: 105, calendar_days: true }, 201);
    await t.app.ctx.jobs.idle();
    const person = await teamMember();
    // Monday to Sunday, the weekend and a holiday (2026-03-25, added above) included: 105 days from 2 March end on 14 June.
    expect((await must(person.token, "POST", "/api/leave-requests", { leave_type_id: maternity.id, start_date: "2026-03-02", end_date: "2026-06-14" }, 201)).days).toBe(105);
  });

  it("refuses more than the balance allows, with the figures, and lets a type go below zero by its allowance", async () => {
    const person = await teamMember();
    const tooMuch = await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-06-01", end_date: "2026-06-26" });
    expect(tooMuch).toMatchObject({ status: 422, errors: { leave_type_id: ["This takes 20 days of 2026, but only 15 are available."] } });
    const unpaid: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("U").toUpperCase(), name: unique("Unpaid "), paid: false, yearly_days: 0, negative_days: 30 }, 201);
    const taken = await must(person.token, "POST", "/api/leave-requests", { leave_type_id: unpaid.id, start_date: "2026-06-01", end_date: "2026-06-26" }, 201);
    expect(taken.days).toBe(20);
    expect(lineOf(await balances(person.token, person.id), unpaid)).toMatchObject({ balance: 0, pending: 20, available: 10 });
  });

  it("keeps a type with months of service closed until they have passed (service incentive leave after a year)", async () => {
    const sil: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("SIL").toUpperCase(), name: unique("Service incentive "), paid: true, yearly_days: 5, service_months: 12 }, 201);
    await t.app.ctx.jobs.idle();
    const newcomer = await teamMember({ hire_date: "2025-06-10" });
    await t.app.ctx.jobs.idle();
    expect((await refusal(newcomer.token, "POST", "/api/leave-requests", { leave_type_id: sil.id, start_date: "2026-04-06", end_date: "2026-04-06" })).errors).toEqual({
      start_date: ["This leave can be used from 2026-06-10, after 12 months of service."],
    });
    // Not granted before the month the year of service ends in (the job of March 2026 grants it to those past a year).
    expect(lineOf(await balances(newcomer.token, newcomer.id), sil)).toMatchObject({ entitled: 0, usable_from: "2026-06-10" });
    const veteran = await teamMember({ hire_date: "2020-01-06" });
    await t.app.ctx.jobs.idle();
    expect(lineOf(await balances(veteran.token, veteran.id), sil)).toMatchObject({ entitled: 5, usable_from: null });
  });
});

describe("deciding", () => {
  it("is for the person's manager or anyone with leave_approve: never themselves, nor HR without it, nor a colleague", async () => {
    const person = await teamMember();
    const colleague = await teamMember();
    const request: LeaveRequestRecord = (await ask(person.token, { start_date: "2026-05-11", end_date: "2026-05-12" })).json().data;
    expect((await refusal(person.token, "POST", `/api/leave-requests/${request.id}/approve`)).status).toBe(403);
    expect((await refusal(colleague.token, "POST", `/api/leave-requests/${request.id}/approve`)).status).toBe(403);
    expect((await refusal(hr.token, "POST", `/api/leave-requests/${request.id}/approve`)).status).toBe(403);
    // The manager sees it waiting for them, with the right to decide it.
    const waiting: LeaveRequestRecord[] = await must(manager.token, "GET", "/api/leave-requests?scope=to_decide&per_page=100");
    expect(waiting.find((row) => row.id === request.id)).toMatchObject({ can_decide: true, can_cancel: false });
    const approved = await must(manager.token, "POST", `/api/leave-requests/${request.id}/approve`, { reason: "Enjoy" });
    expect(approved).toMatchObject({ status: "approved", decided_by: { id: manager.id }, decision_reason: "Enjoy" });
    expect(lineOf(await balances(person.token, person.id), vacation)).toMatchObject({ taken: 2, balance: 13, pending: 0, available: 13 });
    // Someone with leave_approve decides anyone's, their own excepted (level 0 included).
    const another = (await ask(colleague.token, { start_date: "2026-05-18", end_date: "2026-05-18" })).json().data;
    expect((await must(approver.token, "POST", `/api/leave-requests/${another.id}/reject`, { reason: "Stocktaking week" })).status).toBe("rejected");
    const own = (await ask(admin, { start_date: "2026-05-18", end_date: "2026-05-18" })).json().data;
    expect(await refusal(admin, "POST", `/api/leave-requests/${own.id}/approve`)).toMatchObject({ status: 403, message: "You cannot decide your own leave: your manager or another approver does." });
  });

  it("tells the manager of a new request and the person of the decision, with its reason", async () => {
    const person = await teamMember();
    const request = (await ask(person.token, { start_date: "2026-05-25", end_date: "2026-05-26" })).json().data;
    const told = await must(manager.token, "GET", "/api/notifications?per_page=5");
    expect(told[0]).toMatchObject({ type: "leave_requested", link: `/leave/approvals?request=${request.id}` });
    expect(told[0].message).toContain("from May 25, 2026 to May 26, 2026 (2 days)");
    await must(manager.token, "POST", `/api/leave-requests/${request.id}/reject`, { reason: "Inventory count that week." });
    const [news] = await must(person.token, "GET", "/api/notifications?per_page=1");
    expect(news).toMatchObject({ type: "leave_decided", link: "/leave" });
    expect(news.message).toBe("Your Vacation leave from May 25, 2026 to May 26, 2026 was rejected. Inventory count that week.");
  });

  it("moves once when two approvers decide at once: the second gets 409", async () => {
    const person = await teamMember();
    const request = (await ask(person.token, { start_date: "2026-07-06", end_date: "2026-07-07" })).json().data;
    const answers = await Promise.all([send(manager.token, "POST", `/api/leave-requests/${request.id}/approve`), send(approver.token, "POST", `/api/leave-requests/${request.id}/approve`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe("Someone has already decided this request: reload to see where it stands.");
    // Taken once.
    expect(lineOf(await balances(person.token, person.id), vacation)).toMatchObject({ taken: 2 });
  });

  it("decides many at once, each on its own: one already decided leaves the others decided", async () => {
    const person = await teamMember();
    const first = (await ask(person.token, { start_date: "2026-08-03", end_date: "2026-08-03" })).json().data;
    const second = (await ask(person.token, { start_date: "2026-08-04", end_date: "2026-08-04" })).json().data;
    await must(manager.token, "POST", `/api/leave-requests/${first.id}/approve`);
    const outcome = await must(manager.token, "POST", "/api/leave-requests/decisions", { ids: [first.id, second.id], decision: "approve", reason: null });
    expect(outcome).toEqual({ decided: [second.id], refused: [{ id: first.id, message: "Someone has already decided this request: reload to see where it stands." }] });
  });

  it("warns a run not yet approved of leave in its attendance still waiting for a decision", async () => {
    const person = await teamMember();
    const run = await runTakenTo(t, admin, "draft", { ...month(9), people: { user_ids: [person.id] }, corrects_id: null });
    const leaveNotices = async () => ((await must(admin, "GET", `/api/payroll/${run.id}`)) as RunRecord).notices.filter((notice) => notice.kind === "leave_pending");
    expect(await leaveNotices()).toEqual([]);
    const request = (await ask(person.token, { start_date: "2026-09-21", end_date: "2026-09-22" })).json().data;
    expect(await leaveNotices()).toEqual([{ kind: "leave_pending", detail: "1", run_id: null }]);
    await must(manager.token, "POST", `/api/leave-requests/${request.id}/approve`);
    expect(await leaveNotices()).toEqual([]);
  });

  it("refuses to change days a released run paid (409 naming the run)", async () => {
    const person = await teamMember();
    const request = (await ask(person.token, { start_date: "2026-04-13", end_date: "2026-04-14" })).json().data;
    // Something to pay: a run pays nobody without a component.
    await createSample(t, admin, "pay-components");
    const run = await runTakenTo(t, admin, "released", { ...month(4), name: "April payroll", people: { user_ids: [person.id] }, corrects_id: null });
    expect(await refusal(manager.token, "POST", `/api/leave-requests/${request.id}/approve`)).toMatchObject({ status: 409, message: expect.stringContaining(run.name) });
    expect((await refusal(person.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-04-20", end_date: "2026-04-20" })).status).toBe(409);
  });
});

describe("documents", () => {
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const upload = (token: string, id: number, content: Buffer, filename = "certificate.pdf") =>
    call(t, token, { method: "POST", url: `/api/leave-requests/${id}/document`, ...multipart([{ name: "file", filename, contentType: "application/pdf", content }]) });

  it("waits for the document a type asks for: approval refused without it, a PDF or photo attached by the person, read by the approver", async () => {
    const sick: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("SL").toUpperCase(), name: unique("Sick "), paid: true, yearly_days: 15, document_after_days: 2 }, 201);
    await t.app.ctx.jobs.idle();
    const person = await teamMember();
    const colleague = await teamMember();
    const short = await must(person.token, "POST", "/api/leave-requests", { leave_type_id: sick.id, start_date: "2026-06-15", end_date: "2026-06-16" }, 201);
    expect(short).toMatchObject({ needs_document: false, has_document: false });
    const long = await must(person.token, "POST", "/api/leave-requests", { leave_type_id: sick.id, start_date: "2026-06-22", end_date: "2026-06-24" }, 201);
    expect(long).toMatchObject({ needs_document: true, has_document: false });
    expect(await refusal(manager.token, "POST", `/api/leave-requests/${long.id}/approve`)).toMatchObject({ status: 409, message: "This request is longer than 2 days: a document (such as a medical certificate) must be attached before it is approved." });
    // Only files that are what they say: a text file named .pdf is refused on its field; someone else may not attach.
    expect((await upload(person.token, long.id, Buffer.from("not a certificate"))).json()).toMatchObject({ errors: { file: ["Attach a PDF, JPEG or PNG file."] } });
    expect((await upload(colleague.token, long.id, PDF)).statusCode).toBe(403);
    const attached = await upload(person.token, long.id, PDF);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data).toMatchObject({ has_document: true });
    const read = await call(t, manager.token, { method: "GET", url: `/api/leave-requests/${long.id}/document` });
    expect([read.statusCode, read.headers["content-type"], read.rawPayload.equals(PDF)]).toEqual([200, "application/pdf", true]);
    expect((await call(t, colleague.token, { method: "GET", url: `/api/leave-requests/${long.id}/document` })).statusCode).toBe(403);
    expect((await must(manager.token, "POST", `/api/leave-requests/${long.id}/approve`)).status).toBe("approved");
    // A request with none has nothing to read.
    expect((await call(t, manager.token, { method: "GET", url: `/api/leave-requests/${short.id}/document` })).statusCode).toBe(404);
  });
});

describe("cancelling", () => {
  it("cancels a pending request or leave not yet begun at once, giving its days back", async () => {
    const person = await teamMember();
    const pending = (await ask(person.token, { start_date: "2026-09-07", end_date: "2026-09-08" })).json().data;
    expect((await must(person.token, "POST", `/api/leave-requests/${pending.id}/cancel`)).status).toBe("cancelled");
    const later = (await ask(person.token, { start_date: "2026-09-14", end_date: "2026-09-16" })).json().data;
    await must(manager.token, "POST", `/api/leave-requests/${later.id}/approve`);
    expect(lineOf(await balances(person.token, person.id), vacation)).toMatchObject({ taken: 3, balance: 12 });
    expect((await must(person.token, "POST", `/api/leave-requests/${later.id}/cancel`)).status).toBe("cancelled");
    expect(lineOf(await balances(person.token, person.id), vacation)).toMatchObject({ taken: 0, balance: 15 });
    // Cancelled is final.
    expect((await refusal(person.token, "POST", `/api/leave-requests/${later.id}/cancel`)).status).toBe(409);
    expect((await refusal(manager.token, "POST", `/api/leave-requests/${later.id}/approve`)).status).toBe(409);
  });

  it("asks the approver once the leave has begun: approved, the days come back; refused, the leave stands", async () => {
    const person = await teamMember();
    // Today (2026-03-02) is inside it.
    const begun = (await ask(person.token, { start_date: "2026-03-02", end_date: "2026-03-04" })).json().data;
    await must(manager.token, "POST", `/api/leave-requests/${begun.id}/approve`);
    expect((await must(person.token, "POST", `/api/leave-requests/${begun.id}/cancel`)).status).toBe("cancel_requested");
    expect((await must(manager.token, "POST", `/api/leave-requests/${begun.id}/reject`, { reason: "Already covered" })).status).toBe("approved");
    expect((await must(person.token, "POST", `/api/leave-requests/${begun.id}/cancel`)).status).toBe("cancel_requested");
    expect((await must(manager.token, "POST", `/api/leave-requests/${begun.id}/approve`)).status).toBe("cancelled");
    const line = lineOf(await balances(person.token, person.id), vacation);
    expect(line).toMatchObject({ taken: 0, balance: 15 });
    const kinds = (await balances(person.token, person.id)).entries.filter((entry) => entry.request_id === begun.id).map((entry) => [entry.kind, entry.days]);
    expect(kinds).toEqual([
      ["taken", -3],
      ["returned", 3],
    ]);
  });

  it("is the person's or HR's to do: not their manager's nor a colleague's", async () => {
    const person = await teamMember();
    const request = (await ask(person.token, { start_date: "2026-10-05", end_date: "2026-10-05" })).json().data;
    expect((await refusal(manager.token, "POST", `/api/leave-requests/${request.id}/cancel`)).status).toBe(403);
    expect((await must(hr.token, "POST", `/api/leave-requests/${request.id}/cancel`)).status).toBe("cancelled");
  });
});

describe("the team's calendar", () => {
  it("shows a person their team's leave that stands or waits, without why, and not another team's", async () => {
    const person = await teamMember();
    const colleague = await teamMember();
    const outsider = await createPerson(t, admin);
    await t.app.ctx.jobs.idle();
    const outsiderToken = await t.tokenFor(outsider.email, outsider.password);
    const away = (await ask(person.token, { start_date: "2026-12-07", end_date: "2026-12-08", reason: "Hospital check-up" })).json().data;
    await must(manager.token, "POST", `/api/leave-requests/${away.id}/approve`);
    const month = "scope=calendar&from=2026-12-01&to=2026-12-31&per_page=100";
    const seen: LeaveRequestRecord[] = await must(colleague.token, "GET", `/api/leave-requests?${month}`);
    expect(seen.find((row) => row.id === away.id)).toMatchObject({ user: { id: person.id }, status: "approved", reason: null });
    // Their manager reads it in full; someone of another team does not see it at all.
    expect((await must(manager.token, "GET", `/api/leave-requests?${month}`)).find((row: LeaveRequestRecord) => row.id === away.id).reason).toBe("Hospital check-up");
    expect((await must(outsiderToken, "GET", `/api/leave-requests?${month}`)).some((row: LeaveRequestRecord) => row.id === away.id)).toBe(false);
    // Nor does the plain list show a colleague's request.
    expect((await must(colleague.token, "GET", "/api/leave-requests?per_page=100")).some((row: LeaveRequestRecord) => row.id === away.id)).toBe(false);
  });
});

describe("balances", () => {
  it("are one's own, one's team's, or anyone's for HR and approvers; an adjustment needs leave_manage and a reason", async () => {
    const person = await teamMember();
    const colleague = await teamMember();
    expect((await refusal(colleague.token, "GET", `/api/leave-balances?user_id=${person.id}`)).status).toBe(403);
    expect((await balances(manager.token, person.id)).user.id).toBe(person.id);
    expect((await balances(approver.token, person.id)).user.id).toBe(person.id);
    const adjustment = { user_id: person.id, leave_type_id: vacation.id, year: 2026, days: 2.5, reason: "Overtime converted to leave, March" };
    expect((await refusal(manager.token, "POST", "/api/leave-balances/adjustments", adjustment)).status).toBe(403);
    expect((await refusal(hr.token, "POST", "/api/leave-balances/adjustments", { ...adjustment, reason: " " })).errors).toHaveProperty("reason");
    expect((await refusal(hr.token, "POST", "/api/leave-balances/adjustments", { ...adjustment, days: 0 })).errors).toEqual({ days: ["Enter a number of days other than 0, in hundredths at most."] });
    const after: LeaveBalancesReply = await must(hr.token, "POST", "/api/leave-balances/adjustments", adjustment, 201);
    expect(lineOf(after, vacation)).toMatchObject({ adjusted: 2.5, balance: 17.5 });
    expect(after.entries.find((entry) => entry.kind === "adjustment")).toMatchObject({ days: 2.5, reason: adjustment.reason, created_by: { id: hr.id } });
  });

  it("default to one's own this year", async () => {
    const person = await teamMember();
    const own: LeaveBalancesReply = await must(person.token, "GET", "/api/leave-balances");
    expect(own).toMatchObject({ user: { id: person.id }, year: 2026 });
    expect(lineOf(own, vacation).entitled).toBe(15);
  });
});

describe("the accrual and rollover job", () => {
  it("grants a monthly type a twelfth a month up to this month, and writes each entry once however often it runs", async () => {
    const monthly: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("M").toUpperCase(), name: unique("Monthly "), paid: true, yearly_days: 5, accrual: "monthly" }, 201);
    await t.app.ctx.jobs.idle();
    const person = await createPerson(t, admin, { hire_date: "2024-01-08" });
    await t.app.ctx.jobs.idle();
    // January to March of 5 days a year: 0.42 + 0.41 + 0.42 (rounded so that twelve make exactly 5).
    expect(lineOf(await balances(admin, person.id), monthly).entitled).toBe(1.25);
    const again = await t.database.db.transaction((tx) => accrueLeave(tx, { year: 2026, month: 3 }, t.clock.now()));
    expect(again).toEqual({ carried: 0, expired: 0, allocated: 0, accrued: 0 });
    const months = (await balances(admin, person.id)).entries.filter((entry) => entry.leave_type_id === monthly.id).map((entry) => entry.days);
    expect(months).toEqual([0.42, 0.41, 0.42]);
    // The whole year adds up to the yearly days.
    await t.database.db.transaction((tx) => accrueLeave(tx, { year: 2026, month: 12 }, t.clock.now()));
    expect(lineOf(await balances(admin, person.id), monthly).entitled).toBe(5);
  });

  it("carries a year's unused days into the next up to the cap, the rest expiring, once", async () => {
    const capped: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("C").toUpperCase(), name: unique("Capped "), paid: true, yearly_days: 10, carry_over_days: 4 }, 201);
    const person = await insertPerson(t, { hire_date: "2020-01-06" });
    await t.app.ctx.jobs.idle();
    await t.database.db.transaction((tx) => accrueLeave(tx, { year: 2025, month: 12, user_id: person.id }, t.clock.now()));
    await must(admin, "POST", "/api/leave-balances/adjustments", { user_id: person.id, leave_type_id: capped.id, year: 2025, days: -3, reason: "Leave taken before Paydesk" }, 201);
    // 2025 leaves 7 unused: 4 carry over, 3 expire on 31 December.
    await t.database.db.transaction((tx) => accrueLeave(tx, { year: 2026, month: 3 }, t.clock.now()));
    const second = await t.database.db.transaction((tx) => accrueLeave(tx, { year: 2026, month: 3 }, t.clock.now()));
    expect(second).toEqual({ carried: 0, expired: 0, allocated: 0, accrued: 0 });
    expect(lineOf(await balances(admin, person.id, 2026), capped)).toMatchObject({ entitled: 10, carried_over: 4, balance: 14 });
    expect(lineOf(await balances(admin, person.id, 2025), capped)).toMatchObject({ entitled: 10, adjusted: -3, expired: 3, balance: 4 });
  });

  it("queues next month's run once, for the month's first minute by the app's clock, however many servers ask", async () => {
    await t.app.ctx.jobs.idle();
    const queued = await t.database.db.select().from(jobs).where(and(eq(jobs.kind, "leave.accrue"), eq(jobs.status, "queued")));
    // The test clock stands on 2 March 2026: April's run waits about thirty days, whatever today's date is.
    expect(queued.map((job) => job.key)).toEqual(["leave-accrue:2026-04"]);
    const wait = queued[0].run_after.getTime() - Date.now();
    expect(wait).toBeGreaterThan(29 * 86_400_000);
    expect(wait).toBeLessThan(31 * 86_400_000);
    const again = await t.app.ctx.jobs.enqueue(leaveAccrualJob(t.app.ctx), {}, { key: "leave-accrue:2026-04" });
    expect(again).toBe(queued[0].id);
  });
});

describe("managers and types", () => {
  it("sets a person's manager on their record: someone still with the company, never themselves", async () => {
    const person = await insertPerson(t);
    const head = await insertEmployeeSignedIn(t);
    expect((await must(head.token, "GET", "/api/me")).leads_team).toBe(false);
    expect((await must(admin, "PUT", `/api/users/${person.id}`, { manager_id: head.id })).manager_id).toBe(head.id);
    // Their session knows at once that a team's leave now waits for them (the approvals in the menu), and no longer once it does not.
    expect((await must(head.token, "GET", "/api/me")).leads_team).toBe(true);
    await must(admin, "PUT", `/api/users/${person.id}`, { manager_id: manager.id });
    expect((await must(head.token, "GET", "/api/me")).leads_team).toBe(false);
    expect((await refusal(admin, "PUT", `/api/users/${person.id}`, { manager_id: person.id })).errors).toEqual({ manager_id: ["A person cannot be their own manager."] });
    expect((await refusal(admin, "PUT", `/api/users/${person.id}`, { manager_id: 999_999 })).errors).toEqual({ manager_id: ["Choose a manager who is still with the company."] });
  });

  it("deletes a person created by mistake with the leave the company granted them, and archives one who asked for leave", async () => {
    const mistake = await createPerson(t, admin, { manager_id: manager.id });
    await t.app.ctx.jobs.idle();
    expect(lineOf(await balances(admin, mistake.id), vacation).entitled).toBe(15);
    expect((await send(admin, "DELETE", `/api/users/${mistake.id}`)).json().data.outcome).toBe("deleted");
    // Managing someone is not history of one's own either.
    const member = await teamMember();
    await must(member.token, "POST", "/api/leave-requests", { leave_type_id: vacation.id, start_date: "2026-11-02", end_date: "2026-11-02" }, 201);
    expect((await send(admin, "DELETE", `/api/users/${member.id}`)).json().data.outcome).toBe("archived");
  });

  it("archives a type with requests or balances instead of deleting it", async () => {
    const type: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("D").toUpperCase(), name: unique("Doomed "), paid: true, yearly_days: 1 }, 201);
    await t.app.ctx.jobs.idle();
    const removed = await send(admin, "DELETE", `/api/leave-types/${type.id}`);
    expect(removed.json()).toMatchObject({ data: { outcome: "archived" }, message: "This leave type is in use: it was made inactive and keeps its history." });
    expect((await must(admin, "GET", `/api/leave-types/${type.id}`)).active).toBe(false);
    const unused: LeaveTypeRecord = await must(admin, "POST", "/api/leave-types", { code: unique("N").toUpperCase(), name: unique("Never "), paid: true, yearly_days: 0 }, 201);
    expect((await send(admin, "DELETE", `/api/leave-types/${unused.id}`)).json().data.outcome).toBe("deleted");
  });
});
