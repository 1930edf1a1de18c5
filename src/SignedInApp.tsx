import { createElement, useMemo } from "react";
import { Refine, type ResourceProps } from "@refinedev/core";
import routerProvider, { UnsavedChangesNotifier } from "@refinedev/react-router";
import type { i18n as I18n } from "i18next";
import { useTranslation } from "react-i18next";
import { AppLayout } from "./components/layout/AppLayout";
import { authStore } from "./auth/store";
import { createAccessControlProvider } from "./providers/access-control";
import { authProvider } from "./providers/auth";
import { dataProvider } from "./providers/data";
import { createI18nProvider } from "./providers/i18n";
import { notificationProvider } from "./providers/notification";
import { groupsInUse, RESOURCES } from "./resources";
import { actorOf } from "./resources/access";
import { PageTitle } from "./routing/PageTitle";
import { PreloadPages } from "./routing/PreloadPages";
import { QUERY_DEFAULTS } from "./lib/http";


/** Access as the signed-in person has it now. */
const accessControlProvider = createAccessControlProvider(() => actorOf(authStore.get()));

/**
 * The resource list as Refine's resources, in the reader's language. The
 * menu headings come last: Refine places a heading where its first resource
 * stands, so the menu keeps the list's order.
 */
function refineResources(i18n: I18n): ResourceProps[] {
  return [
    ...RESOURCES.map((resource) => ({
      name: resource.name,
      ...resource.routes,
      meta: { label: i18n.t(resource.labelKey), icon: createElement(resource.icon), parent: resource.group?.name },
    })),
    ...groupsInUse().map(({ group }) => ({ name: group.name, meta: { label: i18n.t(group.labelKey), icon: createElement(group.icon) } })),
  ];
}

/**
 * Refine and the signed-in shell. Loaded only after sign-in, so the public
 * screens do not download Refine, its query cache or the layout.
 */
export default function SignedInApp() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const i18nProvider = useMemo(() => createI18nProvider(i18n), [i18n, language]);
  const resources = useMemo(() => refineResources(i18n), [i18n, language]);
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      // warnWhenUnsavedChanges: a form with changes asks before the page is left (UnsavedChangesNotifier:
      // links and back; the browser's own prompt: reload and close) and before its dialog closes (useModalForm).
      // Every read retries only what may pass on a second try (no answer, a server error): a 404 or 403 is final and
      // shows at once, not after React Query's three retries.
      options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: true, title: { text: "Paydesk" }, reactQuery: { clientConfig: QUERY_DEFAULTS } }}
    >
      <AppLayout />
      <UnsavedChangesNotifier translationKey="common.unsavedChanges" />
      <PageTitle />
      <PreloadPages />
    </Refine>
  );
}
