import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Migrator, sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createDb, inTransaction, migrate, type Db } from '../../db/index.ts';
import { fillListingNameWords } from '../../db/migrations/0042-listing-name-words.ts';
import { fillUserSearchWords } from '../../db/migrations/0043-user-search-words.ts';
import { migrationProvider } from '../../db/migrations/index.ts';
import { searchDocumentOf } from '../../db/repositories/property-search.ts';
import { mediaDir, STORED_NAME } from '../media.ts';
import type { MediaStore } from '../media-store/index.ts';
import { diskStore } from '../media-store/disk.ts';
import { BackupError, tableFile, unpack, type Manifest, type Table } from './archive.ts';
import {
  appliedMigrations,
  connect,
  ident,
  inCurrentSchema,
  knownMigrations,
  localeOf,
  SESSION_SETTINGS,
  tablesOf,
} from './catalog.ts';

/** Why the schema differs from the backup's, or null when they hold the same tables and columns. */
function schemaDifference(backup: Table[], live: Omit<Table, 'rows'>[]): string | null {
  const key = (t: Omit<Table, 'rows'>) => `${t.name}(${[...t.columns].sort().join(', ')})`;
  const ours = new Set(live.map(key));
  const theirs = new Set(backup.map(key));
  const missing = [...theirs].filter((t) => !ours.has(t));
  const extra = [...ours].filter((t) => !theirs.has(t));
  if (missing.length === 0 && extra.length === 0) return null;
  return [
    missing.length ? `in the backup only: ${missing.join('; ')}` : '',
    extra.length ? `in the database only: ${extra.join('; ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** Refuses a target that is not a new installation, before anything is changed. */
async function checkEmpty(client: pg.ClientBase, media: MediaStore) {
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('users') IS NOT NULL AS present`,
  );
  if (rows[0]!.present) {
    const { rows: users } = await client.query<{ n: string }>('SELECT count(*) AS n FROM users');
    if (Number(users[0]!.n) > 0) {
      throw new BackupError(
        `The database already holds data (${users[0]!.n} users): restore only into a new, empty database`,
      );
    }
  }
  const placed = media.placed()[Symbol.asyncIterator]();
  const holds = !(await placed.next()).done || (await media.temporaries()).length > 0;
  await placed.return?.();
  if (holds) {
    throw new BackupError(
      `The media store ${media.location} is not empty: restore only into a new data directory or an empty bucket`,
    );
  }
}

/** Refuses a backup this code cannot load into the target's schema. */
async function checkMigration(client: pg.ClientBase, manifest: Manifest) {
  const known = await knownMigrations();
  if (!known.includes(manifest.migration)) {
    throw new BackupError(
      `The backup was made by a newer version of Pinoy Property (migration ${manifest.migration} is unknown ` +
        `to this one): restore it with that version or a later one`,
    );
  }
  const ahead = (await appliedMigrations(client)).filter((name) => name > manifest.migration);
  if (ahead.length > 0) {
    throw new BackupError(
      `The database is at migration ${ahead.at(-1)}, later than the backup's ${manifest.migration}: ` +
        `restore into a new, empty database`,
    );
  }
}

/**
 * Loads every table of the backup in one transaction: user triggers (audit, append-only guards) are off
 * so restored rows are not recorded again, and foreign keys are dropped and re-created around the load
 * (tables refer to each other in cycles, such as roles and users), which checks every restored row.
 */
