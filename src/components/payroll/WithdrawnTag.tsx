import { useTranslation } from "react-i18next";
import { StateTag } from "../common/StateTag";

/** A released payslip taken back: no longer its person's to read or download. */
export function WithdrawnTag() {
  const { t } = useTranslation();
  return <StateTag tone="bad">{t("payslipsAdmin.withdrawn")}</StateTag>;
}
