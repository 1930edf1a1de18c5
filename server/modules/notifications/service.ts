/**
 * Notifications: the one notify() every module tells people through, a
 * manager's broadcast, and each person's own list and the changes they make
 * to it. Every query about someone's notifications is scoped to them, so
 * someone else's is simply not found (404).
 */
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ListResponse } from "../../../contracts/list";
import { RECENT_COUNT, type BroadcastBody, type NotificationRecord, type NotificationStatus } from "../../../contracts/notifications";
import { NOTIFICATION_TYPES, type NotificationType } from "../../../contracts/notification-types";
import type { Db } from "../../db/client";
import { notifications, roles, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { invalidField, notFound } from "../../lib/errors";
import type { Translate } from "../../lib/i18n";
import { defineListSpec, paged, parseListQuery } from "../../lib/list";
import { mutate, type Author } from "../../lib/write";
import { readSettings } from "../settings/service";
import { channelOn, recipientsWhere, type Recipients } from "./audience";
import { sendEmails } from "./email";
import { announce, MAX_NAMED, signalFor } from "./signal";
import { wordingOf } from "./wording";

export interface NotifyInput {
  recipients: Recipients;
  type: NotificationType;
  params?: Record<string, unknown>;
  /** The app's page it is about; each type has its own by default. */
  link?: string | null;
  senderId?: number | null;
  /** False: in the app only, whatever the preferences (the same news goes out by e-mail another way). */
  email?: boolean;
}

/** People addressed, rows written for the app, e-mails sent or queued. */
export interface NotifyOutcome {
  recipients: number;
  in_app: number;
  email: number;
}

/** Where each type points when its sender names no page: one's profile for what happened to one's account. */
const DEFAULT_LINK: Record<NotificationType, string | null> = {
  password_changed: "/profile",
  password_reset: "/profile",
  access_changed: "/profile",
  account_deactivated: null,
  system: null,
  attendance_corrected: "/attendance/history",
  payslip_released: "/user-payslips",
  payslip_withdrawn: "/user-payslips",
  two_factor: "/profile",
  leave_requested: "/leave/approvals",
  leave_decided: "/leave",
};

type Rows<T> = { rows: T[] };

/**
 * Tells people something: one INSERT ... SELECT for those whose choice (or
 * the company's default) has it in the app, their e-mails for those who have
 * it by e-mail, and a signal to the open streams, all with `tx`'s writes when
 * given (nothing is told of a change rolled back).
 */
export async function notify(ctx: AppContext, input: NotifyInput, tx?: Db): Promise<NotifyOutcome> {
  const params = input.params ?? {};
  const link = input.link !== undefined ? input.link : DEFAULT_LINK[input.type];
  const run = async (db: Db): Promise<NotifyOutcome> => {
    // Read with `db`: on the embedded database a read beside an open transaction would wait for it.
    const { defaults } = await readSettings({ db, config: ctx.config }, "notifications");
    const choice = defaults[input.type];
    const result = (await db.execute(sql`
      with audience as (
        select ${users.id} as id, ${channelOn(input.type, "in_app", choice.in_app)} as in_app, ${channelOn(input.type, "email", choice.email)} as email
        from ${users} where ${recipientsWhere(input.recipients)}
      ), inserted as (
        insert into ${notifications} (user_id, type, params, link, sender_id, created_at)
        select id, ${input.type}::text, ${JSON.stringify(params)}::jsonb, ${link}::text, ${input.senderId ?? null}::int, ${ctx.clock.now().toISOString()}::timestamptz
        from audience where in_app
        returning user_id
      )
      select
        (select count(*)::int from audience) as recipients,
        (select coalesce(array_agg(id), '{}') from audience where email) as email_ids,
        (select count(*)::int from inserted) as in_app,
        (select array_agg(user_id) from (select user_id from inserted limit ${MAX_NAMED + 1}) as few) as told
    `)) as unknown as Rows<{ recipients: number; email_ids: number[]; in_app: number; told: number[] | null }>;
    const [row] = result.rows;
    const emailIds = input.email === false ? [] : row.email_ids;
    await sendEmails(ctx, db, { type: input.type, params, link, user_ids: emailIds });
    if (row.in_app > 0) await announce(db, signalFor(row.told));
    return { recipients: row.recipients, in_app: row.in_app, email: emailIds.length };
  };
  return tx ? run(tx) : ctx.db.transaction(run);
}

/** What the activity log keeps of an audience: a list of 10,000 ids is the notifications' own business. */
function audienceSummary(audience: BroadcastBody["audience"]): Record<string, unknown> {
  return audience.type === "users" ? { type: "users", user_count: new Set(audience.user_ids).size } : audience;
}

/** A manager's message to everyone, a role, a department or named people: logged once, told to each. */
export async function broadcast(ctx: AppContext, author: Author, body: BroadcastBody): Promise<NotifyOutcome> {
  const { audience } = body;
  if (audience.type === "role") {
    const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.id, audience.role_id));
    if (!role) throw invalidField("audience.role_id", "notifications.validation.roleMissing");
  }
  const params = { title: body.title, message: body.message };
  return mutate(ctx, author, { action: "notification.broadcast", subjectType: "notification" }, async (tx) => {
    const outcome = await notify(ctx, { recipients: audience, type: "system", params, link: body.link ?? null, senderId: author.actorId }, tx);
    return { result: outcome, subjectId: null, changes: { ...params, link: body.link ?? null, audience: audienceSummary(audience), ...outcome } };
  });
}

