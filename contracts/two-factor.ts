/**
 * Two-factor sign-in with an authenticator app (TOTP): what the profile's
 * card and the sign-in page's second step send and receive, and who must
 * use it when the system settings require it.
 */
import { z } from "zod";
import { ACCESS_LEVEL } from "./permissions";
import { isoTimestamp } from "./replies";
import { passwordInput, requiredText } from "./validation";

/** Ten single-use codes for a lost phone. */
export const RECOVERY_CODE_COUNT = 10;
/** How long an enrolment (the secret shown, not yet confirmed) or a sign-in challenge stays open. */
export const ENROLMENT_MINUTES = 15;
export const CHALLENGE_MINUTES = 5;

/** Permissions whose holders must use two-factor sign-in when the settings require it (besides level 0). */
export const TWO_FACTOR_PERMISSIONS = ["payroll_release", "users_manage"] as const;

/**
 * Whether the settings' requirement applies to this person: level 0, and
 * staff whose role holds payroll_release or users_manage (employees hold no
 * staff permission, whatever their role lists).
 */
export function mustUseTwoFactor(person: { access_level: number; permissions: readonly string[] }, required: boolean): boolean {
  if (!required) return false;
  if (person.access_level === ACCESS_LEVEL.SUPER_ADMIN) return true;
  return person.access_level === ACCESS_LEVEL.STAFF && TWO_FACTOR_PERMISSIONS.some((permission) => person.permissions.includes(permission));
}

/** A six-digit code from the app, or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const secondFactorCode = requiredText(40);

/** One's two-factor sign-in as the profile shows it. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: isoTimestamp.nullable(),
  recovery_codes_left: z.number().int(),
  /** The system settings require it of this person: it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** An enrolment begun: the secret for the app (as a QR code and as text) and the sealed enrolment to confirm. */
export const twoFactorSetup = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of otpauth_url, an SVG image as a data: URL. */
  qr_code: z.string(),
  /** Sent back with the first code: the server keeps nothing until then. */
  enrolment: z.string(),
  expires_at: isoTimestamp,
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const enableTwoFactorBody = z.strictObject({ enrolment: requiredText(2000), code: secondFactorCode });
export const disableTwoFactorBody = z.strictObject({ password: passwordInput, code: secondFactorCode });
export const twoFactorCodeBody = z.strictObject({ code: secondFactorCode });

/** New recovery codes, shown once. */
export const recoveryCodesRecord = z.object({ recovery_codes: z.array(z.string()) });

/** An administrator's reset, done (a person without two-factor sign-in is refused with 409). */
export const twoFactorResetRecord = z.object({ reset: z.literal(true) });

/** The sign-in's second step: the challenge the password step answered, and a code. */
export const twoFactorLoginBody = z.strictObject({ challenge: requiredText(2000), code: secondFactorCode });

/** A person who must use two-factor sign-in and has none enrols on the way in. */
export const twoFactorEnrolLoginBody = z.strictObject({ challenge: requiredText(2000), enrolment: requiredText(2000), code: secondFactorCode });

/**
 * What POST /api/login (and a consumed sign-in link) answers with 202 when a
 * second step is needed: no session yet, a short-lived challenge; for
 * "enrol", the enrolment to confirm.
 */
export const loginChallengeReply = z.object({
  two_factor: z.enum(["code", "enrol"]),
  challenge: z.string(),
  expires_at: isoTimestamp,
  enrolment: twoFactorSetup.nullable(),
  message: z.string(),
});
export type LoginChallenge = Omit<z.infer<typeof loginChallengeReply>, "message">;
