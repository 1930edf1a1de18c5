import type { NotificationInstance } from "antd/es/notification/interface";

export type Severity = "success" | "info" | "warn" | "error";

/** The spec's lifetimes: 3 s by default and for sign-in, 5 s for other messages. */
export const TOAST_LIFE = { default: 3000, long: 5000 } as const;

let api: NotificationInstance | null = null;

/** antd's notifications need its App context to follow the theme; the shell hands it over here. */
export function bindToasts(instance: NotificationInstance | null): void {
  api = instance;
}

/** On a phone a toast at the top would lie over the header and the page title: it rises from the bottom there. */
function placement(): "topRight" | "bottom" {
  return window.matchMedia?.("(max-width: 767.98px)").matches ? "bottom" : "topRight";
}

/** The spec's toast helper: severity, summary, detail, life in milliseconds. */
export function toast(severity: Severity, summary: string, detail?: string, life: number = TOAST_LIFE.default, key?: string): void {
  if (!api) return;
  const type = severity === "warn" ? "warning" : severity;
  api[type]({ key, message: summary, description: detail, duration: life / 1000, placement: placement() });
}

export function closeToast(key: string): void {
  api?.destroy(key);
}
