/**
 * The backup and restore commands (docs/backups.md):
 *   npm run backup [FILE]   writes the database and the media files to FILE
 *                           (default backups/pinoy-property-<UTC time>.tar.gz where npm was typed)
 *   npm run restore FILE    brings a new installation to the state of the backup
 * The database is DATABASE_URL's, otherwise the embedded cluster in DATA_DIR/postgres: the running
 * server's when it is up, otherwise started for the command and stopped after.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { mediaStore } from './lib/media-store/index.ts';
import { embeddedUrl, startEmbeddedPostgres } from './db/embedded.ts';
import { backup, defaultBackupFile } from './lib/backup.ts';
import { BackupError, type Manifest } from './lib/backup/archive.ts';
import { restore } from './lib/backup/restore.ts';

const USAGE = 'Usage: npm run backup [FILE]  |  npm run restore FILE';

/** The port of the embedded cluster in `dir` when a process runs it (postmaster.pid: pid, …, port on line 4). */
function runningPort(dir: string): number | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined; // a stale file from a crash
  }
  return port;
}

async function openDatabase(
  config: ReturnType<typeof loadConfig>,
  command: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  const dir = path.join(config.dataDir, 'postgres');
  const port = runningPort(dir);
  if (port) {
    console.log(`Using the embedded PostgreSQL of the running server (${dir}, port ${port})`);
    return { url: embeddedUrl(port), close: async () => {} };
  }
  if (command === 'backup' && !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no database in ${dir}: set DATA_DIR to the server's data directory, or DATABASE_URL`,
    );
  }
  console.log(`Starting the embedded PostgreSQL in ${dir}`);
  const embedded = await startEmbeddedPostgres(dir, (line) => {
    if (/FATAL|PANIC/.test(line)) console.error(line);
  });
  return { url: embedded.url, close: embedded.stop };
}

const count = (n: number) => n.toLocaleString('en-US');
const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

function describe(manifest: Manifest) {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const width = Math.max(...manifest.tables.map((t) => t.name.length));
  return [
    `  database: ${manifest.tables.length} tables, ${count(rows)} rows (migration ${manifest.migration})`,
    ...manifest.tables.map((t) => `    ${t.name.padEnd(width)}  ${count(t.rows).padStart(9)}`),
    `  media: ${count(manifest.media.files)} files, ${size(manifest.media.bytes)}`,
  ].join('\n');
}

async function run(): Promise<number> {
  const [command, file, ...extra] = process.argv.slice(2);
  if (!(command === 'backup' || (command === 'restore' && file)) || extra.length > 0) {
    throw new BackupError(USAGE);
  }
  const config = loadConfig();
  const base = process.env.INIT_CWD ?? process.cwd();
  const database = await openDatabase(config, command);
  try {
    if (command === 'backup') {
      const made = await backup({
        databaseUrl: database.url,
        dataDir: config.dataDir,
        media: mediaStore(config),
        file: file ? path.resolve(base, file) : defaultBackupFile(base),
      });
      console.log(`Backup written to ${made.file} (${size(made.archiveBytes)})\n${describe(made.manifest)}`);
      if (made.manifest.missingMedia.length > 0) {
        console.error(
          `WARNING: the backup is written but incomplete: ${made.manifest.missingMedia.length} media files named ` +
            `in the database are not in ${mediaStore(config).location}: ${made.manifest.missingMedia.join(', ')}`,
        );
        return 1;
      }
    } else {
      const done = await restore({
        databaseUrl: database.url,
        dataDir: config.dataDir,
        media: mediaStore(config),
        file: path.resolve(base, file!),
      });
      console.log(
        `Restored ${path.resolve(base, file!)} (made ${done.manifest.createdAt})\n${describe(done.manifest)}\n` +
          `  media files are in ${mediaStore(config).location}; the database is at migration ${done.migration}` +
          (done.otherLocale === undefined
            ? ''
            : `\n  the database's locale (${done.otherLocale}) is not the backup's ` +
              `(${done.manifest.locale ?? 'not recorded'}): the search words and documents were derived again`),
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${process.argv[2] === 'restore' ? 'Restore' : 'Backup'} failed: ${message}`);
  process.exitCode = 1;
}
// Exits now with that code, whatever handles are still open.
process.exit();
