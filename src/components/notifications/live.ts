/**
 * The live link to GET /api/notifications/stream (server-sent events): one
 * per signed-in shell. EventSource sends no Authorization header, so each
 * connection starts with a short-lived ticket asked for with the bearer token
 * (POST /api/notifications/stream-ticket). When the stream fails or ends (the
 * server closes it every quarter of an hour, a ticket expires, the network
 * drops), it is closed and opened again with a new ticket after a growing
 * pause, passing the last notification's id so nothing sent meanwhile is missed.
 */
import { STREAM_EVENTS, type NotificationRecord } from "../../../contracts/notifications";

/** What the link needs of an EventSource: tests hand in a fake one (jsdom has none). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

const browserEventSource: EventSourceFactory | null = typeof EventSource === "function" ? (url) => new EventSource(url) : null;

let factory: EventSourceFactory | null = browserEventSource;

/**
 * Replaces how streams are opened (tests), or restores the browser's with no
 * argument. Where there is none (jsdom), there is no live link: the bell
 * shows what it loaded and what the app's own changes refresh.
 */
export function setEventSourceFactory(next?: EventSourceFactory | null): void {
  factory = next === undefined ? browserEventSource : next;
}

/** Pauses before reconnecting: 1 s, 2 s, 4 s... up to a minute, each with up to a quarter more at random so many tabs do not return at once. */
export const RECONNECT_MS = { first: 1000, max: 60_000 } as const;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MS.first * 2 ** attempt, RECONNECT_MS.max);
  return Math.round(base * (1 + random() / 4));
}

export interface LiveHandlers {
  getTicket: () => Promise<string>;
  onNotification: (notification: NotificationRecord) => void;
  onUnread: (count: number) => void;
  /** A connection opened after a lost one: what was missed beyond the catch-up (reads, deletions) is worth fetching. */
  onReconnected?: () => void;
  /** The newest notification the page already has, so the first stream starts after it. */
  lastEventId?: () => number | null;
}

export interface LiveLink {
  stop(): void;
}

/** Opens the link, or returns null when this browser has no EventSource (nor a test's). */
export function connectLive(handlers: LiveHandlers): LiveLink | null {
  if (!factory) return null;
  const open = factory;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let attempt = 0;
  let everOpened = false;
  let lastId: number | null = null;

  const retry = () => {
    if (stopped || timer) return;
    source?.close();
    source = null;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, reconnectDelay(attempt));
    attempt += 1;
  };

  const connect = async () => {
    let ticket: string;
    try {
      ticket = await handlers.getTicket();
    } catch {
      // Signed out (the HTTP client has handled the 401) or no network: try again later unless stopped.
      retry();
      return;
    }
    if (stopped) return;
    const since = lastId ?? handlers.lastEventId?.() ?? null;
    const query = new URLSearchParams({ ticket });
    if (since !== null) query.set("last_event_id", String(since));
    const current = open(`/api/notifications/stream?${query}`);
    source = current;
    current.onopen = () => {
      attempt = 0;
      if (everOpened) handlers.onReconnected?.();
      everOpened = true;
    };
    // The browser would reconnect by itself with the same, soon expired, ticket: a new one instead.
    current.onerror = () => {
      if (source === current) retry();
    };
    current.addEventListener(STREAM_EVENTS.notification, (event) => {
      const notification = parse<NotificationRecord>(event.data);
      if (!notification) return;
      const id = Number(event.lastEventId || notification.id);
      if (Number.isInteger(id)) lastId = Math.max(lastId ?? 0, id);
      handlers.onNotification(notification);
    });
    current.addEventListener(STREAM_EVENTS.unread, (event) => {
      const count = parse<{ count: number }>(event.data)?.count;
      if (typeof count === "number") handlers.onUnread(count);
    });
  };

  void connect();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
      source = null;
    },
  };
}

function parse<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}
