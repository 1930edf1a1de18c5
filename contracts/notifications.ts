/**
 * Notifications as both sides see them (/api/notifications): a person's own
 * list, its counts, the bulk changes they make to it, a manager's broadcast
 * and the live stream's ticket. Validation messages are locale keys.
 */
import { z } from "zod";
import { NOTIFICATION_TYPES } from "./notification-types";
import { isoTimestamp } from "./replies";
import { MESSAGE, recordId, requiredText } from "./validation";

/** unread: neither read nor archived; read: read, not archived; archived: put away, read or not. */
export const NOTIFICATION_STATUSES = ["unread", "read", "archived"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** How many the bell's recent list shows. */
export const RECENT_COUNT = 10;

/** Ids one bulk call takes: a few pages of the list selected at once. */
export const MAX_BULK_IDS = 500;

/** A broadcast names at most this many people one by one (a larger group is a role, a department or everyone). */
export const MAX_BROADCAST_USERS = 10_000;

export const BROADCAST_TEXT = { title: 150, message: 2000 } as const;

/** A notification in the reader's language: title and message are worded when read, from its type and params. */
export const notificationRecord = z.object({
  id: z.number().int(),
  /** One of NOTIFICATION_TYPES (contracts/notification-types.ts); attendance and payroll add theirs. */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** The app's page it is about (a path such as "/profile"), if any. */
  link: z.string().nullable(),
  /** The values the text was worded from: what the app needs to show more than the text. */
  params: z.record(z.string(), z.unknown()),
  /** Who caused it (the broadcast's author, the administrator who changed a role); null for the system. */
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  read_at: isoTimestamp.nullable(),
  archived_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
});

export type NotificationRecord = z.infer<typeof notificationRecord>;

/** The list's own parameters, beside the list engine's (page, per_page, sort, filter[...]). */
export const notificationListParams = {
  status: z.enum(NOTIFICATION_STATUSES, { error: "notifications.validation.status" }).optional().describe("unread, read or archived; without it, every notification not archived"),
  type: z.enum(NOTIFICATION_TYPES, { error: "notifications.validation.type" }).optional().describe(`One type: ${NOTIFICATION_TYPES.join(", ")}`),
};

/** `{ ids: [...] }`: which of one's notifications a bulk call changes. */
export const notificationIdsBody = z.strictObject({
  ids: z
    .array(recordId, { error: MESSAGE.invalidType })
    .min(1, { error: "notifications.validation.idsRequired" })
    .max(MAX_BULK_IDS, { error: "notifications.validation.tooManyIds" }),
});

/** Who a broadcast reaches: everyone who can sign in, or those of one role, one department, or named people. */
export const broadcastAudience = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("all") }),
    z.strictObject({ type: z.literal("role"), role_id: recordId }),
    z.strictObject({ type: z.literal("department"), department: requiredText(120) }),
    z.strictObject({
      type: z.literal("users"),
      user_ids: z
        .array(recordId, { error: MESSAGE.invalidType })
        .min(1, { error: "notifications.validation.usersRequired" })
        .max(MAX_BROADCAST_USERS, { error: "notifications.validation.tooManyUsers" }),
    }),
  ],
  { error: "notifications.validation.audience" },
);

export type BroadcastAudience = z.infer<typeof broadcastAudience>;

/** A path inside the app ("/payroll/12"), never another site: the link is shown to every recipient. */
const appPath = z
  .string({ error: MESSAGE.invalidType })
  .trim()
  .max(500, { error: MESSAGE.maxLength })
  .regex(/^\/(?![/\\])[^\s]*$/, { error: "notifications.validation.link" });

export const broadcastBody = z.strictObject({
  title: requiredText(BROADCAST_TEXT.title),
  message: requiredText(BROADCAST_TEXT.message),
  link: appPath.optional(),
  audience: broadcastAudience,
});

export type BroadcastBody = z.infer<typeof broadcastBody>;

/** People reached: in the audience, in the app (rows written), by e-mail (messages queued). */
export const broadcastResult = z.object({ recipients: z.number().int(), in_app: z.number().int(), email: z.number().int() });

export const notificationStats = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  archived: z.number().int(),
  /** Every type, zero included. */
  by_type: z.record(z.string(), z.number().int()),
});

export const unreadCount = z.object({ count: z.number().int() });

/** How many notifications a bulk call changed (those already in that state are not counted). */
export const bulkResult = z.object({ updated: z.number().int() });

/** What `GET /api/notifications/stream?ticket=` takes: EventSource sends no Authorization header. */
export const streamTicket = z.object({ ticket: z.string(), expires_at: isoTimestamp });

export const streamQuery = z.object({
  ticket: z.string().max(500).optional(),
  /** Catch-up after a new ticket: EventSource sends Last-Event-ID itself only when it reconnects on its own. */
  last_event_id: z.string().max(20).optional(),
});

/** The stream's events: `notification` (id: the notification's) and `unread` (the count after any change). */
export const STREAM_EVENTS = { notification: "notification", unread: "unread" } as const;

/** `GET /api/notifications/audiences`: the roles and departments a broadcast can reach, with how many people who can sign in each reaches. */
export const audienceOptions = z.object({
  /** Everyone who can sign in: whom a company-wide announcement reaches. */
  everyone: z.number().int(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), people: z.number().int() })),
  departments: z.array(z.object({ name: z.string(), people: z.number().int() })),
});

export type AudienceOptions = z.infer<typeof audienceOptions>;
