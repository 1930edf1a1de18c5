/**
 * Settings take effect on every server at once: two servers on one
 * PostgreSQL database, a change saved through one, and the other applies it
 * to its very next request, with no restart and nothing to refresh.
 */
import { describe, expect, it } from "vitest";
import { TestClock } from "../support/api";
import { ADMIN, EMPLOYEE } from "../support/people";
import { SHARED_POSTGRES, sharedPostgresServers, signInOn } from "../support/shared-postgres";

describe.skipIf(!SHARED_POSTGRES)("settings across two servers on one PostgreSQL database", () => {
  const server = sharedPostgresServers("paydesk_settings");

  it("signs people in on the other server for the session lifetime and registration just saved", async () => {
    const [saving, other] = [await server(), await server()];
    const admin = await signInOn(saving, ADMIN);
    const saved = await saving.inject({ method: "PUT", url: "/api/settings/system", headers: { authorization: `Bearer ${admin}` }, payload: { session_hours: 3, allow_registration: true } });
    expect(saved.statusCode, saved.body).toBe(200);

    const signIn = await other.inject({ method: "POST", url: "/api/login", payload: EMPLOYEE });
    // Each server's test clock stands at the same start: the sign-in expires 3 hours after it.
    expect(Date.parse(signIn.json().expires_at) - new TestClock().now().getTime()).toBe(3 * 3_600_000);
    expect((await other.inject({ method: "GET", url: "/api/public-config" })).json().data.allow_registration).toBe(true);
  });
});
