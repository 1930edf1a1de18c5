import { ACCESS_LEVEL, type PermissionMap } from "../../contracts/permissions";
import { can, type Action, type RecordFor } from "../../contracts/policies";

/**
 * The spec's routing guards (section 4) as pure decisions: each returns where
 * to go instead, or null to let the route render. Components only apply them.
 */
interface Viewer {
  id: number;
  access_level: number;
}

export const ROUTES = {
  login: "/login",
  home: "/",
  dashboard: "/dashboard",
  userDashboard: "/user-dashboard",
  userPayslips: "/user-payslips",
  unauthorized: "/unauthorized",
  connectionError: "/connection-error",
} as const;

/** Signed-in users have no business on the sign-in page. */
export function loginGuard(isAuthenticated: boolean): string | null {
  return isAuthenticated ? ROUTES.home : null;
}

/** Signed-out visitors go to sign in, and come back to the full path afterwards. */
export function protectedGuard(isAuthenticated: boolean, fullPath: string): string | null {
  if (isAuthenticated) return null;
  return `${ROUTES.login}?redirect=${encodeURIComponent(fullPath)}`;
}

/** Where "/" leads: employees to their payslips, everyone else to the dashboard. */
export function homeTarget(me: Pick<Viewer, "access_level"> | null): string {
  if (!me) return ROUTES.login;
  return me.access_level === ACCESS_LEVEL.EMPLOYEE ? ROUTES.userPayslips : ROUTES.dashboard;
}

/** /dashboard and /dashboard/system-activities: super administrators only, others to their own dashboard. */
export function superAdminEntryGuard(me: Pick<Viewer, "access_level">): string | null {
  return me.access_level === ACCESS_LEVEL.SUPER_ADMIN ? null : ROUTES.userDashboard;
}

/**
 * A route guarded by an action: the same can() the server applies. Admin
 * areas refuse the employee level (spec: admin-only routes), others need the
 * role's permission; a record's own person may open it (record).
 */
export function actionGuard<A extends Action>(me: Viewer, permissions: PermissionMap, action: A, record?: RecordFor<A>): string | null {
  return can({ id: me.id, access_level: me.access_level, permissions }, action, record) ? null : ROUTES.unauthorized;
}

/** Where a failed user lookup goes: the connection-error page, able to retry the original path. */
export function connectionErrorTarget(message: string, redirect: string): string {
  const query = new URLSearchParams({ error: "connection_failed", message, redirect });
  return `${ROUTES.connectionError}?${query.toString()}`;
}

/** Only same-site paths may be redirect targets: never another origin. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  return target;
}
