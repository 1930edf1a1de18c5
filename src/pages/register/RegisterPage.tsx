import { useTranslation } from "react-i18next";
import { AuthShell } from "../../components/auth/AuthShell";
import { useDocumentTitle } from "../../components/common/useDocumentTitle";

/** The spec's placeholder: the heading only. */
export default function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("register.title"));
  return <AuthShell title={t("register.title")}>{null}</AuthShell>;
}
