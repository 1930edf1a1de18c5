/**
 * Leave requests: asked for by a person (or entered for them by HR), decided by their manager or anyone with
 * leave_approve, never by themselves. The days a request takes are counted when it is asked for (counting.ts) and kept
 * one by one (leave_days); approval takes them from the balance (ledger.ts), a cancellation gives them back. Every
 * change is one write (mutate) that tells the other side; two deciders at once: the state moves once, the second gets 409.
 */
import { and, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { LEAVE_HOLDING, LEAVE_STATUSES, type LeaveRequestBody, type LeaveRequestRecord, type LeaveStatus } from "../../../contracts/leave";
import type { ListResponse } from "../../../contracts/list";
import { can, type Actor } from "../../../contracts/policies";
import { holds } from "../../../contracts/policies/core";
import type { Db } from "../../db/client";
import { leaveDays, leaveRequests, leaveTypes, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { HttpError, invalidField, notFound } from "../../lib/errors";
import { defineListSpec, paged, parseListQuery } from "../../lib/list";
import { authorize } from "../../lib/policy";
import { dateInZone } from "../../lib/time-zone";
import { mutate, type Author } from "../../lib/write";
import { signInAllowed } from "../auth/sessions";
import { companyFacts } from "../company/facts";
import { daysChanged } from "../attendance/day-store";
import { notify } from "../notifications/service";
import { assertDaysUnpaid } from "../payroll/paid-days";
import { workdaysOf, type LeaveDay } from "./counting";
import { addMonths, yearOf } from "./dates";
import { availableByYear, hundredths, moveRequestDays } from "./ledger";

const decider = alias(users, "decider");

const requestColumns = {
  request: leaveRequests,
  userName: users.name,
  department: users.department,
  managerId: users.manager_id,
  typeCode: leaveTypes.code,
  typeName: leaveTypes.name,
  typePaid: leaveTypes.paid,
  documentAfter: leaveTypes.document_after_days,
  deciderName: decider.name,
};

type RequestRow = { request: typeof leaveRequests.$inferSelect; userName: string; department: string | null; managerId: number | null; typeCode: string; typeName: string; typePaid: boolean; documentAfter: number | null; deciderName: string | null };

const selectRequests = (db: Db) =>
  db
    .select(requestColumns)
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.user_id))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leave_type_id))
    .leftJoin(decider, eq(decider.id, leaveRequests.decided_by))
    .$dynamic();

export const subjectOf = (row: Pick<RequestRow, "managerId"> & { request: { user_id: number } }) => ({ user_id: row.request.user_id, manager_id: row.managerId });

/** The type asks for a document (a sick note) for a request this long. */
const needsDocument = (documentAfter: number | null, days: number) => documentAfter !== null && days > documentAfter;

/** What a request waits for before it can be decided: a decision on it, or on taking it back. */
const DECIDABLE: readonly LeaveStatus[] = ["pending", "cancel_requested"];

function toRecord(row: RequestRow, actor: Actor, today: string): LeaveRequestRecord {
  const { request } = row;
  const subject = subjectOf(row);
  const days = Number(request.days);
  return {
    id: request.id,
    user: { id: request.user_id, name: row.userName, department: row.department },
    leave_type: { id: request.leave_type_id, code: row.typeCode, name: row.typeName, paid: row.typePaid },
    start_date: request.start_date,
    end_date: request.end_date,
    half_day: request.half_day,
    days,
    status: request.status,
    reason: request.reason,
    needs_document: needsDocument(row.documentAfter, days),
    has_document: request.document_file_id !== null,
    decided_by: request.decided_by !== null && row.deciderName !== null ? { id: request.decided_by, name: row.deciderName } : null,
    decided_at: request.decided_at?.toISOString() ?? null,
    decision_reason: request.decision_reason,
    can_decide: DECIDABLE.includes(request.status) && can(actor, "leaveRequests.decide", subject),
    can_cancel: cancellable(request, today) !== null && can(actor, "leaveRequests.cancel", subject),
    created_at: request.created_at.toISOString(),
    updated_at: request.updated_at.toISOString(),
  };
}

/** What a cancellation does now: cancels (pending, or approved and not begun), asks the approver (begun), or nothing. */
function cancellable(request: { status: LeaveStatus; start_date: string }, today: string): "cancel" | "ask" | null {
  if (request.status === "pending") return "cancel";
  if (request.status === "approved") return request.start_date > today ? "cancel" : "ask";
  return null;
}

