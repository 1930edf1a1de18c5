/**
 * Payslip links that work without the bearer token for a few minutes (the
 * browser's own download, a link handed on): signed with APP_KEY over the
 * payslip, the person it belongs to and the person who asked for it, so a
 * link opens that one payslip only, only while it is theirs to read, and
 * the download log knows who it was.
 */
import crypto from "node:crypto";

export const LINK_SECONDS = 5 * 60;

export interface LinkClaims {
  payslipId: number;
  /** Whose payslip it is: a link stops working if that ever differs. */
  ownerId: number;
  /** Who asked for the link: the policy is asked again for them when it is used. */
  requestedBy: number;
  expires: number;
}

/** The claims as their link writes them: a number spelt otherwise ("0123", "123.0", "+3") is not what was signed. */
type SignedText = { [K in keyof LinkClaims]: LinkClaims[K] | string };

function signature(key: string, claims: SignedText): string {
  // The purpose is signed too: no other signed value of the app passes for a payslip link.
  return crypto.createHmac("sha256", key).update(`payslip-pdf\n${claims.payslipId}\n${claims.ownerId}\n${claims.requestedBy}\n${claims.expires}`).digest("base64url");
}

export const linkPath = (payslipId: number) => `/api/payslip/pdf/${payslipId}`;

export function signLink(key: string, payslipId: number, ownerId: number, requestedBy: number, now: Date): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + LINK_SECONDS;
  const claims = { payslipId, ownerId, requestedBy, expires };
  const query = new URLSearchParams({ expires: String(expires), by: String(requestedBy), signature: signature(key, claims) });
  return { url: `${linkPath(payslipId)}?${query}`, expiresAt: new Date(expires * 1000) };
}

/** Whether the link's values are the ones signed and it has not expired. */
export function verifyLink(key: string, claims: { payslipId: number; ownerId: number; requestedBy: string | undefined; expires: string | undefined }, given: string | undefined, now: Date): number | null {
  const expires = Number(claims.expires);
  const requestedBy = Number(claims.requestedBy);
  if (!given || !Number.isSafeInteger(expires) || !Number.isSafeInteger(requestedBy) || requestedBy <= 0) return null;
  if (expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(key, { payslipId: claims.payslipId, ownerId: claims.ownerId, requestedBy: claims.requestedBy!, expires: claims.expires! }));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual) ? requestedBy : null;
}
