/**
 * The property listing at scale: generates, reproducibly (fixed seed), a marketplace on the real
 * geography — agencies, agents, sellers and BENCH_PROPERTIES properties (default 1,000,000) with
 * default images and videos — then times the listing's first page (plain, filtered, searched, sorted,
 * as an Agent) through HTTP beside its own SQL, and property saves.
 *
 *   npm run bench:properties
 *   BENCH_PROPERTIES=100000 BENCH_N=100 npm run bench:properties
 *
 * Writes bench/results/properties-<date>.md.
 */
import { sql } from 'kysely';
import { ALL_PERMISSIONS, ROLE } from '@app/contract';
import { BENCH_PASSWORD, describeMarketplace, marketplaceFor, sizesFor } from './data.ts';
import { compareList, environment, f, LIST_TABLE_HEAD, measure, N, openBench, writeReport } from './lib.ts';

const bench = await openBench();
const { db, one } = bench;

try {
  const market = await marketplaceFor(bench, sizesFor(Number(process.env.BENCH_PROPERTIES ?? 1_000_000)));
  const types = await one(sql<{ land: number }>`SELECT
    (SELECT property_type_id FROM property_types WHERE property_type = 'Land') AS land`);

  // An Agent of the first agency: the listing in their scope.
  const { agent } = market;
  const agentToken = await bench.signIn(agent.user_email, BENCH_PASSWORD);
  const agentUser = {
    user_id: agent.user_id,
    role_id: ROLE.Agent,
    permissions: new Set(ALL_PERMISSIONS),
  };

  const rows: string[] = [];
  const plans: string[] = [];
  const lists: { label: string; params: Record<string, string | number>; asAgent?: boolean }[] = [
    { label: 'allproperty, first page, newest first', params: {} },
    { label: 'allproperty, For Sale', params: { product_category_id: 3 } },
    { label: 'allproperty, searchText=beachfront villa', params: { searchText: 'beachfront villa' } },
    { label: 'allproperty, searchText=cebu', params: { searchText: 'cebu' } },
    { label: 'allproperty, by name', params: { sortColumn: 'property_name', sortOrder: 'asc' } },
    { label: 'allproperty, page 1000', params: { page: 1000 } },
    { label: 'allproperty as an Agent (own and agency listings)', params: {}, asAgent: true },
  ];
  for (const { label, params, asAgent } of lists) {
    const result = await compareList(
      bench,
      label,
      'allproperty',
      { sortColumn: 'date_first_added', sortOrder: 'desc', itemsPerPage: 15, ...params },
      asAgent ? agentUser : undefined,
      asAgent ? agentToken : undefined,
    );
    rows.push(result.row);
    plans.push(...result.plans);
  }

  // Saves: a new For Sale lot each time, as the Super Admin (whose limit of open listings is raised for it).
  await sql`UPDATE users SET open_property_limit = 999 WHERE role_id = ${ROLE.SuperAdmin}`.execute(db);
  const place = await one(
    sql<{ province_id: number; town_id: number; barangay_id: number; zip_code: string }>`
      SELECT t.province_id, t.town_id, b.barangay_id, coalesce(b.zip_code, t.zip_code, '') AS zip_code
      FROM barangays b JOIN towns t USING (town_id) ORDER BY b.barangay_id LIMIT 1`,
  );
  let saved = 0;
  const save = await measure(
    () =>
      bench.post('saveproperty', {
        property_name: `Benchmark house ${++saved}`,
        property_headline: 'Timed save',
        property_description: 'Saved by the benchmark.',
        property_classification_id: 4,
        product_category_id: 3,
        property_type_id: types.land,
        land_area: '250',
        sale_price: '2500000',
        street_name: 'Gorordo Avenue',
        province_id: place.province_id,
        town_id: place.town_id,
        barangay_id: place.barangay_id,
        zipcode: /^\d{4}$/.test(place.zip_code) ? place.zip_code : '',
      }),
    Math.min(N, 100),
  );
  rows.push(`| saveproperty (For Sale lot) | ${f(save.median)} | ${f(save.p95)} | | | |`);
  console.log(rows.at(-1));

  writeReport('properties', [
    `# Property listing benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(db, !!bench.embedded)),
    describeMarketplace(market),
    `- ${N} sequential requests per list row after warm-up (saves: ${Math.min(N, 100)}), one client, 15 cards a page. ` +
      'Direct SQL = the list code run directly (runList: the page and count queries the server builds, through the same pool).',
    '',
    ...LIST_TABLE_HEAD,
    ...rows,
    '',
    'Targets (issue 6): first page, searched or not, < 100 ms at the median; a save < 50 ms.',
    '',
    '## Query plans of the direct SQL',
    '',
    ...plans,
    '',
  ]);
} finally {
  await bench.close();
}
