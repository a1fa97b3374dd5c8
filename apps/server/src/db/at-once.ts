import { sql, type Expression, type Kysely, type QueryCreator } from 'kysely';
import { firstPrepared } from './prepared.ts';

/**
 * Several lookups in one statement, so a save pays one round trip for all it checks before writing;
 * prepared, for every save of a form sends the same reads. Each read is a query of one column and at
 * most one row, answered under its key: its value, or null where it finds no row or is itself null (a
 * choice the request did not make).
 */
export async function readAtOnce<K extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads of any table, typed by the caller
  db: Kysely<any>,
  reads: Record<K, Expression<unknown> | null>,
): Promise<Record<K, unknown>> {
  const keys = (Object.keys(reads) as K[]).filter((key) => reads[key] !== null);
  const read = () => db.selectNoFrom(keys.map((key) => sql`(${reads[key]})`.as(key))).compile();
  const found: Record<string, unknown> = keys.length === 0 ? {} : await firstPrepared(db, read());
  return Object.fromEntries(Object.keys(reads).map((key) => [key, found[key] ?? null])) as Record<K, unknown>;
}

/** A read (for readAtOnce) of one row of several columns, answered as an object of them, or null. */
export const rowRead = (query: Expression<unknown>) => sql`SELECT to_jsonb(x) FROM (${query}) x`;

/**
 * A write made in the statement that inserts a record (a data-modifying part of its WITH), reading the
 * new record from the part named there: one statement, so no transaction and no round trip more.
 */
export interface Step {
  name: string;
  step: Expression<unknown>;
}

/** The query with each step as a part of its WITH (names known only at run time, which Kysely cannot type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parts are not read by name
export const withSteps = <Q extends QueryCreator<any>>(query: Q, steps: readonly Step[]): Q =>
  steps.reduce((q, { name, step }) => q.with(name, () => sql<object>`(${step})`) as Q, query);

/** The steps as the parts of a WITH written out in SQL (`WITH ${stepParts(steps)} SELECT ...`). */
export const stepParts = (steps: readonly Step[]) =>
  sql.join(steps.map(({ name, step }) => sql`${sql.ref(name)} AS (${step})`));
