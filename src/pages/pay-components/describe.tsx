import { useTranslation } from "react-i18next";
import type { Calculation } from "../../../contracts/payroll";
import { useCompanyProfile } from "../../components/company/useCompanyProfile";
import { VISUALLY_HIDDEN } from "../../components/common/visuallyHidden";
import { calculationText } from "../../components/payroll/calculationText";
import { useCodeFont } from "../../components/common/Code";

/** A dash that a screen reader reads as the word it stands for. */
export function Dash({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden>—</span>
      <span style={VISUALLY_HIDDEN}>{label}</span>
    </>
  );
}

/** The calculation in a list cell: words for a fixed amount and a percentage, the formula in monospace (wrapped, never cut). */
export function CalculationCell({ calculation }: { calculation: Calculation | null }) {
  const { t, i18n } = useTranslation();
  const currency = useCompanyProfile().profile?.currency;
  const font = useCodeFont();
  if (!calculation) return <Dash label={t("payrollUi.components.noEmployerShare")} />;
  if (calculation.type === "formula")
    return <span style={{ fontFamily: font, display: "inline-block", maxWidth: 250, fontSize: 13, whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{calculation.expression}</span>;
  return <>{calculationText(calculation, t, i18n.language, currency)}</>;
}
