import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const ROWS = 12_000;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signedIn(ROLE.SuperAdmin)).token;
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
  expect(all.total).toBeGreaterThan(ROWS * 0.9);
  expect(all.total).toBeLessThan(ROWS * 1.1);
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
