import { passwordProblems } from "../../contracts/password";

/** A rule's verdict: null when the value passes, else a message key with its params. */
export type Problem = { key: string; params?: Record<string, unknown> } | null;

/** Loose but practical: something@domain.tld, no spaces. The server checks again. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's generic rules, as plain functions both form styles share. */
export const validators = {
  required: (value: unknown): Problem =>
    (typeof value === "string" ? value.trim() === "" : value === undefined || value === null) ? { key: "validation.required" } : null,
  email: (value: unknown): Problem =>
    typeof value === "string" && value.trim() !== "" && !EMAIL.test(value.trim()) ? { key: "validation.email" } : null,
  newPassword: (value: unknown): Problem => {
    if (typeof value !== "string" || value === "") return null;
    const [problem] = passwordProblems(value);
    return problem ? { key: problem.key, params: problem.params } : null;
  },
};

/** The first problem of a value under several rules. */
export function firstProblem(value: unknown, rules: ((value: unknown) => Problem)[]): Problem {
  for (const rule of rules) {
    const problem = rule(value);
    if (problem) return problem;
  }
  return null;
}
