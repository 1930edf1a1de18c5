import type { Action, IResourceItem } from "@refinedev/core";
import { DocumentTitleHandler } from "@refinedev/react-router";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { documentTitle } from "../components/common/useDocumentTitle";
import { findResource } from "../resources";
import { ROUTES } from "./guards";

/** Signed-in pages that are no resource's, by path. */
const OTHER_PAGES: Record<string, "profile.title"> = { [ROUTES.profile]: "profile.title" };

/**
 * A signed-in page's name in the tab: the resource's menu label for its list,
 * and the label with what the page does for the others ("Edit #42 · Employees").
 */
export function pageTitle(
  t: TFunction,
  { resource, action, params, pathname }: { resource?: IResourceItem; action?: Action; params?: Record<string, string | undefined>; pathname?: string },
): string {
  const definition = findResource(resource?.name);
  const other = pathname ? OTHER_PAGES[pathname] : undefined;
  if (!definition || !action) return documentTitle(other ? t(other) : undefined);
  const label = t(definition.labelKey);
  const id = params?.id ?? "";
  switch (action) {
    case "create":
      return documentTitle(t("pageTitle.create", { resource: label }));
    case "edit":
      return documentTitle(t("pageTitle.edit", { resource: label, id }));
    case "show":
      return documentTitle(t("pageTitle.show", { resource: label, id }));
    default:
      return documentTitle(label);
  }
}

/**
 * Refine's DocumentTitleHandler with the app's titles. It sets the title when
 * the address changes; keyed on the language, it sets it again when that changes.
 */
export function PageTitle() {
  const { t, i18n } = useTranslation();
  return <DocumentTitleHandler key={i18n.language} handler={(options) => pageTitle(t, options)} />;
}
