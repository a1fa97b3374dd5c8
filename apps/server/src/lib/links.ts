import { sql, type Kysely, type Transaction } from 'kysely';
import { badRequest } from './errors.ts';

// Link and target tables are addressed by name from their declarations, so queries here are untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any> | Transaction<any>;

/**
 * A many-to-many link table: the rows of `table` tie an owner (`owner` column) to records of
 * `targetTable` (primary key `target`). On the wire the list travels as `field`: '4,7,9'.
 */
export interface Link {
  field: string;
  table: string;
  owner: string;
  target: string;
  targetTable: string;
  /** Singular name of a target record, as in 'Unknown province'. */
  label: string;
}

/** 400 on `field` unless every id names a row of `table`. */
export async function assertExist(
  db: AnyDb,
  table: string,
  key: string,
  ids: readonly number[],
  field: string,
  label: string,
) {
  if (ids.length === 0) return;
  const found = await db.selectFrom(table).select(key).where(key, 'in', ids).execute();
  if (found.length !== new Set(ids).size) {
    const message = `Unknown ${label}`;
    throw badRequest(`${field}: ${message}`, { [field]: message });
  }
}

/**
 * Makes the owner's links exactly `ids`: removes the others, adds the new ones. Run it in the save's
 * transaction. Answers whether the set changed.
 */
export async function replaceLinks(
  db: AnyDb,
  link: Link,
  ownerId: number,
  ids: readonly number[],
): Promise<boolean> {
  await assertExist(db, link.targetTable, link.target, ids, link.field, link.label);
  let stale = db.deleteFrom(link.table).where(link.owner, '=', ownerId);
  if (ids.length > 0) stale = stale.where(link.target, 'not in', ids);
  const removed = Number((await stale.executeTakeFirst()).numDeletedRows);
  if (ids.length === 0) return removed > 0;
  const added = await db
    .insertInto(link.table)
    .values(ids.map((id) => ({ [link.owner]: ownerId, [link.target]: id })))
    .onConflict((oc) => oc.doNothing())
    .returning(link.owner)
    .execute();
  return removed > 0 || added.length > 0;
}

/** The owner's linked ids as the wire's comma string ('4,7,9', ascending; '' for none), named `field`. */
export const linkIds = (link: Link, ownerRef: string) =>
  sql<string>`coalesce((SELECT string_agg(l.${sql.ref(link.target)}::text, ',' ORDER BY l.${sql.ref(link.target)})
    FROM ${sql.table(link.table)} l WHERE l.${sql.ref(link.owner)} = ${sql.ref(ownerRef)}), '')`.as(
    link.field,
  );
