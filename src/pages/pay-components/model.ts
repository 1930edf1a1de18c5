/**
 * A pay component as its dialog holds it, and as the API takes it. The form
 * shows a percentage's rate as a percentage (4.5) where the API keeps the
 * fraction (0.045), and an employer share as a switch and a calculation.
 */
import { payCode, type Calculation, type ComponentBody, type ComponentKind, type ComponentRecord } from "../../../contracts/payroll";
import { fractionToPercent, isDecimalText, PERCENT_TEXT, percentToFraction } from "./decimal";

export const CALCULATION_TYPES = ["fixed", "percent", "formula"] as const;
export type CalculationType = (typeof CALCULATION_TYPES)[number];

/** One calculation's fields: only those of its type are shown and sent. */
export interface CalculationValues {
  type: CalculationType;
  amount?: string;
  /** A percentage (4.5), not the API's fraction. */
  rate?: string;
  of?: string;
  expression?: string;
}

export interface ComponentValues {
  code?: string;
  name?: string;
  kind: ComponentKind;
  taxable?: boolean;
  pre_tax?: boolean;
  calculation: CalculationValues;
  /** The employer pays a share beside this line; the share's calculation in employer_share. */
  has_employer_share?: boolean;
  employer_share?: CalculationValues;
  active?: boolean;
  order?: number;
}

export const NEW_COMPONENT: ComponentValues = {
  kind: "earning",
  taxable: true,
  pre_tax: false,
  calculation: { type: "fixed" },
  has_employer_share: false,
  employer_share: { type: "percent" },
  active: true,
  order: 100,
};

const calculationValues = (calculation: Calculation): CalculationValues => {
  switch (calculation.type) {
    case "fixed":
      return { type: "fixed", amount: calculation.amount };
    case "percent":
      return { type: "percent", rate: fractionToPercent(calculation.rate), of: calculation.of };
    case "formula":
      return { type: "formula", expression: calculation.expression };
  }
};

/** A stored component as the dialog's values. */
export function componentValues(record: ComponentRecord | undefined): ComponentValues {
  if (!record) return NEW_COMPONENT;
  return {
    code: record.code,
    name: record.name,
    kind: record.kind,
    taxable: record.taxable,
    pre_tax: record.pre_tax,
    calculation: calculationValues(record.calculation),
    has_employer_share: record.employer_share !== null,
    employer_share: record.employer_share ? calculationValues(record.employer_share) : { type: "percent" },
    active: record.active,
    order: record.order,
  };
}

/** The calculation the API takes, from the fields of its type (a rate back to a fraction). */
export function calculationBody(values: CalculationValues | undefined): Calculation {
  switch (values?.type) {
    case "percent": {
      const rate = (values.rate ?? "").trim();
      return { type: "percent", rate: PERCENT_TEXT.test(rate) ? percentToFraction(rate) : rate, of: (values.of ?? "").trim() };
    }
    case "formula":
      return { type: "formula", expression: values.expression ?? "" };
    default:
      return { type: "fixed", amount: (values?.amount ?? "").trim() };
  }
}

/** What the dialog saves: only the fields the API knows, the other kind's flag off. */
export function componentBody(values: ComponentValues): ComponentBody {
  return {
    code: (values.code ?? "").trim().toUpperCase(),
    name: (values.name ?? "").trim(),
    kind: values.kind,
    taxable: values.kind === "earning" && Boolean(values.taxable),
    pre_tax: values.kind === "deduction" && Boolean(values.pre_tax),
    calculation: calculationBody(values.calculation),
    employer_share: values.has_employer_share ? calculationBody(values.employer_share) : null,
    active: values.active ?? true,
    order: values.order ?? 100,
  };
}

/** Whether a calculation is complete enough to be worth asking the server about. */
function readyToCheck(values: CalculationValues | undefined): boolean {
  switch (values?.type) {
    case "fixed":
      return isDecimalText(values.amount);
    case "percent":
      return PERCENT_TEXT.test((values.rate ?? "").trim()) && (values.of ?? "").trim() !== "";
    case "formula":
      return (values.expression ?? "").trim() !== "";
    default:
      return false;
  }
}

/** A stand-in code while the typed one is not a code yet: the calculation can be checked meanwhile. */
export const PREVIEW_CODE = "NEW_COMPONENT";

/**
 * The component to try (POST /pay-components/preview), or null while its
 * calculations are incomplete. A code or name not typed yet is stood in for:
 * the formula is what the live check is about.
 */
export function previewComponent(values: ComponentValues | undefined): ComponentBody | null {
  if (!values?.calculation || !readyToCheck(values.calculation)) return null;
  // An employer share still being typed is left out meanwhile: the component's own calculation is checked all the same.
  const body = componentBody({ ...values, has_employer_share: values.has_employer_share && readyToCheck(values.employer_share) });
  const code = payCode.safeParse(body.code).success ? body.code : PREVIEW_CODE;
  return { ...body, code, name: body.name || code, active: true };
}
