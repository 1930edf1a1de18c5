import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { runName } from "./format";

/** runName in the reader's language, for components. */
export function useRunName(): (name: string) => string {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((name: string) => runName(name, language, (key, values) => t(key, values)), [language, t]);
}
