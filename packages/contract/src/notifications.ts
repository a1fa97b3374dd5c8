import { z } from 'zod';
import { coercedNumber, MAX_BIGINT_ID, noInput } from './common.ts';
import { listQuery } from './list-query.ts';
import { listPage, messageAnswer, timestamp } from './answers.ts';
import { declareCalls } from './calls.ts';

/**
 * Notification types with their icons (Material Design Icons names, as the legacy clients store them).
 * The first four icons are the legacy ones; the others had none recorded and were chosen to match.
 */
export const NOTIFICATION_TYPES = {
  propertyListed: { type: 'New Property Enlisted', icon: 'mdi-city' },
  userCreated: { type: 'New User Created', icon: 'mdi-account-plus' },
  propertyApproved: { type: 'Property Approved', icon: 'mdi-checkbox-marked-circle' },
  propertyDeclined: { type: 'Property Declined', icon: 'mdi-close-circle' },
  propertyStatusChanged: { type: 'Property Status Is Modified', icon: 'mdi-swap-horizontal-circle' },
  propertyDetailsChanged: { type: 'Property Details Modified', icon: 'mdi-home-edit' },
  agentBrokerChanged: { type: 'Agent Details - A Broker Is Modified', icon: 'mdi-account-edit' },
  brokerAssociationChanged: {
    type: 'Broker Details - Broker Association Is Modified',
    icon: 'mdi-account-group',
  },
  agentSignUp: { type: 'Agent Sign Up', icon: 'mdi-account-check' },
  propertyEnquiry: { type: 'Property Enquiry', icon: 'mdi-email' },
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_TYPES;

/** Active = unread, Inactive = read (the legacy meaning). */
export const NOTIFICATION_STATUSES = ['Active', 'Inactive'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The record a notification concerns, so the bell can open it. */
export const NOTIFICATION_ENTITIES = ['property', 'user', 'broker'] as const;
export type NotificationEntity = (typeof NOTIFICATION_ENTITIES)[number];

/** A notification on the wire. */
export const notification = z.object({
  notification_id: z.number().int(),
  notification_type: z.string(),
  notification_type_icon: z.string(),
  notification_subject: z.string(),
  notification_status: z.enum(NOTIFICATION_STATUSES),
  entity: z.enum(NOTIFICATION_ENTITIES).nullable(),
  entity_id: z.number().int().nullable(),
  created_at: timestamp,
});
export type Notification = z.output<typeof notification>;

/** The bell's popup shows at most this many unread notifications (the badge counts them all). */
export const UNREAD_POPUP_LIMIT = 20;
export const NOTIFICATION_POPUP = { maxHeight: 400, cardWidth: 550 } as const;
/** Read notifications older than this are purged (setting NOTIFICATION_RETENTION_DAYS). */
export const NOTIFICATION_RETENTION_DAYS = 180;

export const notificationListQuery = listQuery(
  ['created_at', 'notification_type', 'notification_subject', 'notification_status', 'notification_id'],
  { defaultOrder: 'desc' },
);

// A bigint column: its bound first, so a huge number says 'Too large' rather than 'not a number'.
const notificationId = coercedNumber('Id must be a number', (n) =>
  n.max(MAX_BIGINT_ID, 'Too large').int('Id must be a number').positive('Id must be a number'),
);

/** unreadNotifications: the newest unread ones, and how many are unread in all. */
export const unreadNotificationsAnswer = z.object({
  resultData: z.array(notification),
  count: z.number().int(),
});
export const notificationPageAnswer = z.object({ resultData: listPage(notification) });
export const markAllReadAnswer = messageAnswer.extend({ count: z.number().int() });

export const deleteNotificationRequest = z.looseObject({ Id: notificationId });
export const setNotificationStatusRequest = z.looseObject({
  Id: notificationId,
  status: z.enum(NOTIFICATION_STATUSES, { error: 'status must be Active or Inactive' }),
});

/** The signed-in user's own notifications: the bell, the Notifications screen and their changes. */
export const notificationApi = declareCalls({
  unreadNotifications: { method: 'GET', input: noInput, response: unreadNotificationsAnswer },
  getNotification: { method: 'GET', input: notificationListQuery, response: notificationPageAnswer },
  deleteNotification: { method: 'POST', input: deleteNotificationRequest, response: messageAnswer },
  setNotificationStatus: { method: 'POST', input: setNotificationStatusRequest, response: messageAnswer },
  markAllNotificationsRead: { method: 'POST', input: noInput, response: markAllReadAnswer },
});

/** What the event stream (GET /api/notifications/stream) sends, as `data:` JSON lines. */
export type NotificationEvent =
  { kind: 'notification'; notification: Notification; count: number } | { kind: 'count'; count: number };
