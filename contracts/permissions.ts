/**
 * Permission names and the access levels of the spec (section 6). What each
 * action needs is in contracts/policies.
 */
export const ACCESS_LEVEL = {
  SUPER_ADMIN: 0,
  EMPLOYEE: 1,
  STAFF: 2,
} as const;

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
  { area: "leave", permissions: ["leave_manage", "leave_approve"] },
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
