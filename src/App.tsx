import { useEffect, useState, type ReactNode } from "react";
import { BrowserRouter } from "react-router";
import { ConfigProvider, notification } from "antd";
import type { Locale } from "antd/es/locale";
import enUS from "antd/es/locale/en_US";
import { useTranslation } from "react-i18next";
import { findLanguage } from "./i18n/languages";
import { bindToasts } from "./lib/toast";
import { AppRoutes } from "./routing/AppRoutes";
import { SessionExpiryHandler } from "./routing/SessionExpiryHandler";
import { themeConfig } from "./theme/presets";
import { ThemeProvider, useThemeSettings } from "./theme/ThemeProvider";
import { useReducedMotion } from "./theme/useReducedMotion";

const TOAST_REGION = "toast-region";

/**
 * Hands antd's themed notification API to the toast helper; its holder renders inside the theme. The toasts
 * appear in a named region (a landmark), not loose in the page.
 */
function ToastBinding() {
  const { t } = useTranslation();
  // Below the 64 px header, so a toast never covers the account menu.
  const [api, holder] = notification.useNotification({ maxCount: 4, top: 72, getContainer: () => document.getElementById(TOAST_REGION) ?? document.body });
  useEffect(() => {
    bindToasts(api);
    return () => bindToasts(null);
  }, [api]);
  return (
    <>
      <div id={TOAST_REGION} role="region" aria-label={t("toast.region")} />
      {holder}
    </>
  );
}

/**
 * antd's strings (pickers, pagination) follow the language. Starting from
 * English rather than none matters: antd wraps the tree in a locale provider
 * only when a locale is set, and adding it later would remount every screen.
 */
function useAntdLocale(code: string): Locale {
  const [locale, setLocale] = useState<Locale>(enUS);
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

function ThemedFrame({ children }: { children: ReactNode }) {
  const { dark, preset } = useThemeSettings();
  const reducedMotion = useReducedMotion();
  const { i18n } = useTranslation();
  const antdLocale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider theme={themeConfig(preset, dark, reducedMotion)} locale={antdLocale}>
      <ToastBinding />
      {children}
    </ConfigProvider>
  );
}

/** Theme, antd locale and toasts around any router content (the app, and UI tests). */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <ThemedFrame>{children}</ThemedFrame>
    </ThemeProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppFrame>
        <SessionExpiryHandler />
        <AppRoutes />
      </AppFrame>
    </BrowserRouter>
  );
}