async function today(ctx: AppContext, db: Db = ctx.db): Promise<{ today: string; zone: string }> {
  const zone = (await companyFacts(db)).time_zone;
  return { today: dateInZone(ctx.clock.now(), zone), zone };
}

export async function loadRequest(db: Db, id: number): Promise<RequestRow> {
  const [row] = await selectRequests(db).where(eq(leaveRequests.id, id));
  if (!row) throw notFound();
  return row;
}

export async function readRequest(ctx: AppContext, actor: Actor, id: number): Promise<LeaveRequestRecord> {
  const row = await loadRequest(ctx.db, id);
  authorize(actor, "leaveRequests.view", subjectOf(row));
  return toRecord(row, actor, (await today(ctx)).today);
}

export const leaveRequestsList = defineListSpec({
  fields: {
    status: { column: leaveRequests.status, kind: "choice", values: LEAVE_STATUSES },
    leave_type_id: { column: leaveRequests.leave_type_id, kind: "number" },
    user_id: { column: leaveRequests.user_id, kind: "number" },
    start_date: { column: leaveRequests.start_date, kind: "date" },
    end_date: { column: leaveRequests.end_date, kind: "date" },
    days: { column: leaveRequests.days, kind: "number" },
    name: { column: users.name, kind: "text" },
    department: { column: users.department, kind: "text" },
    created_at: { column: leaveRequests.created_at, kind: "date", sortBy: leaveRequests.id },
  },
  defaultSort: "-created_at",
  tiebreaker: leaveRequests.id,
  search: [users.name, users.employee_number],
});

/** Whose requests a list shows: one's own, those one decides (waiting), all one may read, or the team's leave for its calendar. */
export const LEAVE_SCOPES = ["mine", "to_decide", "visible", "calendar"] as const;
export type LeaveScope = (typeof LEAVE_SCOPES)[number];

/** Everything the reader may read: everyone's with leave_approve or leave_manage, else their own and their team's. */
function visibleTo(actor: Actor): SQL | undefined {
  if (holds(actor, "leave_approve") || holds(actor, "leave_manage")) return undefined;
  return or(eq(leaveRequests.user_id, actor.id), eq(users.manager_id, actor.id));
}

/** What waits for the reader's decision: never their own; their team's, or anyone's with leave_approve. */
function toDecide(actor: Actor): SQL {
  const whose = holds(actor, "leave_approve") ? undefined : eq(users.manager_id, actor.id);
  return and(inArray(leaveRequests.status, [...DECIDABLE]), ne(leaveRequests.user_id, actor.id), whose)!;
}

/**
 * Who is away, as a team's calendar shows it: leave that stands or waits, of everyone for those who read everyone's,
 * else of one's team (one's manager, those who share them, one's own reports, oneself).
 */
async function teamCalendar(db: Db, actor: Actor): Promise<SQL> {
  const away = inArray(leaveRequests.status, [...LEAVE_HOLDING]);
  if (holds(actor, "leave_approve") || holds(actor, "leave_manage")) return away;
  const [self] = await db.select({ manager: users.manager_id }).from(users).where(eq(users.id, actor.id));
  const manager = self?.manager ?? null;
  const team = or(eq(leaveRequests.user_id, actor.id), eq(users.manager_id, actor.id), ...(manager !== null ? [eq(users.manager_id, manager), eq(users.id, manager)] : []));
  return and(away, team)!;
}

export async function listRequests(ctx: AppContext, actor: Actor, query: Record<string, unknown>, filters: { scope?: LeaveScope; from?: string; to?: string }): Promise<ListResponse<LeaveRequestRecord>> {
  const list = parseListQuery(query, leaveRequestsList);
  const calendar = filters.scope === "calendar";
  const scope = filters.scope === "mine" ? eq(leaveRequests.user_id, actor.id) : filters.scope === "to_decide" ? toDecide(actor) : undefined;
  // A calendar's month: requests with a day in it.
  const within = and(filters.to ? sql`${leaveRequests.start_date} <= ${filters.to}::date` : undefined, filters.from ? sql`${leaveRequests.end_date} >= ${filters.from}::date` : undefined);
  const where = and(calendar ? await teamCalendar(ctx.db, actor) : visibleTo(actor), scope, within);
  const { today: now } = await today(ctx);
  // A colleague on the calendar is away, nothing more: why is for those who may read the request.
  const shown = (record: LeaveRequestRecord, row: RequestRow) => (calendar && !can(actor, "leaveRequests.view", subjectOf(row)) ? { ...record, reason: null, decision_reason: null } : record);
  return paged(ctx.db, list, {
    rows: async (page) =>
      (await selectRequests(ctx.db).where(and(where, page.where)).orderBy(...page.orderBy).limit(page.limit).offset(page.offset)).map((row) => shown(toRecord(row, actor, now), row)),
    count: (pageWhere) => ctx.db.select({ one: sql`1` }).from(leaveRequests).innerJoin(users, eq(users.id, leaveRequests.user_id)).where(and(where, pageWhere)).$dynamic(),
  });
}

