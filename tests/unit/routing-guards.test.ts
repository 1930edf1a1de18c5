import { describe, expect, it } from "vitest";
import {
  connectionErrorTarget,
  homeTarget,
  loginGuard,
  protectedGuard,
  safeRedirect,
  superAdminEntryGuard,
} from "../../src/routing/guards";
import { findResource } from "../../src/resources";
import { actionGuard, refusal } from "../../src/resources/access";

const admin = { id: 1, access_level: 0 };
const employee = { id: 3, access_level: 1 };
const staff = { id: 2, access_level: 2 };

describe("routing guards (spec section 4)", () => {
  it("sends a signed-in user away from the login page to home", () => {
    expect(loginGuard(true)).toBe("/");
    expect(loginGuard(false)).toBeNull();
  });

  it("sends a signed-out visitor to login with the full path to come back to", () => {
    expect(protectedGuard(false, "/user-dashboard?tab=2#x")).toBe("/login?redirect=%2Fuser-dashboard%3Ftab%3D2%23x");
    expect(protectedGuard(true, "/user-dashboard")).toBeNull();
  });

  it("chooses home by access level", () => {
    expect(homeTarget(employee)).toBe("/user-payslips");
    expect(homeTarget(admin)).toBe("/dashboard");
    expect(homeTarget(staff)).toBe("/dashboard");
    expect(homeTarget(null)).toBe("/login");
  });

  it("refuses admin-area routes to the employee level, whatever the role lists", () => {
    expect(actionGuard(employee, { users_view: true }, "users.list")).toBe("/unauthorized");
    expect(actionGuard(admin, {}, "users.list")).toBeNull();
    expect(actionGuard(staff, { users_view: true }, "users.list")).toBeNull();
  });

  it("lets only level 0 through the dashboard entry guard, others to their own dashboard", () => {
    expect(superAdminEntryGuard(admin)).toBeNull();
    expect(superAdminEntryGuard(staff)).toBe("/user-dashboard");
    expect(superAdminEntryGuard(employee)).toBe("/user-dashboard");
  });

  it("needs the action's permission, which level 0 always has; one's own record is open", () => {
    expect(actionGuard(staff, {}, "roles.list")).toBe("/unauthorized");
    expect(actionGuard(staff, { roles_view: true }, "roles.list")).toBeNull();
    expect(actionGuard(employee, {}, "users.view", { id: employee.id, access_level: 1, role_permissions: [] })).toBeNull();
    expect(actionGuard(employee, {}, "users.view", { id: staff.id, access_level: 2, role_permissions: [] })).toBe("/unauthorized");
  });

  it("builds the connection-error address with the message and the way back", () => {
    const target = new URL(connectionErrorTarget("timeout of 100000ms exceeded", "/user-payslips?page=2"), "http://x");
    expect(target.pathname).toBe("/connection-error");
    expect(target.searchParams.get("error")).toBe("connection_failed");
    expect(target.searchParams.get("message")).toBe("timeout of 100000ms exceeded");
    expect(target.searchParams.get("redirect")).toBe("/user-payslips?page=2");
  });

  it("accepts only same-site paths as redirect targets", () => {
    expect(safeRedirect("/user-dashboard")).toBe("/user-dashboard");
    expect(safeRedirect("//evil.example")).toBeNull();
    expect(safeRedirect("/\\evil.example")).toBeNull();
    expect(safeRedirect("https://evil.example")).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe("resource access", () => {
  const resource = (name: string) => findResource(name)!;
  const as = (viewer: { id: number; access_level: number }, ...names: string[]) => ({ ...viewer, permissions: Object.fromEntries(names.map((name) => [name, true as const])) });

  it("applies the dashboard entry guard: level 0 only, others to their own dashboard", () => {
    expect(refusal(as(staff, "users_view"), resource("dashboard"), "list")).toBe("/user-dashboard");
    expect(refusal(as(admin), resource("dashboard"), "list")).toBeNull();
    expect(refusal(as(staff, "users_view", "roles_view"), resource("activities"), "list")).toBe("/user-dashboard");
    expect(refusal(as(admin), resource("activities"), "list")).toBeNull();
  });

  it("asks the policy action of each verb, and refuses the employee level the admin areas", () => {
    expect(refusal(as(employee, "users_view"), resource("users"), "list")).toBe("/unauthorized");
    expect(refusal(as(staff), resource("users"), "list")).toBe("/unauthorized");
    expect(refusal(as(staff, "users_view"), resource("users"), "list")).toBeNull();
    expect(refusal(as(staff, "users_view"), resource("users"), "create")).toBe("/unauthorized");
    expect(refusal(as(staff, "users_manage"), resource("users"), "create")).toBeNull();
    expect(refusal(as(employee), resource("user-payslips"), "list")).toBeNull();
  });

  it("opens one's own record without the permission to read everyone's", () => {
    expect(refusal(as(employee), resource("users"), "show", { id: String(employee.id) })).toBeNull();
    expect(refusal(as(employee), resource("users"), "show", { id: String(staff.id) })).toBe("/unauthorized");
    expect(refusal(as(employee), resource("users"), "edit", { id: String(employee.id) })).toBe("/unauthorized");
  });

  it("reads the record's conditions: nobody acts on a role carrying what they do not hold", () => {
    const roles = resource("roles");
    expect(refusal(as(staff, "roles_manage"), roles, "edit", { id: 1, permissions: ["roles_manage"] })).toBeNull();
    expect(refusal(as(staff, "roles_manage"), roles, "edit", { id: 1, permissions: ["users_manage"] })).toBe("/unauthorized");
    expect(refusal(as(admin), roles, "delete", { id: 1, permissions: ["users_manage"] })).toBeNull();
  });

  it("refuses a verb the resource does not declare", () => {
    expect(refusal(as(admin), resource("user-dashboard"), "delete")).toBe("/unauthorized");
  });
});
