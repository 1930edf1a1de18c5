import type { FormRule } from "antd";
import i18next from "i18next";
import type { z } from "zod";

/** Our contracts' messages are catalogue keys; zod's own defaults are English sentences. */
const MESSAGE_KEY = /^[a-z]+(\.[A-Za-z]+)+$/;

/**
 * A zod issue in the reader's language, worded as the server words it
 * (server/lib/error-handler.ts): the key with the limits the issue carries.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const { minimum, maximum, params } = issue as { minimum?: unknown; maximum?: unknown; params?: Record<string, unknown> };
  if (MESSAGE_KEY.test(issue.message)) return i18next.t(issue.message, { min: minimum, max: maximum, ...params });
  return i18next.t(issue.code === "invalid_type" ? "validation.invalidType" : "validation.invalid");
}

/** A field's rule from its contract schema: the first thing the server would refuse about the value. */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(issueText(result.error.issues[0]));
    },
  };
}

/** One rule list per field of a contract's object shape: `rules={RULES.email}`. */
export function zodRules<Shape extends Record<string, z.ZodType>>(shape: Shape): { [Field in keyof Shape]: FormRule[] } {
  return Object.fromEntries(Object.entries(shape).map(([field, schema]) => [field, [zodRule(schema)]])) as { [Field in keyof Shape]: FormRule[] };
}

/**
 * A rule across fields (a confirmation that must match the password): runs
 * the object's schema over the form's values and reports the issues the
 * schema puts on `field`.
 */
export function zodObjectRule(schema: z.ZodType, field: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(getFieldsValue());
      const issue = result.error?.issues.find((candidate) => candidate.path.join(".") === field);
      if (issue) throw new Error(issueText(issue));
    },
  });
}
