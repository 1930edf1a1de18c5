/**
 * Signed links (pictures, downloads): one signed with APP_KEY must verify,
 * and the same link altered (its signature, its path), expired, or checked
 * against another key must not. A short key is guessable: warned.
 */
import { signPath, verifySignedPath } from "../../../lib/signed-urls";
import { fact, verdict, when, type Outcome } from "./outcome";

/** What a generated key has (32 random bytes, base64url): a shorter APP_KEY was typed by someone. */
const MIN_KEY_LENGTH = 32;
/** A path no file has (ids start at 1): the probe's link leads nowhere. */
const PROBE_PATH = "/api/files/0";

interface LinkSigning {
  sign: typeof signPath;
  verify: typeof verifySignedPath;
}

/** The same text with its last character changed. */
const altered = (text: string) => text.slice(0, -1) + (text.endsWith("A") ? "B" : "A");

export function checkSignedLinks(key: string, now: Date, links: LinkSigning = { sign: signPath, verify: verifySignedPath }): Outcome {
  const query = new URLSearchParams(links.sign(key, PROBE_PATH, now).split("?")[1] ?? "");
  const expires = query.get("expires") ?? undefined;
  const signature = query.get("signature") ?? undefined;
  const expiresAt = Number(expires) * 1000;
  const verifies = links.verify(key, PROBE_PATH, expires, signature, now);
  const refusals = [
    links.verify(key, PROBE_PATH, expires, signature && altered(signature), now),
    links.verify(key, "/api/files/1", expires, signature, now),
    links.verify(key, PROBE_PATH, String(Number(expires) + 3600), signature, now),
    links.verify(key, PROBE_PATH, expires, signature, new Date(expiresAt + 1000)),
    links.verify(`${key}x`, PROBE_PATH, expires, signature, now),
  ];
  return verdict(
    [fact.duration("linkLifetime", Number.isFinite(expiresAt) ? expiresAt - now.getTime() : 0), fact.count("keyLength", key.length)],
    [when(!verifies || refusals.some(Boolean), "fail", "signedLinksBroken"), when(key.length < MIN_KEY_LENGTH, "warn", "appKeyShort")],
  );
}
