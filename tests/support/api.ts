import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../../server/app";
import type { Config } from "../../server/config";
import type { Database } from "../../server/db/client";
import { DEMO_LOGINS } from "../../server/db/seed";
import { openTestDatabase } from "./test-database";
import { seedTestCompany, TestClock, testConfig } from "./test-config";

export { TestClock, testConfig } from "./test-config";

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  database: Database;
  /** Signs in a demo login and returns its bearer token. */
  tokenFor(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(options: { config?: Partial<Config>; seed?: boolean; clock?: TestClock } = {}): Promise<TestApp> {
  const clock = options.clock ?? new TestClock();
  const config = testConfig(options.config);
  const seed = options.seed !== false;
  // The seeded template was hashed at the default test cost: a file that sets another seeds its own copy.
  const seededAsTemplate = seed && isDeepStrictEqual(config.passwordHashing, testConfig().passwordHashing);
  const database = await openTestDatabase(seededAsTemplate ? "seeded" : "empty");
  if (seed && !seededAsTemplate) await seedTestCompany(database.db, config);
  // TEST_LOG=error shows what the server logged (a 500's cause) while a test file runs.
  const app = await buildApp({ database, config, clock, logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false });
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
