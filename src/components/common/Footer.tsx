import { useTranslation } from "react-i18next";
import { theme } from "antd";

export function CopyrightFooter() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <small style={{ color: token.colorTextTertiary, fontSize: 12 }} data-testid="copyright">
      {t("footer.copyright", { year: new Date().getFullYear() })}
    </small>
  );
}
