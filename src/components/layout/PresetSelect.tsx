import { Segmented } from "antd";
import { useTranslation } from "react-i18next";
import { PRESETS, type PresetName } from "../../theme/presets";
import { useThemeSettings } from "../../theme/ThemeProvider";
import { useSavePreferences } from "./preferenceSaver";

/** Aura or Lara, each with what it looks like; lives in the signed-in header only. */
export function PresetSelect() {
  const { t } = useTranslation();
  const { preset, setPreset } = useThemeSettings();
  const savePreferences = useSavePreferences();
  return (
    <Segmented
      aria-label={t("header.theme")}
      size="small"
      value={preset}
      onChange={(value) => {
        setPreset(value as PresetName);
        savePreferences({ theme_preset: value as PresetName });
      }}
      // What each look is, on hover and to a screen reader: the names alone say nothing.
      options={PRESETS.map((name) => ({ value: name, label: t(`theme.${name}`), title: t(`theme.hints.${name}`) }))}
    />
  );
}
