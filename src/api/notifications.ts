import type { NotificationRecord } from "../../contracts/notifications";
import { http } from "../lib/http";

/** The bell's calls (/api/notifications): its count, its recent list, "mark all as read" and the live stream's ticket. */
export const notificationsApi = {
  unreadCount: async () => (await http.get<{ data: { count: number } }>("/notifications/unread-count")).data.data.count,
  recent: async () => (await http.get<{ data: NotificationRecord[] }>("/notifications/recent")).data.data,
  markAllRead: async () => (await http.post<{ data: { updated: number }; message?: string }>("/notifications/mark-all-as-read")).data,
  /** A short-lived signed ticket for GET /api/notifications/stream: EventSource cannot send the bearer token. */
  streamTicket: async () => (await http.post<{ data: { ticket: string; expires_at: string } }>("/notifications/stream-ticket")).data.data.ticket,
};
