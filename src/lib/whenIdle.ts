/** Runs `work` when the browser is idle (at the latest after `timeout`); returns the way to cancel it. */
export function whenIdle(work: () => void, timeout = 2_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}
