/** Device cookies: LOGIN.NONCE.SIGNATURE signed with the app key, valid only for their account. */
import { describe, expect, it } from "vitest";
import { deviceCookieHeader, deviceCookieName, readCookie, signDeviceCookie, verifyDeviceCookie } from "../../server/lib/device-cookies";

const KEY = "unit-test-key";

describe("device cookies", () => {
  it("verify for the account they were made for, in any case of its address, and give back the nonce", () => {
    const value = signDeviceCookie(KEY, "Ana@Example.com", "n0nce-n0nce-n0nce-1");
    expect(verifyDeviceCookie(KEY, value, "ana@example.com")).toBe("n0nce-n0nce-n0nce-1");
    expect(verifyDeviceCookie(KEY, value, " ANA@example.com ")).toBe("n0nce-n0nce-n0nce-1");
  });

  it("make a fresh random nonce each time", () => {
    const nonces = new Set(Array.from({ length: 20 }, () => verifyDeviceCookie(KEY, signDeviceCookie(KEY, "a@b.c"), "a@b.c")));
    expect(nonces.size).toBe(20);
  });

  it("refuse another account, another key, a changed part, and anything malformed", () => {
    const value = signDeviceCookie(KEY, "ana@example.com");
    const [login, nonce, signature] = value.split(".");
    expect(verifyDeviceCookie(KEY, value, "bob@example.com")).toBeNull();
    expect(verifyDeviceCookie("another-key", value, "ana@example.com")).toBeNull();
    const bob = Buffer.from("bob@example.com").toString("base64url");
    expect(verifyDeviceCookie(KEY, `${bob}.${nonce}.${signature}`, "bob@example.com")).toBeNull();
    expect(verifyDeviceCookie(KEY, `${login}.${nonce}x.${signature}`, "ana@example.com")).toBeNull();
    expect(verifyDeviceCookie(KEY, `${login}.${nonce}.${signature.slice(1)}`, "ana@example.com")).toBeNull();
    for (const bad of [undefined, "", "a.b", "a.b.c.d", `${login}..${signature}`, `${login}.${"x".repeat(100)}.${signature}`]) expect(verifyDeviceCookie(KEY, bad, "ana@example.com")).toBeNull();
  });

  it("name one cookie per account without showing the address", () => {
    expect(deviceCookieName(KEY, "ana@example.com")).toBe(deviceCookieName(KEY, "ANA@example.com"));
    expect(deviceCookieName(KEY, "ana@example.com")).not.toBe(deviceCookieName(KEY, "bob@example.com"));
    expect(deviceCookieName(KEY, "ana@example.com")).toMatch(/^paydesk_device_[\w-]{16}$/);
  });

  it("are HttpOnly, SameSite=Lax, for the sign-in paths, a year long, and Secure only over https", () => {
    const plain = deviceCookieHeader(KEY, "ana@example.com", "http://localhost:3000");
    expect(plain).toContain("; Path=/api/login; Max-Age=31536000; HttpOnly; SameSite=Lax");
    expect(plain).not.toContain("Secure");
    expect(deviceCookieHeader(KEY, "ana@example.com", "https://pay.example.com")).toMatch(/; Secure$/);
  });

  it("are read from a Cookie header among others", () => {
    expect(readCookie("a=1; paydesk_device_x=v.a.l; b=2", "paydesk_device_x")).toBe("v.a.l");
    expect(readCookie("a=1", "paydesk_device_x")).toBeUndefined();
    expect(readCookie(undefined, "a")).toBeUndefined();
  });
});
