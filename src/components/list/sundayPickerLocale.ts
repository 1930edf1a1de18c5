import { useContext } from "react";
import { ConfigProvider } from "antd";
import type { PickerLocale } from "antd/es/date-picker/generatePicker";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { findLanguage } from "../../i18n/languages";

/**
 * The spec's calendars start on Sunday, but French and Chinese dayjs locales
 * start on Monday and antd's picker has no week-start prop. The picker takes
 * its week from the dayjs locale it is named, so name a Sunday copy.
 */
function sundayLocaleName(base: string): string {
  const locale = dayjs.Ls[base];
  if (!locale || (locale.weekStart ?? 0) === 0) return base;
  const name = `${base}-sunday`;
  // isLocal: registers the copy without switching the app's global locale.
  if (!dayjs.Ls[name]) dayjs.locale({ ...locale, name, weekStart: 0 }, undefined, true);
  return name;
}

/** antd's date picker strings for the current language, with weeks starting on Sunday. */
export function useSundayPickerLocale(): PickerLocale | undefined {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const { i18n } = useTranslation();
  const picker = locale?.DatePicker;
  if (!picker) return undefined;
  const name = sundayLocaleName(findLanguage(i18n.language)?.dayjs ?? "en");
  return { ...picker, lang: { ...picker.lang, locale: name } };
}
