import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { createTestApp, waitFor, type TestApp } from './helpers.ts';
import { poolOf } from '../src/db/index.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS: 'true' } });
  token = (await t.signedIn(ROLE.SuperAdmin)).token;
  // Enough rows that exports started together overlap.
  await sql`INSERT INTO capabilities (capability_name)
    SELECT 'Capability ' || g FROM generate_series(1, 30000) g`.execute(t.db);
}, 60_000);
afterAll(() => t?.close());

const health = async () =>
  Promise.all(
    ['/api/health', '/api/health/ready'].map(
      async (url) => (await t.app.inject({ method: 'GET', url })).statusCode,
    ),
  );

describe('exports under load', () => {
  it('runs at most EXPORT_CONCURRENCY at once, queues EXPORT_QUEUE more and refuses the rest with 429 and Retry-After; health answers 200 throughout', async () => {
    expect([t.config.exportConcurrency, t.config.exportQueue]).toEqual([2, 4]);
    // What the database sees: the export queries under way, counted from a connection of the test's own.
    const watcher = new pg.Client({ connectionString: t.databaseUrl });
    await watcher.connect();
    let running = true;
    let most = 0;
    const healthAnswers: number[] = [];
    const watch = (async () => {
      while (running) {
        const { rows } = await watcher.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'
             AND query ILIKE '%capability_name%'`,
        );
        most = Math.max(most, rows[0]!.n);
        healthAnswers.push(...(await health()));
      }
    })();
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.call(token, { method: 'GET', url: '/api/GetCapability/export?sortOrder=desc' }),
        ),
      );
      running = false;
      await watch;
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429]);
      for (const refused of answers.filter((a) => a.statusCode === 429)) {
        const seconds = Number(refused.headers['retry-after']);
        expect(Number.isInteger(seconds) && seconds >= 1).toBe(true);
        expect(refused.json()).toEqual({
          message: `Too many exports are running; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
        });
      }
      for (const done of answers.filter((a) => a.statusCode === 200))
        expect(done.rawPayload.length).toBeGreaterThan(100_000);
      expect(most).toBe(2);
      expect(healthAnswers.length).toBeGreaterThan(0);
      expect(healthAnswers.filter((status) => status !== 200)).toEqual([]);
    } finally {
      running = false;
      await watch.catch(() => {});
      await watcher.end();
    }
    // Every export handed its connection back, and a new one runs at once.
    const pool = poolOf(t.db)!;
    expect(pool.idleCount).toBe(pool.totalCount);
    const again = await t.call(token, {
      method: 'GET',
      url: '/api/GetCapability/export?searchText=Capability%2012345',
    });
    expect(again.statusCode).toBe(200);
  }, 120_000);

  it('answers readiness while every connection of the pool is taken', async () => {
    const pool = poolOf(t.db)!;
    const max = (pool as unknown as { options: { max: number } }).options.max;
    const held = await Promise.all(Array.from({ length: max }, () => pool.connect()));
    try {
      expect(pool.totalCount).toBe(max);
      expect(await health()).toEqual([200, 200]);
    } finally {
      for (const client of held) client.release();
    }
  });

  it('drops an export whose client left while it waited its turn, so it holds no place in the queue', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const exportOverHttp = () => {
      const req = http.get({
        host: '127.0.0.1',
        port,
        path: '/api/GetCapability/export',
        headers: { authorization: `Bearer ${token}` },
      });
      const status = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
      });
      return { req, status };
    };
    const exportsLogged = async () =>
      Number(
        (
          await t.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('action', '=', 'export')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await exportsLogged();
    const running = [exportOverHttp(), exportOverHttp()];
    await waitFor('two exports running', async () => (await exportCounts()).running === 2 || undefined);
    const waiting = Array.from({ length: 4 }, exportOverHttp);
    await waitFor('four exports waiting', async () => (await exportCounts()).waiting === 4 || undefined);
    for (const w of waiting) {
      w.status.catch(() => {});
      w.req.destroy();
    }
    await waitFor('no export waiting', async () => (await exportCounts()).waiting === 0 || undefined);
    const next = Array.from({ length: 4 }, exportOverHttp);
    expect(await Promise.all([...running, ...next].map((r) => r.status))).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    // Only the exports someone received ran (each is logged once it runs): none for the clients that left.
    expect((await exportsLogged()) - before).toBe(6);
  }, 60_000);
});

/** Exports running and waiting, from the metrics. */
async function exportCounts() {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const count = (state: string) =>
    Number(new RegExp(`^exports_in_progress\\{state="${state}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
  return { running: count('running'), waiting: count('waiting') };
}
