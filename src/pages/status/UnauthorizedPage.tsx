import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "antd";
import { StatusScreen } from "../../components/common/StatusScreen";

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusScreen
      status="403"
      title={t("unauthorized.title")}
      text={t("unauthorized.text")}
      actions={
        <Link to="/">
          <Button type="primary">{t("unauthorized.home")}</Button>
        </Link>
      }
    />
  );
}
