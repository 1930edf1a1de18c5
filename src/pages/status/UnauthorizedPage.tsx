import { useTranslation } from "react-i18next";
import { LinkButton } from "../../components/common/LinkButton";
import { StatusScreen } from "../../components/common/StatusScreen";

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      status="403"
      title={t("unauthorized.title")}
      text={t("unauthorized.text")}
      actions={
        <LinkButton to="/" type="primary">
          {t("unauthorized.home")}
        </LinkButton>
      }
    />
  );
}
