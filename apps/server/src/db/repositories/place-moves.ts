import { sql, type RawBuilder } from 'kysely';
import { MASTERS, type MasterDefinition } from '@app/contract';
import type { Db } from '../index.ts';
import { dropBordersAcross, type MasterRow } from './masters.ts';

/** The tables whose rows carry an address (lib/address.ts): province_id, town_id, barangay_id, subdivision_id. */
const ADDRESSED = ['properties', 'sellers', 'agencies', 'broker_associations', 'brokers', 'users'] as const;

/** A place's parents after its update (a town's province, a barangay's town and province...). */
export interface Parents {
  province_id: number;
  town_id?: number;
  barangay_id?: number | null;
}

type Sweep = (db: Db) => Promise<number>;

/** An update of the rows of `table` under the place (`under`), setting `set` where any of it differs. */
function sweep(table: string, under: RawBuilder<unknown>, set: Record<string, number>): Sweep {
  const columns = Object.keys(set);
  const values = (cs: string[]) => sql.join(cs.map((c) => sql`${set[c]!}::integer`));
  const refs = (cs: string[]) => sql.join(cs.map((c) => sql.ref(c)));
  return async (db) => {
    const { numAffectedRows } = await sql`UPDATE ${sql.table(table)}
      SET (${refs(columns)}) = ROW(${values(columns)})
      WHERE ${under} AND ROW(${refs(columns)}) IS DISTINCT FROM ROW(${values(columns)})`.execute(db);
    return Number(numAffectedRows ?? 0);
  };
}

/**
 * The updates that carry what lies under a moved place to where it now lies: the addressed records
 * under it (first, as a listing edit locks its listing before the places it names), then the child
 * places (a barangay's subdivisions). None when its parents did not change.
 */
function sweepsOf(def: MasterDefinition, id: number, before: MasterRow, after: Parents): Sweep[] {
  const moved = (column: keyof Parents) => String(before[column] ?? '') !== String(after[column] ?? '');
  const records = (column: string, set: Record<string, number>) =>
    ADDRESSED.map((table) => sweep(table, sql`${sql.ref(column)} = ${id}`, set));
  const { province_id, town_id, barangay_id } = after;
  if (def.key === 'town' && moved('province_id')) return records('town_id', { province_id });
  if (def.key === 'barangay' && moved('town_id')) {
    return [
      ...records('barangay_id', { town_id: town_id!, province_id }),
      sweep('subdivisions', sql`barangay_id = ${id}`, { town_id: town_id! }),
    ];
  }
  if (def.key === 'subdivision' && (moved('town_id') || moved('barangay_id'))) {
    const place: Record<string, number> = { town_id: town_id!, province_id };
    return records('subdivision_id', barangay_id ? { ...place, barangay_id } : place);
  }
  return [];
}

/**
 * Carries what lies under the place `id` of `def` to where its update put it, in the update's
 * transaction, and leaves its old neighbours; answers how many rows followed or went. Each row changes
 * by an UPDATE of its own table, so its audit entry, its listing tallies and its triggers are written as
 * for any edit. A save that read the place before it moved and writes after the sweep passed is caught
 * by the second sweep: the place locked FOR UPDATE in between waits for every write that names it (their
 * foreign keys and the address_follows_places trigger read it FOR KEY SHARE), and those to come wait for
 * this transaction, then read where the place lies now (migration 0041).
 */
export async function carryUnder(
  trx: Db,
  def: MasterDefinition,
  id: number,
  before: MasterRow,
  after: Parents,
) {
  const sweeps = sweepsOf(def, id, before, after);
  if (sweeps.length === 0) return 0;
  let carried = 0;
  for (const run of sweeps) carried += await run(trx);
  await sql`SELECT 1 FROM ${sql.table(def.table)} WHERE ${sql.ref(def.idColumn)} = ${id} FOR UPDATE`.execute(
    trx,
  );
  for (const run of sweeps) carried += await run(trx);
  return carried + (await leaveOldNeighbours(trx, def, id));
}

/**
 * Drops the adjacency a move made cross parents: the place's own to its old neighbours, and a moved
 * barangay's subdivisions' to those left in the old town (the lookups offer only the parent's records).
 * Each record is locked FOR UPDATE first (the place above), so a neighbour's save that read it before
 * it moved (FOR KEY SHARE) has committed its links, and one to come waits and sees where it went.
 */
async function leaveOldNeighbours(trx: Db, def: MasterDefinition, id: number) {
  const own = await dropBordersAcross(trx, def, def.idColumn, id);
  if (def.key !== 'barangay') return own;
  await sql`SELECT 1 FROM subdivisions WHERE barangay_id = ${id} ORDER BY subdivision_id FOR UPDATE`.execute(
    trx,
  );
  return own + (await dropBordersAcross(trx, MASTERS.subdivision, 'barangay_id', id));
}

/**
 * Whether records in the subdivision lie in a barangay: a subdivision moved to another town without
 * a barangay cannot take them (their barangay stays in the old town).
 */
export const subdivisionHoldsBarangays = async (db: Db, id: number) =>
  (
    await sql<{ held: boolean }>`SELECT ${sql.join(
      ADDRESSED.map(
        (table) =>
          sql`EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE subdivision_id = ${id} AND barangay_id IS NOT NULL)`,
      ),
      sql` OR `,
    )} AS held`.execute(db)
  ).rows[0]!.held;
