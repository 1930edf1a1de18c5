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

export const PERMISSIONS = ["attendance_access", "attendance_reports_access", "attendance_admin_access"] as const;

export type Permission = (typeof PERMISSIONS)[number];

export type PermissionMap = Record<string, true>;

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
  if (!Array.isArray(parsed)) return {};
  const map: PermissionMap = {};
  for (const name of parsed) {
    if (typeof name === "string" && name.trim() !== "") map[name.trim()] = true;
  }
  return map;
}

export interface Actor {
  access_level: number;
  permissions: PermissionMap;
}

/** Level 0 may do everything; everyone else needs the permission in their role. */
export function hasPermission(actor: Actor, permission: string): boolean {
  if (actor.access_level === ACCESS_LEVEL.SUPER_ADMIN) return true;
  return actor.permissions[permission] === true;
}

export function isSuperAdmin(actor: Pick<Actor, "access_level">): boolean {
  return actor.access_level === ACCESS_LEVEL.SUPER_ADMIN;
}

/** Admin-only areas refuse the employee level whatever its role lists. */
export function mayOpenAdminArea(actor: Pick<Actor, "access_level">): boolean {
  return actor.access_level !== ACCESS_LEVEL.EMPLOYEE;
}
