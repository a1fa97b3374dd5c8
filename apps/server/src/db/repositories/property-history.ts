import { sql, type Expression, type Insertable, type SqlBool } from 'kysely';
import type { Db, Trx } from '../index.ts';
import type { PropertyHistoryTable } from '../schema.ts';
import { fullNameOf } from './full-name.ts';

/**
 * The stored row as JSON (column → value), locked until the transaction ends; read before a save. With
 * `scope` (of properties `p`), none unless the row as locked is in it: a listing given away while this
 * waited for its lock is no longer the caller's to change.
 */
export const lockedPropertyRow = (trx: Trx, propertyId: number, scope: Expression<SqlBool> = sql`true`) =>
  sql<{ row: Record<string, unknown> }>`SELECT to_jsonb(p) AS row FROM properties p
    WHERE property_id = ${propertyId} AND ${scope} FOR NO KEY UPDATE`
    .execute(trx)
    .then((r) => r.rows[0]?.row);

/** The property's changes, newest first, each with the name of who made it. */
export const historyOf = (db: Db, propertyId: number) =>
  db
    .selectFrom('property_history as h')
    .leftJoin('users as u', 'u.user_id', 'h.changed_by')
    .select([
      'h.field',
      'h.old_value',
      'h.new_value',
      'h.changed_by',
      fullNameOf<string | null>('u').as('changed_by_name'),
      'h.changed_at',
    ])
    .where('h.property_id', '=', propertyId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .execute();

export const insertHistory = (trx: Trx, rows: Insertable<PropertyHistoryTable>[]) =>
  trx.insertInto('property_history').values(rows).execute();

/** History rows of many listings (a bulk action) in one statement: unnest takes any number of them. */
export async function insertHistoryRows(
  trx: Trx,
  rows: readonly { property_id: number; field: string; old_value: string | null; new_value: string | null }[],
  changedBy: number,
) {
  if (rows.length === 0) return;
  const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
  await sql`INSERT INTO property_history (property_id, field, old_value, new_value, changed_by)
    SELECT h.property_id, h.field, h.old_value, h.new_value, ${changedBy}::int
    FROM unnest(${column('property_id')}::int[], ${column('field')}::text[], ${column('old_value')}::text[],
      ${column('new_value')}::text[]) AS h(property_id, field, old_value, new_value)`.execute(trx);
}

/** Keys of the stored row that are bookkeeping, not a change worth a history row. */
const NOT_HISTORY = new Set([
  'updated_at',
  'updated_by',
  'date_last_modified',
  'date_last_status_change',
  'date_modified_operator',
  'operator_id',
  'date_sold',
  'date_suspended',
  'created_at',
]);

/**
 * Writes a history row for every column that differs between the stored rows `before` and `after`
 * (lockedPropertyRow's before a save, updatePropertyRow's after it). Answers how many columns changed.
 */
export async function recordChanges(
  trx: Trx,
  propertyId: number,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  userId: number,
): Promise<number> {
  const text = (v: unknown) =>
    v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const rows = Object.keys(after)
    .filter((k) => !NOT_HISTORY.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((field) => ({
      property_id: propertyId,
      field,
      old_value: text(before[field]),
      new_value: text(after[field]),
      changed_by: userId,
    }));
  if (rows.length > 0) await insertHistory(trx, rows);
  return rows.length;
}
