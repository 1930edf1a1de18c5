import { lazy, type ComponentType } from "react";
import { matchPath, Navigate, Route, Routes } from "react-router";
import { authStore } from "../auth/store";
import { useResourceAccess } from "../auth/usePolicy";
import { loadSignedInMessages } from "../i18n/setup";
import { groupsInUse, RESOURCES } from "../resources";
import { PAGE_VERBS, type PageVerb, type ResourceDefinition } from "../resources/define";
import { ROUTES } from "./guards";
import { HomeRedirect, RequireAuth, ResourceGuard } from "./RouteGuards";

// The signed-in shell's messages come with it, in every language, before it renders.
const loadShell = () => Promise.all([import("../SignedInApp"), loadSignedInMessages()]).then(([module]) => module);
const SignedInApp = lazy(loadShell);
const ProfilePage = lazy(() => import("../pages/profile/ProfilePage"));
const NotFoundPage = lazy(() => import("../pages/status/NotFoundPage"));

/** One lazy component per page of the list, made once: a new one each render would remount the page. */
const pages = RESOURCES.flatMap((resource) =>
  PAGE_VERBS.flatMap((verb) => {
    const path = resource.routes[verb];
    if (!path) return [];
    const Page = lazy(async () => {
      const page = (await resource.pages())[verb];
      if (!page) throw new Error(`src/pages of "${resource.name}" exports no ${verb} page`);
      return { default: page };
    });
    return [{ resource, verb, path, Page }];
  }),
);

/**
 * A reload of a signed-in page fetches its code while /api/me is asked, not after: the shell and the page
 * one is on are asked for at once (a module asked for twice is fetched once, so the lazy components find
 * them loaded). A session that turns out expired has cost a few chunks, no more.
 */
function loadAheadOfSession(pathname: string): void {
  if (!authStore.get().isAuthenticated) return;
  void loadShell().catch(() => undefined);
  const page = pages.find(({ path }) => matchPath(path, pathname));
  void page?.resource.pages().catch(() => undefined);
}
loadAheadOfSession(window.location.pathname);

/** The shell and its messages, ahead of a sign-in (preloadSignedIn.ts). */
export function preloadShell(): Promise<unknown> {
  return loadShell();
}

function GuardedPage({ resource, verb, Page }: { resource: ResourceDefinition; verb: PageVerb; Page: ComponentType }) {
  return (
    <ResourceGuard resource={resource} verb={verb}>
      <Page />
    </ResourceGuard>
  );
}

/**
 * A menu group's parent path (/settings) leads to its first page the person
 * may open (its first page, refused, when there is none).
 */
function GroupRedirect({ resources }: { resources: ResourceDefinition[] }) {
  const allowed = useResourceAccess();
  const pages = resources.filter((resource) => resource.routes.list);
  const target = pages.find((resource) => allowed(resource.name, "list")) ?? pages[0];
  return <Navigate to={target.routes.list!} replace />;
}

/** The routes behind sign-in, all from the resource list, and the not-found page for any other path. */
export default function SignedInRoutes() {
  return (
    <Routes>
      <Route
        element={
          <RequireAuth>
            <SignedInApp />
          </RequireAuth>
        }
      >
        <Route index element={<HomeRedirect />} />
        <Route path={ROUTES.profile} element={<ProfilePage />} />
        {groupsInUse().flatMap(({ group, resources }) =>
          group.path && resources.some((resource) => resource.routes.list) ? [<Route key={group.path} path={group.path} element={<GroupRedirect resources={resources} />} />] : [],
        )}
        {pages.map(({ resource, verb, path, Page }) => (
          <Route key={path} path={path} element={<GuardedPage resource={resource} verb={verb} Page={Page} />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
