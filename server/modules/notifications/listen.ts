/**
 * Hearing the signals (signal.ts): LISTEN on the database the server uses.
 * The embedded database runs in this process and hears its own NOTIFY; on
 * PostgreSQL a connection of its own waits for them (a pooled one would be
 * handed to queries), and comes back after a dropped connection.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { Database } from "../../db/client";
import { CHANNEL, parseSignal, type Signal } from "./signal";

export interface SignalSource {
  start(onSignal: (signal: Signal) => void): Promise<void>;
  stop(): Promise<void>;
}

/** Waits between attempts to listen again on PostgreSQL. */
const RECONNECT_MS = 1_000;

/** drizzle keeps its driver's client (the PGlite, or the pg pool) on `$client`. */
const driverOf = <T>(database: Database) => (database.db as unknown as { $client: T }).$client;

function embeddedSource(database: Database): SignalSource {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start(onSignal) {
      unlisten = await driverOf<PGlite>(database).listen(CHANNEL, (payload) => {
        const signal = parseSignal(payload);
        if (signal) onSignal(signal);
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
    },
  };
}

function postgresSource(database: Database, log: FastifyBaseLogger): SignalSource {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(onSignal: (signal: Signal) => void, again: boolean): Promise<void> {
    const { default: pgModule } = await import("pg");
    // The pool's own settings (address, credentials), for a connection outside it.
    const next = new pgModule.Client(driverOf<pg.Pool>(database).options);
    next.on("notification", (message) => {
      const signal = message.channel === CHANNEL && message.payload ? parseSignal(message.payload) : null;
      if (signal) onSignal(signal);
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "notification listener lost its connection; listening again");
      void next.end().catch(() => {});
      if (client === next) client = null;
      schedule(onSignal);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      void next.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await next.end());
    client = next;
    // Whatever was told while nobody listened: every open stream looks.
    if (again) onSignal({ all: true });
  }

  function schedule(onSignal: (signal: Signal) => void): void {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect(onSignal, true).catch((error: unknown) => {
        log.warn({ err: error }, "notification listener could not connect; trying again");
        schedule(onSignal);
      });
    }, RECONNECT_MS);
    retry.unref();
  }

  return {
    async start(onSignal) {
      try {
        await connect(onSignal, false);
      } catch (error) {
        log.error({ err: error }, "notification listener could not connect; trying again");
        schedule(onSignal);
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end();
      client = null;
    },
  };
}

export function signalSource(database: Database, log: FastifyBaseLogger): SignalSource {
  return database.kind === "pglite" ? embeddedSource(database) : postgresSource(database, log);
}
