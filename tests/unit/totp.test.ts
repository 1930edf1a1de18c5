/**
 * Codes from an authenticator app (TOTP, RFC 6238, through otpauth): the
 * RFC's own test vector, one step of drift either way, and no replay of a
 * step already taken.
 */
import { describe, expect, it } from "vitest";
import { seal, sealExpiring, unseal, unsealExpiring } from "../../server/lib/secret-box";
import { acceptTotp, newTotpSecret, totpCode, totpUri } from "../../server/lib/totp";

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32. */
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP", () => {
  it("computes the RFC 6238 test vectors (six digits of them)", () => {
    expect(totpCode(RFC_SECRET, new Date(59 * 1000))).toBe("287082");
    expect(totpCode(RFC_SECRET, new Date(1111111109 * 1000))).toBe("081804");
    expect(totpCode(RFC_SECRET, new Date(1234567890 * 1000))).toBe("005924");
    expect(totpCode(RFC_SECRET, new Date(2000000000 * 1000))).toBe("279037");
  });

  it("accepts the code of now and of one step either side, and nothing further", () => {
    const secret = newTotpSecret();
    const now = new Date("2026-03-02T09:00:15Z");
    const at = (seconds: number) => totpCode(secret, new Date(now.getTime() + seconds * 1000));
    const step = Math.floor(now.getTime() / 30_000);
    expect(acceptTotp(secret, at(0), now, 0)).toBe(step);
    expect(acceptTotp(secret, at(-30), now, 0)).toBe(step - 1);
    expect(acceptTotp(secret, at(30), now, 0)).toBe(step + 1);
    expect(acceptTotp(secret, at(-60), now, 0)).toBeNull();
    expect(acceptTotp(secret, at(60), now, 0)).toBeNull();
  });

  it("refuses a code of a step already taken, or earlier: a code is good once", () => {
    const secret = newTotpSecret();
    const now = new Date("2026-03-02T09:00:15Z");
    const step = acceptTotp(secret, totpCode(secret, now), now, 0)!;
    expect(acceptTotp(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now, step)).toBeNull();
    expect(acceptTotp(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now, step)).toBe(step + 1);
  });

  it("refuses what is not six digits", () => {
    const secret = newTotpSecret();
    for (const typed of ["", "12345", "1234567", "abcdef", "12 345"]) expect(acceptTotp(secret, typed, new Date(), 0)).toBeNull();
  });

  it("makes 160-bit secrets and the otpauth address apps read", () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpUri(RFC_SECRET, "ana@example.com", "Paydesk")).toBe(`otpauth://totp/Paydesk:ana%40example.com?issuer=Paydesk&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`);
  });
});

describe("sealed values", () => {
  it("open only with the same key and purpose, unaltered, and before they expire", () => {
    const sealed = seal("k", "purpose", "secret text");
    expect(unseal("k", "purpose", sealed)).toBe("secret text");
    expect(unseal("other", "purpose", sealed)).toBeNull();
    expect(unseal("k", "another purpose", sealed)).toBeNull();
    expect(unseal("k", "purpose", `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(unseal("k", "purpose", "not.sealed.text")).toBeNull();
    // A character the base64url decoder would drop still makes another spelling, which must not open:
    // a run of 12 random seals covers every length of the body's last group.
    for (let index = 0; index < 12; index += 1) {
      const another = seal("k", "purpose", "x".repeat(index));
      expect(unseal("k", "purpose", `${another}x`)).toBeNull();
      expect(unseal("k", "purpose", `${another}=`)).toBeNull();
    }
    const now = new Date("2026-03-02T09:00:00Z");
    const expiring = sealExpiring("k", "p", { u: 7 }, new Date(now.getTime() + 60_000));
    expect(unsealExpiring<{ u: number }>("k", "p", expiring, now)?.u).toBe(7);
    expect(unsealExpiring("k", "p", expiring, new Date(now.getTime() + 60_000))).toBeNull();
  });
});
