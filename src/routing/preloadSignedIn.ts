/**
 * The signed-in routes, the shell and its messages, fetched and run while
 * someone is on the sign-in page: pressing "Sign in" then waits for the
 * server and the first page's own code, not for the whole app. Counted in
 * no budget of the sign-in page: nothing here runs before it is drawn.
 */
let preloading: Promise<unknown> | null = null;

export function preloadSignedIn(): void {
  preloading ??= import("./SignedInRoutes")
    .then((routes) => routes.preloadShell())
    .catch(() => {
      // A lost connection: the next focus or visit tries again.
      preloading = null;
    });
}
