import {
  PROPERTY_MESSAGES,
  hasOpenPropertyLimit,
  countsAsOpen,
  ROLE,
  isAgentRole,
  manilaToday,
  propertyApi,
  propertyListQuery,
  type PropertyStatus,
} from '@app/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ListSpec } from '../lib/list/index.ts';
import { defineCall, type AnyCall } from './registry.ts';
import { narrowLookup } from '../lib/lookup.ts';
import { usersInNameOrder } from '../db/repositories/user-search-words.ts';
import { inTransaction, unsorted, type Db } from '../db/index.ts';
import {
  activeAgents,
  activeAgentsOf,
  agentFullName,
  deleteProperty,
  openListingsOf,
  findPropertyRecord,
  joinListingPage,
  listingBase,
  listingLateColumns,
  listingSearch,
  LISTING_SORT,
  propertyUpdate,
} from '../db/repositories/properties.ts';
import { historyOf, lockedPropertyRow, updateWithHistory } from '../db/repositories/property-history.ts';
import { mediaFilesOf } from '../db/repositories/property-media.ts';
import { PROPERTY_ADDRESS } from '../db/repositories/property-record.ts';
import { addressReads, addressValues, assertAddress } from '../lib/address.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { defineList } from './list-call.ts';
import { removeUnnamedMedia } from '../lib/media-removals.ts';
import { mediaStore } from '../lib/media-store/index.ts';
import { events } from '../lib/notification-events.ts';
import { propertyScope } from '../lib/property-scope.ts';
import { agencyOf } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import {
  agencyForListingQuery,
  assertOpenPlace,
  assertSellerOnLocked,
  checkChoices,
  columnsOf,
  lockedAgents,
  saveNewListing,
  savingError,
  newListing,
} from './property-save.ts';

const TAG = 'Properties';

async function readRecord(db: Db, user: SessionUser, propertyId: number) {
  const record = await findPropertyRecord(db, propertyId, propertyScope(user));
  if (!record) throw notFound('Property');
  return { ...record, history: await historyOf(db, propertyId) };
}

/** The Property List (allproperty), also counted by the home page's figures (home.ts). */
export const propertyListSpec: ListSpec<z.output<typeof propertyListQuery>> = {
  envelope: 'resultData',
  query: ({ db, user, input }) =>
    listingBase(db, propertyScope(user), {
      productCategoryId: input.product_category_id,
      status: input.status,
      rentalExpiresWithin: input.rental_expires_within,
      ownOpenOf: input.own_open ? user.user_id : undefined,
      sellerId: input.seller_id,
      agencyId: input.agency_id,
      brokerId: input.broker_id,
      today: manilaToday(),
    }),
  sort: LISTING_SORT,
  search: listingSearch,
  tieBreaker: 'p.property_id',
  // The old admin client fills its edit form from this row (decision 35): the card and the whole
  // record, for the rows of the page only.
  late: { idField: 'id', join: joinListingPage, columns: listingLateColumns },
  export: {
    title: 'Properties',
    columns: [
      { key: 'id', header: 'ID', type: 'number', width: 8 },
      { key: 'property_name', header: 'Name' },
      { key: 'property_headline', header: 'Headline' },
      { key: 'status', header: 'Status', width: 12 },
      { key: 'agent_name', header: 'Agent' },
      { key: 'agent_phone_1', header: 'Agent Phone', width: 16 },
      { key: 'price', header: 'Price', type: 'number', width: 16 },
      { key: 'date_first_added', header: 'Date Added', type: 'date' },
    ],
  },
};

