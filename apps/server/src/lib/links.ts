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
  lists: readonly { link: Link; ids: readonly number[] }[],
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
