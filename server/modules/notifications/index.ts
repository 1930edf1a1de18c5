/**
 * Notifications' part of the server outside its routes: the events it tells
 * people about, its e-mail job, and the open streams with the signals that
 * wake them. One call from buildApp, once the context exists.
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";
import { emailJob } from "./email";
import { notifyOnEvents } from "./events";
import { signalSource } from "./listen";
import { createUnreadCounts, type UnreadCounts } from "./counts";
import { createStreamHub, type StreamHub } from "./live";

declare module "fastify" {
  interface FastifyInstance {
    /** This process's open notification streams. */
    notificationStreams: StreamHub;
    /** Each person's unread count, as the bell asks for it. */
    unreadCounts: UnreadCounts;
  }
}

export function wireNotifications(app: FastifyInstance, database: Database): void {
  const { ctx } = app;
  notifyOnEvents(ctx);
  ctx.jobs.register(emailJob(ctx));
  const counts = createUnreadCounts(ctx.db, database.kind === "pglite");
  const streams = createStreamHub(ctx.db, counts, ctx.log);
  const signals = signalSource(database, ctx.log);
  app.decorate("unreadCounts", counts);
  app.decorate("notificationStreams", streams);
  // Counts first: the streams woken next send the new one.
  app.addHook("onReady", () =>
    signals.start((signal) => {
      counts.forget(signal);
      streams.dispatch(signal);
    }),
  );
  // Before the server waits for open requests to end: an open stream never would.
  app.addHook("preClose", async () => {
    streams.closeAll();
    await signals.stop();
  });
}
