import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportApi } from '@app/contract';
import { listingColumnsBut, place, propertyIdOf, useTestApp, type Place } from './entity-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

// Suspected Duplicates unsearched over dates that hold more than 1,000 listings (decision 123): the
// total is estimated from the pairs of a sample of them, and says so; the page is found as always.
const env = useTestApp();
const REPORT = reportApi.getSuspectedDuplicatesReport.name;
const MANY_DAY = '2025-06-10';
const FEW_DAY = '2025-06-12';

let here: Place;

type Pair = { pair_id: string; property_name: string; other_property_name: string };
type Answer = { data: Pair[]; total: number; total_is_estimate?: true; last_page: number };

async function report(day: string, query = ''): Promise<Answer> {
  const res = await env.get(`/api/${REPORT}?from_date=${day}&to_date=${day}&itemsPerPage=50${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resultData as Answer;
}

/**
 * `groups` listings and a copy of each (its name with ' II'), added on `day`, saved in turns: each
 * listing, then its copy. Each is alike only its copy: names and streets are hashes, areas one of 50.
 */
async function listingsWithCopies(template: number, day: string, groups: number) {
  const own = ['property_name', 'street_name', 'land_area', 'date_first_added'];
  const columns = await listingColumnsBut(env.t, own);
  await sql`INSERT INTO properties (${columns}, property_name, street_name, land_area, date_first_added)
    SELECT ${columns}, md5(${day} || g) || ' villa' || CASE WHEN copy THEN ' II' ELSE '' END,
      md5('street ' || ${day} || g), round(100 * 1.2 ^ (g % 50), 2),
      (${day}::date + interval '9 hours' + g * interval '1 second') AT TIME ZONE 'Asia/Manila'
    FROM properties, generate_series(1, ${groups}) g, unnest(ARRAY[false, true]) copy
    WHERE property_id = ${template} ORDER BY g, copy`.execute(env.t.db);
  await sql`ANALYZE properties`.execute(env.t.db);
}

beforeAll(async () => {
  here = await place(env.t, 'Sampled');
  const saved = await env.post('saveproperty', propertyForm(here, 'Template lot in Lahug'));
  expect(saved.statusCode, saved.body).toBe(200);
  const template = await propertyIdOf(env.t, 'Template lot in Lahug');
  await listingsWithCopies(template, MANY_DAY, 600);
  await listingsWithCopies(template, FEW_DAY, 200);
});

describe('Suspected Duplicates over dates of many listings', () => {
  it('estimates the total of 600 pairs among 1,200 listings from a sample, and says so', async () => {
    const first = await report(MANY_DAY);
    expect(first.total_is_estimate).toBe(true);
    // One listing in two is sampled: the pairs under it, about 300 (a standard deviation of 12), twice.
    expect(first.total).toBeGreaterThanOrEqual(510);
    expect(first.total).toBeLessThanOrEqual(690);
    expect(first.last_page).toBe(Math.ceil(first.total / 50));
    expect(first.data).toHaveLength(50);
    for (const pair of first.data) expect(pair.property_name).toBe(`${pair.other_property_name} II`);
  });

  it('counts exactly where the dates hold 1,000 listings or fewer, or a search names the pairs', async () => {
    const few = await report(FEW_DAY);
    expect(few.total).toBe(200);
    expect(few.total_is_estimate).toBeUndefined();
    const searched = await report(MANY_DAY, `&searchText=villa%20II`);
    expect(searched.total_is_estimate).toBeUndefined();
    expect(searched.total).toBe(600);
  });

  it('never answers fewer than the pairs it has shown', async () => {
    const first = await report(MANY_DAY);
    const last = await report(MANY_DAY, `&page=${first.last_page}`);
    expect(last.total).toBeGreaterThanOrEqual((first.last_page - 1) * 50 + last.data.length);
    expect(last.total_is_estimate).toBe(true);
  });
});
