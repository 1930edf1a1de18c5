import type { z } from "zod";
import type { LoginBody, LoginResponse, Me, PublicConfig, ResetPasswordBody, resetLinkState } from "../../contracts/auth";
import type { LoginChallenge } from "../../contracts/two-factor";
import { http } from "../lib/http";

export type VerifyResult = z.infer<typeof resetLinkState>;

/** The sign-in, session and password-reset calls of the spec, typed. */
export const authApi = {
  /** 200: a session; 202: a second step (two-factor sign-in) with its challenge. */
  login: (body: LoginBody) => http.post<LoginResponse | LoginChallenge>("/login", body),
  twoFactor: (challenge: string, code: string) => http.post<LoginResponse | LoginChallenge>("/login/two-factor", { challenge, code }),
  enrolTwoFactor: (challenge: string, enrolment: string, code: string) => http.post<LoginResponse | LoginChallenge>("/login/two-factor/enrol", { challenge, enrolment, code }),
  requestLoginLink: (email: string) => http.post<{ message: string }>("/login-link", { email }),
  consumeLoginLink: (token: string, email: string) => http.post<LoginResponse | LoginChallenge>("/login-link/consume", { token, email }),
  logout: () => http.post<{ message: string }>("/logout"),
  me: () => http.get<{ data: Me }>("/me"),
  forgotPassword: (email: string) => http.post<{ message: string }>("/password/forgot", { email }),
  verifyResetToken: (token: string, email: string) => http.post<{ data: VerifyResult }>("/password/verify-token", { token, email }),
  resetPassword: (body: ResetPasswordBody) => http.post<{ message: string }>("/password/reset", body),
  publicConfig: () => http.get<{ data: PublicConfig }>("/public-config"),
};

/** Statuses the spec counts as success for auth calls. */
export const AUTH_SUCCESS = [200, 201, 204];
