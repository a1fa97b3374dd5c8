import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';

/**
 * The backup archive, one .tar.gz: manifest.json, db/<table>.copy (COPY text format, one file per table)
 * and media/. See docs/backups.md.
 */

export const FORMAT = 'pinoy-property-backup';
export const VERSION = 1;

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
  /** The database's locale (catalog.ts localeOf); absent from backups made before it was recorded. */
  locale: z.string().optional(),
  tables: z.array(tableSchema),
  sequences: z.array(
    z.object({ name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  media: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  /** Files the data names that were not in the media directory when the backup was made. */
  missingMedia: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type Table = z.infer<typeof tableSchema>;

export const tableFile = (name: string) => `db/${encodeURIComponent(name)}.copy`;

/** Unpacks and checks an archive into `dir`: only plain files and folders, a valid manifest, every table file. */
export async function unpack(file: string, dir: string): Promise<Manifest> {
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
