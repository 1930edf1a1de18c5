/**
 * The policy table: can() for every action, at every access level, with and
 * without the action's permission, on no record, someone else's record and
 * one's own (records holding nothing, so conditions pass). The expected
 * answers are written out cell by cell, not computed from the policies, so a
 * change to a rule shows up as a failing cell. Conditions on records follow.
 */
import { describe, expect, it } from "vitest";
import { PERMISSIONS, permissionMap, type Permission } from "../../contracts/permissions";
import type { RunStatus } from "../../contracts/payroll";
import { can, decide, decideFields, mayAttempt, POLICIES, type Action, type Actor, type RecordFor } from "../../contracts/policies";

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
  "account.view":      [Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "account.update":    [Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "account.signOut":   [Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  // Employees clock in through their role's attendance_access, like staff.
  "attendance.clock":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   Y, Y,  Y,      N, N,  N,   Y, Y,  Y],
  // Anyone's days and the reports: staff with attendance_reports_access; never an employee through a role.
  "attendance.viewAnyone": [Y, Y, Y,  Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "attendance.reports": [Y, Y, Y,    Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "attendance.correct": [Y, Y, Y,    Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  // Dashboards: one's own figures for everyone; the administrator's for level 0; staff widgets by the permission of their work.
  "dashboard.own":     [Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "dashboard.admin":   [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   N, N,  N],
  "dashboard.clockedIn": [Y, Y, Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "dashboard.attendanceExceptions": [Y, Y, Y, Y, Y, Y, N, N, N, N, N,  N,      N, N,  N,   Y, Y,  Y],
  "dashboard.awaitingApproval": [Y, Y, Y, Y, Y, Y,   N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "dashboard.newHires": [Y, Y, Y,    Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "system.check":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   N, N,  N],
  "system.backups":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   N, N,  N],
  "company.view":      [Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "company.update":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "schedules.list":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "schedules.view":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "schedules.create":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "schedules.update":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "schedules.delete":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "schedules.assign":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "settings.view":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "settings.update":   [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "settings.viewPayroll": [Y, Y, Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "settings.viewOutbox": [Y, Y, Y,    Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   N, N,  N],
  "holidays.list":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "holidays.view":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "holidays.create":   [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "holidays.update":   [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "holidays.delete":   [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "jobs.view":         [Y, Y,  Y,   Y, Y,  Y,      Y, N,  Y,   Y, N,  Y,      Y, N,  Y,   Y, N,  Y],
  "activities.list":   [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   N, N,  N],
  "leaveTypes.list":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "leaveTypes.view":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "leaveTypes.create":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "leaveTypes.update":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "leaveTypes.delete":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  // Leave: everyone asks for their own and lists what they may read; HR or approvers read anyone's, their own always.
  "leaveRequests.list": [Y, Y, Y,    Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "leaveRequests.view": [Y, Y, Y,    Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "leaveRequests.create": [Y, Y, Y,  Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "leaveRequests.createFor": [Y, Y, Y, Y, Y, Y,     N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  // Never one's own, level 0 included (the manager's grant is checked below).
  "leaveRequests.decide": [Y, Y, N,  Y, Y,  N,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  N],
  "leaveRequests.cancel": [Y, Y, Y,  Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "leaveRequests.attach": [Y, Y, Y,  Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "leaveBalances.view": [Y, Y, Y,    Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "leaveBalances.adjust": [Y, Y, Y,  Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "locations.list":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "locations.view":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "locations.create":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "locations.update":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "locations.delete":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  // Payroll: staff with the verb's permission (readers: payroll_view, _manage or _release); never an employee through a role.
  "payComponents.list":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payComponents.view":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payComponents.create":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payComponents.update":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payComponents.delete":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payComponents.preview": [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.list":          [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.view":          [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.create":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.delete":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.calculate":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.approve":       [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.reopen":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.release":       [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.sheet":         [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.import":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.bankFile":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payroll.payslipsZip":   [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payslips.list":         [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  // One's own payslip (released, standing) is one's to read, download and see the downloads of, at any level.
  "payslips.view":         [Y, Y,  Y,   Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "payslips.download":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "payslips.history":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "payslips.listOwn":      [Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "payslips.update":       [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payslips.delete":       [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "payslips.withdraw":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "notifications.list":   [Y, Y, Y,  Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "notifications.view":   [Y, Y, Y,  Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "notifications.update": [Y, Y, Y,  Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "notifications.delete": [Y, Y, Y,  Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y,      Y, Y,  Y,   Y, Y,  Y],
  "notifications.broadcast": [Y, Y, Y, Y, Y, Y,     N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "roles.list":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "roles.view":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "roles.options":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "roles.create":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "roles.update":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "roles.delete":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.list":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  // Naming people in a picker: staff holding any permission whose work means choosing a person (see below).
  "users.lookup":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.view":        [Y, Y,  Y,   Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "users.create":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.update":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.assign":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.delete":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.import":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.bulkUpdate":  [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.restore":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.endSessions": [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.resetTwoFactor": [Y, Y, Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.viewTwoFactor": [Y, Y, Y,    Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.viewPay":     [Y, Y,  Y,   Y, Y,  Y,      N, N,  Y,   N, N,  Y,      N, N,  Y,   Y, Y,  Y],
  "users.setClocking": [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  "users.writePay":    [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, Y,  Y],
  // Someone else's password or e-mail also needs the pay permission: see the conditions below.
  "users.setCredentials": [Y, Y, Y, Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, N,  N],
  // Sending an invitation hands the account to whoever holds the mailbox: the same rule as setting credentials.
  "users.invite":      [Y, Y,  Y,   Y, Y,  Y,      N, N,  N,   N, N,  N,      N, N,  N,   Y, N,  N],
};

/** The permissions a rule names (read from the policies only to build roles, never to decide answers). */
function permissionsOf(action: Action): readonly Permission[] {
  const [resource, verb] = action.split(".") as [keyof typeof POLICIES, string];
  const needed = (POLICIES[resource].rules as Record<string, { permission?: Permission | readonly Permission[] }>)[verb].permission;
  return needed === undefined ? [] : typeof needed === "string" ? [needed] : needed;
}

function roleFor(action: Action, holds: boolean): Permission[] {
  const needed = permissionsOf(action);
  if (needed.length === 0) return holds ? [...PERMISSIONS] : [];
  return holds ? [needed[0]] : PERMISSIONS.filter((name) => !needed.includes(name));
}

function actor(level: Level, permissions: readonly string[], id = ME): Actor {
  return { id, access_level: level, permissions: permissionMap(permissions) };
}

const RUN_STATE_FOR: Partial<Record<Action, RunStatus>> = { "payroll.approve": "calculated", "payroll.reopen": "approved", "payroll.release": "approved", "payroll.bankFile": "released" };

/** A record of the action's resource in each context, holding nothing (so only grants decide). */
function recordFor(action: Action, context: Context): unknown {
  if (context === "none") return undefined;
  const id = context === "own" ? ME : SOMEONE_ELSE;
  if (action.startsWith("users.")) return { id, access_level: 1, role_permissions: [] };
  if (action.startsWith("roles.")) return { permissions: [] };
  if (action.startsWith("jobs.")) return { kind: "no-followers", owner_id: id };
  if (action.startsWith("leaveRequests.") || action.startsWith("leaveBalances.")) return { user_id: id, manager_id: null };
  // A run in the state its verb acts on, no four-eyes rule: only grants decide.
  if (action.startsWith("payroll.")) return { status: RUN_STATE_FOR[action] ?? "draft", calculated_by: null, separate_approver: false };
  // A payslip in the state its verb acts on: edits while calculated, everything else once released and standing.
  if (action.startsWith("payslips.")) return { user_id: id, status: action === "payslips.update" || action === "payslips.delete" ? "calculated" : "released", withdrawn: false };
  return undefined;
}

const check = (who: Actor, action: Action, record?: unknown) => can(who, action, record as RecordFor<Action>);

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

/** Actions every signed-in person has, whatever their level or role (written out, like the table). */
const EVERYONE: readonly string[] = [
  "account.view",
  "account.update",
  "account.signOut",
  "company.view",
  "dashboard.own",
  "payslips.listOwn",
  "notifications.list",
  "notifications.view",
  "notifications.update",
  "notifications.delete",
  "leaveRequests.list",
  "leaveRequests.create",
];
const forEveryone = (action: string) => EVERYONE.includes(action);
/** What one's own released payslip grants, whatever one's role. */
const OWN_PAYSLIP = ["payslips.view", "payslips.download", "payslips.history"];

const ALL_ACTIONS = Object.entries(POLICIES).flatMap(([resource, policy]) => Object.keys(policy.rules).map((verb) => `${resource}.${verb}` as Action));

describe("can(): the decision table", () => {
  it("has a row for every action, and every row has 18 cells", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ALL_ACTIONS].sort());
    for (const row of Object.values(TABLE)) expect(row).toHaveLength(18);
  });

  it.each(cases)("$action · level $level · permission held: $holds · record: $context → $expected", ({ action, level, holds, context, expected }) => {
    expect(check(actor(level, roleFor(action, holds)), action, recordFor(action, context))).toBe(expected);
  });
});

describe("can(): edges of the table", () => {
  it("lets a person's manager read and decide their leave without any permission, never their own, and nobody else's team", () => {
    const teamHead = actor(1, []);
    const theirs = { user_id: SOMEONE_ELSE, manager_id: ME };
    const anotherTeam = { user_id: SOMEONE_ELSE, manager_id: 99 };
    for (const action of ["leaveRequests.view", "leaveRequests.decide", "leaveBalances.view"] as const) {
      expect(can(teamHead, action, theirs), action).toBe(true);
      expect(can(teamHead, action, anotherTeam), action).toBe(false);
    }
    // Managing someone is no right to cancel their leave (only they, or HR, take it back) nor to adjust a balance.
    expect(can(teamHead, "leaveRequests.cancel", theirs)).toBe(false);
    expect(can(teamHead, "leaveBalances.adjust", theirs)).toBe(false);
    // Their own manager field pointing at themselves still grants no decision on their own leave.
    expect(can(teamHead, "leaveRequests.decide", { user_id: ME, manager_id: ME })).toBe(false);
    expect(mayAttempt(teamHead, "leaveRequests.decide")).toBe(true);
  });

  it("refuses an employee every staff action even when the role lists the whole catalogue, but what their role gives employees", () => {
    const employee = actor(1, PERMISSIONS);
    const ownRecordActions = ["users.view", "users.viewPay", "jobs.view", "leaveRequests.view", "leaveRequests.cancel", "leaveRequests.attach", "leaveBalances.view", ...OWN_PAYSLIP];
    const employeesByRole = ["attendance.clock"];
    for (const action of ALL_ACTIONS.filter((name) => !forEveryone(name) && !ownRecordActions.includes(name) && !employeesByRole.includes(name))) {
      for (const context of ["none", "other", "own"] as const) expect(check(employee, action, recordFor(action, context))).toBe(false);
    }
  });

  it("shows an employee their own payslip only once released and standing, whatever their role lists", () => {
    const employee = actor(1, PERMISSIONS);
    for (const status of ["draft", "calculated", "approved"] as const) expect(can(employee, "payslips.view", { user_id: ME, status, withdrawn: false }), status).toBe(false);
    expect(can(employee, "payslips.download", { user_id: ME, status: "released", withdrawn: true })).toBe(false);
    expect(can(employee, "payslips.download", { user_id: ME, status: "released", withdrawn: false })).toBe(true);
  });

  it("lets staff with the whole catalogue do everything but read the activity log and the mail outbox", () => {
    const staff = actor(2, PERMISSIONS);
    // Someone else's job of a kind nobody follows stays theirs.
    const levelZeroOnly = ["activities.list", "settings.viewOutbox", "dashboard.admin", "system.check", "system.backups"];
    for (const action of ALL_ACTIONS) expect(check(staff, action, recordFor(action, "other"))).toBe(!levelZeroOnly.includes(action) && action !== "jobs.view");
  });

  it("grants nothing to staff with an empty role, apart from their own account, record and pay", () => {
    const staff = actor(2, []);
    for (const action of ALL_ACTIONS) {
      expect(check(staff, action, recordFor(action, "other"))).toBe(forEveryone(action));
      expect(check(staff, action, recordFor(action, "own"))).toBe(forEveryone(action) || ["users.view", "users.viewPay", "jobs.view", "leaveRequests.view", "leaveRequests.cancel", "leaveRequests.attach", "leaveBalances.view", ...OWN_PAYSLIP].includes(action));
    }
  });

  it("the people lookup opens to staff holding any permission that names people, and to no employee", () => {
    for (const name of ["users_view", "users_manage", "attendance_reports_access", "attendance_admin_access", "notifications_manage", "payroll_view", "payroll_manage", "payroll_release", "leave_manage", "leave_approve"] as const) {
      expect(can(actor(2, [name]), "users.lookup"), name).toBe(true);
      expect(can(actor(1, [name]), "users.lookup"), `employee with ${name}`).toBe(false);
    }
    expect(can(actor(2, ["attendance_access", "roles_view", "settings_manage"]), "users.lookup")).toBe(false);
  });

  it("payslips alone: payslips_view reads every payslip and a run's ZIP, _manage also edits, _release also withdraws; none reads the runs", () => {
    const released = { user_id: SOMEONE_ELSE, status: "released" as const, withdrawn: false };
    const calculated = { ...released, status: "calculated" as const };
    const run = { status: "released" as const, calculated_by: null, separate_approver: false };
    for (const name of ["payslips_view", "payslips_manage", "payslips_release"] as const) {
      const staff = actor(2, [name]);
      for (const action of ["payslips.list", "payslips.view", "payslips.download", "payslips.history"] as const) expect(can(staff, action, released), `${name} ${action}`).toBe(true);
      expect(can(staff, "payslips.view", calculated), `${name} reads a payslip before release`).toBe(true);
      expect(can(staff, "payroll.payslipsZip", run), name).toBe(true);
      expect(can(staff, "payslips.update", calculated), `${name} edits`).toBe(name === "payslips_manage");
      expect(can(staff, "payslips.delete", calculated), `${name} removes`).toBe(name === "payslips_manage");
      expect(can(staff, "payslips.withdraw", released), `${name} withdraws`).toBe(name === "payslips_release");
      for (const action of ["payroll.list", "payroll.view", "payroll.sheet", "payroll.bankFile", "payComponents.list"] as const) expect(can(staff, action, run as never), `${name} ${action}`).toBe(false);
      expect(can(actor(1, [name]), "payslips.view", calculated), `employee with ${name}`).toBe(false);
    }
  });

  it("role pickers open to whoever lists roles or manages people", () => {
    expect(can(actor(2, ["users_manage"]), "roles.options")).toBe(true);
    expect(can(actor(2, ["roles_view"]), "roles.options")).toBe(true);
    expect(can(actor(2, ["users_view"]), "roles.options")).toBe(false);
  });

  it("does not take a permission name that is similar but not the same", () => {
    expect(can(actor(2, ["users_view "]), "users.list")).toBe(true); // permissionMap trims names
    expect(can(actor(2, ["Users_View"]), "users.list")).toBe(false);
    expect(can(actor(2, ["users"]), "users.list")).toBe(false);
    expect(can(actor(2, ["users_pay_view"]), "users.list")).toBe(false);
    expect(check(actor(2, ["users_view"]), "users.viewPay", recordFor("users.viewPay", "other"))).toBe(false);
    expect(can(actor(2, ["roles_manage"]), "roles.list")).toBe(false);
    expect(can(actor(2, ["roles_view"]), "roles.update")).toBe(false);
  });

  it("does not read a permission from the map's prototype", () => {
    expect(can({ id: ME, access_level: 2, permissions: permissionMap(["__proto__"]) }, "users.list")).toBe(false);
    expect(can({ id: ME, access_level: 2, permissions: permissionMap(["constructor", "toString"]) }, "roles.update")).toBe(false);
  });

  it("treats ownership as the exact id: another id, or no record, is not one's own", () => {
    const employee = actor(1, []);
    const person = (id: number) => ({ id, access_level: 1, role_permissions: [] });
    expect(can(employee, "users.view", person(ME))).toBe(true);
    expect(can(employee, "users.view", person(ME + 1))).toBe(false);
    expect(can(employee, "users.view")).toBe(false);
    expect(can(employee, "users.view", person(0))).toBe(false);
    expect(can(actor(1, [], 0), "users.view", person(0))).toBe(true);
  });

  it("lets the route gate through whoever might act on their own record, and nobody else without the grant", () => {
    expect(mayAttempt(actor(1, []), "users.view")).toBe(true);
    expect(mayAttempt(actor(1, []), "users.viewPay")).toBe(true);
    for (const action of ["users.list", "users.update", "users.writePay", "roles.list", "activities.list"] as const) {
      expect(mayAttempt(actor(1, PERMISSIONS), action)).toBe(false);
    }
    expect(mayAttempt(actor(2, ["users_manage"]), "users.update")).toBe(true);
  });
});

describe("conditions on people: nobody acts on, or gives, more than they hold", () => {
  const manager = actor(2, ["users_view", "users_manage"]);
  const staff = (role_permissions: string[], id = SOMEONE_ELSE) => ({ id, access_level: 2, role_permissions });
  const superAdmin = { id: SOMEONE_ELSE, access_level: 0, role_permissions: [] };

  it("acting on someone needs every power they can use; an employee's role lies dormant", () => {
    expect(decide(manager, "users.update", staff(["users_view"]))).toBe(true);
    expect(decide(manager, "users.update", staff(["users_view", "users_pay_view"]))).toEqual({ reason: "users.beyondOwn", params: { names: "users_pay_view" } });
    expect(decide(manager, "users.delete", staff(["payroll_release", "roles_manage"]))).toEqual({ reason: "users.beyondOwn", params: { names: "payroll_release, roles_manage" } });
    expect(decide(manager, "users.update", { id: SOMEONE_ELSE, access_level: 1, role_permissions: [...PERMISSIONS] })).toBe(true);
  });

  it("only a super administrator acts on, or makes, a super administrator", () => {
    for (const action of ["users.update", "users.delete", "users.assign", "users.create", "users.setCredentials", "users.invite"] as const) {
      expect(decide(actor(2, PERMISSIONS), action, superAdmin)).toEqual({ reason: "users.superAdminOnly" });
      expect(decide(actor(0, [], ME), action, superAdmin)).toBe(true);
    }
  });

  it("giving a role counts its permissions whatever the level, since a promotion would wake them", () => {
    expect(decide(manager, "users.assign", { id: SOMEONE_ELSE, access_level: 1, role_permissions: ["payroll_view"] })).toEqual({
      reason: "users.roleBeyondOwn",
      params: { names: "payroll_view" },
    });
    expect(decide(manager, "users.create", { id: 0, access_level: 2, role_permissions: ["users_view"] })).toBe(true);
  });

  it("someone else's password or e-mail needs their powers and the pay permission", () => {
    const employee = { id: SOMEONE_ELSE, access_level: 1, role_permissions: [] };
    expect(decide(manager, "users.setCredentials", employee)).toEqual({ reason: "users.credentialsBeyondOwn", params: { names: "users_pay_view" } });
    expect(decide(actor(2, ["users_manage", "users_pay_view"]), "users.setCredentials", employee)).toBe(true);
  });

  it("field rules: pay needs the pay permission to write, and one's own record or it to read", () => {
    const own = { id: ME, access_level: 1, role_permissions: [] };
    expect(decideFields(actor(1, []), "users", "read", ["base_rate"], own)).toBe(true);
    expect(decideFields(actor(1, []), "users", "read", ["base_rate"], { ...own, id: SOMEONE_ELSE })).toEqual({ reason: "errors.forbidden" });
    expect(decideFields(manager, "users", "write", ["phone", "department"])).toBe(true);
    expect(decideFields(manager, "users", "write", ["phone", "bank_account"])).toEqual({ reason: "users.payForbidden" });
    expect(decideFields(actor(2, ["users_manage", "users_pay_view"]), "users", "write", ["base_rate"])).toBe(true);
  });

  it("field rules: whether a person has two-factor sign-in on is read by those who manage people, not by viewers nor by the person", () => {
    const own = { id: ME, access_level: 1, role_permissions: [] };
    expect(decideFields(manager, "users", "read", ["two_factor"])).toBe(true);
    expect(decideFields(actor(2, ["users_view"]), "users", "read", ["two_factor"])).toEqual({ reason: "errors.forbidden" });
    expect(decideFields(actor(1, []), "users", "read", ["two_factor"], own)).toEqual({ reason: "errors.forbidden" });
  });
});

describe("conditions on roles: nobody grants, changes or removes what they do not hold", () => {
  const manager = actor(2, ["roles_view", "roles_manage"]);
  it("refuses a role carrying permissions the actor lacks, naming them", () => {
    expect(decide(manager, "roles.update", { permissions: ["roles_view", "users_manage"] })).toEqual({ reason: "roles.beyondOwn", params: { names: "users_manage" } });
    expect(decide(manager, "roles.delete", { permissions: [...PERMISSIONS] })).toMatchObject({ reason: "roles.beyondOwn" });
    expect(decide(manager, "roles.create", { permissions: ["payroll_release"] })).toEqual({ reason: "roles.grantBeyondOwn", params: { names: "payroll_release" } });
    expect(decide(manager, "roles.create", { permissions: ["roles_view"] })).toBe(true);
    expect(decide(actor(0, []), "roles.delete", { permissions: [...PERMISSIONS] })).toBe(true);
  });
});

describe("payroll run conditions", () => {
  const releaser = actor(2, ["payroll_release", "payroll_manage"]);
  const run = (status: RunStatus, extra: { calculated_by?: number | null; separate_approver?: boolean } = {}) => ({ status, calculated_by: null, separate_approver: false, ...extra });
  const STATES: Record<string, RunStatus[]> = {
    "payroll.delete": ["draft", "calculated"],
    "payroll.calculate": ["draft", "calculated"],
    "payroll.approve": ["calculated"],
    "payroll.reopen": ["approved"],
    "payroll.release": ["approved"],
    "payroll.import": ["draft", "calculated"],
    "payroll.bankFile": ["released"],
  };

  it.each(Object.entries(STATES))("%s only in %j; other states are a 409 naming the state", (action, allowed) => {
    for (const status of ["draft", "calculated", "approved", "released"] as const) {
      const decision = decide(releaser, action as Action, run(status) as never);
      if (allowed.includes(status)) expect(decision).toBe(true);
      else expect(decision).toMatchObject({ status: 409, params: { status } });
    }
  });

  it("refuses everything on a released run but reading it", () => {
    for (const action of ["payroll.delete", "payroll.calculate", "payroll.approve", "payroll.reopen", "payroll.release"] as const) {
      expect(can(actor(0, []), action, run("released"))).toBe(false);
    }
    expect(can(actor(0, []), "payroll.view", run("released"))).toBe(true);
  });

  it("four eyes: with the setting on, whoever calculated does not approve, level 0 included", () => {
    expect(decide(releaser, "payroll.approve", run("calculated", { calculated_by: ME, separate_approver: true }))).toEqual({ reason: "payroll.runs.approverIsCalculator" });
    expect(can(actor(0, []), "payroll.approve", run("calculated", { calculated_by: ME, separate_approver: true }))).toBe(false);
    expect(can(releaser, "payroll.approve", run("calculated", { calculated_by: SOMEONE_ELSE, separate_approver: true }))).toBe(true);
    expect(can(releaser, "payroll.approve", run("calculated", { calculated_by: ME, separate_approver: false }))).toBe(true);
  });
});

