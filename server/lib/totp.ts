/**
 * Time-based one-time codes (TOTP, RFC 6238) through otpauth: SHA-1, six
 * digits, 30-second steps, as every authenticator app reads them. A code is
 * accepted one step either side of now (clocks drift), and only for a step
 * later than the last one accepted, so a code seen over a shoulder cannot be
 * used again within its window.
 */
import { Secret, TOTP } from "otpauth";

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may belong to. */
export const TOTP_DRIFT = 1;

/** A new 160-bit secret, in the base32 text apps take by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = "", issuer = "Paydesk"): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: TOTP_DIGITS, period: TOTP_PERIOD });
}

/** The otpauth:// address a QR code carries: the app adds the account under the issuer's name. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** The code of the step `now` falls in (tests, and nothing else, compute codes). */
export function totpCode(secret: string, now: Date): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}

/** The time step a code belongs to, if it is one of the steps around now and later than `lastStep`; otherwise null. */
export function acceptTotp(secret: string, code: string, now: Date, lastStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: TOTP_DRIFT });
  if (delta === null) return null;
  const step = TOTP.counter({ period: TOTP_PERIOD, timestamp: now.getTime() }) + delta;
  return step > lastStep ? step : null;
}
