/**
 * Password rules shared by the reset, registration and change-password flows.
 * Each failed rule yields a message key; both sides translate the key, so the
 * server's 422 and the client's checklist always agree.
 */
export const PASSWORD_MIN_LENGTH = 8;

/** The spec's special characters: # ? ! @ $ % ^ & * - */
const SPECIAL = /[#?!@$%^&*-]/;

export interface PasswordRule {
  /** Names the rule in the checklist (password.checklist.<id>). */
  id: "minLength" | "uppercase" | "lowercase" | "number" | "special";
  /** The message when the rule is broken. */
  key: string;
  params?: Record<string, number>;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: "minLength", key: "validation.minLength", params: { min: PASSWORD_MIN_LENGTH }, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: "uppercase", key: "password.rules.uppercase", test: (p) => /[A-Z]/.test(p) },
  { id: "lowercase", key: "password.rules.lowercase", test: (p) => /[a-z]/.test(p) },
  { id: "number", key: "password.rules.number", test: (p) => /[0-9]/.test(p) },
  { id: "special", key: "password.rules.special", test: (p) => SPECIAL.test(p) },
];

/** The rules the password breaks, in the checklist's order. */
export function passwordProblems(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}

export type PasswordStrength = "weak" | "medium" | "strong";

/**
 * The spec's meter: strong is 8+ characters with lower, upper, digit and a
 * non-alphanumeric; medium is 6+ characters with two of lower, upper, digit.
 */
export function passwordStrength(password: string): PasswordStrength {
  const lower = /[a-z]/.test(password);
  const upper = /[A-Z]/.test(password);
  const digit = /[0-9]/.test(password);
  const other = /[^A-Za-z0-9]/.test(password);
  if (password.length >= 8 && lower && upper && digit && other) return "strong";
  const classes = [lower, upper, digit].filter(Boolean).length;
  if (password.length >= 6 && classes >= 2) return "medium";
  return "weak";
}
