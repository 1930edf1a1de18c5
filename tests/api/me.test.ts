import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorized, startTestApp, type TestApp } from "../support/api";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("GET /api/me", () => {
  it("refuses an anonymous caller with 401", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please log in." });
  });

  it("answers an employee with their own record and a JSON-encoded permission list", async () => {
    const token = await t.tokenFor("employee@example.com");
    const response = await t.app.inject(authorized(token, { method: "GET", url: "/api/me" }));
    expect(response.statusCode).toBe(200);
    const me = response.json().data;
    expect(me).toMatchObject({ email: "employee@example.com", access_level: 1, role: { name: "Employee" } });
    expect(JSON.parse(me.role.permissions)).toEqual(["attendance_access"]);
    expect(me).not.toHaveProperty("password_hash");
  });

  it("answers the administrator with access level 0", async () => {
    const token = await t.tokenFor("admin@example.com");
    const response = await t.app.inject(authorized(token, { method: "GET", url: "/api/me" }));
    expect(response.json().data.access_level).toBe(0);
  });

  it("refuses an expired token", async () => {
    const token = await t.tokenFor("hr@example.com");
    t.clock.advanceMinutes(13 * 60);
    const response = await t.app.inject(authorized(token, { method: "GET", url: "/api/me" }));
    expect(response.statusCode).toBe(401);
  });
});
