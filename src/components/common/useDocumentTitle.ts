import { useEffect } from "react";
import i18next from "i18next";

/** The browser tab's text: the page, then the app ("Employees · Paydesk"); the app alone when there is no page. */
export function documentTitle(page?: string): string {
  const app = i18next.t("app.name");
  return page ? `${page} · ${app}` : app;
}

/**
 * Names the page in the browser tab, in the reader's language (the caller
 * passes its translated name, so a change of language renames it). The
 * signed-in pages get theirs from the resource list (src/routing/PageTitle.tsx).
 */
export function useDocumentTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
