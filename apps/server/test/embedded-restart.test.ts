import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { plainRequest, signIn, startServer, type ServerProcess } from './process-fixtures.ts';

/**
 * `npm start` on the embedded PostgreSQL after the server was killed (kill -9 leaves PostgreSQL running
 * with no parent), beside a server still running, and in a DATA_DIR PostgreSQL cannot enter.
 */

const servers: ServerProcess[] = [];
const postmasters = new Set<number>();
const dirs: string[] = [];
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
afterAll(async () => {
  for (const s of servers) s.kill('SIGKILL');
  for (const dir of dirs) {
    const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
    if (fs.existsSync(pidFile)) postmasters.add(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]));
  }
  // SIGQUIT: immediate shutdown of a cluster this file started, its server processes included
  for (const pid of postmasters) if (alive(pid)) process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 100 && [...postmasters].some(alive); i++) await new Promise((r) => setTimeout(r, 50));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-restart-'));
  dirs.push(dir);
  return dir;
};
/** Starts the real server on the embedded PostgreSQL in `dataDir`; answers the server, or its output. */
async function start(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const server = await startServer('', { DATA_DIR: dataDir, ...env });
  servers.push(server);
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  postmasters.add(postmaster);
  return { ...server, postmaster };
}
const startFailure = (dataDir: string) =>
  start(dataDir).then(
    () => expect.fail('the server started'),
    (error: Error) => error.message,
  );
/** The lines the failed start wrote after its own log of the embedded PostgreSQL's FATAL lines. */
const ownLines = (output: string) =>
  output.split('\n').filter((l) => l.trim() && !/\b(FATAL|PANIC|ERROR|DETAIL|HINT):/.test(l));

describe('the embedded PostgreSQL', () => {
  it('is stopped and started again after the server was killed, with its data; a second server on it is refused', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o755);
    const first = await start(dataDir);
    const token = await signIn(first.base); // written just before the crash
    first.kill('SIGKILL');
    await first.exited;
    expect(alive(first.postmaster)).toBe(true);

    // no ADMIN_PASSWORD: the Super Admin and the session can only come from the data written before
    const second = await start(dataDir, { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(second.output()).toContain(`Stopping the embedded PostgreSQL (pid ${first.postmaster})`);
    expect(second.postmaster).not.toBe(first.postmaster);
    expect((await plainRequest(second.base, { path: '/api/health' })).status).toBe(200);
    const me = await plainRequest(second.base, {
      path: '/api/webGetLoggedUserDetailsWithRolesPermission',
      token,
    });
    expect(me.json()).toMatchObject({ result: 'success', userData: { user_id: 1 } });
    await signIn(second.base);

    // a cluster whose server still runs is neither stopped nor unlocked
    const output = await startFailure(dataDir);
    expect(ownLines(output.slice(output.indexOf('\n') + 1))).toEqual([
      `Starting the embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`,
      `Another server (pid ${second.pid}) runs on the embedded PostgreSQL in ${path.join(dataDir, 'postgres')}: stop it first, or set DATA_DIR to another folder`,
    ]);
    expect(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).toMatch(
      new RegExp(`^${second.postmaster}\n`),
    );
    expect((await plainRequest(second.base, { path: '/api/health' })).status).toBe(200);

    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  // Only root runs PostgreSQL as another user (postgres), which cannot enter a folder private to root.
  it.runIf(process.getuid?.() === 0)(
    'in a DATA_DIR private to root says in one line what to change',
    async () => {
      const dataDir = tempDir(); // mode 0700, as mktemp -d makes it
      const output = await startFailure(dataDir);
      expect(ownLines(output.slice(output.indexOf('\n') + 1))).toEqual([
        `Starting the embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`,
        `The embedded PostgreSQL runs as the user postgres, which cannot enter ${dataDir}: run chmod o+x ${dataDir}, or set DATA_DIR to a folder it can enter`,
      ]);
    },
  );
});
