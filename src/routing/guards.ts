import { ACCESS_LEVEL } from "../../contracts/permissions";

/**
 * The spec's routing guards (section 4) as pure decisions: each returns where
 * to go instead, or null to let the route render. Components only apply them.
 */
export interface Viewer {
  id: number;
  access_level: number;
}

/** The spec's fixed paths: screens outside the resource list, and the pages the guards send people to (which the list routes from here). */
export const ROUTES = {
  login: "/login",
  register: "/register",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  loginLink: "/login-link",
  home: "/",
  profile: "/profile",
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
