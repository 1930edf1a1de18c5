import { MoonOutlined, SunOutlined } from "@ant-design/icons";
import { Switch } from "antd";
import { useTranslation } from "react-i18next";
import { useThemeSettings } from "../../theme/ThemeProvider";

export function DarkModeSwitch() {
  const { t } = useTranslation();
  const { dark, setDark } = useThemeSettings();
  return (
    <Switch
      aria-label={t("header.darkMode")}
      title={t("header.darkMode")}
      data-testid="dark-mode-switch"
      checked={dark}
      onChange={setDark}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
    />
  );
}
