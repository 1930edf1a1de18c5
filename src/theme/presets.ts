import { theme, type ThemeConfig } from "antd";

export type PresetName = "aura" | "lara";
export const PRESETS: readonly PresetName[] = ["aura", "lara"];

/**
 * Two looks: Aura (default) is calm emerald with soft, round surfaces; Lara
 * is a denser indigo with tighter corners for long tables.
 */
const presetTokens: Record<PresetName, ThemeConfig["token"]> = {
  aura: {
    colorPrimary: "#0f9d74",
    colorInfo: "#0f9d74",
    borderRadius: 10,
    fontFamily: "Inter, 'Segoe UI', 'Hiragino Sans', 'Noto Sans CJK SC', 'Noto Sans JP', system-ui, sans-serif",
    fontSize: 14,
  },
  lara: {
    colorPrimary: "#4f46e5",
    colorInfo: "#4f46e5",
    borderRadius: 4,
    fontFamily: "'Segoe UI', Roboto, 'Hiragino Sans', 'Noto Sans CJK SC', 'Noto Sans JP', system-ui, sans-serif",
    fontSize: 13,
  },
};

/** `reducedMotion`: the person's system asks for less motion, so dialogs, menus and toasts appear without animating. */
export function themeConfig(preset: PresetName, dark: boolean, reducedMotion = false): ThemeConfig {
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { ...presetTokens[preset], motion: !reducedMotion },
    components: { Layout: dark ? {} : { bodyBg: "#f4f6f8", headerBg: "#ffffff", siderBg: "#ffffff" } },
  };
}
