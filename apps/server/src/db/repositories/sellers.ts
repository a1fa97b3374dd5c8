import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../index.ts';

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
