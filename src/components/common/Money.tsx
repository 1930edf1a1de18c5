import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../contracts/money";
import { findLanguage } from "../../i18n/languages";

/** An amount in minor units, in the reader's number format, never broken across lines (a narrow column would split its digits). */
export function Money({ minor, currency }: { minor: number | undefined; currency: string | undefined }) {
  const { i18n } = useTranslation();
  if (minor === undefined || !currency) return null;
  return <span style={{ whiteSpace: "nowrap" }}>{formatMoney(minor, currency, findLanguage(i18n.language)?.htmlLang)}</span>;
}
