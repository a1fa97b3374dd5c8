import { sql } from 'kysely';
import { badRequest } from './errors.ts';
import { choiceGone, isForeignKeyViolation } from './references.ts';
import type { AnyDb } from './links.ts';
import { readAtOnce, rowRead } from '../db/at-once.ts';

/**
 * The address block as a map from wire field to database column. The columns are the same everywhere
 * (province_id, house_number, zip_code...); the wire keeps each screen's legacy names.
 */
export type AddressNames = Readonly<Record<string, AddressColumn>>;
export type AddressColumn =
  | 'unit_number'
  | 'house_number'
  | 'street_name'
  | 'building_name'
  | 'floor'
  | 'province_id'
  | 'town_id'
  | 'barangay_id'
  | 'subdivision_id'
  | 'zip_code';

const common = {
  unit_number: 'unit_number',
  street_name: 'street_name',
  town_id: 'town_id',
  barangay_id: 'barangay_id',
  subdivision_id: 'subdivision_id',
} as const;

const building = {
  ...common,
  house_number: 'house_number',
  building_name: 'building_name',
  floor: 'floor',
  zip_code: 'zip_code',
} as const;

/** What the user form's 'same as agency' copies: the columns under their own names. */
export const PLAIN_ADDRESS: AddressNames = { ...building, province_id: 'province_id' };

/** Agencies, brokers and associations: the province is `address_province_id` (`province_id` is the operating list). */
export const ORGANISATION_ADDRESS: AddressNames = { ...building, address_province_id: 'province_id' };

/** Sellers: `house_no` and `zipcode`, no building or floor. */
export const SELLER_ADDRESS: AddressNames = {
  ...common,
  house_no: 'house_number',
  province_id: 'province_id',
  zipcode: 'zip_code',
};

/** The columns to store, from a request under the given names. */
export const addressValues = (names: AddressNames, input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(names).map(([field, column]) => [column, input[field] ?? null]));

/** The address of the row at `alias`, selected under the given wire names. */
export const selectAddress = (names: AddressNames, alias: string) =>
  Object.entries(names).map(([field, column]) => sql.ref(`${alias}.${column}`).as(field));

/** Each place must exist and lie in the chosen parent (a town in the province...). */
const PLACES = [
  { column: 'province_id', table: 'provinces', label: 'province', parents: [] },
  { column: 'town_id', table: 'towns', label: 'town', parents: ['province_id'] },
  { column: 'barangay_id', table: 'barangays', label: 'barangay', parents: ['town_id'] },
  {
    column: 'subdivision_id',
    table: 'subdivisions',
    label: 'subdivision',
    parents: ['town_id', 'barangay_id'],
  },
] as const;
const labelOf = (column: string) => PLACES.find((p) => p.column === column)!.label;

/**
 * The reads checkAddress makes (readAtOnce): each chosen place with its parents, as JSON, under its
 * column; null where no place is chosen.
 */
export const addressReads = (values: Record<string, unknown>) =>
  Object.fromEntries(
    PLACES.map((place) => [
      place.column,
      values[place.column]
        ? rowRead(sql`SELECT ${sql.join([...place.parents, place.column].map((c) => sql.ref(c)))}
          FROM ${sql.table(place.table)} WHERE ${sql.ref(place.column)} = ${values[place.column]}`)
        : null,
    ]),
  );

/** The 400 on a place's wire field (`names`), saying `message`. */
function placeRefusal(names: AddressNames, column: string, message: string) {
  const field = Object.keys(names).find((f) => names[f] === column) ?? column;
  return badRequest(`${field}: ${message}`, { [field]: message });
}

/** 400 on the wire field when a chosen place is unknown or outside the chosen parent, from addressReads. */
export function assertAddress(
  names: AddressNames,
  values: Record<string, unknown>,
  found: Record<string, unknown>,
) {
  const fail = (column: string, message: string) => {
    throw placeRefusal(names, column, message);
  };
  for (const place of PLACES.filter((p) => values[p.column])) {
    const row = found[place.column] as Record<string, number | null> | null;
    if (!row) fail(place.column, `Unknown ${place.label}`);
    for (const parent of place.parents) {
      const choice = values[parent];
      if (choice && row![parent] !== null && row![parent] !== choice) {
        fail(place.column, `The ${place.label} is not in the chosen ${labelOf(parent)}`);
      }
    }
  }
}

/** 400 on the wire field when a chosen place is unknown or outside the chosen parent (one statement). */
export const checkAddress = async (db: AnyDb, names: AddressNames, values: Record<string, unknown>) =>
  assertAddress(names, values, await readAtOnce(db, addressReads(values)));

/**
 * A place deleted after the check and before the write of a `table` row naming it, which the row's
 * foreign key (`<table>_<column>_fkey`) refuses: answered as assertAddress answers a place not there,
 * 'Unknown barangay' on its wire field. Undefined for any other error.
 */
function placeGone(names: AddressNames, table: string, error: unknown) {
  const { constraint } = error as { constraint?: string };
  const place = isForeignKeyViolation(error)
    ? PLACES.find((p) => constraint === `${table}_${p.column}_fkey`)
    : undefined;
  return place && placeRefusal(names, place.column, `Unknown ${place.label}`);
}

/**
 * The error of a save of a `table` row with an address under `names`, as the client should read it: a
 * place deleted meanwhile as placeGone answers it ('barangay_id: Unknown barangay'), any other record
 * it chose as choiceGone ('A chosen record no longer exists'); any other error as it is.
 */
export const addressSaveError = (names: AddressNames, table: string, error: unknown) =>
  placeGone(names, table, error) ?? choiceGone(error);
