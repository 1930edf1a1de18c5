import "@testing-library/jest-dom/vitest";
import { cleanup, configure, getConfig, prettyDOM } from "@testing-library/react";
import * as React from "react";
import { afterEach, beforeAll, vi } from "vitest";
import { localLogout } from "../../src/auth/store";
import { loadSignedInMessages, setupI18n } from "../../src/i18n/setup";
import { injectEachStyleOnce, keepBuiltStylesBetweenTests, keepOnlyObservableStyleRules, listHeadChildrenCheaply } from "./antd-styles";
import { findLabelControlsById } from "./label-lookup";

// jsdom lacks what antd measures with. The tests' "system" asks for reduced motion, as some people's do:
// the app then shows dialogs and menus without animating, so a click never lands on one still fading out
// (rc-motion waits in jsdom for an animation end that never comes). Width queries (antd's breakpoints)
// are answered for window.innerWidth: 1024 unless a test narrows it to a phone's.
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
function widthMatches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/g)];
  return conditions.length > 0 && conditions.every(([, bound, px]) => (bound === "min" ? window.innerWidth >= Number(px) : window.innerWidth <= Number(px)));
}
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: query === REDUCED_MOTION || widthMatches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
// jsdom lays nothing out, so has nothing to scroll: the menu's "keep the current entry in view" does nothing here.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Testing Library asks for pseudo-elements jsdom does not implement: answer with the element's own style.
// Workers run many files in one window (isolate: false): wrap jsdom's function once, not once per file.
const jsdomComputedStyle = window.getComputedStyle as typeof window.getComputedStyle & { jsdom?: typeof window.getComputedStyle };
const computed = jsdomComputedStyle.jsdom ?? jsdomComputedStyle;
window.getComputedStyle = Object.assign((element: Element) => computed(element), { jsdom: computed });
keepOnlyObservableStyleRules();
listHeadChildrenCheaply();
keepBuiltStylesBetweenTests();
injectEachStyleOnce();
findLabelControlsById();

// React's development build captures a stack trace (an Error) and a console task for each of the first
// 10,000 elements of every render, for its devtools' "owner stacks". Tests never read them, and the
// captures were a tenth of the UI suite's time: report the budget as spent. The component stacks in
// React's warnings come from the fibers and stay.
const reactInternals = (React as unknown as Record<string, Record<string, unknown>>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, "recentlyCreatedOwnerStacks", { get: () => 1e4, set: () => {}, configurable: true });

beforeAll(async () => {
  await setupI18n("en");
  // Pages tested on their own skip the signed-in shell that would load these.
  await loadSignedInMessages();
});

// The sign-in page fetches the app behind it while idle (a browser's business, measured end to end): here that
// would load the whole signed-in app from a timer of whichever test showed the sign-in page, into later tests.
vi.mock("../../src/routing/preloadSignedIn", () => ({ preloadSignedIn: () => undefined }));

// The fake server answers at once: the second between the app's asks about a job under way is only waiting here
// (3 s of the backups card's test). Each ask still happens, in the same order, a fifth of a second apart.
vi.mock("../../src/components/jobs/useJob", async (importOriginal) => {
  const jobs = await importOriginal<typeof import("../../src/components/jobs/useJob")>();
  const pollMs = 200;
  return { ...jobs, JOB_POLL_MS: pollMs, useJob: (id: number | null | undefined, intervalMs = pollMs) => jobs.useJob(id, intervalMs) };
});

// Download tests stand in for these; each test starts with the window's own.
const urlFunctions = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

const DESKTOP_WIDTH = window.innerWidth;

afterEach(() => {
  cleanup();
  window.innerWidth = DESKTOP_WIDTH;
  localStorage.clear();
  // The session lives in a module: each test starts signed out.
  localLogout();
  // Nothing a test faked outlives it, even when it failed before putting things back.
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.assign(URL, urlFunctions);
});

// Screens are lazy chunks: the first render of each in a worker includes its import (and antd building
// its styles), seconds on a busy machine; a test that ran first in its worker timed out at 5 s.
configure({ asyncUtilTimeout: 15_000 });

// A query that finds nothing prints the page into its error. findBy* and waitFor retry a query every 50 ms
// and throw away each error but the last: printing the page for each was 3 % of the UI suite. The page is
// printed when the message is first read (a failure reported, a toThrow matched), as it is at that moment.
configure({
  getElementError(message, container) {
    const error = new Error(message ?? "");
    error.name = "TestingLibraryElementError";
    let full: string | undefined;
    Object.defineProperty(error, "message", {
      configurable: true,
      get: () => (full ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`].filter(Boolean).join("\n\n")),
      set: (value: string) => void (full = value),
    });
    return error;
  },
});