/** Requests of the person that hold days overlapping these dates (two halves of one day do not overlap). */
async function overlapping(db: Db, userId: number, body: Pick<LeaveRequestBody, "start_date" | "end_date" | "half_day">): Promise<{ start_date: string; end_date: string } | null> {
  const otherHalf = body.half_day ? sql`not (${leaveRequests.half_day} is not null and ${leaveRequests.half_day} <> ${body.half_day} and ${leaveRequests.start_date} = ${body.start_date}::date)` : sql`true`;
  const [row] = await db
    .select({ start_date: leaveRequests.start_date, end_date: leaveRequests.end_date })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.user_id, userId),
        inArray(leaveRequests.status, [...LEAVE_HOLDING]),
        sql`${leaveRequests.start_date} <= ${body.end_date}::date and ${leaveRequests.end_date} >= ${body.start_date}::date`,
        otherHalf,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Refuses (422, with the figures) a request that would take more than a year's balance allows. */
async function assertWithinBalance(db: Db, userId: number, typeId: number, days: readonly LeaveDay[], exceptRequest?: number): Promise<void> {
  const byYear = new Map<number, number>();
  for (const day of days) byYear.set(yearOf(day.date), hundredths((byYear.get(yearOf(day.date)) ?? 0) + day.share));
  const available = await availableByYear(db, userId, typeId, [...byYear.keys()], exceptRequest);
  for (const [year, wanted] of byYear) {
    const left = hundredths(Math.max(0, available.get(year) ?? 0));
    if (wanted > left) throw invalidField("leave_type_id", "leave.requests.overBalance", { days: wanted, available: left, year });
  }
}

/** Who is told of a new request: the person's manager, or, without one, everyone who may approve leave. */
async function approversOf(db: Db, person: { id: number; manager_id: number | null }): Promise<number[]> {
  if (person.manager_id !== null) return [person.manager_id];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(sql`roles r`, sql`r.id = ${users.role_id}`)
    .where(and(signInAllowed, ne(users.id, person.id), sql`(${users.access_level} = 0 or (${users.access_level} = 2 and r.permissions @> '["leave_approve"]'::jsonb))`));
  return rows.map((row) => row.id);
}

