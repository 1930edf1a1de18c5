import { useEffect, useState } from "react";
import { BrowserRouter } from "react-router";
import { ConfigProvider, notification } from "antd";
import type { Locale } from "antd/es/locale";
import { useTranslation } from "react-i18next";
import { findLanguage } from "./i18n/languages";
import { bindToasts } from "./lib/toast";
import { AppRoutes } from "./routing/AppRoutes";
import { SessionExpiryHandler } from "./routing/SessionExpiryHandler";
import { themeConfig } from "./theme/presets";
import { ThemeProvider, useThemeSettings } from "./theme/ThemeProvider";

/** Hands antd's themed notification API to the toast helper; its holder renders inside the theme. */
function ToastBinding() {
  const [api, holder] = notification.useNotification({ maxCount: 4 });
  useEffect(() => {
    bindToasts(api);
    return () => bindToasts(null);
  }, [api]);
  return holder;
}

/** antd's strings (pickers, pagination) follow the language; English is built in. */
function useAntdLocale(code: string): Locale | undefined {
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    let current = true;
    findLanguage(code)
      ?.antd()
      .then((module) => current && setLocale(module.default));
    return () => {
      current = false;
    };
  }, [code]);
  return locale;
}

function ThemedApp() {
  const { dark, preset } = useThemeSettings();
  const { i18n } = useTranslation();
  const antdLocale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider theme={themeConfig(preset, dark)} locale={antdLocale}>
      <ToastBinding />
      <SessionExpiryHandler />
      <AppRoutes />
    </ConfigProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <ThemeProvider>
        <ThemedApp />
      </ThemeProvider>
    </BrowserRouter>
  );
}
