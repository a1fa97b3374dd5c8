import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { createTestApp, listWithStatements, type TestApp } from './helpers.ts';
import { agencyPayload, place } from './entity-fixtures.ts';
import { EXACT_COUNT_LIMIT } from '../src/lib/list/index.ts';

// Sellers numbered 1 to ROWS, named in number order. 'gathered' owners are the last quarter of them
// in name order, 'spread' owners every fourth of the others, 'later' e-mails every other one after the
// first thousand, and every seller is a 'seller'. A search that sorts its matches walks the name order
// for a common term: it meets the spread ones at once, the later ones on its second, longer walk, gives
// up on the gathered ones (all at the end) and sorts them instead, and estimates a total past 10,000.
let t: TestApp;
let token: string;
let adminId: number;
const ROWS = 20_000;
const LATER_FROM = 1000;
beforeAll(async () => {
  t = await createTestApp();
  ({ token, userId: adminId } = await t.signedIn(ROLE.SuperAdmin));
  await sql`INSERT INTO sellers (seller_name, property_owner_name, phone_1, email_address)
    SELECT 'Seller ' || lpad(g::text, 5, '0'),
      CASE WHEN g > ${(ROWS * 3) / 4} THEN 'Gathered Owner' WHEN g % 4 = 0 THEN 'Spread Owner' ELSE 'Owner' END,
      '0917' || lpad(g::text, 7, '0'),
      CASE WHEN g > ${LATER_FROM} AND g % 2 = 1 THEN 'later' || g || '@example.ph' END
    FROM generate_series(1, ${ROWS}) g`.execute(t.db);
  await sql`ANALYZE sellers`.execute(t.db);
});
afterAll(() => t.close());

