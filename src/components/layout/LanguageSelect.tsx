import { GlobalOutlined } from "@ant-design/icons";
import { theme } from "antd";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../i18n/languages";
import { changeLanguage } from "../../i18n/setup";

/**
 * Switches the language; the choice (name and code) is stored for the next
 * visit. A native select: keyboard and screen-reader friendly, and light
 * enough for the sign-in page's budget.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <label style={{ display: "inline-flex", alignItems: "center", gap: 6, color: token.colorText }}>
      <GlobalOutlined aria-hidden />
      <select
        aria-label={t("header.language")}
        data-testid="language-select"
        value={i18n.language}
        onChange={(event) => void changeLanguage(event.target.value)}
        style={{
          background: token.colorBgContainer,
          color: token.colorText,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadiusSM,
          padding: "4px 6px",
          font: "inherit",
          fontSize: token.fontSize,
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </label>
  );
}
