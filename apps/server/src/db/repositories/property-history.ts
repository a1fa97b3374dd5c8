import { sql, type Expression, type Insertable, type RawBuilder, type SqlBool } from 'kysely';
import { stepParts, type Step } from '../at-once.ts';
import { firstPrepared, runPrepared } from '../prepared.ts';
import type { Db, Trx } from '../index.ts';
import type { PropertyHistoryTable } from '../schema.ts';
import { fullNameOf } from './full-name.ts';

/**
 * The stored row as JSON (column → value), locked until the transaction ends; read before a save. With
 * `scope` (of properties `p`), none unless the row as locked is in it: a listing given away while this
 * waited for its lock is no longer the caller's to change.
 */
export async function lockedPropertyRow(
  trx: Trx,
  propertyId: number,
  scope: Expression<SqlBool> = sql`true`,
) {
  const query = sql<{ row: Record<string, unknown> }>`SELECT to_jsonb(p) AS row FROM properties p
    WHERE property_id = ${propertyId} AND ${scope} FOR NO KEY UPDATE`;
  return (await runPrepared(trx, query.compile(trx)))[0]?.row;
}

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

/** Columns of the stored row that are bookkeeping, not a change worth a history row. */
const NOT_HISTORY = [
  'updated_at',
  'updated_by',
  'date_last_modified',
  'date_last_status_change',
  'date_modified_operator',
  'operator_id',
  'date_sold',
  'date_suspended',
  'created_at',
  // The listing's words for searching, kept by a trigger from the columns whose changes are recorded.
  'search_document',
];

/** A column's value (jsonb) as the history shows it: text as it is, numbers without trailing zeros. */
const historyText = (value: RawBuilder<unknown>) => sql`CASE jsonb_typeof(${value})
  WHEN 'string' THEN ${value} #>> '{}' WHEN 'number' THEN trim_scale((${value} #>> '{}')::numeric)::text
  WHEN 'null' THEN NULL ELSE ${value}::text END`;

/**
 * One listing's `update` (an UPDATE answering `to_jsonb(properties) AS row`) with a history row for each
 * column it changed and `then` (a step run only when one changed: its notification), in one statement.
 * The row before is the statement's own snapshot of it, the row the caller holds locked
 * (lockedPropertyRow). Answers how many columns changed.
 */
export async function updateWithHistory(
  trx: Trx,
  propertyId: number,
  update: Expression<unknown>,
  userId: number,
  then: (changed: Expression<SqlBool>) => Expression<unknown>,
): Promise<number> {
  const value = (side: string) => sql.ref(`changed.${side}`);
  const steps: Step[] = [
    {
      name: 'old',
      step: sql`SELECT to_jsonb(o) AS row FROM properties o WHERE o.property_id = ${propertyId}`,
    },
    { name: 'updated', step: update },
    {
      name: 'changed',
      step: sql`SELECT n.key AS field, old.row -> n.key AS old_value, n.value AS new_value
        FROM updated CROSS JOIN old CROSS JOIN jsonb_each(updated.row) AS n
        WHERE n.key <> ALL(${NOT_HISTORY}::text[]) AND n.value IS DISTINCT FROM old.row -> n.key`,
    },
    {
      name: 'written',
      step: sql`INSERT INTO property_history (property_id, field, old_value, new_value, changed_by)
        SELECT ${propertyId}::int, field, ${historyText(value('old_value'))}, ${historyText(value('new_value'))},
          ${userId}::int
        FROM changed`,
    },
    { name: 'told', step: then(sql<SqlBool>`EXISTS (SELECT FROM changed)`) },
  ];
  const query = sql<{ changed: number }>`WITH ${stepParts(steps)}
    SELECT (SELECT count(*)::int FROM changed) AS changed, (SELECT count(*) FROM told) AS told`;
  return (await firstPrepared(trx, query.compile(trx))).changed;
}
