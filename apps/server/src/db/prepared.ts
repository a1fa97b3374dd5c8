import pg from 'pg';
import type { CompiledQuery, Kysely } from 'kysely';

/**
 * The statements run as named (prepared) ones: PostgreSQL parses each once per connection and, where its
 * plan does not depend on the values, plans it once too (decision 71). Kysely sends every statement
 * unnamed, parsed and planned afresh each time: 1-1.5 ms of each save at ten million listings. Only the
 * statements marked here, a save's: a list's search must be planned for the text searched. Bounded, since
 * a save's text can take a shape per set of fields chosen; past the bound, statements run unnamed.
 */
const names = new Map<string, string>();
export const MAX_PREPARED = 200;

/** Marks a statement's text to be prepared on each connection that runs it. */
export function prepare(text: string): void {
  if (!names.has(text) && names.size < MAX_PREPARED) names.set(text, `prepared_${names.size + 1}`);
}

/** Runs a compiled statement as a prepared one (through the transaction or handle given); its rows. */
export async function runPrepared<R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database handle or transaction
  db: Kysely<any>,
  query: CompiledQuery<R>,
): Promise<R[]> {
  prepare(query.sql);
  return (await db.executeQuery(query)).rows;
}

/** The one row a prepared statement answers (a check's reads, a count, a new record); throws without one. */
export async function firstPrepared<R>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database handle or transaction
  db: Kysely<any>,
  query: CompiledQuery<R>,
): Promise<R> {
  const [row] = await runPrepared(db, query);
  if (!row) throw new Error(`The statement answered no row: ${query.sql.slice(0, 80)}`);
  return row;
}

/** The pool's client: a marked text runs as the statement named for it. */
export class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed on unchanged
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' && typeof values !== 'function' ? names.get(config) : undefined;
    return name
      ? super.query({ name, text: config, values: values as unknown[] }, callback)
      : super.query(config, values, callback);
  }
}
