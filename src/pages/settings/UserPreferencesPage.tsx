import { useMemo } from "react";
import { useCustom } from "@refinedev/core";
import { Card, Form, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import type { PreferencesRecord } from "../../../contracts/settings";
import type { UserPreferences } from "../../../contracts/users";
import { settingsApi } from "../../api/settings";
import { FieldRow } from "../../components/form";
import { useRememberPreferences } from "../../components/layout/preferenceSaver";
import { LANGUAGES } from "../../i18n/languages";
import { changeLanguage } from "../../i18n/setup";
import { PRESETS } from "../../theme/presets";
import { useThemeSettings } from "../../theme/ThemeProvider";
import { dateFormatOptions } from "./dateFormatOptions";
import { DeliveryTable } from "./DeliveryTable";
import { SettingsForm } from "./SettingsForm";

/** The form's "as my language writes dates" choice: no format of one's own. */
const LANGUAGE_DATES = "";

type FormValues = Omit<PreferencesRecord, "date_format"> & { date_format: string };

/**
 * /settings/user-preferences: the signed-in person's language, theme, dark
 * mode and date format (applied at once once saved), and which notifications
 * reach them in the app and by e-mail.
 */
export default function UserPreferencesPage() {
  const { t, i18n } = useTranslation();
  const theme = useThemeSettings();
  const remember = useRememberPreferences();
  const { result, query } = useCustom<{ data: PreferencesRecord }>({ url: "/settings/preferences", method: "get" });
  const stored = result.data?.data;
  // Language and looks as the app shows them: the account's choices once synced, and the header's
  // switches change them too, so the page never holds an older choice than the header.
  const toForm = (saved: PreferencesRecord): FormValues => ({
    ...saved,
    language: i18n.language as PreferencesRecord["language"],
    theme_preset: theme.preset,
    dark_mode: theme.dark,
    date_format: saved.date_format ?? LANGUAGE_DATES,
  });
  const values = useMemo(() => stored && toForm(stored), [stored, i18n.language, theme.preset, theme.dark]);

  const save = async ({ date_format, ...rest }: Partial<FormValues>) => {
    const changes = { ...rest, ...(date_format !== undefined && { date_format: date_format === LANGUAGE_DATES ? null : date_format }) } as UserPreferences;
    const { data } = await settingsApi.savePreferences(changes);
    if (changes.language) await changeLanguage(changes.language);
    if (changes.theme_preset) theme.setPreset(changes.theme_preset);
    if (changes.dark_mode !== undefined) theme.setDark(changes.dark_mode);
    remember(changes);
    await query.refetch();
    return { message: data.message, data: toForm(data.data) };
  };

  return (
    <SettingsForm titleKey="settings.preferences.title" values={values} save={save} editable>
      <Card title={t("settings.preferences.appearance")} style={{ marginBottom: 16 }}>
        <FieldRow>
          <Form.Item name="language" label={t("header.language")}>
            <Select options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))} />
          </Form.Item>
          <Form.Item name="date_format" label={t("settings.preferences.dateFormat")}>
            <Select options={[{ value: LANGUAGE_DATES, label: t("settings.preferences.languageDates") }, ...dateFormatOptions()]} />
          </Form.Item>
        </FieldRow>
        <FieldRow>
          <Form.Item name="theme_preset" label={t("header.theme")}>
            <Select options={PRESETS.map((name) => ({ value: name, label: t(`theme.${name}`) }))} />
          </Form.Item>
          <Form.Item name="dark_mode" label={t("header.darkMode")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </FieldRow>
      </Card>
      <Card title={t("settings.preferences.notifications")} style={{ marginBottom: 16 }}>
        <DeliveryTable prefix="notifications" />
      </Card>
    </SettingsForm>
  );
}
