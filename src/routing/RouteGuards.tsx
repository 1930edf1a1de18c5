import { useEffect, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Navigate, useLocation, useParams } from "react-router";
import { ACCESS_LEVEL } from "../../contracts/permissions";
import { initializeAuth, localLogout, useAuthState } from "../auth/store";
import { FullPageSpinner } from "../components/common/FullPageSpinner";
import { ApiError } from "../lib/http";
import { accessRedirect, findResource } from "../resources";
import { actionGuard, connectionErrorTarget, homeTarget, loginGuard, protectedGuard } from "./guards";

function useFullPath(): string {
  const location = useLocation();
  return location.pathname + location.search + location.hash;
}

/** /login: a signed-in user goes home instead. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuthState();
  const target = loginGuard(isAuthenticated);
  return target ? <Navigate to={target} replace /> : children;
}

/**
 * Every signed-in route: sends signed-out visitors to sign in (and back),
 * loads the user when missing, and on failure signs out and explains.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, me } = useAuthState();
  const fullPath = useFullPath();
  const [failure, setFailure] = useState<string | null>(null);
  const signInTarget = protectedGuard(isAuthenticated, fullPath);

  useEffect(() => {
    if (signInTarget || me) return;
    initializeAuth().catch((error: unknown) => {
      // A 401 is handled once, by the HTTP client's handler.
      if (error instanceof ApiError && error.status === 401) return;
      const message = error instanceof Error ? error.message : String(error);
      // Commit the way out before signing out: signed out, this guard would send the user to login instead.
      flushSync(() => setFailure(connectionErrorTarget(message, fullPath)));
      localLogout();
    });
  }, [signInTarget, me, fullPath]);

  if (failure) return <Navigate to={failure} replace />;
  if (signInTarget) return <Navigate to={signInTarget} replace />;
  if (!me) return <FullPageSpinner />;
  return children;
}

/** "/": employees to their payslips, everyone else to the dashboard. */
export function HomeRedirect() {
  const { me } = useAuthState();
  return <Navigate to={homeTarget(me)} replace />;
}

/**
 * Applies the resource's access rules to a typed URL, not only to menu
 * links: the list's rule, or the rule of the button that leads here.
 */
export function ResourceGuard({ name, action, children }: { name: string; action?: "create" | "edit"; children: ReactNode }) {
  const { me, permissions } = useAuthState();
  const resource = findResource(name);
  if (!resource) throw new Error(`Unknown resource "${name}"`);
  const buttonAction = action ? resource.actions?.[action] : undefined;
  const target = !me
    ? homeTarget(null)
    : buttonAction
      ? actionGuard(me, permissions, buttonAction)
      : accessRedirect(resource.access, me, permissions);
  return target ? <Navigate to={target} replace /> : children;
}

/** /employee-profile/:id: people readers, and each person for their own profile. */
export function OwnRecordGuard({ children }: { children: ReactNode }) {
  const { me, permissions } = useAuthState();
  const { id } = useParams();
  // Viewing reads only whose record it is: the person's level and role do not matter here.
  const person = { id: Number(id), access_level: ACCESS_LEVEL.EMPLOYEE, role_permissions: [] };
  const target = me ? actionGuard(me, permissions, "users.view", person) : homeTarget(null);
  return target ? <Navigate to={target} replace /> : children;
}
