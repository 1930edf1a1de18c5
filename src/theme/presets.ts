import { theme, type ThemeConfig } from "antd";

export type PresetName = "aura" | "lara";
export const PRESETS: readonly PresetName[] = ["aura", "lara"];
type Mode = "light" | "dark";

interface Preset {
  /** The look: colour, corners, type. */
  token: ThemeConfig["token"];
  /**
   * Per mode, the colours text is drawn in on the theme's own surfaces, chosen
   * to reach WCAG AA (4.5:1): links, the selected tab and the selected menu
   * entry. antd derives them from the primary colour, which in dark mode lands
   * near the background.
   */
  accents: Record<Mode, { link: string; selectedText: string; selectedBg: string }>;
}

/**
 * Two looks: Aura (default) is calm emerald with soft, round surfaces; Lara
 * is a denser indigo with tighter corners for long tables.
 */
const PRESET_LOOKS: Record<PresetName, Preset> = {
  aura: {
    token: {
      // A deeper emerald than the first one (#0f9d74): white on it reads at 5:1, not 3.4:1.
      colorPrimary: "#087f5d",
      // antd lightens a primary button under the pointer (white on it fell to 3.9:1): darker instead, as pressing it.
      colorPrimaryHover: "#066a4d",
      colorPrimaryActive: "#05573f",
      colorInfo: "#087f5d",
      borderRadius: 10,
      fontFamily: "Inter, 'Segoe UI', 'Hiragino Sans', 'Noto Sans CJK SC', 'Noto Sans JP', system-ui, sans-serif",
      fontSize: 14,
    },
    accents: {
      light: { link: "#087f5d", selectedText: "#066a4d", selectedBg: "#e3f3ed" },
      dark: { link: "#3cc79a", selectedText: "#5fd3ab", selectedBg: "#10342a" },
    },
  },
  lara: {
    token: {
      colorPrimary: "#4f46e5",
      colorPrimaryHover: "#4338ca",
      colorPrimaryActive: "#3730a3",
      colorInfo: "#4f46e5",
      borderRadius: 4,
      fontFamily: "'Segoe UI', Roboto, 'Hiragino Sans', 'Noto Sans CJK SC', 'Noto Sans JP', system-ui, sans-serif",
      fontSize: 13,
    },
    accents: {
      light: { link: "#4f46e5", selectedText: "#4338ca", selectedBg: "#eef0ff" },
      dark: { link: "#9d97ff", selectedText: "#b4b0ff", selectedBg: "#262353" },
    },
  },
};

/**
 * antd's quieter greys (labels, descriptions, secondary text) and its red sit
 * at 3.3:1; these reach 4.5:1 on every surface of each mode.
 */
const READABLE_GREYS: Record<Mode, ThemeConfig["token"]> = {
  // antd's red (#ff4d4f) is 3.3:1 on white: a danger button's words ("Sign out") need a deeper one.
  light: { colorTextTertiary: "rgba(0, 0, 0, 0.6)", colorTextDescription: "rgba(0, 0, 0, 0.6)", colorError: "#cf1322" },
  // On dark surfaces a red that reads as text (6.4:1) is too light under white words, so a
  // filled danger button writes in the dark background's colour instead (themeConfig).
  dark: { colorTextTertiary: "rgba(255, 255, 255, 0.6)", colorTextDescription: "rgba(255, 255, 255, 0.6)", colorError: "#ff7875" },
};

/** `reducedMotion`: the person's system asks for less motion, so dialogs, menus and toasts appear without animating. */
export function themeConfig(preset: PresetName, dark: boolean, reducedMotion = false): ThemeConfig {
  const mode: Mode = dark ? "dark" : "light";
  const { token, accents } = PRESET_LOOKS[preset];
  const accent = accents[mode];
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { ...token, ...READABLE_GREYS[mode], colorLink: accent.link, motion: !reducedMotion },
    components: {
      Layout: dark ? {} : { bodyBg: "#f4f6f8", headerBg: "#ffffff", siderBg: "#ffffff" },
      Menu: { itemSelectedColor: accent.selectedText, itemSelectedBg: accent.selectedBg, subMenuItemSelectedColor: accent.selectedText },
      Tabs: { itemSelectedColor: accent.link, itemHoverColor: accent.link, itemActiveColor: accent.link, inkBarColor: accent.link },
      Button: dark ? { dangerColor: "#141414" } : {},
    },
  };
}

/**
 * Solid tag colours for states (white text on them reads at 4.5:1 or more, in
 * both modes); antd's pale preset tags stay near 3:1.
 */
export const STATE_COLOURS = { good: "#237804", warning: "#874d00", bad: "#a8071a", neutral: "#595959", info: "#0050b3" } as const;
