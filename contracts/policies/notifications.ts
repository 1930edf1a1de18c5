import { definePolicy } from "./core";

/**
 * One's own notifications: every signed-in person reads and tidies their
 * own. Nobody opens anyone else's: the service looks only among the caller's,
 * so someone else's is a 404, never a 403 that would confirm it exists.
 * Telling everyone (or a role, a department) takes notifications_manage.
 */
export const notificationsPolicy = definePolicy<never>()({
  rules: {
    list: { everyone: true },
    view: { everyone: true },
    update: { everyone: true },
    delete: { everyone: true },
    broadcast: { permission: "notifications_manage" },
  },
});
