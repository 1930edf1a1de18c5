import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { AppFrame } from "../../src/App";
import { AppRoutes } from "../../src/routing/AppRoutes";
import { SessionExpiryHandler } from "../../src/routing/SessionExpiryHandler";

/** Shows the router's current location, so tests can assert where a screen led. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders the real routes (with their guards) at a URL, inside the app's theme and toasts. */
export function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppFrame>
        <SessionExpiryHandler />
        <AppRoutes />
        <LocationProbe />
      </AppFrame>
    </MemoryRouter>,
  );
}
