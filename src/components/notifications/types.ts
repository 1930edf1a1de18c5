import { NOTIFICATION_STATUSES, type NotificationRecord, type NotificationStatus } from "../../../contracts/notifications";
import { NOTIFICATION_TYPES } from "../../../contracts/notification-types";
import type { Choice } from "../list";

/** Each type with its short name ("Password changed", "Announcement"); a type added later shows as it is named. */
export const TYPE_CHOICES: readonly Choice[] = NOTIFICATION_TYPES.map((type) => ({ value: type, labelKey: `notificationsUi.types.${type}` }));

export const STATUS_CHOICES: readonly Choice[] = NOTIFICATION_STATUSES.map((status) => ({ value: status, labelKey: `notificationsUi.statuses.${status}` }));

/** Archived, read or unread, as the API's status filter counts them. */
export function statusOf(notification: Pick<NotificationRecord, "read_at" | "archived_at">): NotificationStatus {
  return notification.archived_at ? "archived" : notification.read_at ? "read" : "unread";
}
