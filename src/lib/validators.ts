/** A rule's verdict: null when the value passes, else a message key with its params. */
export type Problem = { key: string; params?: Record<string, unknown> } | null;

/** Loose but practical: something@domain.tld, no spaces. The server checks again. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The spec's generic rules as plain functions, for the sign-in page alone:
 * the form kit (components/form) would bring antd's Form and zod to the
 * lightest page, whose JavaScript has a budget.
 */
export const validators = {
  required: (value: unknown): Problem =>
    (typeof value === "string" ? value.trim() === "" : value === undefined || value === null) ? { key: "validation.required" } : null,
  email: (value: unknown): Problem =>
    typeof value === "string" && value.trim() !== "" && !EMAIL.test(value.trim()) ? { key: "validation.email" } : null,
};

/** The first problem of a value under several rules. */
export function firstProblem(value: unknown, rules: ((value: unknown) => Problem)[]): Problem {
  for (const rule of rules) {
    const problem = rule(value);
    if (problem) return problem;
  }
  return null;
}
