import { useSyncExternalStore } from "react";
import type { AxiosResponse } from "axios";
import type { LoginBody, LoginResponse, Me } from "../../contracts/auth";
import type { LoginChallenge } from "../../contracts/two-factor";
import { parsePermissions, type PermissionMap } from "../../contracts/permissions";
import { isSuperAdmin } from "../../contracts/policies/core";
import { authApi, AUTH_SUCCESS } from "../api/auth";
import { clearSession, readAuthenticatedFlag, readToken, storeSession, touchesSession } from "./storage";

/** The spec's auth state (section 3). */
export interface AuthState {
  me: Me | null;
  initialized: boolean;
  isAuthenticated: boolean;
  token: string | null;
  isSessionExpired: boolean;
  isSuperAdmin: boolean;
  permissions: PermissionMap;
}

const signedOut = (): AuthState => ({
  me: null,
  initialized: false,
  isAuthenticated: false,
  token: null,
  isSessionExpired: false,
  isSuperAdmin: false,
  permissions: {},
});

let state: AuthState = signedOut();
let initializing: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

export const authStore = {
  get: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAuthState(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}

function setUser(me: Me): void {
  set({
    me,
    isAuthenticated: true,
    initialized: true,
    isSessionExpired: false,
    isSuperAdmin: isSuperAdmin(me),
    permissions: parsePermissions(me.role?.permissions),
  });
}

/** Fetches the signed-in user; rejects when the server cannot be reached or refuses. */
export async function fetchUser(): Promise<Me> {
  const response = await authApi.me();
  if (!AUTH_SUCCESS.includes(response.status)) throw new Error(`unexpected status ${response.status}`);
  setUser(response.data.data);
  return response.data.data;
}

/**
 * Reads the session from storage: the authenticated flag now, the user
 * later. Runs at start, and when another tab signs in or out.
 */
export function syncFromStorage(): void {
  initializing = null;
  set({ ...signedOut(), isAuthenticated: readAuthenticatedFlag(), token: readToken() });
}

syncFromStorage();
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (touchesSession(event.key)) syncFromStorage();
  });
}

/** Runs once per page load: resolves the stored session into a user, or into signed-out. */
export function initializeAuth(): Promise<void> {
  initializing ??= (async () => {
    if (!state.isAuthenticated) {
      set({ initialized: true });
      return;
    }
    try {
      await fetchUser();
    } finally {
      set({ initialized: true });
    }
  })();
  return initializing;
}

/** The password (or a sign-in link) was right, and a second step is asked for: two-factor sign-in, or enrolling in it. */
export class SecondStepNeeded extends Error {
  constructor(readonly challenge: LoginChallenge) {
    super(challenge.two_factor);
    this.name = "SecondStepNeeded";
  }
}

/**
 * Runs a sign-in call (password, second step, one-time link): a session is
 * stored and its user loaded; a 202 throws SecondStepNeeded with its challenge.
 */
export async function signInWith(call: () => Promise<AxiosResponse<LoginResponse | LoginChallenge>>): Promise<Me> {
  try {
    const response = await call();
    if (response.status === 202) throw new SecondStepNeeded(response.data as LoginChallenge);
    if (!AUTH_SUCCESS.includes(response.status)) throw new Error(`unexpected status ${response.status}`);
    const { token } = response.data as LoginResponse;
    storeSession(token);
    set({ token, isAuthenticated: true });
    initializing = Promise.resolve();
    return await fetchUser();
  } catch (error) {
    localLogout();
    throw error;
  }
}

export function login(credentials: LoginBody): Promise<Me> {
  return signInWith(() => authApi.login(credentials));
}

/** Clears everything held about the session, with no server call. */
export function localLogout(expired = false): void {
  clearSession();
  initializing = null;
  set({ ...signedOut(), initialized: true, isSessionExpired: expired });
}

/**
 * Revokes the token on the server, then forgets it here whatever the answer:
 * a person who asked to sign out is signed out of this browser even when the
 * server cannot be reached or already dropped the token.
 */
export async function logout(): Promise<void> {
  try {
    if (state.token) await authApi.logout();
  } catch {
    // Nothing to tell: the token is gone from here, and it expires on its own.
  } finally {
    localLogout();
  }
}
