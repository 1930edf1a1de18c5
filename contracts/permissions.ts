/**
 * Permission names and the access levels of the spec (section 6). Both the
 * server's route guards and the client's access control read these.
 */
export const ACCESS_LEVEL = {
  SUPER_ADMIN: 0,
  EMPLOYEE: 1,
  STAFF: 2,
} as const;

export type AccessLevel = (typeof ACCESS_LEVEL)[keyof typeof ACCESS_LEVEL];

/**
 * Every permission a role can grant, grouped by area for the role editor.
 * Labels: permissions.areas.<area> and permissions.names.<name>.
 */
export const PERMISSION_CATALOGUE = [
  { area: "users", permissions: ["users_view", "users_manage", "users_pay_view"] },
  { area: "roles", permissions: ["roles_view", "roles_manage"] },
  { area: "attendance", permissions: ["attendance_access", "attendance_reports_access", "attendance_admin_access"] },
  { area: "payroll", permissions: ["payroll_view", "payroll_manage", "payroll_release"] },
  { area: "payslips", permissions: ["payslips_view", "payslips_manage", "payslips_release"] },
  { area: "notifications", permissions: ["notifications_manage"] },
  { area: "company", permissions: ["company_profile_manage"] },
  { area: "settings", permissions: ["settings_manage"] },
] as const;

export type Permission = (typeof PERMISSION_CATALOGUE)[number]["permissions"][number];

export const PERMISSIONS: readonly Permission[] = PERMISSION_CATALOGUE.flatMap((group) => group.permissions);

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

export type PermissionMap = Record<string, true>;

/** A list of permission names as a lookup map; non-names are ignored. */
export function permissionMap(names: readonly unknown[]): PermissionMap {
  const map: PermissionMap = {};
  for (const name of names) {
    if (typeof name === "string" && name.trim() !== "") map[name.trim()] = true;
  }
  return map;
}

/**
 * Reads a role's permission list as the spec ships it: a JSON-encoded array of
 * names. Anything unreadable grants nothing rather than failing the session.
 */
export function parsePermissions(encoded: string | null | undefined): PermissionMap {
  if (!encoded) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    return {};
  }
  return Array.isArray(parsed) ? permissionMap(parsed) : {};
}

export function isSuperAdmin(actor: { access_level: number }): boolean {
  return actor.access_level === ACCESS_LEVEL.SUPER_ADMIN;
}


interface ActionRule {
  /** The role permission that grants the action to staff (level 2). */
  permission?: Permission;
  /** Level 0 only, whatever a role lists (the spec's dashboard and system activities). */
  superAdminOnly?: boolean;
  /** Granted on one's own record even without the permission (own profile, own pay). */
  own?: boolean;
}

/** What each action needs. Every admin-area action is refused to level 1 except on its own record. */
export const ACTIONS = {
  "users.list": { permission: "users_view" },
  "users.view": { permission: "users_view", own: true },
  "users.create": { permission: "users_manage" },
  "users.update": { permission: "users_manage" },
  "users.delete": { permission: "users_manage" },
  "users.viewPay": { permission: "users_pay_view", own: true },
  "roles.list": { permission: "roles_view" },
  "roles.manage": { permission: "roles_manage" },
  "activities.view": { superAdminOnly: true },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof ACTIONS;

export interface Subject {
  id: number;
  access_level: number;
  permissions: PermissionMap;
}

/**
 * The one decision of who may do what: the server's route guards and the
 * client's access control both call it. `ownerId` names the user a record
 * belongs to, when the action is on one record.
 */
export function can(actor: Subject, action: Action, ownerId?: number): boolean {
  const rule: ActionRule = ACTIONS[action];
  if (rule.own && ownerId !== undefined && ownerId === actor.id) return true;
  if (actor.access_level === ACCESS_LEVEL.SUPER_ADMIN) return true;
  if (rule.superAdminOnly || actor.access_level === ACCESS_LEVEL.EMPLOYEE) return false;
  return rule.permission !== undefined && actor.permissions[rule.permission] === true;
}
