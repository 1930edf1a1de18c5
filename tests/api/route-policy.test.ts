/**
 * Every API route says what it does (its policy action) or that it is public,
 * and the one gate answers each kind of caller as that action's policy says:
 * anonymous callers 401, callers without the grant 403 before their body is
 * read, everyone else past the gate (to validation, a 404, or the answer).
 */
import Fastify, { type InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS, type Permission } from "../../contracts/permissions";
import { mayAttempt, POLICIES, type Action, type Actor } from "../../contracts/policies";
import type { RouteEntry } from "../../server/app";
import { guardRoutes } from "../../server/modules/auth/guard";
import { startTestApp, type TestApp } from "../support/api";
import { ADMIN, call, EMPLOYEE, staffWith } from "../support/people";

let t: TestApp;
let routes: RouteEntry[];

/** The public routes, by name: making one public is a change this list must show. */
const PUBLIC = [
  "GET /api/files/:id",
  "GET /api/notifications/stream",
  "GET /api/payslip/pdf/:id",
  "GET /api/public-config",
  "POST /api/login",
  "POST /api/login-link",
  "POST /api/login-link/consume",
  "POST /api/login/two-factor",
  "POST /api/login/two-factor/enrol",
  "POST /api/password/forgot",
  "POST /api/password/reset",
  "POST /api/password/verify-token",
  "POST /api/register",
];

const isApiRoute = (route: RouteEntry) => route.url.startsWith("/api/") && !route.url.startsWith("/api/docs") && route.method !== "HEAD";

beforeAll(async () => {
  t = await startTestApp();
  routes = t.app.routeTable.filter(isApiRoute);
});
afterAll(() => t.close());

describe("every route declares its policy", () => {
  it("each API route names an action its policy knows, or is public", () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const { action, public: isPublic } = route.config;
      expect(Boolean(action) !== Boolean(isPublic), `${route.method} ${route.url} declares exactly one of action and public`).toBe(true);
      if (action) {
        const [resource, verb] = action.split(".");
        expect(POLICIES[resource as keyof typeof POLICIES]?.rules, `${route.method} ${route.url}: ${action}`).toHaveProperty(verb);
      }
    }
  });

  it("the public routes are exactly the sign-in, reset, public configuration, signed-link and ticketed-stream ones", () => {
    const open = routes.filter((route) => route.config.public).map((route) => `${route.method} ${route.url}`);
    expect(open.sort()).toEqual(PUBLIC);
  });

  it("a route that declares neither cannot be registered", async () => {
    const app = Fastify();
    const registering = app.register(async (api) => {
      guardRoutes(api);
      api.get("/undeclared", async () => ({}));
    });
    await expect(registering).rejects.toThrow(/GET \/undeclared declares neither a policy action/);
  });
});

/** A request that reaches each route: no record exists with this id, and bodies fail validation if the gate lets them through. */
function requestFor(route: RouteEntry): InjectOptions {
  const url = route.url.replace(/:id\b/g, "2147483647");
  const options: InjectOptions = { method: route.method as InjectOptions["method"], url };
  if (["POST", "PUT", "PATCH"].includes(route.method)) options.payload = { "not a field": true };
  return options;
}

const GATE_REFUSAL = { message: "You do not have permission." };

interface Caller {
  label: string;
  actor: Actor;
  signIn: () => Promise<string>;
  token?: string;
}

async function expectGate(caller: Caller, route: RouteEntry) {
  const action = route.config.action as Action;
  caller.token ??= await caller.signIn();
  const response = await call(t, caller.token, requestFor(route));
  // A write that passed (signing out, for one) may have ended the session: the next call signs in again.
  if (route.method !== "GET" && response.statusCode < 300) caller.token = undefined;
  const where = `${caller.label}: ${route.method} ${route.url} (${action}) answered ${response.statusCode} ${response.body}`;
  if (mayAttempt(caller.actor, action)) {
    expect([401, 403], where).not.toContain(response.statusCode);
    expect(response.statusCode, where).toBeLessThan(500);
  } else {
    expect(response.statusCode, where).toBe(403);
    expect(response.json(), where).toEqual(GATE_REFUSAL);
  }
}

describe("the gate answers as the policy says", () => {
  it("refuses every non-public route to an anonymous caller (401), even with a body", async () => {
    for (const route of routes.filter((entry) => !entry.config.public)) {
      const response = await t.app.inject(requestFor(route));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual({ message: "Please log in." });
    }
  });

  it("lets the administrator past every gate", async () => {
    const caller: Caller = { label: "admin", actor: { id: 1, access_level: 0, permissions: {} }, signIn: () => t.tokenFor(ADMIN.email) };
    for (const route of routes.filter((entry) => entry.config.action)) await expectGate(caller, route);
  });

  it("lets an employee through only to their own account and records, and what their role gives employees", async () => {
    // The demo employee's role (Employee) grants attendance_access: they clock in.
    const caller: Caller = { label: "employee", actor: { id: 3, access_level: 1, permissions: { attendance_access: true } }, signIn: () => t.tokenFor(EMPLOYEE.email) };
    for (const route of routes.filter((entry) => entry.config.action)) await expectGate(caller, route);
  });

  it.each([[[] as Permission[]], ...PERMISSIONS.map((name) => [[name]])])("staff holding %j: past the gate exactly where that grants", async (held) => {
    const admin = await t.tokenFor(ADMIN.email);
    const staff = await staffWith(t, admin, held);
    const caller: Caller = {
      label: `staff ${JSON.stringify(held)}`,
      actor: { id: staff.id, access_level: 2, permissions: Object.fromEntries(held.map((name) => [name, true])) },
      signIn: () => t.tokenFor(staff.email, staff.password),
    };
    for (const route of routes.filter((entry) => entry.config.action)) await expectGate(caller, route);
  });
});
