import type { NotificationProvider } from "@refinedev/core";
import { closeToast, toast, TOAST_LIFE } from "../lib/toast";

/** Sign-in messages live 3 s, the spec's default; everything else 5 s. */
const SHORT_LIVED = new Set(["login-error", "login-success"]);

export const notificationProvider: NotificationProvider = {
  open: ({ key, type, message, description }) => {
    const life = key && SHORT_LIVED.has(key) ? TOAST_LIFE.default : TOAST_LIFE.long;
    toast(type === "error" ? "error" : type === "progress" ? "info" : "success", message, description, life, key);
  },
  close: (key) => closeToast(key),
};
