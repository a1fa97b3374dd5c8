import type { Permission, RecordKind } from '@app/contract';
import { ADD_USER_PATH, HOME } from './paths.ts';

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
