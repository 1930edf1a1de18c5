import crypto from "node:crypto";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../../server/app";
import { DEFAULT_CONFIG, type Config } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/client";
import { DEMO_LOGINS, seedDemo } from "../../server/db/seed";
import type { Clock } from "../../server/lib/clock";

/** A clock tests move by hand, for expiry and throttling windows. */
export class TestClock implements Clock {
  constructor(private current = new Date("2026-03-02T09:00:00Z")) {}
  now() {
    return new Date(this.current);
  }
  advanceMinutes(minutes: number) {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...DEFAULT_CONFIG,
  dataDir: "/nonexistent",
  appUrl: "http://paydesk.test",
  appKey: "test-key",
  // The lightest argon2id the library accepts: tests check behaviour, not hashing cost.
  passwordHashing: { memoryCost: 1024, timeCost: 1 },
  ...overrides,
});

/**
 * A fresh database per test file: in-memory PGlite by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL points at a server (CI runs both).
 */
async function freshDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    return { ...database, dispose: () => database.close() };
  }
  const { default: pg } = await import("pg");
  const name = `paydesk_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  database: Database;
  /** Signs in a demo login and returns its bearer token. */
  tokenFor(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(options: { config?: Partial<Config>; seed?: boolean } = {}): Promise<TestApp> {
  const clock = new TestClock();
  const database = await freshDatabase();
  const config = testConfig(options.config);
  if (options.seed !== false) await seedDemo(database.db, config.passwordHashing, clock.now());
  const app = await buildApp({ database, config, clock });
  await app.ready();
  return {
    app,
    clock,
    database,
    async tokenFor(email, password = DEMO_LOGINS.find((login) => login.email === email)?.password) {
      const response = await app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
      return response.json().token as string;
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

export function authorized(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } };
}
