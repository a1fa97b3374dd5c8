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
import { listQuery } from '../../lib/queries.ts';

/** The signed-in user's notifications (Settings > Notification); the bell's data is lib/notifications.ts. */
export const notificationListQuery = listQuery<Notification>(notificationApi.getNotification);

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
function useNotificationCall<C extends PostCall>(call: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestOf<C>) => apiPost(call, body),
    onSuccess: showServerMessage,
    onSettled: () => refreshNotifications(queryClient),
  });
}

export const useMarkAllNotificationsRead = () =>
  useNotificationCall(notificationApi.markAllNotificationsRead);
export const useDeleteNotification = () => useNotificationCall(notificationApi.deleteNotification);
