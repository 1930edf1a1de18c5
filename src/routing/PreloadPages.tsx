import { useEffect } from "react";
import { useResourceAccess } from "../auth/usePolicy";
import { RESOURCES } from "../resources";

/** One resource's code per idle moment: the page in use keeps the processor when it needs it. */
const whenIdle = (work: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
};

/** The page that opened first has its data and code to fetch first: the rest waits this long. */
const AFTER_MS = 3_000;

/**
 * Fetches the code of every page the reader may open from the menu while the
 * browser is idle, so that moving to one waits for its data only.
 */
export function PreloadPages() {
  const allowed = useResourceAccess();
  useEffect(() => {
    const waiting = RESOURCES.filter((resource) => allowed(resource.name, "list"));
    let cancel: () => void = () => undefined;
    const next = () => {
      const resource = waiting.shift();
      if (!resource) return;
      void resource.pages().catch(() => undefined);
      cancel = whenIdle(next);
    };
    const start = window.setTimeout(() => (cancel = whenIdle(next)), AFTER_MS);
    return () => {
      window.clearTimeout(start);
      cancel();
    };
  }, [allowed]);
  return null;
}
