import type { FormRule } from "antd";
import { validators, type Problem } from "./validators";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The shared validators as antd form rules: the same message keys the server answers with. */
export function formRules(t: Translate) {
  const rule =
    (check: (value: unknown) => Problem): FormRule =>
    () => ({
      validator: async (_, value: unknown) => {
        const problem = check(value);
        if (problem) throw new Error(t(problem.key, problem.params));
      },
    });
  const matches = (field: string): FormRule => ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      if (value && value !== getFieldValue(field)) throw new Error(t("validation.passwordsMatch"));
    },
  });
  return {
    required: rule(validators.required),
    email: rule(validators.email),
    newPassword: rule(validators.newPassword),
    matches,
  };
}
