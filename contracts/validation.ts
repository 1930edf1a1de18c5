import { z } from "zod";
import { passwordProblems } from "./password";

/**
 * Zod building blocks whose messages are i18n keys, so the server answers in
 * the caller's language and the forms say the same words. Limits travel in
 * the issue itself (minimum, maximum) or in a custom issue's params.
 */
export const MESSAGE = {
  required: "validation.required",
  email: "validation.email",
  minLength: "validation.minLength",
  maxLength: "validation.maxLength",
  passwordsMatch: "validation.passwordsMatch",
} as const;

export const requiredText = (max = 255) =>
  z
    .string({ error: MESSAGE.required })
    .trim()
    .min(1, { error: MESSAGE.required })
    .max(max, { error: MESSAGE.maxLength });

export const emailAddress = z
  .string({ error: MESSAGE.required })
  .trim()
  .min(1, { error: MESSAGE.required })
  .max(254, { error: MESSAGE.email })
  .email({ error: MESSAGE.email })
  .transform((value) => value.toLowerCase());

/** A password is never trimmed: spaces are characters the user chose. */
export const passwordInput = z
  .string({ error: MESSAGE.required })
  .min(1, { error: MESSAGE.required })
  .max(1024, { error: MESSAGE.maxLength });

/** Adds one issue per broken password rule, and checks the confirmation. */
export function checkNewPassword(
  value: { password: string; password_confirmation: string },
  ctx: z.RefinementCtx,
): void {
  for (const rule of passwordProblems(value.password)) {
    ctx.addIssue({ code: "custom", path: ["password"], message: rule.key, params: rule.params });
  }
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: MESSAGE.passwordsMatch });
  }
}
