import crypto from "node:crypto";

/** 256 bits from the system's CSPRNG, URL-safe. */
export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256: a leaked table grants nothing. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
