import { useTranslation } from "react-i18next";
import { LinkButton } from "../../components/common/LinkButton";
import { StatusScreen } from "../../components/common/StatusScreen";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      status="404"
      title={t("notFound.title")}
      text={t("notFound.text")}
      actions={
        <LinkButton to="/" type="primary">
          {t("notFound.home")}
        </LinkButton>
      }
    />
  );
}
