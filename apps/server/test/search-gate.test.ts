import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { databaseUrlOf } from '../src/db/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Searches of the large lists (users, sellers, reports, the audit log) and the global search take
// turns (SEARCH_CONCURRENCY, SEARCH_QUEUE): while searches are stuck (here on a lock held on the
// listings; at ten million listings, on sorting a common word's matches), every other call still finds
// a connection, a search past the queue is refused in a sentence, and the waiting ones run when the
// first ends.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SEARCH_CONCURRENCY: '1', SEARCH_QUEUE: '6', METRICS: 'true' } });
  token = (await t.signedIn(ROLE.SuperAdmin)).token;
});
afterAll(() => t.close());

const get = (url: string) => t.call(token, { method: 'GET', url });

/** Searches running and waiting their turn, as the metrics say. */
async function searchesInProgress() {
  const metrics = (await t.call(null, { method: 'GET', url: '/metrics' })).body;
  const count = (state: string) =>
    Number(new RegExp(`^searches_in_progress\\{state="${state}"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
  return { running: count('running'), waiting: count('waiting') };
}

describe('searches of the large lists take turns', () => {
  it('leave connections to every other call, refuse past the queue, and all run in the end', async () => {
    const holder = new pg.Client({ connectionString: databaseUrlOf(t.db) });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE properties IN ACCESS EXCLUSIVE MODE');
      // One search runs (stuck on the lock), six wait their turn: without turns they would take every
      // connection of the pool (five), and the call below would wait for one until it gave up (503).
      const searches = [
        ...Array.from({ length: 6 }, (_, i) =>
          get(`/api/getPropertyBrokerReport?searchText=house${i}&page=1&itemsPerPage=15`),
        ),
        get('/api/globalSearch?q=house'),
      ];
      await expect.poll(searchesInProgress, { timeout: 20_000 }).toEqual({ running: 1, waiting: 6 });
      const refused = await get(
        '/api/getPropertyBrokerReport?searchText=one+too+many&page=1&itemsPerPage=15',
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many searches are running; try again in \d+ seconds?$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      const other = await get('/api/GetProvince?page=1&itemsPerPage=15');
      expect(other.statusCode, other.body).toBe(200);
      const unsearched = await get('/api/GetSeller?page=1&itemsPerPage=15');
      expect(unsearched.statusCode, unsearched.body).toBe(200);

      await holder.query('COMMIT');
      const answers = await Promise.all(searches);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
    } finally {
      await holder.end();
    }
  });
});
