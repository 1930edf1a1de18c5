import type { FormRule } from "antd";
import i18next from "i18next";
import { DECIMAL_TEXT } from "../../../contracts/payroll";
import { AMOUNT_TEXT, PERCENT_TEXT } from "./decimal";

const required = (value: unknown) => typeof value !== "string" || value.trim() === "";

/** Text a pattern must match, with the message key to say when it does not; empty is "required" unless optional. */
export function patternRule(pattern: RegExp, messageKey: string, optional = false): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (required(value)) {
        if (optional) return;
        throw new Error(i18next.t("validation.required"));
      }
      if (!pattern.test(String(value).trim())) throw new Error(i18next.t(messageKey));
    },
  };
}

/** A choice (a select's value) that must be made; antd's own "required" would mark the select's box with an ARIA attribute it does not take. */
export function chosenRule(): FormRule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null || value === "") throw new Error(i18next.t("validation.required"));
    },
  };
}

/** An amount as the API takes it (negative allowed: a fixed adjustment may take pay back). */
export const decimalRule = (optional = false) => patternRule(DECIMAL_TEXT, "payroll.decimal", optional);
/** A threshold or base of a rate table: not negative. */
export const amountRule = (optional = false) => patternRule(AMOUNT_TEXT, "payrollUi.tables.amountFormat", optional);
/** A percentage people type (4.5 for 4.5%). */
export const percentRule = (optional = false) => patternRule(PERCENT_TEXT, "payrollUi.components.percentFormat", optional);
