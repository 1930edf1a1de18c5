import { z } from "zod";
import { checkNewPassword, emailAddress, newPasswordFields, passwordInput, requiredText, whenPasswordTyped } from "./validation";

export const loginBody = z.strictObject({
  email: emailAddress,
  password: passwordInput,
  remember: z.boolean().optional().default(false),
});

export const forgotPasswordBody = z.strictObject({ email: emailAddress });

export const verifyResetTokenBody = z.strictObject({
  token: requiredText(200),
  email: emailAddress,
});

export const resetPasswordBody = z
  .strictObject({ token: requiredText(200), email: emailAddress, ...newPasswordFields })
  .superRefine(checkNewPassword, whenPasswordTyped);

export const registerBody = z
  .strictObject({ first_name: requiredText(80), last_name: requiredText(80), email: emailAddress, ...newPasswordFields })
  .superRefine(checkNewPassword, whenPasswordTyped);

export type LoginBody = z.input<typeof loginBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** The signed-in user as `GET /api/me` returns it. */
export interface Me {
  id: number;
  name: string;
  email: string;
  access_level: number;
  is_active: boolean;
  role: { id: number; name: string; permissions: string } | null;
  /** A signed link to the person's picture, valid for about an hour. */
  profile_picture_url: string | null;
  created_at: string;
}

export interface LoginResponse {
  token: string;
  expires_at: string;
  user: Me;
}

export interface VerifyTokenResponse {
  data: { token_valid: boolean; time_remaining: number };
}

/** Public facts the signed-out screens need (no secrets). */
export interface PublicConfig {
  app_name: string;
  admin_contact: string | null;
  allow_registration: boolean;
}

export const RESET_LINK_MINUTES = 15;
export const LANGUAGE_CODES = ["en", "jp", "cn", "tl", "fr"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
