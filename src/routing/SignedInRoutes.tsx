import { lazy, type ComponentType } from "react";
import { Navigate, Route, Routes } from "react-router";
import { loadSignedInMessages } from "../i18n/setup";
import { groupsInUse, RESOURCES } from "../resources";
import { PAGE_VERBS, type PageVerb, type ResourceDefinition } from "../resources/define";
import { ROUTES } from "./guards";
import { HomeRedirect, RequireAuth, ResourceGuard } from "./RouteGuards";

// The signed-in shell's messages come with it, in every language, before it renders.
const SignedInApp = lazy(() => Promise.all([import("../SignedInApp"), loadSignedInMessages()]).then(([module]) => module));
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

function GuardedPage({ resource, verb, Page }: { resource: ResourceDefinition; verb: PageVerb; Page: ComponentType }) {
  return (
    <ResourceGuard resource={resource} verb={verb}>
      <Page />
    </ResourceGuard>
  );
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
        {groupsInUse().flatMap(({ group, resources }) => {
          const first = resources.find((resource) => resource.routes.list)?.routes.list;
          return group.path && first ? [<Route key={group.path} path={group.path} element={<Navigate to={first} replace />} />] : [];
        })}
        {pages.map(({ resource, verb, path, Page }) => (
          <Route key={path} path={path} element={<GuardedPage resource={resource} verb={verb} Page={Page} />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
