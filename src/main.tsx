import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { authStore, initializeAuth, localLogout } from "./auth/store";
import { ApiError } from "./lib/http";
import { setupI18n } from "./i18n/setup";
import "./styles.css";

const root = createRoot(document.getElementById("root")!);

// A signed-in reload asks who is signed in, and fetches the signed-in routes (which fetch the shell and
// the page), while the messages load, not after the first render: the guard then finds both under way.
if (authStore.get().isAuthenticated) {
  void initializeAuth().catch((error: unknown) => {
    // An ended session: the router that says so on a 401 is not there yet, so the store is told here
    // (the guard then leads to the sign-in page, which says the session expired). Other failures are the guard's.
    if (error instanceof ApiError && error.status === 401) localLogout(true);
  });
  void import("./routing/SignedInRoutes");
}

// The spec: the app starts only after every language's messages have loaded.
setupI18n().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  // Without messages there are no translated words to say it with: a plain note and a way to retry.
  () =>
    root.render(
      <main style={{ fontFamily: "system-ui, sans-serif", padding: 48, textAlign: "center" }}>
        <p>Paydesk could not load. Check your connection.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>,
    ),
);
