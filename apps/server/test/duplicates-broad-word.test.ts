import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportApi } from '@app/contract';
import { listingColumnsBut, place, propertyIdOf, useTestApp, type Place } from './entity-fixtures.ts';

// Suspected Duplicates searched for a word in more than 2,000 names over a day of few listings
// (decision 105): the pairs come from the newer listings of the word's pairs, looked up first, and must
// be every pair the word is in, as the report lists them unsearched.
const env = useTestApp();
const REPORT = reportApi.getSuspectedDuplicatesReport.name;
const BROAD = 'Hilltop';

let here: Place;
/** The listings' columns that a copy takes from its original (all but its id, name, place and date). */
let columns: RawBuilder<unknown>;

const listing = (name: string, overrides: Record<string, unknown> = {}) => ({
  property_name: name,
  property_headline: 'Quiet street, near IT Park',
  property_description: 'A lot with a view.',
  property_classification_id: 4,
  product_category_id: 3,
  property_type_id: 1,
  land_area: '250',
  sale_price: '4,000,000',
  street_name: 'Gorordo Avenue',
  province_id: here.province_id,
  town_id: here.town_id,
  barangay_id: here.barangay_id,
  zipcode: '6000',
  ...overrides,
});

async function save(name: string, overrides: Record<string, unknown> = {}) {
  const res = await env.post('saveproperty', listing(name, overrides));
  expect(res.statusCode, res.body).toBe(200);
  return propertyIdOf(env.t, name);
}

type Pair = { pair_id: string; property_name: string; other_property_name: string };

/** Every pair of the report for the query, page by page. */
async function pairsOf(query: string): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let page = 1; ; page++) {
    const res = await env.get(`/api/${REPORT}?itemsPerPage=50&page=${page}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json().resultData as { data: Pair[]; total: number };
    pairs.push(...data);
    if (data.length < 50) {
      expect(pairs).toHaveLength(total);
      return pairs;
    }
  }
}

beforeAll(async () => {
  here = await place(env.t, 'Broad');
  const elsewhere = await place(env.t, 'Broad Elsewhere');
  const older = await save(`${BROAD} villa in Lahug`);
  // More than 2,000 names with the word, added long ago in another barangay: none is paired today.
  columns = await listingColumnsBut(env.t, [
    'property_name',
    'barangay_id',
    'town_id',
    'province_id',
    'date_first_added',
  ]);
  await sql`INSERT INTO properties (${columns}, property_name, barangay_id, town_id, province_id, date_first_added)
    SELECT ${columns}, ${BROAD} || ' lot ' || g, ${elsewhere.barangay_id}, ${elsewhere.town_id},
      ${elsewhere.province_id}, '2025-01-15'
    FROM properties, generate_series(1, 2100) g WHERE property_id = ${older}`.execute(env.t.db);
  await sql`ANALYZE properties`.execute(env.t.db);
  // Today: a crowd of copies without the word, alike each other and the older listing; a newer one
  // with the word; one of another area, alike none.
  for (let i = 1; i <= 8; i++) await save(`Crowd unit ${i} in Lahug`);
  await save(`${BROAD} villa in Lahug, Cebu`);
  await save('Crowd unit in Lahug, far larger', { land_area: '900' });
});

describe('Suspected Duplicates searched for a broad word over a day', () => {
  it('lists every pair the word is in, and no other, in every order', async () => {
    const named = await env.t.db
      .selectFrom('properties')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('property_name', 'ilike', `%${BROAD}%`)
      .executeTakeFirstOrThrow();
    expect(Number(named.n)).toBeGreaterThan(2_000);
    const every = await pairsOf('');
    expect(every.length).toBeGreaterThan(36);
    for (const sort of [
      '',
      '&sortColumn=similarity&sortOrder=asc',
      '&sortColumn=property_name&sortOrder=desc',
    ])
      for (const word of [BROAD, 'HILLTOP VILLA', 'villa in', 'crowd unit 3', 'lot', 'nowhere']) {
        const expected = (await pairsOf(sort)).filter((r) =>
          [r.property_name, r.other_property_name].some((n) => n.toLowerCase().includes(word.toLowerCase())),
        );
        const found = await pairsOf(`${sort}&searchText=${encodeURIComponent(word)}`);
        expect(
          found.map((r) => r.pair_id),
          `${word} ${sort}`,
        ).toEqual(expected.map((r) => r.pair_id));
      }
  });

  it('finds a pair by its older listing alone, where the newer is one of a crowd', async () => {
    const older = await propertyIdOf(env.t, `${BROAD} villa in Lahug`);
    const crowd = await propertyIdOf(env.t, 'Crowd unit 5 in Lahug');
    const found = await pairsOf(`&searchText=${BROAD}`);
    expect(found.map((r) => r.pair_id)).toContain(`${crowd}-${older}`);
    expect(found.filter((r) => !r.property_name.includes(BROAD)).length).toBeGreaterThanOrEqual(8);
  });

  it('pages a word in each of a crowd with more than 10,000 pairs from the newest, as unsearched', async () => {
    // Last: the crowd's 11,175 pairs would fill the pages the tests above compare with.
    const crowd = await place(env.t, 'Broad Crowd');
    const original = await save('Tower unit 0 in Lahug', { ...crowd });
    await sql`INSERT INTO properties (${columns}, property_name, barangay_id, town_id, province_id)
      SELECT ${columns}, 'Tower unit ' || g || ' in Lahug', barangay_id, town_id, province_id
      FROM properties, generate_series(1, 149) g WHERE property_id = ${original}`.execute(env.t.db);
    const page = async (query: string) => {
      const res = await env.get(`/api/${REPORT}?itemsPerPage=50&page=2${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().resultData as { data: Pair[]; total: number; total_is_estimate?: true };
    };
    const searched = await page('&searchText=tower%20unit');
    expect(searched.total_is_estimate).toBe(true);
    expect(searched.data.map((r) => r.pair_id)).toEqual((await page('')).data.map((r) => r.pair_id));
  });
});
