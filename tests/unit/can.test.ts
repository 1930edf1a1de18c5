/**
 * The permission table: can() for every action, at every access level, with
 * and without the action's permission, on no record, someone else's record
 * and one's own. The expected answers are written out cell by cell below, not
 * computed from ACTIONS, so a change to a rule shows up as a failing cell.
 */
import { describe, expect, it } from "vitest";
import { ACTIONS, PERMISSIONS, can, permissionMap, type Action, type Permission, type Subject } from "../../contracts/permissions";

const ME = 42;
const SOMEONE_ELSE = 7;

type Level = 0 | 1 | 2;
type Context = "none" | "other" | "own";
const Y = true;
const N = false;

/**
 * One row per action. Columns, for each level 0, 1, 2 in turn:
 *   without the permission: no record, other's record, own record;
 *   with the permission:    no record, other's record, own record.
 * "Without" means a role holding every OTHER permission of the catalogue, so
 * no neighbouring permission can stand in for the one the action needs;
 * "with" means a role holding just that permission (for activities.view,
 * which no permission grants, a role holding the whole catalogue).
 */
//                      ─────── level 0 ───────   ─────── level 1 ───────   ─────── level 2 ───────
//                      without    │ with           without    │ with           without    │ with
//                      -  oth own │ -  oth own     -  oth own │ -  oth own     -  oth own │ -  oth own
const TABLE: Record<Action, boolean[]> = {
  "users.list":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.view":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "users.create":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.update":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.delete":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.viewPay":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "roles.list":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "roles.manage":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "activities.view":   [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   N, N,  N],
};

/** The permission a rule names, if any (read from ACTIONS only to build roles, never to decide answers). */
function permissionOf(action: Action): Permission | undefined {
  return (ACTIONS[action] as { permission?: Permission }).permission;
}

function roleFor(action: Action, holds: boolean): Permission[] {
  const needed = permissionOf(action);
  if (needed === undefined) return holds ? [...PERMISSIONS] : [];
  return holds ? [needed] : PERMISSIONS.filter((name) => name !== needed);
}

function actor(level: Level, permissions: readonly string[]): Subject {
  return { id: ME, access_level: level, permissions: permissionMap(permissions) };
}

const owner: Record<Context, number | undefined> = { none: undefined, other: SOMEONE_ELSE, own: ME };

const cases: { action: Action; level: Level; holds: boolean; context: Context; expected: boolean }[] = [];
for (const [action, row] of Object.entries(TABLE) as [Action, boolean[]][]) {
  let column = 0;
  for (const level of [0, 1, 2] as const) {
    for (const holds of [false, true]) {
      for (const context of ["none", "other", "own"] as const) {
        cases.push({ action, level, holds, context, expected: row[column++] });
      }
    }
  }
}

describe("can(): the decision table", () => {
  it("has a row for every action, and every row has 18 cells", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(ACTIONS).sort());
    for (const row of Object.values(TABLE)) expect(row).toHaveLength(18);
  });

  it.each(cases)("$action · level $level · permission held: $holds · record: $context → $expected", ({ action, level, holds, context, expected }) => {
    expect(can(actor(level, roleFor(action, holds)), action, owner[context])).toBe(expected);
  });
});

describe("can(): edges of the table", () => {
  it("grants a super administrator every action with an empty role", () => {
    for (const action of Object.keys(ACTIONS) as Action[]) expect(can(actor(0, []), action)).toBe(true);
  });

  it("refuses an employee every staff action even when the role lists the whole catalogue", () => {
    const employee = actor(1, PERMISSIONS);
    for (const action of ["users.list", "users.create", "users.update", "users.delete", "roles.list", "roles.manage", "activities.view"] as const) {
      expect(can(employee, action)).toBe(false);
      expect(can(employee, action, SOMEONE_ELSE)).toBe(false);
      expect(can(employee, action, ME)).toBe(false);
    }
  });

  it("lets staff with the whole catalogue do everything but read the activity log", () => {
    const staff = actor(2, PERMISSIONS);
    for (const action of Object.keys(ACTIONS) as Action[]) expect(can(staff, action, SOMEONE_ELSE)).toBe(action !== "activities.view");
  });

  it("grants nothing to staff with an empty role, apart from their own record and pay", () => {
    const staff = actor(2, []);
    for (const action of Object.keys(ACTIONS) as Action[]) {
      expect(can(staff, action, SOMEONE_ELSE)).toBe(false);
      expect(can(staff, action, ME)).toBe(action === "users.view" || action === "users.viewPay");
    }
  });

  it("does not take a permission name that is similar but not the same", () => {
    expect(can(actor(2, ["users_view "]), "users.list")).toBe(true); // permissionMap trims names
    expect(can(actor(2, ["Users_View"]), "users.list")).toBe(false);
    expect(can(actor(2, ["users"]), "users.list")).toBe(false);
    expect(can(actor(2, ["users_pay_view"]), "users.list")).toBe(false);
    expect(can(actor(2, ["users_view"]), "users.viewPay", SOMEONE_ELSE)).toBe(false);
    expect(can(actor(2, ["roles_manage"]), "roles.list")).toBe(false);
    expect(can(actor(2, ["roles_view"]), "roles.manage")).toBe(false);
  });

  it("does not read a permission from the map's prototype", () => {
    expect(can({ id: ME, access_level: 2, permissions: permissionMap(["__proto__"]) }, "users.list")).toBe(false);
    expect(can({ id: ME, access_level: 2, permissions: permissionMap(["constructor", "toString"]) }, "roles.manage")).toBe(false);
  });

  it("treats ownership as the exact id: another id, or no id, is not one's own", () => {
    const employee = actor(1, []);
    expect(can(employee, "users.view", ME)).toBe(true);
    expect(can(employee, "users.view", ME + 1)).toBe(false);
    expect(can(employee, "users.view")).toBe(false);
    expect(can(employee, "users.view", 0)).toBe(false);
    expect(can({ ...employee, id: 0 }, "users.view", 0)).toBe(true);
  });

  it("never lets ownership open an action that is not about one's own record", () => {
    for (const action of ["users.list", "users.create", "users.update", "users.delete", "roles.list", "roles.manage", "activities.view"] as const) {
      expect(can(actor(1, []), action, ME)).toBe(false);
    }
  });
});
