import { notificationApi, UNREAD_POPUP_LIMIT } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { notFound } from '../lib/errors.ts';
import { defineList } from './list-call.ts';
import {
  announceCount,
  notificationMatches,
  selectNotifications,
  unreadCounts,
} from '../lib/notification-reads.ts';
import { inTransaction } from '../db/index.ts';
import {
  deleteNotificationOf,
  markAllReadOf,
  setNotificationStatusOf,
} from '../db/repositories/notifications.ts';

const TAG = 'Notifications';

/**
 * The signed-in user's own notifications: every call reads and changes only the caller's rows (a
 * `user_id` parameter is ignored; another user's id answers 404). Active = unread, Inactive = read.
 * Each change tells the user's open streams the new unread count (lib/notification-hub.ts).
 */
export const notificationCalls: AnyCall[] = [
  defineCall(notificationApi.unreadNotifications, {
    access: 'signed-in',
    tag: TAG,
    summary: `Your newest ${UNREAD_POPUP_LIMIT} unread notifications (resultData) and how many are unread (count)`,
    async handle({ db, user }) {
      const [rows, counts] = await Promise.all([
        selectNotifications(db)
          .where('n.user_id', '=', user.user_id)
          .where('n.notification_status', '=', 'Active')
          .orderBy('n.created_at', 'desc')
          .orderBy('n.notification_id', 'desc')
          .limit(UNREAD_POPUP_LIMIT)
          .execute(),
        unreadCounts(db, [user.user_id]),
      ]);
      return { resultData: rows, count: counts.get(user.user_id) ?? 0 };
    },
  }),

  defineList(notificationApi.getNotification, {
    access: 'Notification',
    tag: TAG,
    summary: 'Your notifications, paged, newest first (search over type and subject)',
    list: {
      envelope: 'resultData',
      query: ({ db, user }) => selectNotifications(db).where('n.user_id', '=', user.user_id),
      sort: {
        created_at: 'n.created_at',
        notification_type: 'n.notification_type',
        notification_subject: 'n.notification_subject',
        notification_status: 'n.notification_status',
        notification_id: 'n.notification_id',
      },
      search: notificationMatches,
      tieBreaker: 'n.notification_id',
      export: {
        title: 'Notifications',
        columns: [
          { key: 'notification_id', header: 'ID', type: 'number', width: 10 },
          { key: 'notification_type', header: 'Type', width: 40 },
          { key: 'notification_subject', header: 'Subject', width: 70 },
          {
            key: 'notification_status',
            header: 'Status',
            width: 10,
            labels: { Active: 'Unread', Inactive: 'Read' },
          },
          { key: 'created_at', header: 'Date', type: 'datetime' },
        ],
      },
    },
  }),

  defineCall(notificationApi.deleteNotification, {
    access: 'Delete Notification',
    tag: TAG,
    summary: 'Delete one of your notifications {Id}',
    async handle({ db, input, user }) {
      await inTransaction(db, async (trx) => {
        if (!(await deleteNotificationOf(trx, user.user_id, String(input.Id)))) {
          throw notFound('Notification');
        }
        await announceCount(trx, user.user_id);
      });
      return { message: 'Notification deleted successfully' };
    },
  }),

  defineCall(notificationApi.setNotificationStatus, {
    access: 'Notification',
    tag: TAG,
    summary: 'Mark one of your notifications read (status Inactive) or unread (Active) {Id, status}',
    async handle({ db, input, user }) {
      await inTransaction(db, async (trx) => {
        if (!(await setNotificationStatusOf(trx, user.user_id, String(input.Id), input.status))) {
          throw notFound('Notification');
        }
        await announceCount(trx, user.user_id);
      });
      return {
        message:
          input.status === 'Inactive' ? 'Notification marked as read' : 'Notification marked as unread',
      };
    },
  }),

  defineCall(notificationApi.markAllNotificationsRead, {
    access: 'Notification',
    tag: TAG,
    summary: 'Mark all your notifications read; count is how many were unread',
    async handle({ db, user }) {
      const count = await inTransaction(db, async (trx) => {
        const changed = await markAllReadOf(trx, user.user_id);
        await announceCount(trx, user.user_id);
        return changed;
      });
      return { message: 'All notifications marked as read', count };
    },
  }),
];
