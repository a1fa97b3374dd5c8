import { sql } from 'kysely';
import type { Status } from '@app/contract';
import type { Trx } from '../index.ts';

/** A table a bulk action changes by name: its key and the column naming a row. */
export interface RecordTable {
  table: string;
  idColumn: string;
  nameColumn: string;
}

/**
 * The selected rows, locked FOR UPDATE in id order: a reference to one (which takes FOR KEY SHARE)
 * waits until the action commits, so what `usesOf` finds stays true until the delete.
 */
export const lockRecords = async (trx: Trx, { table, idColumn, nameColumn }: RecordTable, ids: number[]) =>
  (
    await sql<{ id: number; label: string; status: Status | null }>`
      SELECT ${sql.ref(idColumn)} AS id, ${sql.ref(nameColumn)} AS label,
        to_jsonb(t) ->> 'status' AS status
      FROM ${sql.table(table)} AS t WHERE ${sql.ref(idColumn)} = ANY (${ids}::int[])
      ORDER BY 1 FOR UPDATE`.execute(trx)
  ).rows;

export const deleteRecords = (trx: Trx, { table, idColumn }: RecordTable, ids: number[]) =>
  sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(idColumn)} = ANY (${ids}::int[])`.execute(trx);

/** Sets the status of organisations as their update does: the reason only while Inactive. */
export const setRecordsStatus = (
  trx: Trx,
  { table, idColumn }: RecordTable,
  ids: number[],
  change: { status: Status; reason: string | null; by: number },
) =>
  sql`UPDATE ${sql.table(table)} SET status = ${change.status}, reason_for_inactive = ${change.reason},
    updated_by = ${change.by}, updated_at = now()
    WHERE ${sql.ref(idColumn)} = ANY (${ids}::int[])`.execute(trx);
