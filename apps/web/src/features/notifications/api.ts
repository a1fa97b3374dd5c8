import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationApi,
  type Notification,
  type NotificationStatus,
  type PostCall,
  type RequestOf,
} from '@app/contract';
import { apiPost, showServerMessage } from '../../lib/api.ts';
import { refreshNotifications, unreadKey, type UnreadNotifications } from '../../lib/notifications.ts';
import { ADD_USER_PATH, HOME } from '../../lib/paths.ts';

export const NOTIFICATION_LIST_PATH = `${HOME}/notification/notification-list`;

/** Hidden on screen, read by screen readers. */
export const SR_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Where a notification leads: the record it concerns, else the notification list. */
export function notificationPath(n: Pick<Notification, 'entity' | 'entity_id'>): string {
  if (n.entity_id !== null) {
    if (n.entity === 'property') return `${HOME}/Property/add-property?id=${n.entity_id}`;
    if (n.entity === 'user') return `${ADD_USER_PATH}?userId=${n.entity_id}`;
    if (n.entity === 'broker') return `${HOME}/Broker/add-broker/${n.entity_id}`;
  }
  return NOTIFICATION_LIST_PATH;
}

/**
 * Marks a notification read (Inactive) or unread (Active). Marking read takes it off the bell at
 * once; the bell and the lists are reloaded after. `announce` shows the server's message.
 */
export function useSetNotificationStatus(announce = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, status }: { notification: Notification; status: NotificationStatus }) =>
      apiPost(notificationApi.setNotificationStatus, { Id: notification.notification_id, status }),
    onMutate: ({ notification, status }) => {
      if (status !== 'Inactive' || notification.notification_status !== 'Active') return;
      queryClient.setQueryData<UnreadNotifications>(
        unreadKey,
        (old) =>
          old && {
            resultData: old.resultData.filter((n) => n.notification_id !== notification.notification_id),
            count: Math.max(0, old.count - 1),
          },
      );
    },
    onSuccess: (answer) => {
      if (announce) showServerMessage(answer);
    },
    onSettled: () => refreshNotifications(queryClient),
  });
}

/** A notification call answering `{message}` (delete, mark all read): shows it and reloads. */
export function useNotificationCall<C extends PostCall>(call: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<C>) => apiPost(call, body),
    onSuccess: showServerMessage,
    onSettled: () => refreshNotifications(queryClient),
  });
}

/** The current time, renewed every minute (for relative times). */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday', 'just now' (under a minute). */
export function relativeTime(iso: string, now: number): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}
