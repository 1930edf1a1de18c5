/**
 * Values only the server may read back: sealed with AES-256-GCM under a key
 * derived from APP_KEY for one purpose, so a value sealed for one use cannot
 * be passed off as another's. A stolen database alone opens nothing.
 */
import crypto from "node:crypto";

function keyFor(appKey: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", appKey, "paydesk", purpose, 32));
}

/** iv.tag.ciphertext, URL-safe. */
export function seal(appKey: string, purpose: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFor(appKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The sealed text, or null when it was not sealed with this key for this purpose (or was altered). */
export function unseal(appKey: string, purpose: string, sealed: string): string | null {
  const parts = sealed.split(".");
  if (parts.length !== 3) return null;
  try {
    const [iv, tag, body] = parts.map((part) => Buffer.from(part, "base64url"));
    // Node's decoder ignores stray characters, so one sealed value would have many spellings: only ours opens.
    if ([iv, tag, body].some((part, index) => part.toString("base64url") !== parts[index])) return null;
    if (iv.length !== 12 || tag.length !== 16) return null;
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFor(appKey, purpose), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A short-lived sealed JSON value (a sign-in challenge, an enrolment in progress): null once expired. */
export function sealExpiring(appKey: string, purpose: string, value: object, expiresAt: Date): string {
  return seal(appKey, purpose, JSON.stringify({ ...value, exp: expiresAt.getTime() }));
}

export function unsealExpiring<T>(appKey: string, purpose: string, sealed: string, now: Date): T | null {
  const text = unseal(appKey, purpose, sealed);
  if (text === null) return null;
  const value = JSON.parse(text) as T & { exp: number };
  return typeof value.exp === "number" && value.exp > now.getTime() ? value : null;
}
