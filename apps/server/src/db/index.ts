import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations.ts';

export type Db = Kysely<Database>;

const urls = new WeakMap<Db, string>();
/** The URL a database handle was created with, for a dedicated connection beside its pool (LISTEN). */
export const databaseUrlOf = (db: Db): string | undefined => urls.get(db);

// Dates stay dates; bigint counts arrive as strings and are converted where read.
export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
  urls.set(db, url);
  return db;
}

/** Brings the schema up to date; safe to run on every start and from several processes at once. */
export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
