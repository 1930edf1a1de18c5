import type { LoginBody, LoginResponse, Me, PublicConfig, ResetPasswordBody } from "../../contracts/auth";
import { http } from "../lib/http";

export interface VerifyResult {
  token_valid: boolean;
  time_remaining: number;
  reason?: "invalid" | "used" | "expired";
}

/** The sign-in, session and password-reset calls of the spec, typed. */
export const authApi = {
  login: (body: LoginBody) => http.post<LoginResponse>("/login", body),
  logout: () => http.post<{ message: string }>("/logout"),
  me: () => http.get<{ data: Me }>("/me"),
  forgotPassword: (email: string) => http.post<{ message: string }>("/password/forgot", { email }),
  verifyResetToken: (token: string, email: string) => http.post<{ data: VerifyResult }>("/password/verify-token", { token, email }),
  resetPassword: (body: ResetPasswordBody) => http.post<{ message: string }>("/password/reset", body),
  publicConfig: () => http.get<{ data: PublicConfig }>("/public-config"),
};

/** Statuses the spec counts as success for auth calls. */
export const AUTH_SUCCESS = [200, 201, 204];
