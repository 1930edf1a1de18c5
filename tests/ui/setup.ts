import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { localLogout } from "../../src/auth/store";
import { loadSignedInMessages, setupI18n } from "../../src/i18n/setup";

// jsdom lacks what antd measures with.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
const computed = window.getComputedStyle;
window.getComputedStyle = (element: Element) => computed(element);

beforeAll(async () => {
  await setupI18n("en");
  // Pages tested on their own skip the signed-in shell that would load these.
  await loadSignedInMessages();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The session lives in a module: each test starts signed out.
  localLogout();
});

// Screens are lazy chunks: the first render of each in a run includes its import.
configure({ asyncUtilTimeout: 5000 });
