import { MoonOutlined, SunOutlined } from "@ant-design/icons";
import { Switch } from "antd";
import { useTranslation } from "react-i18next";
import { useThemeSettings } from "../../theme/ThemeProvider";
import { useSavePreferences } from "./preferenceSaver";

export function DarkModeSwitch() {
  const { t } = useTranslation();
  const { dark, setDark } = useThemeSettings();
  const savePreferences = useSavePreferences();
  return (
    <Switch
      aria-label={t("header.darkMode")}
      title={t("header.darkMode")}
      data-testid="dark-mode-switch"
      checked={dark}
      onChange={(checked) => {
        setDark(checked);
        savePreferences({ dark_mode: checked });
      }}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
    />
  );
}
