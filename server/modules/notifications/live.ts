/**
 * Live delivery: each open stream (server-sent events) belongs to one
 * person; a signal naming them (signal.ts) makes it look for their newer
 * notifications and send them, then their unread count. The signal comes
 * from the database's NOTIFY, so a notification written by any server
 * process reaches the streams open on every other one.
 */
import type { ServerResponse } from "node:http";
import { and, asc, eq, gt, isNull, max } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { STREAM_EVENTS } from "../../../contracts/notifications";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import type { Translate } from "../../lib/i18n";
import type { UnreadCounts } from "./counts";
import { selectOwn, toRecord } from "./service";
import type { Signal } from "./signal";

/** A comment line this often keeps proxies and browsers from dropping a quiet connection. */
const KEEP_ALIVE_MS = 25_000;
/**
 * A stream ends after this long and the browser opens it again: its ticket
 * was checked only at the start, so a person signed out or deactivated since
 * stops hearing within this time.
 */
const MAX_LIFE_MS = 15 * 60_000;
/** Notifications sent in one look; more are sent by the next. */
const BATCH = 100;
/** How soon the browser comes back after a dropped connection. */
const RETRY_MS = 3_000;
/**
 * Open streams one person may hold in this process (a tab each, a phone):
 * the next one closes their oldest, so one ticket cannot hold hundreds.
 */
export const MAX_STREAMS_PER_PERSON = 10;

export interface StreamRequest {
  userId: number;
  t: Translate;
  /** The notification after which the stream starts (startAfter's answer). */
  start: number;
  response: ServerResponse;
}

export interface StreamHub {
  /**
   * Where a stream starts: after the browser's last id (Last-Event-ID), or,
   * without one, after the newest (the page has loaded the rest itself).
   * Asked before the response is taken over, so a failure is still an error reply.
   */
  startAfter(userId: number, lastEventId: number | null): Promise<number>;
  open(stream: StreamRequest): void;
  /** Every stream the signal names looks for what is new; a sign-out's close. */
  dispatch(signal: Signal): void;
  /** Ends every stream (the server is closing). */
  closeAll(): void;
  /** Open streams in this process. */
  readonly size: number;
}

class Stream {
  private looking: Promise<void> | null = null;
  private lookAgain = false;
  private closed = false;

  constructor(
    readonly userId: number,
    private lastId: number,
    private readonly t: Translate,
    private readonly response: ServerResponse,
    private readonly db: Db,
    private readonly counts: UnreadCounts,
    private readonly log: FastifyBaseLogger,
  ) {}

  write(text: string): void {
    if (!this.closed) this.response.write(text);
  }

  private send(event: string, data: unknown, id?: number): void {
    this.write(`${id !== undefined ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** Looks for what is new; a signal during a look makes it look once more rather than twice at once. */
  look(): void {
    if (this.closed) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = (async () => {
      do {
        this.lookAgain = false;
        await this.deliver();
      } while (this.lookAgain && !this.closed);
    })()
      .catch((error: unknown) => this.log.error({ err: error, user: this.userId }, "notification stream delivery failed"))
      .finally(() => {
        this.looking = null;
      });
  }

  private async deliver(): Promise<void> {
    const rows = await selectOwn(this.db, this.userId, and(gt(notifications.id, this.lastId), isNull(notifications.archived_at)))
      .orderBy(asc(notifications.id))
      .limit(BATCH);
    for (const row of rows) {
      this.send(STREAM_EVENTS.notification, toRecord(row, this.t), row.id);
      this.lastId = row.id;
    }
    if (rows.length === BATCH) this.lookAgain = true;
    this.send(STREAM_EVENTS.unread, { count: await this.counts.get(this.userId) });
  }

  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.response.end();
  }
}

export function createStreamHub(db: Db, counts: UnreadCounts, log: FastifyBaseLogger): StreamHub {
  const byUser = new Map<number, Set<Stream>>();
  const all = () => [...byUser.values()].flatMap((streams) => [...streams]);

  const remove = (stream: Stream) => {
    const streams = byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) byUser.delete(stream.userId);
  };

  return {
    async startAfter(userId, lastEventId) {
      return lastEventId ?? (await db.select({ id: max(notifications.id) }).from(notifications).where(eq(notifications.user_id, userId)))[0]?.id ?? 0;
    },

    open({ userId, t, start, response }) {
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        // Proxies (nginx) must pass each event on as it comes, not buffer the response.
        "x-accel-buffering": "no",
      });
      response.write(`retry: ${RETRY_MS}\n\n`);
      const stream = new Stream(userId, start, t, response, db, counts, log);
      if (!byUser.has(userId)) byUser.set(userId, new Set());
      const own = byUser.get(userId)!;
      // A Set keeps insertion order: the first is the oldest. Ending it removes it (its response closes).
      if (own.size >= MAX_STREAMS_PER_PERSON) {
        const oldest = own.values().next().value!;
        oldest.end();
        own.delete(oldest);
      }
      own.add(stream);
      const keepAlive = setInterval(() => stream.write(": keep-alive\n\n"), KEEP_ALIVE_MS).unref();
      const lifetime = setTimeout(() => stream.end(), MAX_LIFE_MS).unref();
      // Ended here or dropped by the browser: either way the response closes.
      response.once("close", () => {
        clearInterval(keepAlive);
        clearTimeout(lifetime);
        stream.end();
        remove(stream);
      });
      // Catch-up (anything after the last id) and the count the bell starts from.
      stream.look();
    },

    dispatch(signal) {
      if ("signedOut" in signal) {
        for (const stream of signal.signedOut.flatMap((id) => [...(byUser.get(id) ?? [])])) stream.end();
        return;
      }
      const streams = "all" in signal ? all() : signal.users.flatMap((id) => [...(byUser.get(id) ?? [])]);
      for (const stream of streams) stream.look();
    },

    closeAll() {
      for (const stream of all()) stream.end();
    },

    get size() {
      return all().length;
    },
  };
}