const sender = alias(users, "sender");

const recordColumns = {
  id: notifications.id,
  type: notifications.type,
  params: notifications.params,
  link: notifications.link,
  read_at: notifications.read_at,
  archived_at: notifications.archived_at,
  created_at: notifications.created_at,
  sender_id: sender.id,
  sender_name: sender.name,
};

type RecordRow = Awaited<ReturnType<typeof selectOwn>>[number];

/** A row in the reader's words. */
export function toRecord(row: RecordRow, t: Translate): NotificationRecord {
  return {
    id: row.id,
    type: row.type,
    ...wordingOf(t, row.type, row.params),
    link: row.link,
    params: row.params,
    sender: row.sender_id !== null ? { id: row.sender_id, name: row.sender_name ?? "" } : null,
    read_at: row.read_at?.toISOString() ?? null,
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** One person's notifications, with their senders, matching `where`. */
export function selectOwn(db: Db, userId: number, where?: SQL) {
  return db
    .select(recordColumns)
    .from(notifications)
    .leftJoin(sender, eq(sender.id, notifications.sender_id))
    .where(and(eq(notifications.user_id, userId), where));
}

const unread = and(isNull(notifications.read_at), isNull(notifications.archived_at))!;

const STATUS: Record<NotificationStatus | "inbox", SQL> = {
  unread,
  read: and(isNotNull(notifications.read_at), isNull(notifications.archived_at))!,
  archived: isNotNull(notifications.archived_at),
  inbox: isNull(notifications.archived_at),
};

export const notificationsList = defineListSpec({
  fields: {
    type: { column: notifications.type, kind: "choice", values: NOTIFICATION_TYPES },
    // Ids grow with time: ordering by id is ordering by when, along the (user_id, id) index.
    created_at: { column: notifications.created_at, kind: "date", sortBy: notifications.id },
    read_at: { column: notifications.read_at, kind: "date" },
  },
  defaultSort: "-created_at",
  tiebreaker: notifications.id,
});

export interface ListFilters {
  status?: NotificationStatus;
  type?: NotificationType;
}

/** The caller's own, paged: not archived unless the status says archived. */
export async function listOwn(ctx: AppContext, userId: number, query: Record<string, unknown>, filters: ListFilters, t: Translate): Promise<ListResponse<NotificationRecord>> {
  const list = parseListQuery(query, notificationsList);
  const scope = and(STATUS[filters.status ?? "inbox"], filters.type ? eq(notifications.type, filters.type) : undefined);
  return paged(ctx.db, list, {
    rows: async (page) => (await selectOwn(ctx.db, userId, and(scope, page.where)).orderBy(...page.orderBy).limit(page.limit).offset(page.offset)).map((row) => toRecord(row, t)),
    count: (where) => ctx.db.select({ one: sql`1` }).from(notifications).where(and(eq(notifications.user_id, userId), scope, where)).$dynamic(),
  });
}

export async function recentOwn(ctx: AppContext, userId: number, t: Translate): Promise<NotificationRecord[]> {
  const rows = await selectOwn(ctx.db, userId, STATUS.inbox).orderBy(desc(notifications.id)).limit(RECENT_COUNT);
  return rows.map((row) => toRecord(row, t));
}

/** The bell's number: one count along the unread partial index. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(notifications).where(and(eq(notifications.user_id, userId), unread));
  return row.n;
}

export async function statsOwn(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .select({
      type: notifications.type,
      total: sql<number>`count(*)::int`.mapWith(Number),
      unread: sql<number>`(count(*) filter (where ${unread}))::int`.mapWith(Number),
      archived: sql<number>`(count(*) filter (where ${STATUS.archived}))::int`.mapWith(Number),
    })
    .from(notifications)
    .where(eq(notifications.user_id, userId))
    .groupBy(notifications.type);
  const sum = (field: "total" | "unread" | "archived") => rows.reduce((total, row) => total + row[field], 0);
  const byType: Record<string, number> = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, 0]));
  for (const row of rows) byType[row.type] = row.total;
  return { total: sum("total"), unread: sum("unread"), archived: sum("archived"), by_type: byType };
}

/*
 * Opening a notification (GET) marks it read without a line in the activity
 * log: the bell is opened many times a day, and those lines would bury the
 * changes that matter. What a person asks for explicitly (mark these read,
 * archive, delete) is a write like any other: one line per request, however
 * many notifications it touches, naming how many. Each tells the person's
 * other open pages (the count on their bell) once it commits.
 */

/** Opens one: it is read from now on. */
export async function readOwn(ctx: AppContext, userId: number, id: number, t: Translate): Promise<NotificationRecord> {
  const opened = await ctx.db
    .update(notifications)
    .set({ read_at: ctx.clock.now() })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  const [row] = await selectOwn(ctx.db, userId, eq(notifications.id, id));
  if (!row) throw notFound();
  if (opened.length > 0) await announce(ctx.db, { users: [userId] });
  return toRecord(row, t);
}

/** 404 unless every id is one of the caller's: nothing changes when one is not. */
async function assertOwn(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  const distinct = [...new Set(ids)];
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.user_id, userId), among(distinct)));
  if (Number(row.n) !== distinct.length) throw notFound();
}

