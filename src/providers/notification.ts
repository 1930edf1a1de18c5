import type { NotificationProvider } from "@refinedev/core";
import { closeToast, toast, TOAST_LIFE } from "../lib/toast";

/** Refine's messages (saves, deletes, failures) are the spec's "other messages": 5 s. */
export const notificationProvider: NotificationProvider = {
  open: ({ key, type, message, description }) => {
    toast(type === "error" ? "error" : type === "progress" ? "info" : "success", message, description, TOAST_LIFE.long, key);
  },
  close: (key) => closeToast(key),
};
