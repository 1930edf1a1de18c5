import { describe, expect, it } from "vitest";
import {
  adminOnlyGuard,
  connectionErrorTarget,
  homeTarget,
  loginGuard,
  permissionGuard,
  protectedGuard,
  safeRedirect,
  superAdminEntryGuard,
} from "../../src/routing/guards";
import { accessRedirect } from "../../src/resources";

const admin = { access_level: 0 };
const employee = { access_level: 1 };
const staff = { access_level: 2 };

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

  it("refuses admin-only routes to the employee level only", () => {
    expect(adminOnlyGuard(employee)).toBe("/unauthorized");
    expect(adminOnlyGuard(admin)).toBeNull();
    expect(adminOnlyGuard(staff)).toBeNull();
  });

  it("lets only level 0 through the dashboard entry guard, others to their own dashboard", () => {
    expect(superAdminEntryGuard(admin)).toBeNull();
    expect(superAdminEntryGuard(staff)).toBe("/user-dashboard");
    expect(superAdminEntryGuard(employee)).toBe("/user-dashboard");
  });

  it("checks a named permission, which level 0 always has", () => {
    expect(permissionGuard(staff, { attendance_access: true }, "attendance_access")).toBeNull();
    expect(permissionGuard(staff, {}, "attendance_reports_access")).toBe("/unauthorized");
    expect(permissionGuard(admin, {}, "attendance_admin_access")).toBeNull();
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
  it("combines the entry guard, the admin-only rule and permissions", () => {
    expect(accessRedirect({ superAdminOnly: true }, staff, {})).toBe("/user-dashboard");
    expect(accessRedirect({ adminOnly: true, permission: "attendance_admin_access" }, employee, { attendance_admin_access: true })).toBe(
      "/unauthorized",
    );
    expect(accessRedirect({ adminOnly: true, permission: "attendance_admin_access" }, staff, {})).toBe("/unauthorized");
    expect(accessRedirect({ adminOnly: true, permission: "attendance_admin_access" }, staff, { attendance_admin_access: true })).toBeNull();
    expect(accessRedirect({}, employee, {})).toBeNull();
  });
});
