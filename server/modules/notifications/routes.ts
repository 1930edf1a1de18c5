import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  audienceOptions,
  broadcastBody,
  broadcastResult,
  bulkResult,
  notificationIdsBody,
  notificationListParams,
  notificationRecord,
  notificationStats,
  streamQuery,
  streamTicket,
  unreadCount as unreadCountSchema,
} from "../../../contracts/notifications";
import { dataReply, listReply } from "../../../contracts/replies";
import { idParams, MAX_RECORD_ID } from "../../../contracts/validation";
import { users } from "../../db/schema";
import { removeReply } from "../../lib/crud";
import { HttpError } from "../../lib/errors";
import { languageFromHeader, translator } from "../../lib/i18n";
import { listQuerySchema } from "../../lib/list";
import { signInAllowed } from "../auth/sessions";
import { audienceOptions as audienceOptionsOf } from "./audience-options";
import { issueTicket, verifyTicket } from "./ticket";
import {
  archiveOwn,
  broadcast,
  deleteOwn,
  listOwn,
  type ListFilters,
  markAllRead,
  markRead,
  notificationsList,
  readOwn,
  recentOwn,
  statsOwn,
} from "./service";

/** A notification id as EventSource sends it back (Last-Event-ID); anything else starts afresh. */
function lastEventId(value: unknown): number | null {
  const id = typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
  return id !== null && id <= MAX_RECORD_ID ? id : null;
}

/** /api/notifications: the caller's own (someone else's is a 404), a manager's broadcast, the live stream. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = dataReply(bulkResult);

  app.get(
    "/notifications",
    {
      config: { action: "notifications.list" },
      schema: { querystring: listQuerySchema(notificationsList, notificationListParams), response: { 200: listReply(notificationRecord) } },
    },
    async (request) => {
      // status and type are the list's own (validated by the schema); the rest is the list engine's.
      const { status, type, ...query } = request.query as Record<string, unknown> & ListFilters;
      return listOwn(app.ctx, request.user.id, query, { status, type }, request.t);
    },
  );

  app.get("/notifications/stats", { config: { action: "notifications.list" }, schema: { response: { 200: dataReply(notificationStats) } } }, async (request) => ({
    data: await statsOwn(app.ctx, request.user.id),
  }));

  app.get("/notifications/unread-count", { config: { action: "notifications.list" }, schema: { response: { 200: dataReply(unreadCountSchema) } } }, async (request) => ({
    data: { count: await app.unreadCounts.get(request.user.id) },
  }));

  app.get("/notifications/recent", { config: { action: "notifications.list" }, schema: { response: { 200: dataReply(z.array(notificationRecord)) } } }, async (request) => ({
    data: await recentOwn(app.ctx, request.user.id, request.t),
  }));

  app.post(
    "/notifications/mark-as-read",
    { config: { action: "notifications.update" }, schema: { body: notificationIdsBody, response: { 200: changed } } },
    async (request) => {
      const updated = await markRead(app.ctx, request.author, request.user.id, request.body.ids);
      return { data: { updated }, message: request.t("notifications.markedRead", { count: updated }) };
    },
  );

  app.post("/notifications/mark-all-as-read", { config: { action: "notifications.update" }, schema: { response: { 200: changed } } }, async (request) => {
    const updated = await markAllRead(app.ctx, request.author, request.user.id);
    return { data: { updated }, message: request.t("notifications.markedRead", { count: updated }) };
  });

  app.post(
    "/notifications/archive",
    { config: { action: "notifications.update" }, schema: { body: notificationIdsBody, response: { 200: changed } } },
    async (request) => {
      const updated = await archiveOwn(app.ctx, request.author, request.user.id, request.body.ids);
      return { data: { updated }, message: request.t("notifications.archived", { count: updated }) };
    },
  );

  app.post(
    "/notifications/system",
    { config: { action: "notifications.broadcast" }, schema: { body: broadcastBody, response: { 201: dataReply(broadcastResult) } } },
    async (request, reply) => {
      const data = await broadcast(app.ctx, request.author, request.body);
      reply.code(201);
      return { data, message: request.t("notifications.sent", { count: data.recipients }) };
    },
  );

  app.get(
    "/notifications/audiences",
    { config: { action: "notifications.broadcast" }, schema: { response: { 200: dataReply(audienceOptions) } } },
    async () => ({ data: await audienceOptionsOf(app.ctx.db) }),
  );

  app.post(
    "/notifications/stream-ticket",
    { config: { action: "notifications.list" }, schema: { response: { 200: dataReply(streamTicket) } } },
    async (request) => {
      const ticket = issueTicket(app.ctx.config.appKey, request.user.id, languageFromHeader(request.headers["accept-language"]), app.ctx.clock.now());
      return { data: { ticket: ticket.ticket, expires_at: ticket.expiresAt.toISOString() } };
    },
  );

  app.get(
    "/notifications/stream",
    {
      // The ticket is the credential (EventSource sends no Authorization header): checked here, not by the gate.
      config: { public: true },
      schema: {
        querystring: streamQuery,
        response: { 200: z.any().meta({ type: "string", description: "text/event-stream: `notification` events (id: the notification's) and `unread` events ({count})" }) },
      },
    },
    async (request, reply) => {
      const ticket = verifyTicket(app.ctx.config.appKey, request.query.ticket, app.ctx.clock.now());
      // A ticket outlives a sign-out by a minute at most; an account that can no longer sign in gets no stream.
      const [holder] = ticket ? await app.ctx.db.select({ id: users.id }).from(users).where(and(eq(users.id, ticket.userId), signInAllowed)) : [];
      if (!ticket || !holder) throw new HttpError(401, "notifications.stream.ticketInvalid");
      const start = await app.notificationStreams.startAfter(ticket.userId, lastEventId(request.headers["last-event-id"] ?? request.query.last_event_id));
      reply.hijack();
      // The browser may have gone while the start was read: nothing to open then.
      if (!reply.raw.destroyed) app.notificationStreams.open({ userId: ticket.userId, t: translator(ticket.language), start, response: reply.raw });
    },
  );

  app.get("/notifications/:id", { config: { action: "notifications.view" }, schema: { params: idParams, response: { 200: dataReply(notificationRecord) } } }, async (request) => ({
    data: await readOwn(app.ctx, request.user.id, request.params.id, request.t),
  }));

  app.delete("/notifications/:id", { config: { action: "notifications.delete" }, schema: { params: idParams, response: { 200: removeReply } } }, async (request) => {
    await deleteOwn(app.ctx, request.author, request.user.id, request.params.id);
    return { data: { id: request.params.id, outcome: "deleted" as const }, message: request.t("notifications.deleted") };
  });
};
