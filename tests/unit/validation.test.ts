import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { forgotPasswordBody, loginBody, registerBody, resetPasswordBody, verifyResetTokenBody } from "../../contracts/auth";
import { MESSAGE } from "../../contracts/validation";

/** Issues as path → message keys, the way the server's 422 groups them. */
function issues(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  const grouped: Record<string, string[]> = {};
  for (const issue of result.error!.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) (grouped[key] ??= []).push("unrecognized");
    } else {
      (grouped[issue.path.join(".") || "body"] ??= []).push(issue.message);
    }
  }
  return grouped;
}

const GOOD_RESET = { token: "t".repeat(43), email: "user@example.com", password: "Abcdef1!", password_confirmation: "Abcdef1!" };

describe("loginBody", () => {
  it("lowercases and trims the address and defaults remember to false", () => {
    expect(loginBody.parse({ email: "  Ada@Example.COM  ", password: "x" })).toEqual({ email: "ada@example.com", password: "x", remember: false });
  });

  it("keeps the password as typed, spaces included", () => {
    expect(loginBody.parse({ email: "a@example.com", password: "  pass  ", remember: true }).password).toBe("  pass  ");
  });

  it("refuses unknown keys", () => {
    expect(issues(loginBody, { email: "a@example.com", password: "x", is_admin: true })).toEqual({ is_admin: ["unrecognized"] });
  });

  it("names each field's problem with a message key", () => {
    expect(issues(loginBody, {})).toEqual({ email: [MESSAGE.required], password: [MESSAGE.required] });
    expect(issues(loginBody, { email: "nope", password: "" })).toEqual({ email: [MESSAGE.email], password: [MESSAGE.required] });
    expect(issues(loginBody, { email: "a@example.com", password: "x", remember: "true" })).toEqual({ remember: [expect.any(String)] });
  });

  it("calls a blank address required, and only that", () => {
    expect(issues(loginBody, { email: "   ", password: "x" })).toEqual({ email: [MESSAGE.required] });
  });

  it("refuses an address longer than 254 characters", () => {
    expect(issues(loginBody, { email: `${"a".repeat(250)}@example.com`, password: "x" })).toEqual({ email: [MESSAGE.email] });
  });
});

describe("forgot and verify-token bodies", () => {
  it("normalises the address", () => {
    expect(forgotPasswordBody.parse({ email: " X@Y.ORG " })).toEqual({ email: "x@y.org" });
    expect(verifyResetTokenBody.parse({ token: " abc ", email: "X@Y.org" })).toEqual({ token: "abc", email: "x@y.org" });
  });

  it("refuses unknown keys and a token longer than 200 characters", () => {
    expect(issues(forgotPasswordBody, { email: "x@y.org", name: "x" })).toEqual({ name: ["unrecognized"] });
    expect(issues(verifyResetTokenBody, { token: "t".repeat(201), email: "x@y.org" })).toEqual({ token: [MESSAGE.maxLength] });
  });
});

describe("resetPasswordBody", () => {
  it("accepts a good body", () => {
    expect(resetPasswordBody.parse({ ...GOOD_RESET, email: "USER@example.com" })).toEqual(GOOD_RESET);
  });

  it("puts every broken password rule on the password path, in order", () => {
    expect(issues(resetPasswordBody, { ...GOOD_RESET, password: "abc", password_confirmation: "abc" })).toEqual({
      password: ["validation.minLength", "password.rules.uppercase", "password.rules.number", "password.rules.special"],
    });
  });

  it("carries the minimum length in the issue for interpolation", () => {
    const result = resetPasswordBody.safeParse({ ...GOOD_RESET, password: "Ab1!", password_confirmation: "Ab1!" });
    const issue = result.error!.issues[0] as { params?: Record<string, unknown> };
    expect(issue.params).toEqual({ min: 8 });
  });

  it("puts a mismatch on password_confirmation", () => {
    expect(issues(resetPasswordBody, { ...GOOD_RESET, password_confirmation: "Abcdef1?" })).toEqual({
      password_confirmation: [MESSAGE.passwordsMatch],
    });
  });

  it("calls an empty password required, and only that", () => {
    expect(issues(resetPasswordBody, { ...GOOD_RESET, password: "", password_confirmation: "" })).toEqual({
      password: [MESSAGE.required],
      password_confirmation: [MESSAGE.required],
    });
  });

  it("calls a missing confirmation required, not a mismatch", () => {
    const { password_confirmation: _, ...rest } = GOOD_RESET;
    expect(issues(resetPasswordBody, rest)).toEqual({ password_confirmation: [MESSAGE.required] });
  });

  it("checks the password rules even when another field is missing", () => {
    const { token: _, ...rest } = GOOD_RESET;
    expect(issues(resetPasswordBody, { ...rest, password: "abcdefgh1!", password_confirmation: "other" })).toEqual({
      token: [MESSAGE.required],
      password: ["password.rules.uppercase"],
      password_confirmation: [MESSAGE.passwordsMatch],
    });
  });

  it("refuses unknown keys", () => {
    expect(issues(resetPasswordBody, { ...GOOD_RESET, user_id: 1 })).toEqual({ user_id: ["unrecognized"] });
  });

  it("refuses a body that is not an object", () => {
    expect(Object.keys(issues(resetPasswordBody, "token=x"))).toEqual(["body"]);
    expect(Object.keys(issues(resetPasswordBody, null))).toEqual(["body"]);
  });
});

describe("registerBody", () => {
  it("trims the names and lowercases the address", () => {
    expect(
      registerBody.parse({ first_name: "  Ada ", last_name: " Lovelace ", email: "ADA@example.com", password: "Abcdef1!", password_confirmation: "Abcdef1!" }),
    ).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      password: "Abcdef1!",
      password_confirmation: "Abcdef1!",
    });
  });

  it("refuses a blank name, a long name, and an access level", () => {
    const base = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", password: "Abcdef1!", password_confirmation: "Abcdef1!" };
    expect(issues(registerBody, { ...base, first_name: " " })).toEqual({ first_name: [MESSAGE.required] });
    expect(issues(registerBody, { ...base, last_name: "n".repeat(81) })).toEqual({ last_name: [MESSAGE.maxLength] });
    expect(issues(registerBody, { ...base, access_level: 0 })).toEqual({ access_level: ["unrecognized"] });
  });
});