async function load(client: pg.ClientBase, dir: string, manifest: Manifest) {
  await client.query('BEGIN');
  try {
    await client.query(SESSION_SETTINGS);
    const difference = schemaDifference(manifest.tables, await tablesOf(client));
    if (difference) {
      throw new BackupError(
        `The backup does not match the schema of migration ${manifest.migration}: ${difference}`,
      );
    }
    const names = manifest.tables.map((t) => t.name);
    const { rows: triggers } = await client.query<{ tbl: string; name: string; mode: string }>(
      `SELECT c.relname AS tbl, t.tgname AS name, t.tgenabled AS mode
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND ${inCurrentSchema('c')} AND c.relname = ANY($1)`,
      [names],
    );
    const { rows: foreignKeys } = await client.query<{ tbl: string; name: string; definition: string }>(
      `SELECT c.relname AS tbl, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
        WHERE k.contype = 'f' AND ${inCurrentSchema('c')} AND c.relname = ANY($1)`,
      [names],
    );
    for (const t of triggers)
      await client.query(`ALTER TABLE ${ident(t.tbl)} DISABLE TRIGGER ${ident(t.name)}`);
    for (const k of foreignKeys)
      await client.query(`ALTER TABLE ${ident(k.tbl)} DROP CONSTRAINT ${ident(k.name)}`);
    // Migrations may have filled reference tables; the backup's rows replace them.
    if (names.length > 0) await client.query(`TRUNCATE ${names.map(ident).join(', ')}`);

    for (const table of manifest.tables) {
      const copy = client.query(
        copyFrom(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`),
      );
      await pipeline(fs.createReadStream(path.join(dir, tableFile(table.name))), copy);
      if (copy.rowCount !== table.rows) {
        throw new BackupError(
          `Table ${table.name} holds ${copy.rowCount} rows in the backup, not ${table.rows}`,
        );
      }
    }

    for (const k of foreignKeys) {
      await client.query(`ALTER TABLE ${ident(k.tbl)} ADD CONSTRAINT ${ident(k.name)} ${k.definition}`);
    }
    const enable = { O: '', A: 'ALWAYS ', R: 'REPLICA ' } as Record<string, string>;
    for (const t of triggers) {
      await client.query(
        `ALTER TABLE ${ident(t.tbl)} ENABLE ${enable[t.mode] ?? ''}TRIGGER ${ident(t.name)}`,
      );
    }
    for (const s of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        ident(s.name),
        s.lastValue,
        s.isCalled,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * Derives again, as this database lowers and splits text, what the backup's database derived from it
 * as its own did: the listings' search documents and the listings' and users' search words. In one
 * transaction, the listings' triggers off (nothing is recorded in the Audit Log). A search lowers the
 * searched text as the database it runs on does, so derived text kept from a database of another locale
 * ('ÑANDU' lowered to 'ñandu' there, left as 'Ñandu' under the C locale) would miss.
 */
async function deriveTextAgain(db: Db) {
  await inTransaction(db, async (trx) => {
    const { rows: triggers } = await sql<{ name: string }>`SELECT tgname AS name FROM pg_trigger
      WHERE tgrelid = 'properties'::regclass AND NOT tgisinternal AND tgenabled = 'O'`.execute(trx);
    const setTriggers = async (action: 'ENABLE' | 'DISABLE') => {
      for (const { name } of triggers)
        await sql`ALTER TABLE properties ${sql.raw(action)} TRIGGER ${sql.id(name)}`.execute(trx);
    };
    await setTriggers('DISABLE');
    const { document, parents } = searchDocumentOf('l');
    await sql`UPDATE properties p SET search_document = d.document
      FROM (SELECT l.property_id, ${document} AS document FROM properties l ${parents}) d
      WHERE p.property_id = d.property_id AND p.search_document IS DISTINCT FROM d.document`.execute(trx);
    await setTriggers('ENABLE');
    await sql`TRUNCATE property_name_words, property_name_vocabulary, user_search_vocabulary`.execute(trx);
    await fillListingNameWords(trx);
    await fillUserSearchWords(trx);
  });
}

export interface RestoreSummary {
  manifest: Manifest;
  /** The latest migration after the restore (later than the backup's when the code is newer). */
  migration: string;
  /** The database's locale when it differs from the backup's: the search text was derived again. */
  otherLocale?: string;
}

/**
 * Restores a backup into a new installation: a database without users and an empty media directory.
 * Anything else is refused before a change. The schema is migrated to the backup's migration, every
 * table loaded in one transaction (all or nothing), the media files moved into the store, then the schema migrated
 * to this code's latest; in a database of another locale, the search text is then derived again.
 */
export async function restore(options: {
  databaseUrl: string;
  dataDir: string;
  file: string;
  /** The media store; the data directory's media folder when not given. */
  media?: MediaStore;
}) {
  const file = path.resolve(options.file);
  const media = options.media ?? diskStore(mediaDir(options.dataDir));
  const client = await connect(options.databaseUrl);
  const db = createDb(options.databaseUrl, 2);
  let dir: string | undefined;
  try {
    await checkEmpty(client, media);
    await fsp.mkdir(options.dataDir, { recursive: true });
    // Unpacked inside the data directory, so the media move in with a rename.
    dir = await fsp.mkdtemp(path.join(options.dataDir, '.restore-'));
    const manifest = await unpack(file, dir);
    await checkMigration(client, manifest);

    const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
      manifest.migration,
    );
    if (error) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '';
      throw new BackupError(`Migration ${failed} failed: ${String(error)}`);
    }
    try {
      await load(client, dir, manifest);
    } catch (error) {
      const message =
        error instanceof BackupError ? error.message : `Loading the data failed: ${(error as Error).message}`;
      throw new BackupError(`${message}. The database was left without data.`);
    }
    const files = await fsp.readdir(path.join(dir, 'media')).catch(() => [] as string[]);
    for (const name of files) {
      if (STORED_NAME.test(name)) await media.importFile(name, path.join(dir, 'media', name));
    }
    await migrate(db);
    const migration = (await appliedMigrations(client)).at(-1)!;
    const locale = await localeOf(client);
    if (locale === manifest.locale) return { manifest, migration } satisfies RestoreSummary;
    await deriveTextAgain(db);
    return { manifest, migration, otherLocale: locale } satisfies RestoreSummary;
  } finally {
    await client.end().catch(() => {});
    await db.destroy();
    // Retried: after a failed unpack, writes of the last entries may still be landing.
    if (dir) await fsp.rm(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}
