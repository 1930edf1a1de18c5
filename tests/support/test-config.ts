import { DEFAULT_CONFIG, type Config } from "../../server/config";
import type { Db } from "../../server/db/client";
import { seedDemo } from "../../server/db/seed";
import type { Clock } from "../../server/lib/clock";

/**
 * What every API test starts from: the clock, the configuration and the demo
 * company. Kept apart from the app harness (api.ts) so that the run's global
 * setup can seed its template database without loading the server.
 */

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

/** The demo company as a test app sees it at start: hashed with `config`'s cost, created at the test clock's start. */
export function seedTestCompany(db: Db, config: Config = testConfig()): Promise<void> {
  return seedDemo(db, config.passwordHashing, new TestClock().now());
}
