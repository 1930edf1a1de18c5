import { useEffect, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Navigate, useLocation } from "react-router";
import { initializeAuth, localLogout, useAuthState } from "../auth/store";
import { FullPageSpinner } from "../components/common/FullPageSpinner";
import { ApiError } from "../lib/http";
import { accessRedirect, findResource } from "../resources";
import { connectionErrorTarget, homeTarget, loginGuard, protectedGuard } from "./guards";

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

/** Applies the resource's access rules to a typed URL, not only to menu links. */
export function ResourceGuard({ name, children }: { name: string; children: ReactNode }) {
  const { me, permissions } = useAuthState();
  const resource = findResource(name);
  if (!resource) throw new Error(`Unknown resource "${name}"`);
  const target = me ? accessRedirect(resource.access, me, permissions) : homeTarget(null);
  return target ? <Navigate to={target} replace /> : children;
}
