import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notificationApi, UNREAD_POPUP_LIMIT, type AnswerOf, type NotificationEvent } from '@app/contract';
import { apiGet } from './api.ts';

const STREAM_URL = '/api/notifications/stream';
/** Without the event stream (an older server), the unread list is asked for this often. */
const POLL_MS = 60_000;

/** The answer of unreadNotifications: the newest unread ones (at most UNREAD_POPUP_LIMIT) and how many there are. */
export type UnreadNotifications = AnswerOf<typeof notificationApi.unreadNotifications>;

export const unreadKey = [notificationApi.unreadNotifications.name] as const;
/** The key that the notification lists' queries start with (ServerTable keys start with the list call's name). */
const listKey = [notificationApi.getNotification.name] as const;

/** The bell's data. Quiet on failure: the bell is no reason for an alert, nor (403) for signing out. */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) =>
      apiGet(notificationApi.unreadNotifications, undefined, { signal, silent: true, allowForbidden: true }),
  });
}

/** Reloads the bell and the notification lists. */
export function refreshNotifications(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: unreadKey });
  void queryClient.invalidateQueries({ queryKey: listKey });
}

/** Applies one server event to the cached bell data. */
function applyEvent(queryClient: QueryClient, event: NotificationEvent): void {
  if (event.kind === 'notification') {
    const old = queryClient.getQueryData<UnreadNotifications>(unreadKey);
    if (old) {
      const others = old.resultData.filter((n) => n.notification_id !== event.notification.notification_id);
      queryClient.setQueryData<UnreadNotifications>(unreadKey, {
        resultData: [event.notification, ...others].slice(0, UNREAD_POPUP_LIMIT),
        count: event.count,
      });
    } else {
      void queryClient.invalidateQueries({ queryKey: unreadKey });
    }
    void queryClient.invalidateQueries({ queryKey: listKey });
  } else if (event.kind === 'count') {
    queryClient.setQueryData<UnreadNotifications>(unreadKey, (old) => old && { ...old, count: event.count });
    refreshNotifications(queryClient);
  }
}

/**
 * The tab's one connection to the notification event stream (the shell mounts it while signed in):
 * new notifications and counts land in the bell's data as they happen. EventSource reconnects by
 * itself; after a reconnect the bell is reloaded so nothing sent in between is missed. When the
 * stream is refused (an older server, say), the bell is reloaded every minute instead.
 */
export function useNotificationStream(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      poll ??= setInterval(() => refreshNotifications(queryClient), POLL_MS);
    };
    if (typeof EventSource === 'undefined') {
      startPolling();
      return () => clearInterval(poll);
    }
    let opened = false;
    const source = new EventSource(STREAM_URL);
    source.onopen = () => {
      if (opened) refreshNotifications(queryClient);
      opened = true;
    };
    source.onmessage = (e: MessageEvent<string>) => {
      try {
        applyEvent(queryClient, JSON.parse(e.data) as NotificationEvent);
      } catch {
        // not an event of ours (a comment or keep-alive): ignore
      }
    };
    // CONNECTING: a dropped connection, being retried by the browser. CLOSED: refused for good.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) startPolling();
    };
    return () => {
      source.close();
      clearInterval(poll);
    };
  }, [userId, queryClient]);
}
