import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema.ts';
import { migrationProvider } from './migrations.ts';

export type Db = Kysely<Database>;

// Dates stay dates; bigint counts arrive as strings and are converted where read.
export function createDb(url: string, max = 10): Db {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max }), cursor: Cursor }),
  });
}

/** Brings the schema up to date; safe to run on every start and from several processes at once. */
export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
