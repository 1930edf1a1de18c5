/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device
 * Cookies"): after a successful sign-in the browser keeps a cookie naming
 * the account and a random nonce, signed with APP_KEY. A sign-in that
 * presents a valid one for its account is judged only by that device's own
 * failures, so strangers failing on purpose elsewhere cannot lock the owner
 * out of a device they signed in from before.
 */
import crypto from "node:crypto";

/** How long a device stays known: a year, renewed at every sign-in. */
export const DEVICE_COOKIE_DAYS = 365;

/** Sent only to the sign-in calls (/api/login and /api/login/...), never to the rest of the API. */
export const DEVICE_COOKIE_PATH = "/api/login";

const PREFIX = "paydesk_device_";

function mac(key: string, purpose: string, ...parts: string[]): string {
  return crypto.createHmac("sha256", key).update([purpose, ...parts].join("\n")).digest("base64url");
}

/** Accounts are known by their address in any case. */
const loginOf = (email: string) => email.trim().toLowerCase();

/**
 * One cookie per account on a device (a shared computer keeps each person's),
 * named by a keyed hash of the account so the name tells nobody the address.
 */
export function deviceCookieName(key: string, email: string): string {
  return PREFIX + mac(key, "device-cookie-name", loginOf(email)).slice(0, 16);
}

/** LOGIN.NONCE.SIGNATURE, each part URL-safe: the value of a new device cookie. */
export function signDeviceCookie(key: string, email: string, nonce = crypto.randomBytes(16).toString("base64url")): string {
  const login = Buffer.from(loginOf(email)).toString("base64url");
  return `${login}.${nonce}.${mac(key, "device-cookie", login, nonce)}`;
}

/** The nonce of a valid cookie for this account; null for a missing, forged or another account's cookie. */
export function verifyDeviceCookie(key: string, value: string | undefined, email: string): string | null {
  if (!value) return null;
  const parts = value.split(".");
  if (parts.length !== 3) return null;
  const [login, nonce, given] = parts;
  if (!/^[\w-]{16,64}$/.test(nonce)) return null;
  const expected = Buffer.from(mac(key, "device-cookie", login, nonce));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  return Buffer.from(login, "base64url").toString() === loginOf(email) ? nonce : null;
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The Set-Cookie header of a device cookie: HttpOnly, SameSite=Lax, Secure when the app is served over https. */
export function deviceCookieHeader(key: string, email: string, appUrl: string, nonce?: string): string {
  const attributes = [
    `${deviceCookieName(key, email)}=${signDeviceCookie(key, email, nonce)}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (appUrl.startsWith("https:")) attributes.push("Secure");
  return attributes.join("; ");
}
