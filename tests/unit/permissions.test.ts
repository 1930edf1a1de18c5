import { describe, expect, it } from "vitest";
import {
  ACCESS_LEVEL,
  PERMISSIONS,
  hasPermission,
  isSuperAdmin,
  mayOpenAdminArea,
  parsePermissions,
  type Actor,
} from "../../contracts/permissions";

describe("parsePermissions", () => {
  it("reads a JSON-encoded list of names into a map", () => {
    expect(parsePermissions('["attendance_access","attendance_reports_access"]')).toEqual({
      attendance_access: true,
      attendance_reports_access: true,
    });
  });

  it("reads an empty list as no permissions", () => {
    expect(parsePermissions("[]")).toEqual({});
  });

  it("trims names and skips blank and non-string entries", () => {
    expect(parsePermissions('[" attendance_access ", "", "  ", 7, null, {"a":1}, ["x"], true]')).toEqual({ attendance_access: true });
  });

  it.each([
    ["garbage", "not json at all"],
    ["a truncated list", '["attendance_access"'],
    ["an object", '{"attendance_access": true}'],
    ["a string", '"attendance_access"'],
    ["a number", "42"],
    ["JSON null", "null"],
    ["an empty string", ""],
  ])("grants nothing for %s", (_label, encoded) => {
    expect(parsePermissions(encoded)).toEqual({});
  });

  it("grants nothing for null and undefined", () => {
    expect(parsePermissions(null)).toEqual({});
    expect(parsePermissions(undefined)).toEqual({});
  });

  it("does not let a name reach the map's prototype", () => {
    const map = parsePermissions('["__proto__", "constructor"]');
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
    expect(hasPermission({ access_level: 1, permissions: parsePermissions("[]") }, "constructor")).toBe(false);
    expect(hasPermission({ access_level: 1, permissions: parsePermissions("[]") }, "toString")).toBe(false);
  });
});

describe("hasPermission", () => {
  const withList = (access_level: number, list: string[]): Actor => ({ access_level, permissions: parsePermissions(JSON.stringify(list)) });

  it.each([
    // level, role list, permission asked, answer
    [0, [], "attendance_access", true],
    [0, [], "attendance_admin_access", true],
    [0, [], "anything_not_listed", true],
    [1, ["attendance_access"], "attendance_access", true],
    [1, ["attendance_access"], "attendance_reports_access", false],
    [1, [], "attendance_access", false],
    [2, ["attendance_access", "attendance_reports_access"], "attendance_reports_access", true],
    [2, ["attendance_access", "attendance_reports_access"], "attendance_admin_access", false],
    [2, [], "attendance_access", false],
  ])("level %i with %j asking %s → %s", (level, list, permission, expected) => {
    expect(hasPermission(withList(level, list), permission)).toBe(expected);
  });

  it("knows the spec's permission names, each in exactly one area", () => {
    expect(PERMISSIONS).toEqual(expect.arrayContaining(["attendance_access", "attendance_reports_access", "attendance_admin_access"]));
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });
});

describe("access levels", () => {
  it("treats only level 0 as super administrator", () => {
    expect(ACCESS_LEVEL).toEqual({ SUPER_ADMIN: 0, EMPLOYEE: 1, STAFF: 2 });
    expect(isSuperAdmin({ access_level: 0 })).toBe(true);
    expect(isSuperAdmin({ access_level: 1 })).toBe(false);
    expect(isSuperAdmin({ access_level: 2 })).toBe(false);
  });

  it("keeps the employee level out of admin areas, whatever its role lists", () => {
    expect(mayOpenAdminArea({ access_level: 0 })).toBe(true);
    expect(mayOpenAdminArea({ access_level: 2 })).toBe(true);
    expect(mayOpenAdminArea({ access_level: 1 })).toBe(false);
  });
});
