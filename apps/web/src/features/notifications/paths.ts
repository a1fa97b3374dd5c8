import type { Notification } from '@app/contract';
import { ADD_USER_PATH, HOME } from '../../lib/paths.ts';

export const NOTIFICATION_LIST_PATH = `${HOME}/notification/notification-list`;

/** Where a notification leads: the record it concerns, else the notification list. */
export function notificationPath(n: Pick<Notification, 'entity' | 'entity_id'>): string {
  if (n.entity_id !== null) {
    if (n.entity === 'property') return `${HOME}/Property/add-property?id=${n.entity_id}`;
    if (n.entity === 'user') return `${ADD_USER_PATH}?userId=${n.entity_id}`;
    if (n.entity === 'broker') return `${HOME}/Broker/add-broker/${n.entity_id}`;
  }
  return NOTIFICATION_LIST_PATH;
}
