import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import type { Clock } from "./clock";
import type { EventBus } from "./events";
import type { Jobs } from "./jobs/runner";
import type { Mailer } from "./mail";
import type { SessionCache } from "../modules/auth/session-cache";

/** What every service needs besides its arguments: handed in, never global. */
export interface AppContext {
  db: Db;
  /** The database behind db: its kind, and (embedded) the copy a backup reads. */
  database: Database;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  jobs: Jobs;
  /** Domain events, published by the write path after commit. */
  events: EventBus;
  log: FastifyBaseLogger;
  /** Resolved bearer tokens; every revocation must forget them here too. */
  sessionCache: SessionCache;
}
