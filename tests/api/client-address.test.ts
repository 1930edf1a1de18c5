import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../server/config";
import { activityLog } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/api";

/** The address a failed sign-in is recorded (and throttled) under. */
async function recordedAddress(t: TestApp, forwardedFor: string): Promise<string | null> {
  await t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: "employee@example.com", password: "Wrong123!" },
    remoteAddress: "10.0.0.7",
    headers: { "x-forwarded-for": forwardedFor },
  });
  const [row] = await t.database.db
    .select({ ip: activityLog.ip })
    .from(activityLog)
    .where(eq(activityLog.action, "auth.login_failed"))
    .orderBy(activityLog.id);
  await t.database.db.delete(activityLog);
  return row.ip;
}

describe("client address behind proxies", () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await startTestApp();
    proxied = await startTestApp({ config: { trustProxyHops: 1, throttle: { ...DEFAULT_CONFIG.throttle } } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it("ignores X-Forwarded-For when no proxy is configured", async () => {
    expect(await recordedAddress(direct, "203.0.113.9")).toBe("10.0.0.7");
  });

  it("trusts only the configured hops: a client cannot choose its address by prepending one", async () => {
    expect(await recordedAddress(proxied, "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
  });
});