export async function createRequest(ctx: AppContext, actor: Actor, author: Author, body: LeaveRequestBody): Promise<LeaveRequestRecord> {
  const userId = body.user_id ?? actor.id;
  if (userId !== actor.id && !can(actor, "leaveRequests.createFor")) throw new HttpError(403, "leave.requests.forSomeoneElse");
  const [person] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!person || person.archived_at) throw invalidField("user_id", "leave.requests.personMissing");
  const [type] = await ctx.db.select().from(leaveTypes).where(eq(leaveTypes.id, body.leave_type_id));
  if (!type || !type.active) throw invalidField("leave_type_id", "leave.requests.typeUnavailable");
  if (body.half_day && type.unit === "day") throw invalidField("half_day", "leave.requests.wholeDaysOnly", { type: type.name });
  if (person.hire_date && body.start_date < person.hire_date) throw invalidField("start_date", "leave.requests.beforeHire", { date: person.hire_date });
  if (person.end_date && body.end_date > person.end_date) throw invalidField("end_date", "leave.requests.afterEnd", { date: person.end_date });
  if (person.hire_date && type.service_months > 0) {
    const usable = addMonths(person.hire_date, type.service_months);
    if (body.start_date < usable) throw invalidField("start_date", "leave.requests.notYetEligible", { date: usable, months: type.service_months });
  }
  const { zone } = await today(ctx);
  const days = await workdaysOf(ctx.db, { userId, from: body.start_date, to: body.end_date, halfDay: body.half_day, calendarDays: type.calendar_days, timeZone: zone, now: ctx.clock.now() });
  if (days.length === 0) throw invalidField("start_date", "leave.requests.noWorkdays");
  const total = hundredths(days.reduce((sum, day) => sum + day.share, 0));
  await assertDaysUnpaid(ctx.db, userId, days.map((day) => day.date));
  const status: LeaveStatus = type.needs_approval ? "pending" : "approved";
  const id = await mutate(ctx, author, { action: "leave_request.created", subjectType: "leave_request" }, async (tx) => {
    // One person's requests are checked and written one at a time: two at once cannot both take the last days.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('leave:' || ${userId}::text))`);
    const clash = await overlapping(tx, userId, body);
    if (clash) throw invalidField("start_date", "leave.requests.overlap", { from: clash.start_date, to: clash.end_date });
    await assertWithinBalance(tx, userId, type.id, days);
    const now = ctx.clock.now();
    const [created] = await tx
      .insert(leaveRequests)
      .values({
        user_id: userId,
        leave_type_id: type.id,
        start_date: body.start_date,
        end_date: body.end_date,
        half_day: body.half_day ?? null,
        days: total,
        status,
        reason: body.reason || null,
        decided_at: status === "approved" ? now : null,
        created_by: actor.id,
        updated_by: actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: leaveRequests.id });
    await tx.insert(leaveDays).values(days.map((day) => ({ request_id: created.id, user_id: userId, work_date: day.date, share: day.share })));
    const params = { name: person.name, type: type.name, from: body.start_date, to: body.end_date, days: total };
    if (status === "approved") {
      await moveRequestDays(tx, created.id, -1, actor.id, now);
      await recordedDaysChanged(ctx, tx, userId, days);
      if (userId !== actor.id) await notify(ctx, { recipients: [userId], type: "leave_decided", params: { ...params, context: "approved" }, link: "/leave", senderId: actor.id }, tx);
    } else {
      const approvers = (await approversOf(tx, person)).filter((approver) => approver !== actor.id);
      if (approvers.length > 0) await notify(ctx, { recipients: approvers, type: "leave_requested", params: { ...params, context: "new" }, link: `/leave/approvals?request=${created.id}`, senderId: actor.id }, tx);
    }
    const changes = { user_id: userId, leave_type_id: type.id, start_date: body.start_date, end_date: body.end_date, half_day: body.half_day ?? null, days: total, status, reason: body.reason ?? null };
    return { result: created.id, subjectId: created.id, changes };
  });
  return readRequest(ctx, actor, id);
}

/** Leave taken or given back changes the figures of days already recorded (a half day off worked the other half). */
async function recordedDaysChanged(ctx: AppContext, tx: Db, userId: number, days: readonly LeaveDay[]): Promise<void> {
  await daysChanged(ctx, tx, { userIds: [userId], dates: days.map((day) => day.date) });
}

/** Moves a request from `from` to `to` only if it is still in `from`: of two deciders at once, the second finds it moved (409). */
async function moveStatus(tx: Db, id: number, from: LeaveStatus, to: LeaveStatus, set: Partial<typeof leaveRequests.$inferInsert>): Promise<void> {
  const moved = await tx
    .update(leaveRequests)
    .set({ ...set, status: to })
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.status, from)))
    .returning({ id: leaveRequests.id });
  if (moved.length === 0) throw new HttpError(409, "leave.requests.alreadyDecided");
}

const daysOf = async (db: Db, id: number): Promise<LeaveDay[]> =>
  (await db.select({ date: leaveDays.work_date, share: leaveDays.share }).from(leaveDays).where(eq(leaveDays.request_id, id))).map((row) => ({ date: row.date, share: Number(row.share) }));

export type Decision = "approve" | "reject";

/**
 * Approves or rejects a pending request, or a request to cancel one that has begun (approve: cancelled, its days
 * given back; reject: it stands). Days a released run paid are not changed (409 naming the run).
 */
