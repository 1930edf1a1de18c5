import { useEffect, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { Navigate, useLocation, useParams } from "react-router";
import { initializeAuth, localLogout, useAuthState } from "../auth/store";
import { FullPageSpinner } from "../components/common/FullPageSpinner";
import { ApiError } from "../lib/http";
import { actorOf, refusal } from "../resources/access";
import type { PageVerb, ResourceDefinition } from "../resources/define";
import { connectionErrorTarget, homeTarget, protectedGuard } from "./guards";

function useFullPath(): string {
  const location = useLocation();
  return location.pathname + location.search + location.hash;
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
 * A typed URL gets the answer the menu and buttons get: the verb's rule from
 * the resource list, on the route's record where it names one (one's own
 * profile opens without the permission to read everyone's).
 */
export function ResourceGuard({ resource, verb, children }: { resource: ResourceDefinition; verb: PageVerb; children: ReactNode }) {
  const state = useAuthState();
  const { id } = useParams();
  const actor = actorOf(state);
  const target = actor ? refusal(actor, resource, verb, id === undefined ? undefined : { id }) : homeTarget(null);
  return target ? <Navigate to={target} replace /> : children;
}
