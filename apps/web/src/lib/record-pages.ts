import type { Notification, NotificationEntity, Permission, RecordKind } from '@app/contract';
import { ADD_USER_PATH, HOME, NOTIFICATION_LIST_PATH } from './paths.ts';
import { usePermissions } from './permissions.ts';

/**
 * The page of each record a table may link to (decision 49): its path, and the permissions that open
 * it (the route's and the form's edit permission). The features' own paths are these.
 */
export const RECORD_PAGES: Record<
  RecordKind,
  { path: (id: number) => string; needs: readonly Permission[] }
> = {
  listing: {
    path: (id) => `${HOME}/Property/add-property?id=${id}`,
    needs: ['Property List', 'Edit Property'],
  },
  user: { path: (id) => `${ADD_USER_PATH}?userId=${id}`, needs: ['Users', 'Edit User'] },
  seller: { path: (id) => `${HOME}/Broker/add-seller/${id}`, needs: ['Seller', 'Edit Seller'] },
  agency: { path: (id) => `${HOME}/Agency/add-agency/${id}`, needs: ['Agency', 'Edit Agency'] },
  broker: { path: (id) => `${HOME}/Broker/add-broker/${id}`, needs: ['Broker', 'Edit Broker'] },
  association: {
    path: (id) => `${HOME}/Broker/add-broker-association/${id}`,
    needs: ['Broker Association', 'Edit Broker Association'],
  },
};

/** The record each kind of notification concerns. */
const NOTIFIED: Record<NotificationEntity, RecordKind> = {
  property: 'listing',
  user: 'user',
  broker: 'broker',
};

/**
 * Where a notification leads: the page of the record it concerns when the viewer may open it, else the
 * notification list. An Agent told that their brokers changed may not open the user form, and a
 * broker's agents may not open the broker's.
 */
export function useNotificationPath() {
  const { has } = usePermissions();
  return (n: Pick<Notification, 'entity' | 'entity_id'>) => {
    const page = n.entity === null ? undefined : RECORD_PAGES[NOTIFIED[n.entity]];
    return page && n.entity_id !== null && page.needs.every(has)
      ? page.path(n.entity_id)
      : NOTIFICATION_LIST_PATH;
  };
}
