import { sql, type Expression, type SqlBool } from 'kysely';
import { LOOKUP_MATCHES } from '@app/contract';
import type { Db } from '../index.ts';
import { escapeLike } from '../like.ts';

/**
 * Sellers (`s`) that `scope` lets through, with their agency's name (a seller has at most one: no
 * repeated rows; one without an agency is still listed).
 */
export const sellersInScope = (db: Db, scope: Expression<SqlBool>) =>
  db
    .selectFrom('sellers as s')
    .leftJoin('agencies as a', 'a.agency_id', 's.agency_id')
    .select([
      's.seller_id',
      's.seller_name',
      's.property_owner_name',
      's.agency_id',
      'a.agency_name',
      's.phone_1',
      's.email_address',
    ])
    .where(scope);

/** The seller as its form loads it, if `scope` lets it through. */
export const findSeller = (db: Db, scope: Expression<SqlBool>, sellerId: number) =>
  sellersInScope(db, scope)
    .select([
      's.phone_2',
      's.notes_about_seller',
      's.created_by',
      's.updated_by',
      // SELLER_ADDRESS's columns under its names, named here so that the record is typed.
      's.unit_number',
      's.street_name',
      's.town_id',
      's.barangay_id',
      's.subdivision_id',
      's.house_number as house_no',
      's.province_id',
      's.zip_code as zipcode',
    ])
    .where('s.seller_id', '=', sellerId)
    .executeTakeFirst();

/** The sellers `scope` lets through, by name, for a lookup to narrow. */
export const sellerNamesInScope = (db: Db, scope: Expression<SqlBool>) =>
  db
    .selectFrom('sellers as s')
    .select(['s.seller_id', 's.seller_name'])
    .where(scope)
    .orderBy('s.seller_name')
    .orderBy('s.seller_id');

/** How many names in order a seller lookup's search reads before it leaves the search to the trigrams. */
const NAMES_WALKED = 30_000;

/**
 * Of the first NAMES_WALKED names in order that `scope` lets through, the first LOOKUP_MATCHES whose
 * names hold `text` (as ILIKE finds it), matched against the lowercased copy their index holds
 * (decision 117, migration 0054): a text of many sellers ('seller 12') is found there in a few
 * milliseconds, where ILIKE lowercases every name it reads. Fewer than LOOKUP_MATCHES: the search is
 * left to the lookup's own (lib/lookup.ts), which the planner answers from the trigrams.
 */
export const sellerNamesHoldingAmongFirst = (db: Db, scope: Expression<SqlBool>, text: string) =>
  db
    .selectFrom(
      sellerNamesInScope(db, scope)
        .select(sql<string>`lower(s.seller_name)`.as('folded'))
        .limit(NAMES_WALKED)
        .as('w'),
    )
    .select(['w.seller_id', 'w.seller_name'])
    .where(sql<SqlBool>`w.folded LIKE lower(${`%${escapeLike(text)}%`})`)
    .orderBy('w.seller_name')
    .orderBy('w.seller_id')
    .limit(LOOKUP_MATCHES)
    .execute();
