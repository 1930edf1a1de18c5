/**
 * What the bell shows, shared by the header (phone or desktop) and the
 * notification pages: the unread count and the recent list. The shell's one
 * live link (useNotificationsLive) keeps it current; pages that change
 * notifications ask it to look again (refreshNotifications).
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { useInvalidate } from "@refinedev/core";
import { RECENT_COUNT, type NotificationRecord } from "../../../contracts/notifications";
import { notificationsApi } from "../../api/notifications";
import { connectLive } from "./live";

export interface BellState {
  /** Unread notifications; null until the first answer. */
  count: number | null;
  /** The latest unarchived ones, newest first; null until asked for (the bell opened). */
  recent: NotificationRecord[] | null;
  /** The recent list failed to load. */
  failed: boolean;
}

const EMPTY: BellState = { count: null, recent: null, failed: false };

let state: BellState = EMPTY;
const listeners = new Set<() => void>();

function update(change: Partial<BellState> | ((previous: BellState) => Partial<BellState>)): void {
  state = { ...state, ...(typeof change === "function" ? change(state) : change) };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useBellState(): BellState {
  return useSyncExternalStore(subscribe, () => state);
}

let refresher: (() => Promise<void>) | null = null;

/** Asks the server again for the count (and the recent list, if shown) and refreshes the notification lists. */
export function refreshNotifications(): Promise<void> {
  return refresher?.() ?? Promise.resolve();
}

/** Loads the recent list (each time the bell opens: what was read elsewhere shows as read). */
export async function loadRecent(): Promise<void> {
  try {
    const recent = await notificationsApi.recent();
    update({ recent, failed: false });
  } catch {
    update({ failed: true });
  }
}

/** After "mark all as read": nothing unread, here and in the lists. */
export function markedAllRead(at: string): void {
  update((previous) => ({ count: 0, recent: previous.recent?.map((item) => (item.read_at ? item : { ...item, read_at: at })) ?? null }));
}

/** A new one heard on the live link: at the top of the recent list, once. */
function arrived(notification: NotificationRecord): void {
  update((previous) => ({
    recent: previous.recent && [notification, ...previous.recent.filter((item) => item.id !== notification.id)].slice(0, RECENT_COUNT),
  }));
}

/**
 * The signed-in shell's one live link (mounted once, in the header): loads the
 * count, then follows the stream; each new notification also refreshes
 * Refine's notification lists. No polling: without a stream (jsdom), the
 * count changes when the app's own changes ask for it again.
 */
export function useNotificationsLive(): void {
  const invalidate = useInvalidate();
  const invalidateRef = useRef(invalidate);
  invalidateRef.current = invalidate;
  const refreshLists = useCallback(() => {
    void invalidateRef.current({ resource: "notifications", invalidates: ["list"] });
  }, []);

  useEffect(() => {
    let active = true;
    const loadCount = async () => {
      try {
        const count = await notificationsApi.unreadCount();
        if (active) update({ count });
      } catch {
        // The badge stays as it was; the failure was logged by the HTTP client.
      }
    };
    const refresh = async () => {
      refreshLists();
      await Promise.all([loadCount(), state.recent ? loadRecent() : undefined]);
    };
    refresher = refresh;
    void loadCount();
    const link = connectLive({
      getTicket: notificationsApi.streamTicket,
      lastEventId: () => state.recent?.[0]?.id ?? null,
      onNotification: (notification) => {
        arrived(notification);
        refreshLists();
      },
      onUnread: (count) => update({ count }),
      onReconnected: () => void refresh(),
    });
    return () => {
      active = false;
      link?.stop();
      if (refresher === refresh) refresher = null;
      // A new person may sign in next, in this same page.
      update(EMPTY);
    };
  }, [refreshLists]);
}
