import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Migrator } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { z } from 'zod';
import { createDb, migrate } from '../db/index.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import { mediaDir, STORED_NAME } from './media.ts';

/**
 * Backup and restore of a whole installation (every table of the schema and the media files) into
 * one .tar.gz, in Node, so it works with any PostgreSQL version and without pg_dump. See docs/backups.md.
 *
 * The archive holds manifest.json, db/<table>.copy (COPY text format, one file per table) and media/.
 */

const FORMAT = 'pinoy-property-backup';
const VERSION = 1;
/** Kysely's own bookkeeping: filled by the migrations on restore, not copied. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];
/** Names given by storeImage (lib/media.ts), looked for in the data to check the backup holds every file. */
const MEDIA_NAME = /[0-9a-f]{32}(?:\.thumb)?\.(?:jpg|png)/g;
/** The same text for the same data whatever the server's or the session's defaults (as pg_dump does). */
const SESSION_SETTINGS = `SET TimeZone = 'UTC'; SET DateStyle = 'ISO'; SET IntervalStyle = 'postgres';
  SET extra_float_digits = 3; SET client_encoding = 'UTF8'; SET bytea_output = 'hex'`;

/** A refusal or failure with a message meant for the operator (no stack trace needed). */
export class BackupError extends Error {}

const tableSchema = z.object({
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().nonnegative(),
});
const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  createdAt: z.string(),
  migration: z.string(),
  postgresVersion: z.string(),
  tables: z.array(tableSchema),
  sequences: z.array(
    z.object({ name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  media: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  /** Files the data names that were not in the media directory when the backup was made. */
  missingMedia: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;
type Table = z.infer<typeof tableSchema>;

export interface BackupSummary {
  file: string;
  manifest: Manifest;
  archiveBytes: number;
}
export interface RestoreSummary {
  manifest: Manifest;
  /** The latest migration after the restore (later than the backup's when the code is newer). */
  migration: string;
}

const ident = (name: string) => pg.escapeIdentifier(name);
const tableFile = (name: string) => `db/${encodeURIComponent(name)}.copy`;
const inCurrentSchema = (alias: string) => `${alias}.relnamespace = current_schema()::regnamespace
  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                  AND d.objid = ${alias}.oid AND d.deptype = 'e')`;

/** The tables of the schema (not those of extensions nor Kysely's) with their stored columns, by name. */
async function tablesOf(client: pg.ClientBase): Promise<Omit<Table, 'rows'>[]> {
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

async function sequenceNames(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND ${inCurrentSchema('c')} ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the database: ${(error as Error).message}`);
  }
  return client;
}

/** Migration names this code knows, oldest first (Kysely orders them by name). */
const knownMigrations = async () => Object.keys(await migrationProvider.getMigrations()).sort();

async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('kysely_migration') IS NOT NULL AS present`,
  );
  if (!rows[0]!.present) return [];
  return (await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')).rows.map(
    (r) => r.name,
  );
}

/** Hard-links (or copies, across file systems) the media files into `to`; returns their count and size. */
async function snapshotMedia(from: string, to: string) {
  await fsp.mkdir(to, { recursive: true });
  const entries = await fsp.readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const names = new Set<string>();
  let bytes = 0;
  for (const entry of entries) {
    // Stored files only: not the temporary ones of uploads under way (lib/media.ts).
    if (!entry.isFile() || !STORED_NAME.test(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    try {
      await fsp.link(source, target).catch(() => fsp.copyFile(source, target));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile
      throw error;
    }
    names.add(entry.name);
    bytes += (await fsp.stat(target)).size;
  }
  return { names, bytes };
}

/** Collects the media file names that appear in a COPY stream passing through. */
function mediaNamesIn(found: Set<string>) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // The server sends one row per chunk, so a name is never split across two.
      for (const match of chunk.toString('latin1').matchAll(MEDIA_NAME)) found.add(match[0]);
      done(null, chunk);
    },
  });
}

const timestamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
/** backups/pinoy-property-<UTC time>.tar.gz */
export const defaultBackupFile = (base: string) =>
  path.resolve(base, 'backups', `pinoy-property-${timestamp()}.tar.gz`);

/**
 * Writes a backup of the database at `databaseUrl` and of `dataDir`'s media to `file`. The tables are
 * read in one REPEATABLE READ snapshot; the media files are taken right after that snapshot starts, so
 * every file the snapshot names is there (a file removed in the few milliseconds between is reported in
 * `missingMedia`). The file appears only when complete.
 */
export async function backup(options: { databaseUrl: string; dataDir: string; file: string }) {
  const file = path.resolve(options.file);
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  const client = await connect(options.databaseUrl);
  let staging: string | undefined;
  try {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    staging = await fsp.mkdtemp(path.join(path.dirname(file), `.${path.basename(file)}.staging-`));
    await client.query(SESSION_SETTINGS);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The transaction's first query takes the snapshot.
    const { rows: started } = await client.query<{ version: string; at: Date }>(
      `SELECT current_setting('server_version') AS version, transaction_timestamp() AS at`,
    );
    const migrations = await appliedMigrations(client);
    const migration = migrations.at(-1);
    if (!migration) throw new BackupError('The database has no Pinoy Property schema (no migrations ran)');
    const media = await snapshotMedia(mediaDir(options.dataDir), path.join(staging, 'media'));

    await fsp.mkdir(path.join(staging, 'db'));
    const referenced = new Set<string>();
    const tables: Table[] = [];
    for (const table of await tablesOf(client)) {
      const copy = client.query(
        copyTo(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) TO STDOUT`),
      );
      await pipeline(
        copy,
        mediaNamesIn(referenced),
        fs.createWriteStream(path.join(staging, tableFile(table.name))),
      );
      tables.push({ ...table, rows: copy.rowCount });
    }
    // Sequences are outside the snapshot: their values now are at least those the snapshot used.
    const sequences = [];
    for (const name of await sequenceNames(client)) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM ${ident(name)}`,
      );
      sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    await client.query('COMMIT');

    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: started[0]!.at.toISOString(),
      migration,
      postgresVersion: started[0]!.version,
      tables,
      sequences,
      media: { files: media.names.size, bytes: media.bytes },
      missingMedia: [...referenced].filter((name) => !media.names.has(name)).sort(),
    };
    await fsp.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      'db',
      'media',
    ]);
    await fsp.rename(partial, file);
    return { file, manifest, archiveBytes: (await fsp.stat(file)).size } satisfies BackupSummary;
  } finally {
    await client.end().catch(() => {});
    if (staging) await fsp.rm(staging, { recursive: true, force: true });
    await fsp.rm(partial, { force: true });
  }
}