export async function decideRequest(ctx: AppContext, actor: Actor, author: Author, id: number, decision: Decision, reason: string | null | undefined): Promise<LeaveRequestRecord> {
  const row = await loadRequest(ctx.db, id);
  authorize(actor, "leaveRequests.decide", subjectOf(row));
  const { request } = row;
  if (!DECIDABLE.includes(request.status)) throw new HttpError(409, "leave.requests.alreadyDecided");
  const asking = request.status === "pending";
  const next: LeaveStatus = asking ? (decision === "approve" ? "approved" : "rejected") : decision === "approve" ? "cancelled" : "approved";
  if (asking && decision === "approve" && needsDocument(row.documentAfter, Number(request.days)) && request.document_file_id === null) {
    throw new HttpError(409, "leave.requests.documentMissing", { days: row.documentAfter });
  }
  const days = await daysOf(ctx.db, id);
  const changesDays = next === "approved" ? asking : next === "cancelled";
  if (changesDays) await assertDaysUnpaid(ctx.db, request.user_id, days.map((day) => day.date));
  if (asking && decision === "approve") await assertWithinBalance(ctx.db, request.user_id, request.leave_type_id, days, id);
  const action = `leave_request.${asking ? (decision === "approve" ? "approved" : "rejected") : decision === "approve" ? "cancellation_approved" : "cancellation_rejected"}`;
  await mutate(ctx, author, { action, subjectType: "leave_request" }, async (tx) => {
    const now = ctx.clock.now();
    await moveStatus(tx, id, request.status, next, { decided_by: actor.id, decided_at: now, decision_reason: reason || null, updated_by: actor.id, updated_at: now });
    if (asking && next === "approved") await moveRequestDays(tx, id, -1, actor.id, now);
    if (next === "cancelled") await moveRequestDays(tx, id, 1, actor.id, now);
    if (changesDays) await recordedDaysChanged(ctx, tx, request.user_id, days);
    const context = asking ? next : decision === "approve" ? "cancel_approved" : "cancel_rejected";
    const params = { type: row.typeName, from: request.start_date, to: request.end_date, days: Number(request.days), reason: reason || "", context };
    await notify(ctx, { recipients: [request.user_id], type: "leave_decided", params, link: "/leave", senderId: actor.id }, tx);
    return { result: id, subjectId: id, changes: { user_id: request.user_id, status: { from: request.status, to: next }, reason: reason || null } };
  });
  return readRequest(ctx, actor, id);
}

/**
 * The person (or HR) takes a request back: a pending one, or approved leave that has not begun, is cancelled at once
 * (its days given back); approved leave that has begun waits for the approver (cancel_requested).
 */
export async function cancelRequest(ctx: AppContext, actor: Actor, author: Author, id: number): Promise<LeaveRequestRecord> {
  const row = await loadRequest(ctx.db, id);
  authorize(actor, "leaveRequests.cancel", subjectOf(row));
  const { request } = row;
  const how = cancellable(request, (await today(ctx)).today);
  if (how === null) throw new HttpError(409, "leave.requests.notCancellable");
  const next: LeaveStatus = how === "cancel" ? "cancelled" : "cancel_requested";
  const days = await daysOf(ctx.db, id);
  const givesBack = next === "cancelled" && request.status === "approved";
  if (givesBack) await assertDaysUnpaid(ctx.db, request.user_id, days.map((day) => day.date));
  await mutate(ctx, author, { action: next === "cancelled" ? "leave_request.cancelled" : "leave_request.cancellation_asked", subjectType: "leave_request" }, async (tx) => {
    const now = ctx.clock.now();
    await moveStatus(tx, id, request.status, next, { updated_by: actor.id, updated_at: now });
    if (givesBack) {
      await moveRequestDays(tx, id, 1, actor.id, now);
      await recordedDaysChanged(ctx, tx, request.user_id, days);
    }
    const params = { name: row.userName, type: row.typeName, from: request.start_date, to: request.end_date, days: Number(request.days) };
    if (actor.id !== request.user_id) {
      await notify(ctx, { recipients: [request.user_id], type: "leave_decided", params: { ...params, context: "cancelled" }, link: "/leave", senderId: actor.id }, tx);
    } else {
      const approvers = await approversOf(tx, { id: request.user_id, manager_id: row.managerId });
      const context = next === "cancel_requested" ? "cancel" : "withdrawn";
      if (approvers.length > 0) await notify(ctx, { recipients: approvers, type: "leave_requested", params: { ...params, context }, link: `/leave/approvals?request=${id}`, senderId: actor.id }, tx);
    }
    return { result: id, subjectId: id, changes: { user_id: request.user_id, status: { from: request.status, to: next } } };
  });
  return readRequest(ctx, actor, id);
}
