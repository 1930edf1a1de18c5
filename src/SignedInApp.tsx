import { createElement, useMemo } from "react";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { useTranslation } from "react-i18next";
import { AppLayout } from "./components/layout/AppLayout";
import { accessControlProvider } from "./providers/access-control";
import { authProvider } from "./providers/auth";
import { dataProvider } from "./providers/data";
import { createI18nProvider } from "./providers/i18n";
import { notificationProvider } from "./providers/notification";
import { RESOURCES } from "./resources";

/**
 * Refine and the signed-in shell. Loaded only after sign-in, so the public
 * screens do not download Refine, its query cache or the layout.
 */
export default function SignedInApp() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const i18nProvider = useMemo(() => createI18nProvider(i18n), [i18n, language]);
  const resources = useMemo(
    () =>
      RESOURCES.map((resource) => ({
        name: resource.name,
        list: resource.list,
        create: resource.create,
        edit: resource.edit,
        show: resource.show,
        meta: { label: i18n.t(resource.labelKey), icon: createElement(resource.icon) },
      })),
    [i18n, language],
  );
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      options={{ disableTelemetry: true, syncWithLocation: false, title: { text: "Paydesk" } }}
    >
      <AppLayout />
    </Refine>
  );
}
