import crypto from "node:crypto";

/**
 * Links that work without a bearer token (an <img src>, a download) for a
 * limited time: the path and expiry are signed with APP_KEY.
 */
const BUCKET_SECONDS = 3600;

/** Over the expiry's exact text: "0123" or "123.0" is another text, so no longer the signed link. */
function signature(key: string, path: string, expires: string): string {
  return crypto.createHmac("sha256", key).update(`${path}\n${expires}`).digest("base64url");
}

/** Expiry is rounded up to the next hour and one more, so a page's links stay the same (and cacheable) for a while. */
export function signPath(key: string, path: string, now: Date): string {
  const expires = (Math.ceil(now.getTime() / 1000 / BUCKET_SECONDS) + 1) * BUCKET_SECONDS;
  return `${path}?expires=${expires}&signature=${signature(key, path, String(expires))}`;
}

export function verifySignedPath(key: string, path: string, expires: string | undefined, given: string | undefined, now: Date): boolean {
  const at = Number(expires);
  if (!expires || !given || !Number.isInteger(at) || at * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, path, expires));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