/** Unpacks and checks an archive into `dir`: only plain files and folders, a valid manifest, every table file. */
async function unpack(file: string, dir: string): Promise<Manifest> {
  try {
    await tar.x({
      file,
      cwd: dir,
      strict: true,
      filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new BackupError(`${file} is not a readable backup (${reason})`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')));
  } catch {
    throw new BackupError(`${file} is not a Pinoy Property backup (its manifest.json is missing or invalid)`);
  }
  for (const table of manifest.tables) {
    if (!fs.existsSync(path.join(dir, tableFile(table.name)))) {
      throw new BackupError(`${file} is incomplete: the data of table ${table.name} is missing`);
    }
  }
  return manifest;
}

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
async function checkEmpty(client: pg.ClientBase, media: string) {
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
  if ((await fsp.readdir(media).catch(() => [])).length > 0) {
    throw new BackupError(
      `The media directory ${media} is not empty: restore only into a new data directory`,
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
 * Restores a backup into a new installation: a database without users and an empty media directory.
 * Anything else is refused before a change. The schema is migrated to the backup's migration, every
 * table loaded in one transaction (all or nothing), the media files moved in, then the schema migrated
 * to this code's latest.
 */
export async function restore(options: { databaseUrl: string; dataDir: string; file: string }) {
  const file = path.resolve(options.file);
  const media = mediaDir(options.dataDir);
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
    await fsp.rmdir(media).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await fsp.mkdir(path.join(dir, 'media'), { recursive: true });
    await fsp.rename(path.join(dir, 'media'), media);
    await migrate(db);
    const migration = (await appliedMigrations(client)).at(-1)!;
    return { manifest, migration } satisfies RestoreSummary;
  } finally {
    await client.end().catch(() => {});
    await db.destroy();
    // Retried: after a failed unpack, writes of the last entries may still be landing.
    if (dir) await fsp.rm(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}
