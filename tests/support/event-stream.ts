/**
 * A server-sent events reader for tests: a real HTTP request (inject would
 * wait for the end of a response that never ends), its events parsed as
 * they arrive, and a wait for the next one that matches.
 */
import http from "node:http";

export interface StreamEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  /** The body of a refusal (a stream that did not open). */
  body: string;
  events: StreamEvent[];
  /** The first event (from `from` on) that matches, waiting up to `timeoutMs` for it. */
  next(match: (event: StreamEvent) => boolean, options?: { timeoutMs?: number; from?: number }): Promise<StreamEvent>;
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string): StreamEvent | null {
  let event = "message";
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":") || line === "") continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  return data.length > 0 ? { id, event, data: JSON.parse(data.join("\n")) } : null;
}

export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      const events: StreamEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = "";
      let body = "";
      const ended = new Promise<void>((done) => response.on("close", () => done()));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (response.statusCode !== 200) return void (body += chunk);
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const parsed = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed) events.push(parsed);
        }
        for (const wake of waiters) wake();
      });
      const stream: EventStream = {
        status: response.statusCode ?? 0,
        get body() {
          return body;
        },
        events,
        ended,
        next(match, { timeoutMs = 2_000, from = 0 } = {}) {
          return new Promise((found, fail) => {
            const look = () => {
              const hit = events.slice(from).find(match);
              if (!hit) return false;
              clearTimeout(timer);
              waiters.delete(wake);
              found(hit);
              return true;
            };
            const wake = () => void look();
            const timer = setTimeout(() => {
              waiters.delete(wake);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            if (!look()) waiters.add(wake);
          });
        },
        close: () => request.destroy(),
      };
      if (response.statusCode === 200) resolve(stream);
      else response.on("end", () => resolve(stream));
    });
    request.on("error", reject);
  });
}
