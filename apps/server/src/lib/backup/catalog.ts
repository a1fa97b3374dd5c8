import pg from 'pg';
import { migrationProvider } from '../../db/migrations/index.ts';
import { BackupError, type Table } from './archive.ts';

/** What a backup reads of the database's catalog: its tables, sequences and migrations. */

/** Kysely's own bookkeeping: filled by the migrations on restore, not copied. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];
/** The same text for the same data whatever the server's or the session's defaults (as pg_dump does). */
export const SESSION_SETTINGS = `SET TimeZone = 'UTC'; SET DateStyle = 'ISO'; SET IntervalStyle = 'postgres';
  SET extra_float_digits = 3; SET client_encoding = 'UTF8'; SET bytea_output = 'hex'`;

export const ident = (name: string) => pg.escapeIdentifier(name);
export const inCurrentSchema = (alias: string) => `${alias}.relnamespace = current_schema()::regnamespace
  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                  AND d.objid = ${alias}.oid AND d.deptype = 'e')`;

/** The tables of the schema (not those of extensions nor Kysely's) with their stored columns, by name. */
export async function tablesOf(client: pg.ClientBase): Promise<Omit<Table, 'rows'>[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r' AND ${inCurrentSchema('c')} AND NOT c.relname = ANY($1)
      GROUP BY c.relname ORDER BY c.relname`,
    [MIGRATION_TABLES],
  );
  return rows;
}

/**
 * How the database lowers and classifies text (its locale provider, collation, character type and ICU
 * or builtin locale), which the search words and documents follow. Read through to_jsonb: PostgreSQL 17
 * renamed daticulocale to datlocale, and 14 has neither.
 */
export async function localeOf(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ locale: string }>(
    `SELECT concat_ws(' ', d->>'datlocprovider', d->>'datcollate', d->>'datctype',
         coalesce(d->>'datlocale', d->>'daticulocale')) AS locale
       FROM (SELECT to_jsonb(pg_database) AS d FROM pg_database WHERE datname = current_database()) x`,
  );
  return rows[0]!.locale;
}

export async function sequenceNames(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND ${inCurrentSchema('c')} ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the database: ${(error as Error).message}`);
  }
  return client;
}

/** Migration names this code knows, oldest first (Kysely orders them by name). */
export const knownMigrations = async () => Object.keys(await migrationProvider.getMigrations()).sort();

export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('kysely_migration') IS NOT NULL AS present`,
  );
  if (!rows[0]!.present) return [];
  return (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).rows.map(
    (r) => r.name,
  );
}
