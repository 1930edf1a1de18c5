import type { FastifyInstance } from "fastify";
import { DrizzleQueryError } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { HttpError } from "../../server/lib/errors";
import { startTestApp, testConfig, type TestApp } from "../support/api";

/**
 * One app with a few extra routes that fail in the ways real code does, added
 * between buildApp and ready() like any module's routes.
 */
let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  app = await buildApp({ database: t.database, config: testConfig(), clock: t.clock });
  app.get("/api/test/crash", async () => {
    const error = new Error('relation "users" violates constraint at SELECT password_hash FROM users');
    error.stack = "Error: secret stack\n    at /srv/paydesk/server/modules/secret.ts:42:7";
    throw error;
  });
  app.get("/api/test/sql", async () => {
    // What a failed query looks like: the driver's error with the SQL and the row in it.
    throw Object.assign(new Error("syntax error at or near \"DROP\""), {
      code: "42601",
      query: "SELECT * FROM users WHERE email = 'x'; DROP TABLE users",
      detail: "Failing row contains (1, admin@example.com, $argon2id$...)",
    });
  });
  app.get("/api/test/not-an-error", async () => {
    throw "a bare string";
  });
  app.get("/api/test/unique", async () => {
    throw Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: "23505",
      detail: "Key (email)=(admin@example.com) already exists.",
    });
  });
  // What drizzle actually throws: its own error, the driver's under `cause`.
  app.get("/api/test/unique-wrapped", async () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), { code: "23505" });
    throw new DrizzleQueryError('insert into "users" ("email") values ($1)', ["admin@example.com"], driver);
  });
  app.get("/api/test/http", async () => {
    throw new HttpError(409, "errors.conflict");
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t.close();
});

const LEAKS = /stack|\bat \/|\.ts:\d|SELECT|DROP|FROM users|argon2|password_hash|relation|constraint|Key \(email\)/i;

describe("unknown paths", () => {
  it("answers an unknown /api path with 404 JSON { message }", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: "The resource does not exist." });
  });

  it("answers a method a known path does not take with 405 JSON and the methods it does", async () => {
    const response = await t.app.inject({ method: "DELETE", url: "/api/me" });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD");
    expect(response.json()).toEqual({ message: "The DELETE method is not allowed here. Use GET, HEAD." });
  });

  it("answers a page path with 404 JSON when no built app is there to serve", async () => {
    const response = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: "The resource does not exist." });
  });
});

describe("security headers", () => {
  it.each(["/api/public-config", "/api/no-such-thing", "/login"])("are set on %s", async (url) => {
    const response = await t.app.inject({ method: "GET", url });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBeDefined();
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });
});

describe("unexpected failures", () => {
  it.each(["/api/test/crash", "/api/test/sql", "/api/test/not-an-error"])("answer %s with a bare 500: no stack, no SQL", async (url) => {
    const response = await app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: "Something went wrong." });
    expect(response.body).not.toMatch(LEAKS);
  });

  it("answers a unique-constraint failure with 409 and no database detail", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/unique" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "This conflicts with a record that already exists." });
    expect(response.body).not.toMatch(LEAKS);
  });

  it("answers a unique-constraint failure wrapped by drizzle with 409 too, without the query", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/unique-wrapped" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "This conflicts with a record that already exists." });
    expect(response.body).not.toMatch(/insert into|admin@example\.com/);
  });

  it("answers an HttpError with its status and translated message", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/http" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "This conflicts with a record that already exists." });
  });

  it("answers a body over the limit with 413", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@example.com", password: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "The request is too large." });
  });
});
