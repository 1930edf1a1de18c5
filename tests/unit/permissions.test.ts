import { describe, expect, it } from "vitest";
import { PERMISSION_CATALOGUE, PERMISSIONS, isPermission, parsePermissions } from "../../contracts/permissions";
import { can } from "../../contracts/policies";

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
    // Inherited names are not grants: can() compares with true.
    expect(can({ id: 9, access_level: 2, permissions: map }, "users.list")).toBe(false);
    expect(map.toString).not.toBe(true);
  });
});

describe("permission catalogue", () => {
  it("knows the spec's permission names, each in exactly one area", () => {
    expect(PERMISSIONS).toEqual(expect.arrayContaining(["attendance_access", "attendance_reports_access", "attendance_admin_access"]));
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(new Set(PERMISSION_CATALOGUE.map((group) => group.area)).size).toBe(PERMISSION_CATALOGUE.length);
  });

  it("tells names it knows from others", () => {
    expect(isPermission("users_manage")).toBe(true);
    expect(isPermission("users_manage ")).toBe(false);
    expect(isPermission("constructor")).toBe(false);
  });
});
