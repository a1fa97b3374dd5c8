import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { countingInstance, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const ROWS = 120_000;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signedIn(ROLE.SuperAdmin)).token;
  await sql`INSERT INTO sellers (seller_name, phone_1)
    SELECT 'Bulk ' || g, '0919' || lpad(g::text, 7, '0') FROM generate_series(1, ${ROWS}) g`.execute(t.db);
  await sql`ANALYZE sellers`.execute(t.db);
}, 60_000);
afterAll(() => t.close());

let other: Awaited<ReturnType<typeof countingInstance>>;
beforeAll(async () => {
  other = await countingInstance(t, 'list-estimates');
});
afterAll(() => other.close());

const searched = (text: string) =>
  other.list(token, `/api/GetSeller?searchText=${encodeURIComponent(text)}&itemsPerPage=25`);

it('does not count a search of a large list that the planner and its newest rows expect to match 100,000 rows or more', async () => {
  // Opened first, unsearched: the list counts past the limit, so its searches are estimated first.
  const opened = await searched('');
  expect(opened).toMatchObject({ counts: 1, page: { total_is_estimate: true } });
  const every = await searched('bulk');
  expect(every.counts).toBe(0);
  expect(every.page.total_is_estimate).toBe(true);
  expect(every.page.total).toBeGreaterThan(ROWS * 0.9);
  expect(every.page.total).toBeLessThan(ROWS * 1.1);
  expect(every.page.data).toHaveLength(25);
  for (const row of every.page.data as { seller_name: string }[])
    expect(row.seller_name).toMatch(/^Bulk \d+$/);

  // 'Bulk 1', 'Bulk 10'-'Bulk 19' … 'Bulk 100000'-'Bulk 119999': past the limit, but expected to be
  // far short of 100,000, so counted.
  const common = await searched('bulk 1');
  expect(common).toMatchObject({ counts: 1, page: { total_is_estimate: true } });
  const few = await searched('bulk 11999');
  expect(few).toMatchObject({ counts: 1, page: { total: 11 } });
  expect(few.page.total_is_estimate).toBeUndefined();
});

it('counts a search the planner expects to be large when its newest rows say otherwise', async () => {
  // Statistics gone stale: all but the oldest 5,000 'Bulk' sellers gone (without their triggers' audit
  // rows, which the test does not need), 3,000 other sellers added, and no ANALYZE since.
  await sql`ALTER TABLE sellers SET (autovacuum_enabled = false)`.execute(t.db);
  await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`DELETE FROM sellers WHERE seller_name LIKE 'Bulk %' AND substr(seller_name, 6)::int > 5000`.execute(
      trx,
    );
  });
  await sql`INSERT INTO sellers (seller_name, phone_1)
    SELECT 'Plain ' || g, '0918' || lpad(g::text, 7, '0') FROM generate_series(1, 3000) g`.execute(t.db);
  // 'ulk', not 'bulk': the server remembers for a minute that 'bulk' was past the limit (decision 65).
  const stale = await searched('ulk');
  expect(stale).toMatchObject({ counts: 1, page: { total: 5000 } });
  expect(stale.page.total_is_estimate).toBeUndefined();
});
