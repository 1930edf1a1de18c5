import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "antd";
import { StatusScreen } from "../../components/common/StatusScreen";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      status="404"
      title={t("notFound.title")}
      text={t("notFound.text")}
      actions={
        <Link to="/">
          <Button type="primary">{t("notFound.home")}</Button>
        </Link>
      }
    />
  );
}
