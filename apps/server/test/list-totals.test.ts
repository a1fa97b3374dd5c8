import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { createDb, readWithin } from '../src/db/index.ts';
import { countingInstance, createTestApp, listWithStatements, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const ROWS = 12_000;
const OLDER = 600;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signedIn(ROLE.SuperAdmin)).token;
  // Older sellers first, none a 'seller', first in name and phone order: a walk of either order meets
  // no 'seller' in its first 500 rows, so a broad search of them is not sorted at once.
  await sql`INSERT INTO sellers (seller_name, phone_1)
    SELECT 'Aaa ' || g, '0916' || lpad(g::text, 7, '0') FROM generate_series(1, ${OLDER}) g`.execute(t.db);
  await sql`INSERT INTO sellers (seller_name, phone_1)
    SELECT 'Seller ' || g || CASE WHEN g % 1000 = 0 THEN ' Rare' ELSE '' END, '0917' || lpad(g::text, 7, '0')
    FROM generate_series(1, ${ROWS}) g`.execute(t.db);
  await sql`ANALYZE sellers`.execute(t.db);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.call(token, { method: 'GET', url: `/api/GetSeller?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resultData as {
    total: number;
    total_is_estimate?: boolean;
    last_page: number;
    data: unknown[];
  };
};

it('counts exactly up to 10,000 rows and says when a larger total is an estimate', async () => {
  const all = await list('itemsPerPage=50');
  expect(all.total_is_estimate).toBe(true);
  expect(all.total).toBeGreaterThan((ROWS + OLDER) * 0.9);
  expect(all.total).toBeLessThan((ROWS + OLDER) * 1.1);
  expect(all.last_page).toBe(Math.ceil(all.total / 50));
  expect(all.data).toHaveLength(50);

  const rare = await list('searchText=rare');
  expect(rare).toMatchObject({ total: ROWS / 1000 });
  expect(rare.total_is_estimate).toBeUndefined();

  // The first answer asked for the estimate after its count; from then on the list is known to be large
  // and asks with it: the same answer.
  const again = await list('itemsPerPage=50');
  expect(again).toMatchObject({ total: all.total, total_is_estimate: true, last_page: all.last_page });
});

type Row = { seller_name: string; seller_id?: number; total_properties?: number };
const names = (page: { data: unknown[] }) => (page.data as Row[]).map((r) => r.seller_name);

it('answers a search of more than 10,000 matches newest first when asked, and sorted otherwise', async () => {
  const sorted = await list('searchText=seller&sortColumn=seller_name');
  expect(sorted.total_is_estimate).toBe(true);
  expect(names(sorted).slice(0, 5)).toEqual([
    'Seller 1',
    'Seller 10',
    'Seller 100',
    'Seller 1000 Rare',
    'Seller 10000 Rare',
  ]);
  expect(sorted).not.toHaveProperty('newest_first');

  const newest = await list('searchText=seller&sortColumn=seller_name&broadOrder=Newest');
  expect(newest).toMatchObject({ newest_first: true, total_is_estimate: true, total: sorted.total });
  const newestNames = (from: number) =>
    Array.from({ length: 7 }, (_, i) => `Seller ${from - i}${(from - i) % 1000 === 0 ? ' Rare' : ''}`);
  expect(names(newest)).toEqual(newestNames(12000));
  const next = await list('searchText=seller&sortColumn=seller_name&broadOrder=newest&page=2');
  expect(names(next)).toEqual(newestNames(11993));

  // Sorted as asked where the first walk of the sort order meets the page: the sort costs little.
  const soon = await list('searchText=seller&sortColumn=seller_name&sortOrder=desc&broadOrder=newest');
  expect(soon).not.toHaveProperty('newest_first');
  expect(names(soon).slice(0, 3)).toEqual(['Seller 9999', 'Seller 9998', 'Seller 9997']);

  // Few matches are sorted as asked, whatever the client allows.
  const rare = await list('searchText=rare&sortColumn=seller_name&sortOrder=desc&broadOrder=newest');
  expect(rare).not.toHaveProperty('newest_first');
  expect(names(rare).slice(0, 3)).toEqual(['Seller 9000 Rare', 'Seller 8000 Rare', 'Seller 7000 Rare']);
});

it('computes a newest-first page’s late columns for its own rows, in its order', async () => {
  const res = await t.call(token, {
    method: 'GET',
    url: '/api/getSellerReports?searchText=seller&sortColumn=phone_1&itemsPerPage=15&broadOrder=newest',
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json().resultData as { newest_first?: boolean; data: Row[] };
  expect(page.newest_first).toBe(true);
  expect(page.data.map((r) => r.seller_name)).toEqual(
    Array.from({ length: 15 }, (_, i) => `Seller ${12000 - i}${i === 0 ? ' Rare' : ''}`),
  );
  expect(page.data.every((r) => r.total_properties === 0)).toBe(true);
});

it('answers newest first past a run of newer rows that do not match, and sorts when the run is longer', async () => {
  const plain = async (from: number, to: number) => {
    await sql`INSERT INTO sellers (seller_name, phone_1)
      SELECT 'Plain ' || g, '0918' || lpad(g::text, 7, '0') FROM generate_series(${from}::int, ${to}::int) g`.execute(
      t.db,
    );
    await sql`ANALYZE sellers`.execute(t.db);
  };
  // 600 newer sellers, none a 'seller' (an import): past the 500 rows of the first walk, within the
  // newest walk's reach (eight such walks).
  await plain(1, 600);
  const past = await list('searchText=seller&sortColumn=seller_name&broadOrder=newest');
  expect(past).toMatchObject({ newest_first: true, total_is_estimate: true });
  expect(names(past).slice(0, 3)).toEqual(['Seller 12000 Rare', 'Seller 11999', 'Seller 11998']);
  // 4,600 in all: beyond its reach, the walk from the newest end gives up, and the page is sorted.
  await plain(601, 4600);
  const page = await list('searchText=seller&sortColumn=seller_name&broadOrder=newest');
  expect(page.total_is_estimate).toBe(true);
  expect(page).not.toHaveProperty('newest_first');
  expect(names(page).slice(0, 3)).toEqual(['Seller 1', 'Seller 10', 'Seller 100']);
});

it('sorts a broad search’s matches by their keys alone, and reads only the page’s rows whole', async () => {
  // The 5,200 newer sellers above come first in name order: every walk of it falls short.
  const { page, statements } = await listWithStatements(
    t,
    'list-totals',
    token,
    '/api/GetSeller?searchText=seller&sortColumn=seller_name&itemsPerPage=7',
  );
  expect(names(page)).toEqual([
    'Seller 1',
    'Seller 10',
    'Seller 100',
    'Seller 1000 Rare',
    'Seller 10000 Rare',
    'Seller 10001',
    'Seller 10002',
  ]);
  // Every match sorted, with nothing but its key (and so without the seller's agency); then the
  // page's seven rows read whole, by key (plans asked for aside).
  const sorts = statements.filter((s) => s.sql.includes('order by ROW(') && !s.sql.startsWith('EXPLAIN'));
  expect(sorts.map((s) => s.sql.slice(0, s.sql.indexOf(' from ')))).toEqual([
    'select "s"."seller_id" as "key"',
    expect.stringContaining('"a"."agency_name"'),
  ]);
  expect(sorts[1]!.parameters.find(Array.isArray)).toHaveLength(7);
});

it('counts a search past 10,000 matches once a minute, and a search of fewer every time', async () => {
  // A second instance of the server, which shares this process's memory of counts.
  const other = await countingInstance(t, 'list-totals');
  const searched = (query: string) => other.list(token, `/api/GetSeller?${query}`);
  try {
    // The 12,000 sellers' phones start 0917.
    const first = await searched('searchText=0917');
    expect(first).toMatchObject({ counts: 1, page: { total_is_estimate: true } });
    const paged = await searched('searchText=0917&page=2');
    expect(paged).toMatchObject({ counts: 0, page: { total: first.page.total, total_is_estimate: true } });
    const sorted = await searched('searchText=0917&sortColumn=phone_1');
    expect(sorted.counts).toBe(0);
    // Another search is counted; so is one of 10,000 matches or fewer, each time it is asked.
    expect((await searched('searchText=seller')).page.total_is_estimate).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect(await searched('searchText=rare')).toMatchObject({ counts: 1, page: { total: ROWS / 1000 } });
    }
  } finally {
    await other.close();
  }
});

it('gives up a read that takes longer than its time, and keeps the time limit to that read', async () => {
  // The newest walk's 50 ms (lib/list/run.ts) rests on this: at ten million listings a walk can read
  // most of a table, which test data cannot make slow, so the limit is tried on a statement that sleeps.
  const alone = createDb(t.databaseUrl, 1);
  try {
    const slept = await readWithin(alone, 50, (trx) => sql`SELECT pg_sleep(5)`.execute(trx));
    expect(slept).toBeUndefined();
    const quick = await readWithin(alone, 1000, (trx) => sql<{ n: number }>`SELECT 1 AS n`.execute(trx));
    expect(quick?.rows).toEqual([{ n: 1 }]);
    await expect(readWithin(alone, 1000, (trx) => sql`SELECT 1 / 0`.execute(trx))).rejects.toMatchObject({
      code: '22012',
    });
    // The pool's one connection ran all three; outside them it has no limit.
    const { rows } = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(alone);
    expect(rows).toEqual([{ statement_timeout: '0' }]);
  } finally {
    await alone.destroy();
  }
});

it('refuses an unknown broadOrder in a plain sentence', async () => {
  const res = await t.call(token, {
    method: 'GET',
    url: '/api/GetSeller?searchText=seller&broadOrder=fastest',
  });
  expect(res.statusCode).toBe(400);
  expect(res.body).toContain('broadOrder must be sorted or newest');
});
