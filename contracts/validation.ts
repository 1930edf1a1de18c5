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
  invalid: "validation.invalid",
  invalidType: "validation.invalidType",
  date: "validation.date",
  wholeMinorUnits: "validation.wholeMinorUnits",
  notNegative: "validation.notNegative",
  currency: "validation.currency",
  characters: "validation.characters",
} as const;

/**
 * Text the database can store: no NUL character, no half of a UTF-16
 * surrogate pair (a broken emoji). PostgreSQL refuses both; the person gets
 * told which field instead.
 */
const BROKEN_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (value: string): boolean => !BROKEN_TEXT.test(value);

/** The largest id a record has (PostgreSQL integer). */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record's id from a path or a body: a whole number the id column can hold. */
export const recordId = z.number({ error: MESSAGE.invalidType }).int({ error: MESSAGE.invalid }).positive({ error: MESSAGE.invalid }).max(MAX_RECORD_ID, { error: MESSAGE.invalid });

/** `/{id}` path parameters. */
export const idParams = z.strictObject({ id: z.coerce.number({ error: MESSAGE.invalid }).pipe(recordId) });

export const requiredText = (max = 255) =>
  z
    .string({ error: MESSAGE.required })
    .trim()
    .min(1, { error: MESSAGE.required })
    .max(max, { error: MESSAGE.maxLength })
    .refine(isStorableText, { error: MESSAGE.characters });

const emailFormat = z.email();

export const emailAddress = z
  .string({ error: MESSAGE.required })
  .trim()
  .min(1, { error: MESSAGE.required })
  .max(254, { error: MESSAGE.email })
  // An empty field is "required", not also "not a valid email address".
  .refine((value) => value === "" || emailFormat.safeParse(value).success, { error: MESSAGE.email })
  .refine(isStorableText, { error: MESSAGE.characters })
  .transform((value) => value.toLowerCase());

/** A password is never trimmed: spaces are characters the user chose. */
export const passwordInput = z
  .string({ error: MESSAGE.required })
  .min(1, { error: MESSAGE.required })
  .max(1024, { error: MESSAGE.maxLength });

/** A new password and its confirmation, as every form that sets one sends them (checked by checkNewPassword). */
export const newPasswordFields = {
  password: passwordInput,
  password_confirmation: z.string({ error: MESSAGE.required }).min(1, { error: MESSAGE.required }),
};

/** Adds one issue per broken password rule, and checks the confirmation. */
export function checkNewPassword(
  value: { password: string; password_confirmation: string },
  ctx: z.RefinementCtx,
): void {
  for (const rule of passwordProblems(value.password)) {
    ctx.addIssue({ code: "custom", path: ["password"], message: rule.key, params: rule.params });
  }
  // An empty or missing confirmation already says "Value is required".
  const confirmation: unknown = value.password_confirmation;
  if (typeof confirmation === "string" && confirmation !== "" && value.password !== confirmation) {
    ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: MESSAGE.passwordsMatch });
  }
}

/**
 * Options for the superRefine of checkNewPassword: the rules run whenever a
 * password was typed, even when another field failed, so one reply lists
 * every problem (zod otherwise skips object refinements once a field is
 * missing or of the wrong type).
 */
export const whenPasswordTyped = {
  when: (payload: z.core.ParsePayload): boolean => {
    const value = payload.value as { password?: unknown } | null | undefined;
    return typeof value?.password === "string" && value.password !== "";
  },
};

/**
 * Optional free text: blank becomes null (cleared); a field not sent stays
 * undefined, so a partial update leaves it alone.
 */
export const optionalText = (max = 255) =>
  z
    .string({ error: MESSAGE.invalidType })
    .trim()
    .max(max, { error: MESSAGE.maxLength })
    .refine(isStorableText, { error: MESSAGE.characters })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

// Year 0000 exists for JavaScript, not for PostgreSQL.
const ISO_DATE = /^(?!0000)\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD (the spec's storage format); blank becomes null. */
export const optionalDate = z
  .string({ error: MESSAGE.date })
  .trim()
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null))
  .refine((value) => value === null || value === undefined || (ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)), {
    error: MESSAGE.date,
  });

/** Money in integer minor units (cents): never a float. */
export const minorUnits = z
  .number({ error: MESSAGE.invalidType })
  .int({ error: MESSAGE.wholeMinorUnits })
  .min(0, { error: MESSAGE.notNegative })
  .max(Number.MAX_SAFE_INTEGER, { error: MESSAGE.invalid });

export const currencyCode = z
  .string({ error: MESSAGE.required })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: MESSAGE.currency, abort: true });
