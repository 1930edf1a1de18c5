import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { mergePreferences, type UserPreferences } from "../../../contracts/users";
import { meApi } from "../../api/me";
import { changeLanguage } from "../../i18n/setup";
import { toast, TOAST_LIFE } from "../../lib/toast";
import { useThemeSettings } from "../../theme/ThemeProvider";
import { PreferenceStoreContext } from "./preferenceSaver";

/**
 * Language and theme follow the person, not the browser: the choices saved
 * with their account are applied when the signed-in shell opens (another
 * browser, another device), and a change made in the header is saved back.
 * Pages read the rest (a list's chosen columns) with useSavedPreferences.
 */
export function PreferencesSync({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { setDark, setPreset } = useThemeSettings();
  // A choice made while the saved ones are still loading must not be overwritten by them.
  const changedHere = useRef<Set<keyof UserPreferences>>(new Set());
  const [saved, setSaved] = useState<UserPreferences>({});

  useEffect(() => {
    let cancelled = false;
    meApi
      .settings()
      .then(({ data }) => {
        if (cancelled) return;
        const account = data.data;
        // Changes made while it loaded win over what the account held.
        setSaved((madeHere) => mergePreferences(account, madeHere));
        const untouched = (key: keyof UserPreferences) => !changedHere.current.has(key);
        if (account.language && untouched("language")) void changeLanguage(account.language);
        if (account.dark_mode !== undefined && untouched("dark_mode")) setDark(account.dark_mode);
        if (account.theme_preset && untouched("theme_preset")) setPreset(account.theme_preset);
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
      setSaved((previous) => mergePreferences(previous, changes));
      meApi.updateProfile({ preferences: changes }).catch(() => {
        toast("warn", t("preferences.notSavedTitle"), t("preferences.notSaved"), TOAST_LIFE.long);
      });
    },
    [t],
  );

  const remember = useCallback((changes: UserPreferences) => setSaved((previous) => mergePreferences(previous, changes)), []);

  const store = useMemo(() => ({ saved, save, remember }), [saved, save, remember]);
  return <PreferenceStoreContext.Provider value={store}>{children}</PreferenceStoreContext.Provider>;
}