/** Seller numbers of a GetSeller page. */
const page = async (query: Record<string, string | number>) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.call(token, { method: 'GET', url: `/api/GetSeller?${params}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json().resultData as { total: number; data: { seller_name: string }[] };
  return { total: body.total, numbers: body.data.map((s) => Number(s.seller_name.slice(-5))) };
};

/** The numbers a page should hold, worked out from how the sellers were made. */
function expected(matches: (n: number) => boolean, order: 'asc' | 'desc', pageNo: number, size: number) {
  const all = numbers.filter(matches);
  if (order === 'desc') all.reverse();
  return all.slice((pageNo - 1) * size, pageNo * size);
}

const numbers = Array.from({ length: ROWS }, (_, i) => i + 1);
const count = (matches: (n: number) => boolean) => numbers.filter(matches).length;
const gathered = (n: number) => n > (ROWS * 3) / 4;
const spread = (n: number) => n % 4 === 0 && !gathered(n);
const later = (n: number) => n > LATER_FROM && n % 2 === 1;

describe('a searched list pages its matches in order however they lie in the sort order', () => {
  for (const [term, matches] of [
    ['gathered', gathered],
    ['spread', spread],
    ['later', later],
  ] as const) {
    for (const sortOrder of ['asc', 'desc'] as const) {
      it(`'${term}', ${sortOrder}`, async () => {
        for (const [pageNo, size] of [
          [1, 7],
          [3, 25],
          [40, 50],
        ] as const) {
          const got = await page({
            searchText: term,
            sortColumn: 'seller_name',
            sortOrder,
            page: pageNo,
            itemsPerPage: size,
          });
          expect(got.total).toBe(count(matches));
          expect(got.numbers).toEqual(expected(matches, sortOrder, pageNo, size));
        }
      });
    }
  }

  it('a term matching more rows than are counted exactly', async () => {
    for (const sortOrder of ['asc', 'desc'] as const) {
      const got = await page({
        searchText: 'seller',
        sortColumn: 'seller_name',
        sortOrder,
        page: 2,
        itemsPerPage: 15,
      });
      expect(got.numbers).toEqual(expected(() => true, sortOrder, 2, 15));
    }
  });

  it('reads the matches of a search counted exactly once: the page rows are looked up by their keys', async () => {
    const { page: body, statements } = await listWithStatements(
      t,
      'list-search-plans',
      token,
      '/api/GetSeller?searchText=gathered&sortColumn=seller_name&sortOrder=desc&page=3&itemsPerPage=25',
    );
    const numbers = (body.data as { seller_name: string }[]).map((s) => Number(s.seller_name.slice(-5)));
    expect(numbers).toEqual(expected(gathered, 'desc', 3, 25));
    // The count reads every match; the one other read of sellers is of the page's 25, by key (the
    // list's size is planned, not read; the other instance's housekeeping may run meanwhile).
    const reads = statements.filter((s) => /^select .* from "sellers"/s.test(s.sql));
    expect(reads.filter((s) => s.sql.startsWith('select count(*)'))).toHaveLength(1);
    const rows = reads.filter((s) => !s.sql.startsWith('select count(*)'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.parameters.find(Array.isArray)).toHaveLength(25);
  });

  it('a page past the last match is empty', async () => {
    const got = await page({ searchText: 'spread', sortColumn: 'seller_name', page: 300, itemsPerPage: 15 });
    expect(got).toEqual({ total: count(spread), numbers: [] });
  });
});

describe('a searched list whose rows have no single key', () => {
  // Agents Based Agency: a row per agency and agent. Its matches cannot be looked up by key: its page is
  // met by a walk of the sort order testing each row alone, and where that walk falls short, by the
  // planner's walk after gathering the agencies that can match. The Walkers match; the Xaviers, in an
  // agency created after theirs, are more rows than the bounded walk reads, and do not.
  const AGENTS = 700;
  let agencyId: number;
  const agencyNamed = async (name: string) => {
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/saveagency',
      payload: agencyPayload(await place(t, name), `${name} Realty`),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (
      await sql<{
        id: number;
      }>`SELECT agency_id AS id FROM agencies WHERE agency_name = ${`${name} Realty`}`.execute(t.db)
    ).rows[0]!.id;
  };
  const addAgents = (agency: number, name: string, count: number) =>
    sql`INSERT INTO users (first_name, last_name, user_email, password_hash, role_id, user_status,
        associated_agency_id)
      SELECT ${name}, 'Agent ' || g, lower(${name}) || g || '@example.ph', 'x', ${ROLE.Agent}, 'Active',
        ${agency}::int
      FROM generate_series(1, ${count}) g`.execute(t.db);
  beforeAll(async () => {
    agencyId = await agencyNamed('Walkers');
    await addAgents(agencyId, 'Walker', AGENTS);
    await addAgents(await agencyNamed('Xaviers'), 'Xavier', AGENTS * 2);
    await sql`ANALYZE users`.execute(t.db);
  });

  // Ascending, the Walkers come before the Xaviers: the first walk meets the page. Descending, after
  // them: it falls short, and the agencies that can match are gathered first.
  for (const [pageNo, sortOrder, gathered] of [
    [1, 'asc', false],
    [3, 'desc', true],
  ] as const) {
    it(`pages its many matches in order, ${sortOrder} (${gathered ? 'gathered first' : 'walked'})`, async () => {
      const agents = (
        await sql<{ id: number }>`SELECT user_id AS id FROM users WHERE associated_agency_id = ${agencyId}
          ORDER BY user_id`.execute(t.db)
      ).rows.map((r) => `${agencyId}-${r.id}`);
      const { page: body, statements } = await listWithStatements(
        t,
        'list-search-plans',
        token,
        `/api/GetAgentsBasedAgency?searchText=walker&page=${pageNo}&itemsPerPage=15&sortOrder=${sortOrder}`,
      );
      expect(body.total).toBe(AGENTS);
      const ordered = sortOrder === 'asc' ? agents : [...agents].reverse();
      expect((body.data as { row_id: string }[]).map((r) => r.row_id)).toEqual(
        ordered.slice((pageNo - 1) * 15, pageNo * 15),
      );
      // The count gathers the agencies that can match; the page does too only after the walk fell short.
      const gathering = statements.filter(
        (s) => s.sql.includes('UNION SELECT u.associated_agency_id') && !s.sql.startsWith('EXPLAIN'),
      );
      expect(gathering.filter((s) => s.sql.startsWith('select count(*)'))).toHaveLength(1);
      expect(gathering.filter((s) => !s.sql.startsWith('select count(*)'))).toHaveLength(gathered ? 1 : 0);
    });
  }
});

describe('a searched report sorted by a joined name', () => {
  // Listings of the sellers above, two in a thousand without one, a quarter of them 'Walkhouse': sorted by
  // seller name, a common term's page is walked part by part (with a seller by the name's index, then
  // without one), and must come in the order a plain ORDER BY gives, listings without a seller last
  // ascending and first descending.
  const LISTINGS = 20_000;
  beforeAll(async () => {
    const where = await place(t, 'Walk');
    await sql`INSERT INTO properties (user_id, user_type, property_name, property_headline,
        property_description, property_classification_id, property_type_id, product_category_id, land_area,
        street_name, province_id, town_id, barangay_id, status, seller_id)
      SELECT ${adminId}, ${ROLE.SuperAdmin}, CASE WHEN g % 4 = 0 THEN 'Walkhouse ' ELSE 'Lot ' END || g,
        'Headline', 'A walked listing.', 4, 1, 1, '100', 'Street ' || g, ${where.province_id}::int,
        ${where.town_id}::int, ${where.barangay_id}::int, 'Open',
        CASE WHEN g % 1000 > 1 THEN (SELECT min(seller_id) FROM sellers) + g % ${ROWS} END
      FROM generate_series(1, ${LISTINGS}) g`.execute(t.db);
    await sql`ANALYZE properties`.execute(t.db);
  });

  /** The listings a plain ORDER BY puts on the page. */
  const inOrder = async (term: string, order: 'asc' | 'desc', pageNo: number, size: number) =>
    (
      await sql<{ id: number }>`SELECT p.property_id AS id FROM properties p
        LEFT JOIN sellers s ON s.seller_id = p.seller_id WHERE p.property_name ILIKE ${`%${term}%`}
        ORDER BY s.seller_name ${sql.raw(order)}, p.property_id ${sql.raw(order)}
        LIMIT ${size} OFFSET ${(pageNo - 1) * size}`.execute(t.db)
    ).rows.map((r) => r.id);

  // 'lot' matches three listings in four, more than are counted exactly: its pages are walked, the
  // listings without a seller read after the others ascending and before them descending.
  for (const [term, total] of [
    ['walkhouse', LISTINGS / 4],
    ['lot', (LISTINGS * 3) / 4],
  ] as const)
    for (const sortOrder of ['asc', 'desc'] as const) {
      it(`pages its matches in order, '${term}' ${sortOrder}`, async () => {
        for (const [pageNo, size] of [
          [1, 7],
          [3, 7], // descending, past the 20 listings of each term without a seller
          [95, 50],
        ] as const) {
          const res = await t.call(token, {
            method: 'GET',
            url: `/api/getPropertyBrokerReport?searchText=${term}&sortColumn=seller_name&sortOrder=${sortOrder}&page=${pageNo}&itemsPerPage=${size}`,
          });
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json().resultData as { total: number; data: { property_id: number }[] };
          if (total > EXACT_COUNT_LIMIT) expect(body.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
          else expect(body.total).toBe(total);
          expect(body.data.map((r) => r.property_id)).toEqual(await inOrder(term, sortOrder, pageNo, size));
        }
      });
    }
});
