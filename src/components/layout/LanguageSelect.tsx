import { GlobalOutlined } from "@ant-design/icons";
import { theme } from "antd";
import { useTranslation } from "react-i18next";
import type { LanguageCode } from "../../../contracts/auth";
import { LANGUAGES } from "../../i18n/languages";
import { changeLanguage } from "../../i18n/setup";
import { useSavePreferences } from "./preferenceSaver";

/**
 * Switches the language; the choice (name and code) is stored for the next
 * visit, and with the account when signed in. A native select: keyboard and screen-reader friendly, and light
 * enough for the sign-in page's budget.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const savePreferences = useSavePreferences();
  const choose = (code: LanguageCode) => {
    void changeLanguage(code);
    savePreferences({ language: code });
  };
  return (
    <label style={{ display: "inline-flex", alignItems: "center", gap: 6, color: token.colorText }}>
      <GlobalOutlined aria-hidden />
      <select
        aria-label={t("header.language")}
        data-testid="language-select"
        value={i18n.language}
        onChange={(event) => choose(event.target.value as LanguageCode)}
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