export const propertyCalls: AnyCall[] = [
  defineList(propertyApi.allproperty, {
    access: 'Property List',
    tag: TAG,
    summary:
      'Property cards in your scope, each with the whole record as GetPropertyById names it (old clients fill the edit form from the row), paged, newest first (search over name and headline; product_category_id, status, rental_expires_within, own_open, seller_id, agency_id and broker_id filter)',
    list: propertyListSpec,
  }),

  defineCall(propertyApi.GetPropertyById, {
    access: ['Edit Property', 'Property List', 'Property Image'],
    tag: TAG,
    summary:
      'One property in your scope for its form: resultData is [record under the wire names, with history]',
    handle: async ({ db, input, user }) => ({ resultData: [await readRecord(db, user, input.id)] }),
  }),

  defineCall(propertyApi.saveproperty, {
    create: true,
    access: 'Add Property',
    tag: TAG,
    summary: 'Add a property owned by you (user_id/created_by are ignored); your open property limit applies',
    async handle({ db, input, user }) {
      const listing = await newListing(db, user, input, manilaToday());
      try {
        await saveNewListing(db, user, listing, input.property_name);
      } catch (error) {
        throw savingError(error);
      }
      return { message: 'Property saved successfully' };
    },
  }),

  defineCall(propertyApi.updateproperty, {
    access: 'Edit Property',
    tag: TAG,
    summary:
      'Change a property in your scope; status dates and the modification history are kept by the server',
    async handle({ db, input, user }) {
      const today = manilaToday();
      const address = addressValues(PROPERTY_ADDRESS, input);
      const { sellerId, found } = await checkChoices(db, user, input, today, addressReads(address), input.id);
      assertAddress(PROPERTY_ADDRESS, address, found);
      const agentId = input.agent_id ?? (isAgentRole(user.role_id) ? user.user_id : null);
      try {
        await inTransaction(db, async (trx) => {
          const before = await lockedPropertyRow(trx, input.id, propertyScope(user));
          // Deleted, or given out of the user's scope, while this waited for its lock.
          if (!before) throw notFound('Property');
          await assertSellerOnLocked(trx, user, sellerId, before);
          const oldStatus = before.status as PropertyStatus;
          const status = input.status ?? oldStatus;
          const changed = status !== oldStatus;
          // Reopening takes a place like a new listing does (issue 18: archive, create, reopen).
          if (!countsAsOpen(oldStatus) && countsAsOpen(status))
            await assertOpenPlace(trx, before.user_id as number);
          const by = { userId: user.user_id, operator: user.role_id === ROLE.Operator };
          const update = propertyUpdate(
            trx,
            input.id,
            {
              ...columnsOf(input, true),
              ...address,
              seller_id: sellerId,
              agent_id: agentId,
              ...lockedAgents(trx, input, input.id),
              agency_id: sql`(${agencyForListingQuery(trx, before.user_id as number, agentId)})`,
              status,
              suspended_reason: status === 'Suspended' ? input.suspendedReason : null,
              active_date: input.active_date ?? (before.active_date as string | null) ?? today,
            },
            changed ? status : null,
            by,
          );
          await updateWithHistory(trx, input.id, update, user.user_id, (anyChanged) =>
            events.propertyChanged(
              user,
              input.id,
              input.property_name,
              { from: oldStatus, to: status },
              anyChanged,
            ),
          );
        });
      } catch (error) {
        throw savingError(error);
      }
      return { message: 'Property updated successfully' };
    },
  }),

  defineCall(propertyApi.deleteproperty, {
    access: 'Delete Property',
    tag: TAG,
    summary: 'Delete a Suspended property in your scope with its media, amenities and history',
    async handle({ db, config, input, user, req }) {
      const id = input.property_id;
      // Scope and status are checked under the listing's lock, as bulkDeleteProperties checks them: a
      // change while this waited is seen, and no image is added between the files read and the delete.
      const media = await inTransaction(db, async (trx) => {
        const row = await lockedPropertyRow(trx, id, propertyScope(user));
        if (!row) throw notFound('Property');
        if (row.status !== 'Suspended') throw conflict(PROPERTY_MESSAGES.deleteOnlySuspended);
        const files = await mediaFilesOf(trx, id);
        await deleteProperty(trx, id);
        return files;
      });
      // After the commit: a rolled-back delete keeps its files.
      const files = media.flatMap((m) => [m.file, m.thumbnail]);
      await removeUnnamedMedia(db, mediaStore(config), req.log, ...files);
      return { message: 'Property deleted successfully' };
    },
  }),

  defineCall(propertyApi.GetOpenPropertyLimit, {
    access: 'Add Property',
    tag: TAG,
    summary:
      'Your listings that count against your open property limit (all but Sold and Archived), the limit (null: not limited) and whether it is reached',
    async handle({ db, user }) {
      const mine = await openListingsOf(db, user.user_id);
      const limit = hasOpenPropertyLimit(mine.role_id) ? mine.open_property_limit : null;
      const open = Number(mine.open);
      return { resultData: { open, limit, reached: limit !== null && open >= limit } };
    },
  }),

  defineCall(propertyApi.allagents, {
    access: ['Add Property', 'Edit Property', 'Property List'],
    tag: 'Lookups',
    summary: 'Active Agents and Owner-Agents by name: user_id, full_name; searchText or ids narrow them',
    async handle({ db, input }) {
      const text = input?.ids?.length ? undefined : input?.searchText;
      const words = text ? await usersInNameOrder(db, text, 'asc') : undefined;
      if (!words)
        return {
          resultData: await narrowLookup(activeAgents(db), input, agentFullName, 'user_id').execute(),
        };
      // Among the users of the text's words (decision 103), in name order from their key, each once:
      // walked in name order, 'santos' at ten million listings was met after 32,000 agents (17.5 ms).
      const agents = activeAgents(db)
        .innerJoin(words.as('c'), 'c.id', 'users.user_id')
        .clearOrderBy()
        .distinctOn(['c.sort', 'c.id'])
        .orderBy('c.sort')
        .orderBy('c.id');
      const query = narrowLookup(agents, input, agentFullName, 'user_id').compile();
      return { resultData: (await inTransaction(db, (trx) => unsorted(trx, query))).rows };
    },
  }),

  defineCall(propertyApi.GetAssociatedAgencyAgents, {
    access: ['Add Property', 'Edit Property', 'Property List'],
    tag: 'Lookups',
    summary: 'Active agents of your own agency (user_id is ignored: the session decides)',
    async handle({ db, user }) {
      const agencyId = await agencyOf(db, user.user_id);
      if (agencyId === null) return { resultData: [] };
      return { resultData: await activeAgentsOf(db, agencyId) };
    },
  }),
];
