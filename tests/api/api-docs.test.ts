/**
 * The OpenAPI reference at /api/docs: generated from the routes' schemas,
 * public like any API reference, and served under the app's own CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiArea } from "../../server/lib/api-docs";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, EMPLOYEE } from "../support/people";

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { tags?: string[]; security?: unknown[]; requestBody?: unknown; responses?: Record<string, { content?: Record<string, unknown> }>; parameters?: { name: string; in: string }[] }>>;
}

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function documentFor(token: string | null): Promise<OpenApiDocument> {
  const response = await call(t, token, { method: "GET", url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("GET /api/docs/json", () => {
  it("answers the same document to anonymous callers, employees and administrators", async () => {
    const anonymous = await documentFor(null);
    expect(anonymous.openapi).toBe("3.1.0");
    expect(anonymous.info.title).toBe("Paydesk API");
    expect(await documentFor(await t.tokenFor(EMPLOYEE.email))).toEqual(anonymous);
    expect(await documentFor(await t.tokenFor(ADMIN.email))).toEqual(anonymous);
  });

  it("describes the routes the server really has, each grouped under its area", async () => {
    const { paths } = await documentFor(null);
    const areas = new Set(Object.values(paths).flatMap((operations) => Object.values(operations).flatMap((operation) => operation.tags)));
    expect([...areas]).toEqual(expect.arrayContaining(["auth", "files", "users", "me", "roles", "activities", "jobs"]));
    for (const path of ["/api/login", "/api/users", "/api/users/{id}", "/api/roles/{id}", "/api/me/profile", "/api/dashboard/system-activities"]) {
      expect(paths, path).toHaveProperty([path]);
    }
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(t.app.hasRoute({ method: method.toUpperCase() as "GET", url: path.replace(/\{(\w+)\}/g, ":$1") }), `${method} ${path}`).toBe(true);
        expect(operation.tags, `${method} ${path}`).toEqual([apiArea(path)]);
      }
    }
  });

  it("marks exactly the routes that need no bearer token as public", async () => {
    const { paths } = await documentFor(null);
    const open = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => Array.isArray(operation.security) && operation.security.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(open.sort()).toEqual(
      [
        "POST /api/login",
        // The sign-in's second step (its challenge is the credential) and the one-time sign-in links.
        "POST /api/login/two-factor",
        "POST /api/login/two-factor/enrol",
        "POST /api/login-link",
        "POST /api/login-link/consume",
        "POST /api/register",
        "POST /api/password/forgot",
        "POST /api/password/verify-token",
        "POST /api/password/reset",
        "GET /api/public-config",
        "GET /api/files/{id}",
        // Its ticket (?ticket=) is the credential: EventSource sends no Authorization header.
        "GET /api/notifications/stream",
        // A payslip's signed link (?expires=&by=&signature=) is the credential: a browser's download sends no token.
        "GET /api/payslip/pdf/{id}",
      ].sort(),
    );
    // Each of them answers without a token; a route left out would answer 401.
    expect((await t.app.inject({ method: "GET", url: "/api/public-config" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
  });

  it("declares every download's 2xx reply by the content types it is sent as, never as JSON", async () => {
    const { paths } = await documentFor(null);
    const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    const typesOf = (path: string) => Object.keys(paths[path].get.responses?.["200"]?.content ?? {}).sort();
    for (const path of ["/api/attendance/export", "/api/attendance/export-filtered", "/api/attendance/reports/export", "/api/payroll/download/{id}"]) expect(typesOf(path), path).toEqual([XLSX, "text/csv"]);
    expect(typesOf("/api/payroll/{id}/bank-file")).toEqual(["text/csv"]);
    for (const path of ["/api/payslip/generate-pdf/{id}", "/api/payslip/pdf/{id}"]) expect(typesOf(path), path).toEqual(["application/pdf"]);
    expect(typesOf("/api/payroll/{id}/payslips.zip")).toEqual(["application/zip"]);
    expect(typesOf("/api/files/{id}")).toEqual(["image/jpeg", "image/png", "image/webp"]);
  });

  it("carries the request schemas the server validates with", async () => {
    const { paths } = await documentFor(null);
    const body = paths["/api/users/{id}"].put.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    expect(Object.keys(body.content["application/json"].schema.properties)).toEqual(expect.arrayContaining(["first_name", "email", "base_rate"]));
    expect(paths["/api/users/{id}"].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "id", in: "path" })]));
  });

  it("carries the reply schemas, fields only some readers get included (a person's two_factor), and the list's filters", async () => {
    const { paths } = await documentFor(null);
    type Schema = { properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[] };
    const replyOf = (path: string) => (paths[path].get.responses?.["200"]?.content?.["application/json"] as { schema: Schema }).schema.properties!.data;
    const person = replyOf("/api/users/{id}");
    expect(Object.keys(person.properties!)).toEqual(expect.arrayContaining(["email", "base_rate", "two_factor"]));
    // Optional: only readers who manage people get it.
    expect(person.required).not.toContain("two_factor");
    expect(Object.keys(person.properties!.two_factor.properties!).sort()).toEqual(["enabled", "enabled_at"]);
    expect(paths["/api/users"].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "filter[two_factor][equals]", in: "query" })]));
  });
});

describe("GET /api/docs", () => {
  it("serves the reference page with scripts from this server only", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    // Every script is a file from /api/docs/static: none inline, none from elsewhere.
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="\/api\/docs\/static\/[\w.-]+\.js"/);
    const initializer = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain("resolveUrl('./json')");
  });
});
