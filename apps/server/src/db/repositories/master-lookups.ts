import { sql } from 'kysely';
import type { z } from 'zod';
import {
  adjacentBarangayRow,
  adjacentSubdivisionRow,
  adjacentTownRow,
  barangayForSubdivisionRow,
  barangayLookupRow,
  subdivisionLookupRow,
  townLookupRow,
  type DwellingRow,
} from '@app/contract';
import type { Db } from '../index.ts';
import { untyped } from './masters.ts';

/**
 * The active records of a master table as the declared lookup row: its columns, in its order. The
 * master tables are not in the typed schema, so the row's type is the declaration's.
 */
const activeNamed = <R extends z.ZodObject>(db: Db, table: string, row: R, order: string) =>
  untyped(db)
    .selectFrom(table)
    .select(Object.keys(row.shape))
    .where('status', '=', 'Active')
    .orderBy(order)
    .$castTo<z.output<R>>();

/** The active towns of a province, or all of them. */
export function activeTowns(db: Db, provinceId: number | undefined) {
  let q = activeNamed(db, 'towns', townLookupRow, 'town_name');
  if (provinceId) q = q.where('province_id', '=', provinceId);
  return q.execute();
}

export const activeBarangays = (db: Db, townId: number) =>
  activeNamed(db, 'barangays', barangayLookupRow, 'barangay_name').where('town_id', '=', townId).execute();

/** The active subdivisions of a barangay, of a town, or of both. */
export function activeSubdivisions(db: Db, barangayId: number | undefined, townId: number | undefined) {
  let q = activeNamed(db, 'subdivisions', subdivisionLookupRow, 'subdivision_name');
  if (barangayId) q = q.where('barangay_id', '=', barangayId);
  if (townId) q = q.where('town_id', '=', townId);
  return q.execute();
}

/** The province's active towns but `townId`. */
export function townsThatMayBorder(db: Db, provinceId: number, townId: number | undefined) {
  let q = activeNamed(db, 'towns', adjacentTownRow, 'town_name').where('province_id', '=', provinceId);
  if (townId) q = q.where('town_id', '!=', townId);
  return q.execute();
}

export const barangaysForSubdivision = (db: Db, townId: number) =>
  activeNamed(db, 'barangays', barangayForSubdivisionRow, 'barangay_name')
    .where('town_id', '=', townId)
    .execute();

/** The town's active barangays but `barangayId`. */
export function barangaysThatMayBorder(db: Db, townId: number, barangayId: number | undefined) {
  let q = activeNamed(db, 'barangays', adjacentBarangayRow, 'barangay_name').where('town_id', '=', townId);
  if (barangayId) q = q.where('barangay_id', '!=', barangayId);
  return q.execute();
}

export const subdivisionsThatMayBorder = (db: Db, townId: number) =>
  activeNamed(db, 'subdivisions', adjacentSubdivisionRow, 'subdivision_name')
    .where('town_id', '=', townId)
    .execute();

/** Whether the property type is a dwelling, as rows of its one column. */
export const dwellingOf = (db: Db, typeId: number) =>
  untyped(db)
    .selectFrom('property_types')
    .select('dwelling_type')
    .where('property_type_id', '=', typeId)
    .$castTo<DwellingRow>()
    .execute();

/** Whether a province has that name, in any case. */
export const provinceNamed = async (db: Db, name: string) =>
  (await db
    .selectFrom(sql`provinces`.as('p'))
    .select(sql`1`.as('one'))
    .where(sql`lower(province_name)`, '=', name.toLowerCase())
    .executeTakeFirst()) !== undefined;
