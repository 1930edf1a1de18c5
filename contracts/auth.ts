import { z } from "zod";
import { isoTimestamp } from "./replies";
import { checkNewPassword, emailAddress, newPasswordFields, passwordInput, requiredText, whenPasswordTyped } from "./validation";

export const loginBody = z.strictObject({
  email: emailAddress,
  password: passwordInput,
  remember: z.boolean().optional().default(false),
});

export const forgotPasswordBody = z.strictObject({ email: emailAddress });

/** POST /api/login-link: a one-time sign-in link to this address, if it has an account. */
export const loginLinkBody = z.strictObject({ email: emailAddress });

/** POST /api/login-link/consume: the link's token and address. */
export const consumeLoginLinkBody = z.strictObject({ token: requiredText(200), email: emailAddress });

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
export const meRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  access_level: z.number().int(),
  is_active: z.boolean(),
  /** The spec ships a role's permissions as a JSON-encoded list of names. */
  role: z.object({ id: z.number().int(), name: z.string(), permissions: z.string() }).nullable(),
  /** A signed link to the person's picture, valid for about an hour. */
  profile_picture_url: z.string().nullable(),
  /** Someone's manager: the app shows them the leave approvals. */
  leads_team: z.boolean(),
  created_at: isoTimestamp,
});

export type Me = z.infer<typeof meRecord>;

export const loginReply = z.object({
  token: z.string(),
  expires_at: isoTimestamp,
  user: meRecord,
  /** Given once, when two-factor sign-in was turned on during this sign-in. */
  recovery_codes: z.array(z.string()).optional(),
  message: z.string(),
});

export type LoginResponse = Omit<z.infer<typeof loginReply>, "message">;

/** What a reset link is worth: still valid, and for how many minutes, or why not. */
export const resetLinkState = z.object({
  token_valid: z.boolean(),
  time_remaining: z.number().int(),
  reason: z.enum(["invalid", "used", "expired", "revoked"]).optional(),
  /** reset: asked for on the sign-in screen; invitation: sent to a new person, who chooses their first password. Absent for an unknown link. */
  purpose: z.enum(["reset", "invitation"]).optional(),
});

/** Public facts the signed-out screens need (no secrets). */
export const publicConfigRecord = z.object({
  app_name: z.string(),
  admin_contact: z.string().nullable(),
  allow_registration: z.boolean(),
});

export type PublicConfig = z.infer<typeof publicConfigRecord>;

export const RESET_LINK_MINUTES = 15;
/** How long a new person's invitation to choose their password stays good. */
export const INVITATION_LINK_DAYS = 7;
/** A one-time sign-in link's validity. */
export const LOGIN_LINK_MINUTES = 15;
export const LANGUAGE_CODES = ["en", "jp", "cn", "tl", "fr"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** One of a person's signed-in devices (a session token), as their profile lists them. */
export const sessionRecord = z.object({
  id: z.number().int(),
  /** The session of the request that asked. */
  current: z.boolean(),
  /** "Chrome 131", "Safari 18"; null when the device did not say. */
  browser: z.string().nullable(),
  /** "Windows 10", "iOS 18.1", "Android 15". */
  os: z.string().nullable(),
  device: z.enum(["desktop", "mobile", "tablet", "other"]),
  /** The address it signed in from. */
  ip: z.string().nullable(),
  created_at: isoTimestamp,
  /** Updated at most once a minute while it is used. */
  last_used_at: isoTimestamp,
  expires_at: isoTimestamp,
});
export type SessionRecord = z.infer<typeof sessionRecord>;
