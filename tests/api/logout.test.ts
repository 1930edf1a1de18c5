import crypto from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLog, authTokens, users } from "../../server/db/schema";
import { authorized, startTestApp, type TestApp } from "../support/api";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject(authorized(token, { method: "GET", url: "/api/me" }));
const logout = (token: string) => t.app.inject(authorized(token, { method: "POST", url: "/api/logout" }));

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

describe("POST /api/logout", () => {
  it("refuses an anonymous caller with 401", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/logout" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please log in." });
  });

  it("refuses a token it does not know with 401", async () => {
    const response = await logout("x".repeat(43));
    expect(response.statusCode).toBe(401);
  });

  it("signs the token out: GET /api/me then answers 401, and a second logout too", async () => {
    const token = await t.tokenFor("employee@example.com");
    expect((await me(token)).statusCode).toBe(200);
    const response = await logout(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("You have been signed out.");
    expect((await me(token)).statusCode).toBe(401);
    expect((await logout(token)).statusCode).toBe(401);
  });

  it("revokes only the token it was called with", async () => {
    const laptop = await t.tokenFor("hr@example.com");
    const phone = await t.tokenFor("hr@example.com");
    const other = await t.tokenFor("admin@example.com");
    expect((await logout(laptop)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("deletes the stored token row", async () => {
    const id = await userId("admin@example.com");
    const countTokens = async () =>
      (await t.database.db.select({ id: authTokens.id }).from(authTokens).where(eq(authTokens.user_id, id))).length;
    const token = await t.tokenFor("admin@example.com");
    const before = await countTokens();
    await logout(token);
    expect(await countTokens()).toBe(before - 1);
  });

  it("keeps only the token's hash in the database", async () => {
    const token = await t.tokenFor("admin@example.com");
    const rows = await t.database.db.select({ hash: authTokens.token_hash }).from(authTokens);
    const hashes = rows.map((row) => row.hash);
    expect(hashes).not.toContain(token);
    expect(hashes).toContain(crypto.createHash("sha256").update(token).digest("hex"));
  });
});

describe("activity log of sign-in events", () => {
  it("writes exactly one row for a sign-in, a failed sign-in and a sign-out, with no password in them", async () => {
    t.clock.advanceMinutes(60);
    const since = t.clock.now();
    const id = await userId("employee@example.com");
    const password = "Employee123!";
    const wrong = "NotThePassword9!";

    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "employee@example.com", password, remember: true },
      remoteAddress: "203.0.113.7",
    });
    expect(signIn.statusCode).toBe(200);
    const failed = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "employee@example.com", password: wrong },
      remoteAddress: "203.0.113.7",
    });
    expect(failed.statusCode).toBe(422);
    expect((await logout(signIn.json().token)).statusCode).toBe(200);

    const rows = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subject_id, id), gte(activityLog.created_at, since)))
      .orderBy(asc(activityLog.id));
    expect(rows.map((row) => row.action)).toEqual(["auth.login", "auth.login_failed", "auth.logout"]);
    for (const row of rows) {
      expect(row.actor_id).toBe(id);
      expect(row.subject_type).toBe("user");
      expect(row.created_at.getTime()).toBe(since.getTime());
      const changes = JSON.stringify(row.changes ?? {});
      expect(changes).not.toContain(password);
      expect(changes).not.toContain(wrong);
    }
    expect(rows[0].ip).toBe("203.0.113.7");
    expect(rows[0].changes).toEqual({ remember: true });
    expect(rows[1].changes).toEqual({ email: "employee@example.com" });
  });

  it("records a failed sign-in of an unknown address with no actor", async () => {
    t.clock.advanceMinutes(1);
    const before = t.clock.now();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "ghost@example.com", password: "Ghost123!" },
    });
    expect(response.statusCode).toBe(422);
    const rows = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "auth.login_failed"), gte(activityLog.created_at, before)));
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_id).toBeNull();
    expect(rows[0].changes).toEqual({ email: "ghost@example.com" });
    expect(JSON.stringify(rows[0].changes)).not.toContain("Ghost123!");
  });

  it("writes no row for a refused anonymous logout", async () => {
    const before = (await t.database.db.select({ id: activityLog.id }).from(activityLog)).length;
    await t.app.inject({ method: "POST", url: "/api/logout" });
    expect((await t.database.db.select({ id: activityLog.id }).from(activityLog)).length).toBe(before);
  });
});
