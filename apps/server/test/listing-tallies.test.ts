import pg from 'pg';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { OVERVIEW, PROPERTY_STATUSES, ROLE } from '@app/contract';
import { compactListingTallies } from '../src/db/repositories/reports.ts';
import { databaseUrlOf } from '../src/db/index.ts';
import { place, useTestApp, type Place } from './entity-fixtures.ts';

// The Overview of those who see every listing reads the tallies the writes keep (migration 0011): after
// every kind of write, it must say what counting the listings says.
const env = useTestApp();
let where: Place;
let other: Place;

/** `count` listings in one statement: statuses and categories in turn, every third in the other province. */
const listings = (count: number, name: string) => sql`INSERT INTO properties (user_id, user_type,
    property_name, property_headline, property_description, property_classification_id, property_type_id,
    product_category_id, land_area, street_name, province_id, town_id, barangay_id, status)
  SELECT ${env.admin.userId}, ${ROLE.SuperAdmin}, ${name} || ' ' || g, 'Headline', 'A tallied listing.', 4, 1,
    CASE WHEN g % 2 = 0 THEN 1 ELSE 3 END, '100', 'Street ' || g,
    CASE WHEN g % 3 = 0 THEN ${other.province_id}::int ELSE ${where.province_id}::int END,
    CASE WHEN g % 3 = 0 THEN ${other.town_id}::int ELSE ${where.town_id}::int END,
    CASE WHEN g % 3 = 0 THEN ${other.barangay_id}::int ELSE ${where.barangay_id}::int END,
    (${sql.val(PROPERTY_STATUSES)}::text[])[1 + g % ${PROPERTY_STATUSES.length}]
  FROM generate_series(1, ${count}) g`;
const addListings = (count: number, name: string) => listings(count, name).execute(env.t.db);

/** What the Overview says of the listings, and what counting them says. */
async function overviewAndCount() {
  const res = await env.get(`/api/${OVERVIEW.call}`);
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().resultData as {
    by_status: { status: string; count: number }[];
    by_category: { product_category_id: number; count: number }[];
    top_provinces: { province_id: number; count: number }[];
  };
  const counted = async (column: string) =>
    Object.fromEntries(
      (
        await sql<{ key: string | number; n: number }>`SELECT ${sql.ref(column)} AS key, count(*)::int AS n
          FROM properties GROUP BY 1`.execute(env.t.db)
      ).rows.map((r) => [r.key, r.n]),
    );
  const [status, category, province] = await Promise.all(
    ['status', 'product_category_id', 'province_id'].map(counted),
  );
  return {
    overview: {
      status: Object.fromEntries(o.by_status.filter((s) => s.count).map((s) => [s.status, s.count])),
      category: Object.fromEntries(
        o.by_category.filter((c) => c.count).map((c) => [c.product_category_id, c.count]),
      ),
      province: Object.fromEntries(o.top_provinces.map((p) => [p.province_id, p.count])),
    },
    counted: { status, category, province },
  };
}

async function expectTallied() {
  const { overview, counted } = await overviewAndCount();
  expect(overview).toEqual(counted);
  return counted;
}

const tallyRows = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM listing_tallies`.execute(env.t.db)).rows[0]!.n);

beforeAll(async () => {
  where = await place(env.t, 'Tallies A');
  other = await place(env.t, 'Tallies B');
});

describe('the listing tallies', () => {
  it('follow inserts, updates and deletes of any number of listings', async () => {
    await addListings(30, 'First');
    expect(Object.values((await expectTallied()).status!).reduce((a, b) => a + b)).toBe(30);

    await sql`UPDATE properties SET status = 'Sold' WHERE property_name LIKE 'First 1%'`.execute(env.t.db);
    await sql`UPDATE properties SET product_category_id = 3, province_id = ${other.province_id},
      town_id = ${other.town_id}, barangay_id = ${other.barangay_id}
      WHERE property_name IN ('First 2', 'First 4')`.execute(env.t.db);
    await expectTallied();

    // A change to nothing they count adds nothing to them.
    const before = await tallyRows();
    await sql`UPDATE properties SET property_headline = 'Renamed'`.execute(env.t.db);
    expect(await tallyRows()).toBe(before);

    await sql`DELETE FROM properties WHERE property_name LIKE 'First 2%'`.execute(env.t.db);
    await addListings(5, 'Second');
    await expectTallied();
  });

  it('answer the same once compacted to a row per group', async () => {
    const { overview } = await overviewAndCount();
    await compactListingTallies(env.t.db);
    const groups = await sql<{ n: string }>`SELECT count(*) AS n FROM (SELECT DISTINCT status,
      product_category_id, province_id FROM properties) g`.execute(env.t.db);
    expect(await tallyRows()).toBe(Number(groups.rows[0]!.n));
    expect((await expectTallied()).status).toEqual(overview.status);
  });

  it('never make a save wait for another, nor for their compaction', async () => {
    // The listings fall in the same group: a tally row per group would hold the second save until the
    // first commits.
    const first = new pg.Client({ connectionString: databaseUrlOf(env.t.db) });
    await first.connect();
    try {
      await first.query('BEGIN');
      const held = listings(1, 'Held').compile(env.t.db);
      await first.query(held.sql, [...held.parameters]);
      await env.t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
        await listings(1, 'Meanwhile').execute(trx);
        await sql`SELECT compact_listing_tallies()`.execute(trx);
      });
      await first.query('COMMIT');
    } finally {
      await first.end();
    }
    await expectTallied();
  });

  it('are emptied with the listings', async () => {
    await sql`TRUNCATE properties CASCADE`.execute(env.t.db);
    expect(await tallyRows()).toBe(0);
    const { overview } = await overviewAndCount();
    expect(overview).toEqual({ status: {}, category: {}, province: {} });
  });
});
