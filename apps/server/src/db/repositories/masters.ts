import {
  sql,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { masterLookupColumns, type MasterDefinition } from '@app/contract';
import type { Db } from '../index.ts';
import { anyOf } from '../any-of.ts';

// Master tables are addressed by name from their definitions, so queries here are untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any> | Transaction<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;
export const untyped = (db: Db) => db as unknown as AnyDb;

/** A master record as a row of its table, by column name. */
export type MasterRow = Record<string, unknown>;

/** How the geographic masters reach their parents; `derived` row fields come from the joins. */
interface Relations {
  joins: { table: string; alias: string; on: [string, string]; optional?: boolean }[];
  derived: Record<string, string>;
  /** Search on parents' names as `fk IN (subquery)`, which trigram indexes can serve (an OR across joins cannot). */
  parentSearch?: (pattern: string) => RawBuilder<SqlBool>;
}
const townsNamed = (pattern: string) =>
  sql`SELECT t.town_id FROM towns t JOIN provinces p ON p.province_id = t.province_id
      WHERE t.town_name ILIKE ${pattern} OR p.province_name ILIKE ${pattern}`;
const RELATIONS: Record<string, Relations> = {
  town: {
    joins: [{ table: 'provinces', alias: 'p', on: ['p.province_id', 'm.province_id'] }],
    derived: { province_name: 'p.province_name' },
    parentSearch: (pattern) =>
      sql`m.province_id IN (SELECT province_id FROM provinces WHERE province_name ILIKE ${pattern})`,
  },
  barangay: {
    joins: [
      { table: 'towns', alias: 't', on: ['t.town_id', 'm.town_id'] },
      { table: 'provinces', alias: 'p', on: ['p.province_id', 't.province_id'] },
    ],
    derived: { province_id: 't.province_id', town_name: 't.town_name', province_name: 'p.province_name' },
    parentSearch: (pattern) => sql`m.town_id IN (${townsNamed(pattern)})`,
  },
  subdivision: {
    joins: [
      { table: 'towns', alias: 't', on: ['t.town_id', 'm.town_id'] },
      { table: 'provinces', alias: 'p', on: ['p.province_id', 't.province_id'] },
      { table: 'barangays', alias: 'b', on: ['b.barangay_id', 'm.barangay_id'], optional: true },
    ],
    derived: {
      province_id: 't.province_id',
      town_name: 't.town_name',
      province_name: 'p.province_name',
      barangay_name: 'b.barangay_name',
    },
    parentSearch: (pattern) =>
      sql`(m.town_id IN (${townsNamed(pattern)})
        OR m.barangay_id IN (SELECT barangay_id FROM barangays WHERE barangay_name ILIKE ${pattern}))`,
  },
};

const relationsOf = (def: MasterDefinition): Relations => RELATIONS[def.key] ?? { joins: [], derived: {} };

/** Row field → SQL expression, for every field a list row carries. */
export function columnsOf(def: MasterDefinition): Record<string, string> {
  const { derived } = relationsOf(def);
  const columns: Record<string, string> = {
    [def.idColumn]: `m.${def.idColumn}`,
    [def.statusColumn]: 'm.status',
  };
  for (const f of def.fields) columns[f.column] = derived[f.column] ?? `m.${f.column}`;
  return { ...columns, ...derived };
}

/** The table's own columns that a save writes (fields not derived through a join). */
export const ownFields = (def: MasterDefinition) =>
  def.fields.filter((f) => !(f.column in relationsOf(def).derived));

/** The list's search: the name (and zip) of the record, or its parents' names. */
export function masterSearch(def: MasterDefinition) {
  const ownSearch = [def.nameColumn, ...def.fields.filter((f) => f.input === 'zip').map((f) => f.column)];
  const parentSearch = relationsOf(def).parentSearch;
  return (pattern: string) =>
    sql<SqlBool>`(${sql.join(
      [
        ...ownSearch.map((c) => sql`${sql.ref(`m.${c}`)} ILIKE ${pattern}`),
        ...(parentSearch ? [parentSearch(pattern)] : []),
      ],
      sql` OR `,
    )})`;
}

const adjacencyTable = (def: MasterDefinition) => `${def.key}_adjacency`;
const adjacentColumn = (def: MasterDefinition) => `adjacent_${def.idColumn}`;

/**
 * The linked records of the record whose id is at `idRef`: their ids ('4,9'), their names ('East,
 * North'), and each as id, name and status by name (for the edit form: a name may hold a comma).
 */
export function adjacencyColumns(def: MasterDefinition, idRef: string) {
  const adjacency = def.adjacency!;
  const link = sql.table(adjacencyTable(def));
  const own = sql.ref(idRef);
  const other = sql.ref(`a.${adjacentColumn(def)}`);
  const mine = sql.ref(`a.${def.idColumn}`);
  const id = sql.ref(`o.${def.idColumn}`);
  const name = sql.ref(`o.${def.nameColumn}`);
  const ofLinked = sql`FROM ${link} a JOIN ${sql.table(def.table)} o ON ${id} = ${other} WHERE ${mine} = ${own}`;
  return [
    sql<string>`coalesce((SELECT string_agg(${other}::text, ',' ORDER BY ${other}) FROM ${link} a
      WHERE ${mine} = ${own}), '')`.as(adjacency.idsColumn),
    sql<string>`coalesce((SELECT string_agg(${name}, ', ' ORDER BY ${name}) ${ofLinked}), '')`.as(
      adjacency.namesColumn,
    ),
    sql<unknown[]>`coalesce((SELECT json_agg(json_build_object('id', ${id}, 'name', ${name}, 'status',
      o.status) ORDER BY ${name}, ${id}) ${ofLinked}), '[]')`.as(adjacency.chosenColumn),
  ];
}

/** The master's rows (`m`) with their parents' fields, and their adjacency unless told not to. */
export function masterListBase(def: MasterDefinition, db: Db, withAdjacency = true): AnyQuery {
  let query: AnyQuery = untyped(db).selectFrom(`${def.table} as m`);
  for (const j of relationsOf(def).joins) {
    const target = `${j.table} as ${j.alias}`;
    query = j.optional ? query.leftJoin(target, j.on[0], j.on[1]) : query.innerJoin(target, j.on[0], j.on[1]);
  }
  const columns = columnsOf(def);
  query = query.select(Object.entries(columns).map(([field, expr]) => sql.ref(expr).as(field)));
  return def.adjacency && withAdjacency ? query.select(adjacencyColumns(def, `m.${def.idColumn}`)) : query;
}

/** Every row of the master's table, for counting (its parents cannot change the count). */
export const everyMasterRow = (db: Db, def: MasterDefinition) =>
  untyped(db)
    .selectFrom(def.table)
    .select(sql`1`.as('one'));

export const findMaster = async (db: Db, def: MasterDefinition, id: number) =>
  (await masterListBase(def, db)
    .where(sql.ref(`m.${def.idColumn}`), '=', id)
    .executeTakeFirst()) as MasterRow | undefined;

/*
 * The parents and neighbours a save names are read locked (FOR KEY SHARE, as the save's foreign keys
 * will lock them): a delete under way is waited for, and then they are not found; a delete that comes
 * later waits for the save, and finds the record used.
 */

/** The province, if there is one. */
export const findProvince = (db: Db, provinceId: number) =>
  untyped(db)
    .selectFrom('provinces')
    .select('province_id')
    .where('province_id', '=', provinceId)
    .forKeyShare()
    .executeTakeFirst() as Promise<{ province_id: number } | undefined>;

/** The town's province, if there is such a town. */
export const findTown = (db: Db, townId: number) =>
  untyped(db)
    .selectFrom('towns')
    .select('province_id')
    .where('town_id', '=', townId)
    .forKeyShare()
    .executeTakeFirst() as Promise<{ province_id: number } | undefined>;

/** The barangay's town, if there is such a barangay. */
export const findBarangay = (db: Db, barangayId: number) =>
  untyped(db)
    .selectFrom('barangays')
    .select('town_id')
    .where('barangay_id', '=', barangayId)
    .forKeyShare()
    .executeTakeFirst() as Promise<{ town_id: number } | undefined>;

/** The unique index of a master's names (migration 0002 names each so). */
export const nameIndexOf = (def: MasterDefinition) => `${def.table}_name_unique`;

/**
 * A record of that name (any case), within the same parent when names are unique within one
 * (`withinValue` of `def.uniqueWithin`), other than `exceptId`.
 */
export function findMasterNamed(
  db: Db,
  def: MasterDefinition,
  name: string,
  withinValue: unknown,
  exceptId?: number,
) {
  let query = untyped(db)
    .selectFrom(def.table)
    .select(def.idColumn)
    .where(sql`lower(${sql.ref(def.nameColumn)})`, '=', name.toLowerCase());
  if (def.uniqueWithin) query = query.where(def.uniqueWithin, '=', withinValue);
  if (exceptId) query = query.where(def.idColumn, '!=', exceptId);
  return query.executeTakeFirst() as Promise<MasterRow | undefined>;
}

/** Those of `ids` that name a record of the master's table, with the parent they border within. */
export const existingNeighbours = (db: Db, def: MasterDefinition, ids: number[]) =>
  untyped(db)
    .selectFrom(def.table)
    .select([`${def.idColumn} as id`, `${def.adjacency!.within} as within`])
    .where(def.idColumn, 'in', ids)
    .orderBy(def.idColumn)
    .forKeyShare()
    .execute() as Promise<{ id: number; within: number }[]>;

/** Adjacency is symmetric: if A borders B, B borders A. Replaces the record's whole set with `others`. */
export async function replaceAdjacency(db: Db, def: MasterDefinition, id: number, others: number[]) {
  const table = adjacencyTable(def);
  const mine = def.idColumn;
  const theirs = adjacentColumn(def);
  await untyped(db)
    .deleteFrom(table)
    .where((eb) => eb.or([eb(mine, '=', id), eb(theirs, '=', id)]))
    .execute();
  if (others.length === 0) return;
  await untyped(db)
    .insertInto(table)
    .values(
      others.flatMap((o) => [
        { [mine]: id, [theirs]: o },
        { [mine]: o, [theirs]: id },
      ]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Drops the links between records under different parents (`adjacency.within`) where one of them has
 * `column` = `id`: the record itself, or a moved barangay's subdivisions, away from their old neighbours.
 * Answers how many links (counted both ways) went.
 */
export async function dropBordersAcross(db: Db, def: MasterDefinition, column: string, id: number) {
  const { within } = def.adjacency!;
  const [m, o] = [(c: string) => sql.ref(`m.${c}`), (c: string) => sql.ref(`o.${c}`)];
  const { numAffectedRows } = await sql`DELETE FROM ${sql.table(adjacencyTable(def))} a
    USING ${sql.table(def.table)} m, ${sql.table(def.table)} o
    WHERE ${m(def.idColumn)} = ${sql.ref(`a.${def.idColumn}`)}
      AND ${o(def.idColumn)} = ${sql.ref(`a.${adjacentColumn(def)}`)}
      AND ${m(within)} IS DISTINCT FROM ${o(within)}
      AND (${m(column)} = ${id} OR ${o(column)} = ${id})`.execute(db);
  return Number(numAffectedRows ?? 0);
}

/** Adds an Active record with `values` (its own columns); answers its id. */
export const insertMaster = async (db: Db, def: MasterDefinition, values: MasterRow, userId: number) => {
  const row = (await untyped(db)
    .insertInto(def.table)
    .values({ ...values, status: 'Active', created_by: userId, updated_by: userId })
    .returning(def.idColumn)
    .executeTakeFirstOrThrow()) as Record<string, number>;
  return row[def.idColumn]!;
};

export const updateMaster = (
  db: Db,
  def: MasterDefinition,
  id: number,
  values: MasterRow,
  status: string,
  userId: number,
) =>
  untyped(db)
    .updateTable(def.table)
    .set({ ...values, status, updated_at: sql`now()`, updated_by: userId })
    .where(def.idColumn, '=', id)
    .execute();

/** The active records as the master's lookup row, by name. */
export const activeMasters = (db: Db, def: MasterDefinition) =>
  untyped(db)
    .selectFrom(def.table)
    .select(masterLookupColumns(def))
    .where('status', '=', 'Active')
    .orderBy(def.nameColumn)
    .orderBy(def.idColumn)
    .execute();

/** The records of `ids` that are still there (id, name, status), locked: for a delete, against new uses too. */
export const lockMasters = (db: Db, def: MasterDefinition, ids: readonly number[], forDelete: boolean) =>
  untyped(db)
    .selectFrom(def.table)
    .select([`${def.idColumn} as id`, `${def.nameColumn} as label`, 'status'])
    .where(anyOf(def.idColumn, ids))
    .orderBy(def.idColumn)
    .$call((q) => (forDelete ? q.forUpdate() : q.forNoKeyUpdate()))
    .execute() as Promise<{ id: number; label: string; status: string }[]>;

export const setMastersStatus = (
  db: Db,
  def: MasterDefinition,
  ids: number[],
  status: string,
  userId: number,
) =>
  untyped(db)
    .updateTable(def.table)
    .set({ status, updated_at: sql`now()`, updated_by: userId })
    .where(anyOf(def.idColumn, ids))
    .execute();

export const deleteMasters = (db: Db, def: MasterDefinition, ids: number[]) =>
  untyped(db).deleteFrom(def.table).where(anyOf(def.idColumn, ids)).execute();
