import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { UserPreferences } from "../../../contracts/users";
import { meApi } from "../../api/me";
import { changeLanguage } from "../../i18n/setup";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { useThemeSettings } from "../../theme/ThemeProvider";
import { PreferenceSaverContext } from "./preferenceSaver";

/**
 * Language and theme follow the person, not the browser: the choices saved
 * with their account are applied when the signed-in shell opens (another
 * browser, another device), and a change made in the header is saved back.
 */
export function PreferencesSync({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { setDark, setPreset } = useThemeSettings();
  // A choice made while the saved ones are still loading must not be overwritten by them.
  const changedHere = useRef<Set<keyof UserPreferences>>(new Set());

  useEffect(() => {
    let cancelled = false;
    meApi
      .settings()
      .then(({ data }) => {
        if (cancelled) return;
        const saved = data.data;
        const untouched = (key: keyof UserPreferences) => !changedHere.current.has(key);
        if (saved.language && untouched("language")) void changeLanguage(saved.language);
        if (saved.dark_mode !== undefined && untouched("dark_mode")) setDark(saved.dark_mode);
        if (saved.theme_preset && untouched("theme_preset")) setPreset(saved.theme_preset);
      })
      // Unreadable settings leave this browser's choices in place; the pages report their own failures.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [setDark, setPreset]);

  const save = useCallback(
    (changes: UserPreferences) => {
      for (const key of Object.keys(changes) as (keyof UserPreferences)[]) changedHere.current.add(key);
      meApi.updateProfile({ preferences: changes }).catch(() => {
        toast("warn", t("preferences.notSavedTitle"), t("preferences.notSaved"), TOAST_LIFE.long);
      });
    },
    [t],
  );

  return <PreferenceSaverContext.Provider value={save}>{children}</PreferenceSaverContext.Provider>;
}