const among = (ids: readonly number[]) => sql`${notifications.id} = any(${sql.param([...new Set(ids)])}::int[])`;

/**
 * Sets one timestamp on the caller's notifications that `where` picks and
 * lack it; answers how many changed (none: nothing is logged).
 */
function stamp(ctx: AppContext, author: Author, userId: number, column: "read_at" | "archived_at", where: SQL | undefined): Promise<number> {
  const action = column === "read_at" ? "notification.read" : "notification.archived";
  return mutate(ctx, author, { action, subjectType: "notification" }, async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ [column]: ctx.clock.now() })
      .where(and(eq(notifications.user_id, userId), isNull(notifications[column]), where))
      .returning({ id: notifications.id });
    if (changed.length === 0) return { result: 0, unchanged: true };
    await announce(tx, { users: [userId] });
    return { result: changed.length, subjectId: changed.length === 1 ? changed[0].id : null, changes: { count: changed.length } };
  });
}

export async function markRead(ctx: AppContext, author: Author, userId: number, ids: readonly number[]): Promise<number> {
  await assertOwn(ctx.db, userId, ids);
  return stamp(ctx, author, userId, "read_at", among(ids));
}

export function markAllRead(ctx: AppContext, author: Author, userId: number): Promise<number> {
  return stamp(ctx, author, userId, "read_at", undefined);
}

export async function archiveOwn(ctx: AppContext, author: Author, userId: number, ids: readonly number[]): Promise<number> {
  await assertOwn(ctx.db, userId, ids);
  return stamp(ctx, author, userId, "archived_at", among(ids));
}

export async function deleteOwn(ctx: AppContext, author: Author, userId: number, id: number): Promise<void> {
  await mutate(ctx, author, { action: "notification.deleted", subjectType: "notification" }, async (tx) => {
    const [gone] = await tx
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
      .returning({ type: notifications.type, params: notifications.params, created_at: notifications.created_at });
    if (!gone) throw notFound();
    await announce(tx, { users: [userId] });
    return { result: undefined, subjectId: id, changes: gone };
  });
}
