import { useEffect } from "react";
import { useResourceAccess } from "../auth/usePolicy";
import { whenIdle } from "../lib/whenIdle";
import { RESOURCES } from "../resources";

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
      // One resource's code per idle moment: the page in use keeps the processor when it needs it.
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
