/** The bell, its live link and what the notification pages share with it. */
export { NotificationBell } from "./NotificationBell";
export { refreshNotifications, useBellState, useNotificationsLive } from "./store";
export { connectLive, setEventSourceFactory, type EventSourceFactory, type EventSourceLike } from "./live";
export { STATUS_CHOICES, TYPE_CHOICES, statusOf } from "./types";
