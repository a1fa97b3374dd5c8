import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import { badRequest, conflict, notFound } from './errors.ts';

interface Reference {
  table: string;
  column: string;
  /** What the referring rows stand for: a link table's owner ('agencies' for agency_provinces), else the table. */
  usedBy: string;
  /** The column naming that record: a link table's owner key (agency_id), else the table's own key (or ctid). */
  owner: string;
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
            ORDER BY o.oid LIMIT 1), c.conrelid::regclass::text) AS "usedBy",
          coalesce((SELECT k.attname FROM pg_constraint o
            JOIN pg_attribute k ON k.attrelid = o.conrelid AND k.attnum = o.conkey[1]
            WHERE o.conrelid = c.conrelid AND o.contype = 'f' AND o.confdeltype = 'c' AND o.oid <> c.oid
            ORDER BY o.oid LIMIT 1),
            (SELECT k.attname FROM pg_constraint p
              JOIN pg_attribute k ON k.attrelid = p.conrelid AND k.attnum = p.conkey[1]
              WHERE p.conrelid = c.conrelid AND p.contype = 'p' AND cardinality(p.conkey) = 1),
            'ctid') AS owner
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

/** 'agencies' → '1 agency' / '2 agencies', 'broker_associations' → '1 broker association'. */
export function countOf(n: number, table: string) {
  const plural = table.replaceAll('_', ' ');
  if (n !== 1) return `${n} ${plural}`;
  if (plural.endsWith('ies')) return `1 ${plural.slice(0, -3)}y`;
  if (plural.endsWith('s') && !plural.endsWith('ss')) return `1 ${plural.slice(0, -1)}`;
  return `1 ${plural}`;
}

/**
 * What uses each of the records, by id: '2 users', '1 seller' (each kind once, counting distinct
 * records: an agency whose address is the province and which also serves it, through
 * agencies.province_id and agency_provinces, is one agency, not two). Records nothing uses are absent.
 * One query per kind, whatever the number of records.
 */
export async function usesOf(db: Db, table: string, ids: readonly number[]): Promise<Map<number, string[]>> {
  const byKind = new Map<string, Reference[]>();
  for (const ref of await referencesTo(db, table))
    byKind.set(ref.usedBy, [...(byKind.get(ref.usedBy) ?? []), ref]);
  const uses = new Map<number, string[]>();
  for (const [kind, refs] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
    const owners = sql.join(
      refs.map(
        (ref) => sql`SELECT ${sql.ref(`r.${ref.column}`)} AS id, ${sql.ref(`r.${ref.owner}`)}::text AS o
          FROM ${sql.table(ref.table)} AS r WHERE ${sql.ref(`r.${ref.column}`)} = ANY (${ids}::int[])`,
      ),
      sql` UNION `,
    );
    const { rows } = await sql<{ id: number; n: string }>`
      SELECT u.id, count(*) AS n FROM (${owners}) AS u GROUP BY u.id`.execute(db);
    for (const { id, n } of rows)
      uses.set(Number(id), [...(uses.get(Number(id)) ?? []), countOf(Number(n), kind)]);
  }
  return uses;
}

/** 409 naming what still uses the record: '{label} is used by 2 users, 1 seller and cannot be deleted'. */
export async function assertUnused(db: Db, table: string, id: number, label: string) {
  const uses = (await usesOf(db, table, [id])).get(id);
  if (uses) throw conflict(`${label} is used by ${uses.join(', ')} and cannot be deleted`);
}

export const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503';

/**
 * A save's error as the client should read it: a record it chose (checked before the save) deleted at
 * the same moment is refused by its foreign key, 400; any other error as it is.
 */
export const choiceGone = (error: unknown) =>
  isForeignKeyViolation(error) ? badRequest('A chosen record no longer exists') : error;

/** The error of a write that a unique index refused. */
export const isUniqueViolation = (error: unknown, index: string) => {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === index;
};

/**
 * Runs `save`; a write of it that the unique `index` refused (a name another save took between this
 * one's check and its write) is answered `taken()`, as the check answers a name already there.
 */
export async function unlessTaken<T>(index: string, taken: () => Error, save: () => Promise<T>) {
  try {
    return await save();
  } catch (error) {
    throw isUniqueViolation(error, index) ? taken() : error;
  }
}

/**
 * Deletes the record `{entity} : {name}` if nothing uses it (409 naming the users otherwise). A reference
 * that appears between the check and the delete is refused by its foreign key, and answered as 409 too.
 * A delete that finds no row (another delete removed it first) answers 404, as for a record that is not
 * there: of deletes of one record at once, one succeeds (decision 81).
 */
export async function deleteUnused(
  db: Db,
  table: string,
  idColumn: string,
  id: number,
  entity: string,
  name: string,
) {
  const label = `${entity} : ${name}`;
  await assertUnused(db, table, id, label);
  const { numDeletedRows } = await (db as unknown as Kysely<Record<string, Record<string, number>>>)
    .deleteFrom(table)
    .where(idColumn, '=', id)
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      throw isForeignKeyViolation(error) ? conflict(`${label} is still in use and cannot be deleted`) : error;
    });
  if (numDeletedRows === 0n) throw notFound(entity);
}
