import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import { conflict } from './errors.ts';

interface Reference {
  table: string;
  column: string;
  /** What the referring rows stand for: a link table's owner ('agencies' for agency_provinces), else the table. */
  usedBy: string;
}

/**
 * The rows that point at a table and would block a delete, read from PostgreSQL's own foreign-key
 * catalogue (cascading links and SET NULL columns such as created_by do not block), so tables added later are covered without code changes.
 */
const referencesCache = new Map<string, Promise<Reference[]>>();
function referencesTo(db: Db, table: string) {
  if (!referencesCache.has(table)) {
    referencesCache.set(
      table,
      sql<Reference>`
        SELECT c.conrelid::regclass::text AS table, a.attname AS column,
          coalesce((SELECT o.confrelid::regclass::text FROM pg_constraint o
            WHERE o.conrelid = c.conrelid AND o.contype = 'f' AND o.confdeltype = 'c' AND o.oid <> c.oid
            ORDER BY o.oid LIMIT 1), c.conrelid::regclass::text) AS "usedBy"
        FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND c.confrelid = ${table}::regclass AND c.confdeltype IN ('a', 'r')
        ORDER BY 1, 2`
        .execute(db)
        .then((r) => r.rows),
    );
  }
  return referencesCache.get(table)!;
}

/** 409 naming what still uses the record: '{label} is used by 2 users, 1 sellers and cannot be deleted'. */
export async function assertUnused(db: Db, table: string, id: number, label: string) {
  const uses: string[] = [];
  for (const ref of await referencesTo(db, table)) {
    const { n } = (await (db as unknown as Kysely<Record<string, never>>)
      .selectFrom(sql.table(ref.table).as('r'))
      .select(sql<string>`count(*)`.as('n'))
      .where(sql.ref(`r.${ref.column}`), '=', id)
      .executeTakeFirstOrThrow()) as { n: string };
    if (Number(n) > 0) uses.push(`${Number(n)} ${ref.usedBy.replaceAll('_', ' ')}`);
  }
  if (uses.length > 0) throw conflict(`${label} is used by ${uses.join(', ')} and cannot be deleted`);
}

export const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503';

/**
 * Deletes a record that nothing uses (409 naming the users otherwise). A reference that appears between
 * the check and the delete is refused by its foreign key, and answered as 409 too.
 */
export async function deleteUnused(db: Db, table: string, idColumn: string, id: number, label: string) {
  await assertUnused(db, table, id, label);
  try {
    await (db as unknown as Kysely<Record<string, Record<string, number>>>)
      .deleteFrom(table)
      .where(idColumn, '=', id)
      .execute();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(`${label} is still in use and cannot be deleted`);
    throw error;
  }
}
