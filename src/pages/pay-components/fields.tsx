import type { ReactNode } from "react";
import { Radio, theme, type FormRule } from "antd";
import i18next from "i18next";
import { DECIMAL_TEXT } from "../../../contracts/payroll";
import { AMOUNT_TEXT, PERCENT_TEXT } from "./decimal";

/**
 * One of a few choices as buttons, a form control: the radios are named as a
 * group by the field's label, so a screen reader says what is being chosen.
 */
export function ChoiceGroup<V extends string>({
  id,
  value,
  onChange,
  label,
  options,
  disabled,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  label: string;
  options: { value: V; label: ReactNode; disabled?: boolean }[];
  disabled?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
}) {
  return (
    <div id={id} role="radiogroup" aria-label={label} aria-describedby={describedBy} aria-invalid={invalid}>
      <Radio.Group value={value} onChange={(event) => onChange?.(event.target.value as V)} optionType="button" buttonStyle="solid" disabled={disabled} options={options} />
    </div>
  );
}

/** Formulas, codes and figures in the theme's monospace face. */
export function useCodeFont(): string {
  return theme.useToken().token.fontFamilyCode;
}

export function Code({ children }: { children: ReactNode }) {
  const font = useCodeFont();
  return <span style={{ fontFamily: font }}>{children}</span>;
}

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
