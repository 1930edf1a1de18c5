import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { PRESETS, type PresetName } from "./presets";

const DARK_KEY = "theme_dark";
const PRESET_KEY = "theme_preset";

interface ThemeState {
  dark: boolean;
  preset: PresetName;
  setDark(dark: boolean): void;
  setPreset(preset: PresetName): void;
}

const ThemeContext = createContext<ThemeState | null>(null);

/** Saved choices win; the defaults are the spec's: Aura, dark mode off. */
export function readSavedTheme(): { dark: boolean; preset: PresetName } {
  const preset = localStorage.getItem(PRESET_KEY) as PresetName | null;
  return {
    dark: localStorage.getItem(DARK_KEY) === "true",
    preset: preset && PRESETS.includes(preset) ? preset : "aura",
  };
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [saved] = useState(readSavedTheme);
  const [dark, setDark] = useState(saved.dark);
  const [preset, setPreset] = useState<PresetName>(saved.preset);

  useEffect(() => {
    localStorage.setItem(DARK_KEY, String(dark));
    // Lets plain CSS (page background, scrollbars) follow the theme too.
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  }, [dark]);
  useEffect(() => localStorage.setItem(PRESET_KEY, preset), [preset]);

  const value = useMemo(() => ({ dark, preset, setDark, setPreset }), [dark, preset]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useThemeSettings(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error("useThemeSettings needs <ThemeProvider>");
  return state;
}
