import { sql, type AliasedExpression, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../index.ts';

// The three tables are addressed by name from their definitions, so queries here are untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any> | Transaction<any>;
const untyped = (db: Db) => db as unknown as AnyDb;

/** Where an organisation lives: its table, its primary key and the column naming it. */
interface OrganisationTable {
  table: string;
  idColumn: string;
  nameColumn: string;
}

/** An organisation's list (`o`): each row field `key` from the column `column`. */
export const organisationList = (db: Db, table: string, columns: { key: string; column: string }[]) =>
  untyped(db)
    .selectFrom(`${table} as o`)
    .select(columns.map((c) => sql.ref(c.column).as(c.key)));

/**
 * The record of `o` with `columns` of its own and the `computed` ones (built on alias `o`), or
 * undefined when there is none.
 */
export const findOrganisation = (
  db: Db,
  { table, idColumn }: OrganisationTable,
  recordId: number,
  columns: readonly string[],
  computed: readonly AliasedExpression<unknown, string>[],
) =>
  untyped(db)
    .selectFrom(`${table} as o`)
    .select([...columns.map((c) => `o.${c}`), ...computed])
    .where(`o.${idColumn}`, '=', recordId)
    .executeTakeFirst() as Promise<Record<string, unknown> | undefined>;

/** The active organisations by name, for a lookup to narrow. */
export const activeOrganisations = (db: Db, { table, idColumn, nameColumn }: OrganisationTable) =>
  untyped(db)
    .selectFrom(table)
    .select([idColumn, nameColumn])
    .where('status', '=', 'Active')
    .orderBy(nameColumn)
    .orderBy(idColumn);

/** An agency's address: PLAIN_ADDRESS's columns, named here so that the row is typed. */
export const findAgencyAddress = (db: Db, agencyId: number) =>
  db
    .selectFrom('agencies as o')
    .select([
      'o.unit_number',
      'o.street_name',
      'o.town_id',
      'o.barangay_id',
      'o.subdivision_id',
      'o.house_number',
      'o.building_name',
      'o.floor',
      'o.zip_code',
      'o.province_id',
    ])
    .where('o.agency_id', '=', agencyId)
    .executeTakeFirst();
