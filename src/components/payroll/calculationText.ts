import type { TFunction } from "i18next";
import type { Calculation } from "../../../contracts/payroll";
import { formatMajor, formatRate } from "../../i18n/numbers";

/** How a calculation works, in words: "Fixed ₱500.00", "4.5% of BASIC", or the formula itself. */
export function calculationText(calculation: Calculation, t: TFunction, language: string, currency: string | undefined): string {
  switch (calculation.type) {
    case "fixed":
      return t("payrollUi.components.describe.fixed", { amount: formatMajor(calculation.amount, currency, language) });
    case "percent":
      return t("payrollUi.components.describe.percent", { rate: formatRate(calculation.rate, language), of: calculation.of });
    case "formula":
      return calculation.expression;
  }
}
