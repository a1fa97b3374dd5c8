import { sql, type Kysely, type Transaction } from 'kysely';
import { badRequest } from './errors.ts';
import type { Step } from '../db/at-once.ts';

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

/** 400 on `field`: "Unknown {label}". */
export const unknown = (field: string, label: string) => {
  const message = `Unknown ${label}`;
  return badRequest(`${field}: ${message}`, { [field]: message });
};

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
  if (found.length !== new Set(ids).size) throw unknown(field, label);
}

/** A record's link lists: each link with the ids the form chose. */
export type LinkLists = readonly { link: Link; ids: readonly number[] }[];

/**
 * Reads (for readAtOnce) of how many of each list's ids name a record of its target; none for an
 * empty list. assertLinksKnown refuses on them.
 */
export const linkReads = (lists: LinkLists) =>
  Object.fromEntries(
    lists
      .filter(({ ids }) => ids.length > 0)
      .map(({ link, ids }) => [
        `known_${link.field}`,
        sql`SELECT count(*)::int FROM ${sql.table(link.targetTable)}
          WHERE ${sql.ref(link.target)} = ANY(${[...ids]}::int[])`,
      ]),
  );

/** 400 on the field of the first list with an id that names no record, as linkReads found them. */
export function assertLinksKnown(lists: LinkLists, found: Record<string, unknown>) {
  for (const { link, ids } of lists) {
    if (ids.length > 0 && found[`known_${link.field}`] !== new Set(ids).size)
      throw unknown(link.field, link.label);
  }
}

/**
 * A step of a new record's insert (a data-modifying WITH): links the record, the row of `from`, to the
 * ids of each list, checked beforehand by linkReads (one deleted since is refused by its foreign key).
 */
export const linkSteps = (lists: LinkLists, from: string): Step[] =>
  lists.map(({ link, ids }, i) => ({
    name: `links_${i}`,
    step: sql`INSERT INTO ${sql.table(link.table)} (${sql.ref(link.owner)}, ${sql.ref(link.target)})
      SELECT o.${sql.ref(link.owner)}, t.id FROM ${sql.table(from)} o, unnest(${[...ids]}::int[]) AS t(id)
      ON CONFLICT DO NOTHING`,
  }));

/**
 * Makes each of the owner's link lists exactly its `ids`: removes the others, adds the new ones, all in
 * one statement. It takes the save's transaction (a pool will not do): an id that names no record is
 * refused (400, on the first such list's field) after the statement, and the transaction takes its
 * changes back. Answers, list by list, whether the set changed.
 */
export async function replaceLinks(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- link tables are named, as AnyDb's
  db: Transaction<any>,
  ownerId: number,
  lists: LinkLists,
): Promise<boolean[]> {
  if (lists.length === 0) return [];
  const parts = lists.map(({ link, ids }, i) => {
    const [table, owner, target] = [sql.table(link.table), sql.ref(link.owner), sql.ref(link.target)];
    const [known, removed, added] = ['known', 'removed', 'added'].map((name) => sql.raw(`${name}_${i}`));
    const wanted = sql`${[...ids]}::int[]`;
    return {
      steps: sql`${known} AS (
        SELECT ${target} AS id FROM ${sql.table(link.targetTable)} WHERE ${target} = ANY(${wanted})
      ), ${removed} AS (
        DELETE FROM ${table} WHERE ${owner} = ${ownerId} AND NOT ${target} = ANY(${wanted}) RETURNING 1
      ), ${added} AS (
        INSERT INTO ${table} (${owner}, ${target}) SELECT ${ownerId}, id FROM ${known}
        ON CONFLICT DO NOTHING RETURNING 1
      )`,
      counts: sql`json_build_array((SELECT count(*) FROM ${known}), (SELECT count(*) FROM ${removed}),
        (SELECT count(*) FROM ${added}))`,
    };
  });
  const { rows } = await sql<{ counts: [known: number, removed: number, added: number][] }>`
    WITH ${sql.join(parts.map((part) => part.steps))}
    SELECT json_build_array(${sql.join(parts.map((part) => part.counts))}) AS counts`.execute(db);
  return lists.map(({ link, ids }, i) => {
    const [known, removed, added] = rows[0]!.counts[i]!;
    if (known !== new Set(ids).size) throw unknown(link.field, link.label);
    return removed > 0 || added > 0;
  });
}

/** The owner's linked ids as the wire's comma string ('4,7,9', ascending; '' for none), named `field`. */
export const linkIds = (link: Link, ownerRef: string) =>
  sql<string>`coalesce((SELECT string_agg(l.${sql.ref(link.target)}::text, ',' ORDER BY l.${sql.ref(link.target)})
    FROM ${sql.table(link.table)} l WHERE l.${sql.ref(link.owner)} = ${sql.ref(ownerRef)}), '')`.as(
    link.field,
  );
