import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { mediaDir } from './media.ts';
import type { MediaStore } from './media-store/index.ts';
import { diskStore } from './media-store/disk.ts';
import { BackupError, FORMAT, tableFile, VERSION, type Manifest, type Table } from './backup/archive.ts';
import {
  appliedMigrations,
  connect,
  ident,
  localeOf,
  SESSION_SETTINGS,
  sequenceNames,
  tablesOf,
} from './backup/catalog.ts';
import { mediaNamesIn, snapshotMedia } from './backup/media-files.ts';

/**
 * Backup and restore of a whole installation (every table of the schema and the media files) into
 * one .tar.gz, in Node, so it works with any PostgreSQL version and without pg_dump. See docs/backups.md.
 * This module writes a backup; backup/restore.ts loads one, backup/archive.ts is the archive's format.
 */

export interface BackupSummary {
  file: string;
  manifest: Manifest;
  archiveBytes: number;
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
 * Tables that name files no row names any more, which are gone on purpose: the Audit Log keeps the
 * rows of deleted photos and replaced pictures, the removal queue the files to remove (decision 104).
 */
const NAMES_PAST_FILES = new Set(['audit_log', 'media_removals']);

/**
 * Writes a backup of the database at `databaseUrl` and of the media store's placed files to `file`. The tables are
 * read in one REPEATABLE READ snapshot; the media files are taken right after that snapshot starts, so
 * every file the snapshot names is there (a file removed in the few milliseconds between is reported in
 * `missingMedia`). The file appears only when complete.
 */
export async function backup(options: {
  databaseUrl: string;
  dataDir: string;
  file: string;
  /** The media store; the data directory's media folder when not given. */
  media?: MediaStore;
}) {
  const store = options.media ?? diskStore(mediaDir(options.dataDir));
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
    const media = await snapshotMedia(store, path.join(staging, 'media'));

    await fsp.mkdir(path.join(staging, 'db'));
    const referenced = new Set<string>();
    const tables: Table[] = [];
    for (const table of await tablesOf(client)) {
      const copy = client.query(
        copyTo(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) TO STDOUT`),
      );
      await pipeline(
        copy,
        mediaNamesIn(NAMES_PAST_FILES.has(table.name) ? new Set() : referenced),
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
      locale: await localeOf(client),
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
