import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { LOOKUP_MATCHES, MESSAGES, isAgentRole, seesAllAgencies, sellerApi } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { narrowLookup } from '../lib/lookup.ts';
import type { Db } from '../db/index.ts';
import * as sellers from '../db/repositories/sellers.ts';
import { SELLER_ADDRESS } from '../lib/address.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { assertExist } from '../lib/links.ts';
import { defineList } from './list-call.ts';
import { writeRecord, type RecordSpec } from '../lib/records.ts';
import { deleteUnused } from '../lib/references.ts';
import { propertyScope } from '../lib/property-scope.ts';
import { agencyOf, sellerScope } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';

const spec: RecordSpec = {
  entity: 'Seller',
  table: 'sellers',
  idColumn: 'seller_id',
  address: SELLER_ADDRESS,
};
const TAG = 'Sellers';

async function findSeller(db: Db, user: SessionUser, sellerId: number) {
  const seller = await sellers.findSeller(db, sellerScope(user), sellerId);
  if (!seller) throw notFound('Seller');
  return seller;
}

/**
 * The seller's agency: chosen by those who see every agency (and then required), the user's own for an
 * Agent or Owner-Agent (whatever was sent); undefined for anyone else, whose seller keeps the agency it
 * has (none for a new seller).
 */
async function agencyFor(db: Db, user: SessionUser, chosen: number | null): Promise<number | undefined> {
  if (seesAllAgencies(user.role_id)) {
    if (chosen === null)
      throw badRequest(`agency_id: ${MESSAGES.required}`, { agency_id: MESSAGES.required });
    await assertExist(db, 'agencies', 'agency_id', [chosen], 'agency_id', 'agency');
    return chosen;
  }
  if (isAgentRole(user.role_id)) {
    const own = await agencyOf(db, user.user_id);
    if (own === null) throw conflict('You are not associated with an agency');
    return own;
  }
  return undefined;
}

type SellerInput = z.output<typeof sellerApi.saveSeller.input>;
const ownValues = (input: SellerInput, agencyId: number | null) => ({
  seller_name: input.seller_name,
  property_owner_name: input.property_owner_name,
  phone_1: input.phone_1,
  phone_2: input.phone_2,
  email_address: input.email_address,
  notes_about_seller: input.notes_about_seller,
  agency_id: agencyId,
});

/**
 * The sellers whose names a form may show by id: those in scope, and the sellers of listings the user
 * sees, which an edit keeps although another agency's (decision 90).
 */
const namedSellerScope = (user: SessionUser) =>
  sql<SqlBool>`(${sellerScope(user)} OR EXISTS (SELECT 1 FROM properties p
    WHERE p.seller_id = s.seller_id AND ${propertyScope(user)}))`;

export const sellerCalls: AnyCall[] = [
  defineList(sellerApi.GetSeller, {
    access: ['Seller', 'Add Seller', 'Edit Seller'],
    tag: TAG,
    summary:
      'Sellers in your scope, paged (search over name, owner, agency, phone, e-mail; agency_id filters)',
    list: {
      envelope: 'resultData',
      query: ({ db, user, input }) => {
        const inScope = sellers.sellersInScope(db, sellerScope(user));
        return typeof input.agency_id === 'number'
          ? inScope.where('s.agency_id', '=', input.agency_id)
          : inScope;
      },
      sort: {
        seller_name: 's.seller_name',
        seller_id: 's.seller_id',
        property_owner_name: 's.property_owner_name',
        agency_name: 'a.agency_name',
        phone_1: 's.phone_1',
        email_address: 's.email_address',
      },
      // The agency's name through its own index, so the search is one BitmapOr over the sellers.
      search: (pattern) =>
        sql<SqlBool>`(s.seller_name ILIKE ${pattern} OR s.property_owner_name ILIKE ${pattern}
          OR s.phone_1 ILIKE ${pattern} OR s.email_address ILIKE ${pattern}
          OR s.agency_id = ANY (ARRAY(SELECT agency_id FROM agencies WHERE agency_name ILIKE ${pattern})))`,
      sortMatches: true,
      tieBreaker: 's.seller_id',
      export: {
        title: 'Seller',
        columns: [
          { key: 'seller_id', header: 'ID', type: 'number', width: 8 },
          { key: 'seller_name', header: 'Name' },
          { key: 'property_owner_name', header: 'Owner Name' },
          { key: 'agency_name', header: 'Agency' },
          { key: 'phone_1', header: 'Phone', width: 16 },
          { key: 'email_address', header: 'Email' },
        ],
      },
    },
  }),

  defineCall(sellerApi.getSellerById, {
    access: ['Seller', 'Add Seller', 'Edit Seller'],
    tag: TAG,
    summary:
      'One seller in your scope for its form: resultData is [record] (house_no, zipcode, province_id…)',
    handle: async ({ db, input, user }) => ({ resultData: [await findSeller(db, user, input.seller_id)] }),
  }),

  defineCall(sellerApi.saveSeller, {
    create: true,
    access: 'Add Seller',
    tag: TAG,
    summary:
      'Add a seller; Super Admin, Admin and Operator choose its agency, an Agent’s seller is of their agency',
    async handle({ db, input, user }) {
      const agencyId = (await agencyFor(db, user, input.agency_id)) ?? null;
      await writeRecord(db, spec, input, {
        ...ownValues(input, agencyId),
        created_by: user.user_id,
        updated_by: user.user_id,
      });
      return { message: 'Seller saved successfully' };
    },
  }),

  defineCall(sellerApi.updateSeller, {
    access: 'Edit Seller',
    tag: TAG,
    summary: 'Change a seller in your scope',
    async handle({ db, input, user }) {
      // The scope and the agency are judged on the seller as it is once locked, and in the same
      // transaction as the user's own agency, not as earlier reads found them: another save may have
      // moved either meanwhile (decision 79).
      await writeRecord(
        db,
        spec,
        input,
        async (current, trx) => {
          if (!(await sellers.findSeller(trx, sellerScope(user), input.seller_id))) throw notFound('Seller');
          const agencyId = await agencyFor(trx, user, input.agency_id);
          return {
            ...ownValues(input, agencyId ?? (current.agency_id as number | null)),
            updated_by: user.user_id,
          };
        },
        input.seller_id,
      );
      return { message: 'Seller updated successfully' };
    },
  }),

  defineCall(sellerApi.deleteSeller, {
    access: 'Delete Seller',
    tag: TAG,
    summary: 'Delete a seller in your scope that nothing uses (409 while it has properties)',
    async handle({ db, input, user }) {
      const current = await findSeller(db, user, input.seller_id);
      await deleteUnused(db, 'sellers', 'seller_id', current.seller_id, 'Seller', current.seller_name);
      return { message: 'Seller deleted successfully' };
    },
  }),

  defineCall(sellerApi.GetSellerWithoutPagination, {
    access: 'signed-in',
    tag: 'Lookups',
    summary:
      'Sellers in your scope by name (user_id is ignored: the session decides); searchText or ids narrow them (ids also name the sellers of listings you see)',
    handle: async ({ db, user, input }) => {
      if (input?.searchText !== undefined && !input.ids?.length) {
        const walked = await sellers.sellerNamesHoldingAmongFirst(db, sellerScope(user), input.searchText);
        if (walked.length === LOOKUP_MATCHES) return { resultData: walked };
      }
      const scope = input?.ids?.length ? namedSellerScope(user) : sellerScope(user);
      return {
        resultData: await narrowLookup(
          sellers.sellerNamesInScope(db, scope),
          input,
          sql.ref('s.seller_name'),
          's.seller_id',
        ).execute(),
      };
    },
  }),
];
