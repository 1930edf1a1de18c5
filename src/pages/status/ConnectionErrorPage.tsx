import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Button, Space } from "antd";
import { StatusScreen } from "../../components/common/StatusScreen";
import { safeRedirect } from "../../routing/guards";

export default function ConnectionErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const message = params.get("message");
  const retryTarget = safeRedirect(params.get("redirect")) ?? "/";
  return (
    <StatusScreen
      status="warning"
      title={t("connectionError.title")}
      text={message ? `${t("connectionError.text")} (${message})` : t("connectionError.text")}
      actions={
        <Space>
          <Button type="primary" onClick={() => navigate(retryTarget, { replace: true })}>
            {t("connectionError.retry")}
          </Button>
          <Button onClick={() => navigate(`/login?${params.toString()}`, { replace: true })}>{t("connectionError.login")}</Button>
        </Space>
      }
    />
  );
}
