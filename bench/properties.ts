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
import { hashPassword } from '../apps/server/src/lib/crypto.ts';
import { ALL_PERMISSIONS, ROLE } from '@app/contract';
import { compareList, environment, f, LIST_TABLE_HEAD, measure, N, openBench, writeReport } from './lib.ts';

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 1_000_000);
const AGENCIES = 500;
const AGENTS = 20_000;
const SELLERS = 50_000;
const BATCH = 100_000;

const bench = await openBench();
const { db, one } = bench;

try {
  const started = performance.now();
  await sql`SELECT setseed(0.42)`.execute(db);
  // Places to put things: every barangay with its town and province, numbered (a scratch table: the
  // pool may run each statement on another connection, so not a temporary one).
  await sql`DROP TABLE IF EXISTS places`.execute(db);
  await sql`CREATE UNLOGGED TABLE places AS
    SELECT row_number() OVER (ORDER BY b.barangay_id) AS n, b.barangay_id, b.town_id, t.province_id,
      coalesce(b.zip_code, t.zip_code, '1000') AS zip_code, t.town_name
    FROM barangays b JOIN towns t USING (town_id)`.execute(db);
  await sql`ALTER TABLE places ADD PRIMARY KEY (n)`.execute(db);
  const { places } = await one(sql<{ places: number }>`SELECT count(*)::int AS places FROM places`);

  await sql`INSERT INTO agencies (agency_name, owner_name, contact_person, phone_1, email_address,
      house_number, street_name, province_id, town_id, barangay_id, zip_code)
    SELECT 'Agency ' || g || ' Realty', 'Owner ' || g, 'Contact ' || g, '0917' || lpad(g::text, 7, '0'),
      'agency' || g || '@bench.example.ph', g::text, 'Rizal Street', pl.province_id, pl.town_id,
      pl.barangay_id, pl.zip_code
    FROM generate_series(1, ${AGENCIES}) g JOIN places pl ON pl.n = 1 + (g::bigint * 7919) % ${places}`.execute(
    db,
  );

  const agentPassword = 'BenchAgent123';
  const passwordHash = await hashPassword(agentPassword);
  await sql`INSERT INTO users (first_name, last_name, user_email, password_hash, role_id, user_status,
      phone_1, associated_agency_id)
    SELECT (ARRAY['Maria','Jose','Ana','Juan','Rosa','Pedro','Carmen','Luis'])[1 + g % 8],
      (ARRAY['Santos','Reyes','Cruz','Bautista','Garcia','Mendoza','Torres','Flores'])[1 + (g / 8) % 8] || ' ' || g,
      'agent' || g || '@bench.example.ph', ${passwordHash}, ${ROLE.Agent}, 'Active',
      '0918' || lpad(g::text, 7, '0'), (SELECT min(agency_id) FROM agencies) + g % ${AGENCIES}
    FROM generate_series(1, ${AGENTS}) g`.execute(db);
  const { firstAgent } = await one(
    sql<{ firstAgent: number }>`SELECT min(user_id) AS "firstAgent" FROM users WHERE role_id = ${ROLE.Agent}`,
  );
  const { firstAgency } = await one(
    sql<{ firstAgency: number }>`SELECT min(agency_id) AS "firstAgency" FROM agencies`,
  );

  await sql`INSERT INTO sellers (seller_name, phone_1, house_number, street_name, province_id, town_id,
      barangay_id, zip_code, agency_id)
    SELECT 'Seller ' || g, '0919' || lpad(g::text, 7, '0'), g::text, 'Mabini Street', pl.province_id,
      pl.town_id, pl.barangay_id, pl.zip_code, ${firstAgency}::int + g % ${AGENCIES}
    FROM generate_series(1, ${SELLERS}) g JOIN places pl ON pl.n = 1 + (g::bigint * 104729) % ${places}`.execute(
    db,
  );

  const types = await one(sql<{ house: number; land: number }>`SELECT
    (SELECT property_type_id FROM property_types WHERE property_type = 'House') AS house,
    (SELECT property_type_id FROM property_types WHERE property_type = 'Land') AS land`);
  for (let from = 1; from <= PROPERTIES; from += BATCH) {
    const to = Math.min(PROPERTIES, from + BATCH - 1);
    // Agents: one in 20 listings has none; agents 2 and 3 on some.
    await sql`INSERT INTO properties (user_id, user_type, seller_id, agent_id, secondary_agent_id, agency_id,
        property_name, property_headline, property_description, property_classification_id, property_type_id,
        product_category_id, land_area, building_area, street_name, province_id, town_id, barangay_id, zip_code,
        status, rental_price_asked, rental_pricing_unit, sale_price_asked, price_per_sq_m, bedrooms, toilets,
        floor_level, date_first_added, date_last_modified, date_last_status_change)
      SELECT a.agent, ${ROLE.Agent}, (SELECT min(seller_id) FROM sellers) + g % ${SELLERS},
        CASE WHEN g % 20 = 0 THEN NULL ELSE a.agent END,
        CASE WHEN g % 7 = 0 THEN ${firstAgent}::int + (g * 31) % ${AGENTS}::int END,
        ${firstAgency} + (a.agent - ${firstAgent}) % ${AGENCIES},
        (ARRAY['Modern','Cozy','Spacious','Elegant','Affordable','Family','Beachfront','Hillside'])[1 + g % 8] || ' ' ||
          (ARRAY['House','Townhouse','Condo','Lot','Bungalow','Villa'])[1 + (g / 8) % 6] || ' in ' || pl.town_name,
        (ARRAY['Near schools and malls','Quiet neighbourhood','Walk to the beach','Ready for occupancy',
          'Gated community','With garden and garage'])[1 + g % 6],
        'A well-kept property, listing ' || g || '.',
        4, CASE WHEN g % 5 = 0 THEN ${types.land}::int ELSE ${types.house}::int END,
        CASE WHEN g % 3 = 0 THEN 1 ELSE 3 END, 50 + g % 950, CASE WHEN g % 5 = 0 THEN NULL ELSE 40 + g % 300 END,
        'Street ' || g % 500, pl.province_id, pl.town_id, pl.barangay_id, pl.zip_code,
        (ARRAY['Open','Open','Open','Pending','Sold','Occupied','Archived','Suspended'])[1 + g % 8],
        CASE WHEN g % 3 = 0 THEN 10000 + g % 90000 END, CASE WHEN g % 3 = 0 THEN 'Month' END,
        CASE WHEN g % 3 <> 0 THEN 1000000 + (g % 9000) * 1000 END,
        CASE WHEN g % 3 <> 0 THEN round((1000000 + (g % 9000) * 1000)::numeric / (50 + g % 950), 2) ELSE 0 END,
        CASE WHEN g % 5 = 0 THEN NULL ELSE 1 + g % 5 END, CASE WHEN g % 5 = 0 THEN NULL ELSE 1 + g % 3 END,
        (ARRAY['Ground','First','Second'])[1 + g % 3],
        now() - make_interval(secs => (${PROPERTIES} - g) * 60), now(), now()
      FROM generate_series(${from}::int, ${to}::int) g
      CROSS JOIN LATERAL (SELECT ${firstAgent} + (g * 7) % ${AGENTS} AS agent) a
      JOIN places pl ON pl.n = 1 + (g * 15485863::bigint) % ${places}`.execute(db);
    // Nine in ten have a default image; one in ten a video too.
    await sql`INSERT INTO property_media (property_id, type, file, thumbnail, description, is_default)
      SELECT property_id, 'Image', 'bench' || property_id || '.jpg', 'bench' || property_id || '.thumb.jpg',
        'Front view', true
      FROM properties WHERE property_id BETWEEN ${from} AND ${to} AND property_id % 10 <> 0`.execute(db);
    await sql`INSERT INTO property_media (property_id, type, video_url, description)
      SELECT property_id, 'Video', 'https://video.example.ph/' || property_id, 'Walkthrough'
      FROM properties WHERE property_id BETWEEN ${from} AND ${to} AND property_id % 10 = 3`.execute(db);
    console.log(`${to.toLocaleString()} properties`);
  }
  await sql`DROP TABLE places`.execute(db);
  await sql`ANALYZE`.execute(db);
  const generated = (performance.now() - started) / 1000;
  const counts = await one(sql<{ properties: number; media: number }>`SELECT
    (SELECT count(*)::int FROM properties) AS properties, (SELECT count(*)::int FROM property_media) AS media`);

  // An Agent of the first agency: the listing in their scope.
  const agent = await one(
    sql<{
      user_id: number;
      user_email: string;
    }>`SELECT user_id, user_email FROM users WHERE user_id = ${firstAgent}`,
  );
  const agentToken = await bench.signIn(agent.user_email, agentPassword);
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
    `- Data: ${counts.properties.toLocaleString()} properties, ${counts.media.toLocaleString()} media rows, ` +
      `${AGENTS.toLocaleString()} agents, ${AGENCIES} agencies, ${SELLERS.toLocaleString()} sellers on ${places.toLocaleString()} ` +
      `real barangays; generated in ${generated.toFixed(0)} s`,
    `- ${N} sequential requests per list row after warm-up (saves: ${Math.min(N, 100)}), one client, 15 cards a page. ` +
      'Direct SQL = the page and count queries the server builds, run at once through the same pool.',
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
