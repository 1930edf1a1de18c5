import type { AuthProvider } from "@refinedev/core";
import i18next from "i18next";
import type { LoginBody } from "../../contracts/auth";
import { authStore, fetchUser, initializeAuth, localLogout, login, logout } from "../auth/store";
import { ApiError } from "../lib/http";
import { homeTarget, protectedGuard, ROUTES, safeRedirect } from "../routing/guards";

export type LoginVariables = LoginBody & { redirect?: string | null };

/** Refine's view of the auth store: the store holds the state, this only adapts it. */
export const authProvider: AuthProvider = {
  login: async ({ redirect, ...credentials }: LoginVariables) => {
    try {
      const me = await login(credentials);
      return { success: true, redirectTo: safeRedirect(redirect) ?? homeTarget(me) };
    } catch (error) {
      // No answer at all is a network problem, not a wrong password: say so.
      const message = error instanceof ApiError ? error.message : i18next.t("auth.invalidCredentials");
      // The cause keeps what a screen may say more precisely (a sign-in block's end).
      return { success: false, error: { name: i18next.t("toast.error"), message, cause: error } };
    }
  },
  logout: async () => {
    await logout();
    return { success: true, redirectTo: ROUTES.login };
  },
  check: async () => {
    await initializeAuth().catch(() => undefined);
    const { isAuthenticated } = authStore.get();
    const redirectTo = protectedGuard(isAuthenticated, window.location.pathname + window.location.search);
    return redirectTo ? { authenticated: false, redirectTo } : { authenticated: true };
  },
  getIdentity: async () => authStore.get().me ?? (authStore.get().isAuthenticated ? fetchUser() : null),
  getPermissions: async () => authStore.get().permissions,
  onError: async (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      localLogout(true);
      return { logout: true, redirectTo: ROUTES.login };
    }
    return {};
  },
};
