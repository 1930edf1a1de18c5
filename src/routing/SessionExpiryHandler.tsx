import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { localLogout } from "../auth/store";
import { setUnauthorizedHandler } from "../lib/http";
import { ROUTES } from "./guards";

const PUBLIC_PATHS: readonly string[] = [ROUTES.login, ROUTES.register, ROUTES.forgotPassword, ROUTES.resetPassword, ROUTES.loginLink];

/** A 401 from any call ends the session and leads to the sign-in page (and back afterwards). */
export function SessionExpiryHandler() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;

  useEffect(() => {
    setUnauthorizedHandler(() => {
      localLogout(true);
      const { pathname, search } = here.current;
      if (PUBLIC_PATHS.includes(pathname)) return;
      navigate(`${ROUTES.login}?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [navigate]);
  return null;
}
