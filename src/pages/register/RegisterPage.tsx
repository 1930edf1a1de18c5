import { useTranslation } from "react-i18next";
import { AuthShell } from "../../components/auth/AuthShell";

/** The spec's placeholder: the heading only. */
export default function RegisterPage() {
  const { t } = useTranslation();
  return <AuthShell title={t("register.title")}>{null}</AuthShell>;
}
