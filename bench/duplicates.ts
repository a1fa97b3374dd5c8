/**
 * The duplicate-listing check at scale (issue 22 item 7, decision 48): on the marketplace (BENCH_REUSE=1
 * and DATABASE_URL to measure one generated before), times through HTTP CheckDuplicateProperty for
 * listings like existing ones, a save of such a listing alone and as the form makes it (the check, then
 * the save), and the Suspected Duplicates report's first page over one day and three.
 *
 *   BENCH_REUSE=1 DATABASE_URL=... npm run bench:duplicates
 *
 * Writes bench/results/duplicates-<size>-<date>.md.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { ROLE, checkDuplicateRequest, propertyDuplicateApi } from '@app/contract';
import { duplicateCandidates } from '../apps/server/src/db/repositories/property-duplicates.ts';
import { describeMarketplace, marketplaceFor, sizesFor } from './data.ts';
import {
  compareList,
  daysAgo,
  environment,
  f,
  LIST_TABLE_HEAD,
  measure,
  N,
  openBench,
  sizeLabel,
  writeReport,
} from './lib.ts';

const bench = await openBench();
const { db } = bench;
const TARGET_P95 = 50;

try {
  const market = await marketplaceFor(bench, sizesFor(Number(process.env.BENCH_PROPERTIES ?? 1_000_000)));
  // Listings to retype, spread over the table (a fixed stride): each asked for as a form would hold a
  // copy of it, the name and street slightly changed.
  const { rows: samples } = await sql<{
    property_name: string;
    street_name: string;
    province_id: number;
    town_id: number;
    barangay_id: number;
    land_area: string;
    sale_price_asked: string | null;
    rental_price_asked: string | null;
    property_type_id: number;
    product_category_id: number;
  }>`SELECT property_name, street_name, province_id, town_id, barangay_id, land_area, sale_price_asked,
      rental_price_asked, property_type_id, product_category_id
    FROM properties WHERE property_id % 9973 = 17 ORDER BY property_id LIMIT 100`.execute(db);
  const copyOf = (i: number) => {
    const s = samples[i % samples.length]!;
    return {
      property_name: `${s.property_name}!`,
      property_headline: 'Timed duplicate',
      property_description: 'Saved by the duplicate benchmark.',
      property_classification_id: 4,
      product_category_id: s.product_category_id,
      property_type_id: s.property_type_id,
      land_area: (Number(s.land_area) * 1.01).toFixed(2),
      sale_price: s.sale_price_asked,
      rental_price_asked: s.rental_price_asked,
      street_name: s.street_name.toLowerCase(),
      province_id: s.province_id,
      town_id: s.town_id,
      barangay_id: s.barangay_id,
      no_bedrooms: 2,
      no_toilets: 1,
    };
  };

  const rows: string[] = [];
  let found = 0;
  let asked = 0;
  const check = async (i: number) => {
    const answer = JSON.parse(await bench.post(propertyDuplicateApi.CheckDuplicateProperty.name, copyOf(i)));
    asked += 1;
    if ((answer.resultData as unknown[]).length > 0) found += 1;
  };
  // What any signed-in call costs on the machine as it is now: the busier it is, the more every row costs.
  const baseline = await measure(() => bench.get('webGetLoggedUserDetailsWithRolesPermission'));
  let i = 0;
  const checked = await measure(() => check(i++));
  // The check's own SQL (the repository function the call runs), through the server's pool.
  let j = 0;
  const direct = await measure(() =>
    duplicateCandidates(db, checkDuplicateRequest.parse(copyOf(j++)), sql`true`),
  );
  const line = (label: string, t: { median: number; p95: number }, s?: { median: number; p95: number }) =>
    `| ${label} | ${f(t.median)} | ${f(t.p95)} | ${s ? f(s.median) : ''} | ${s ? f(s.p95) : ''} | ` +
    `${t.p95 < TARGET_P95 ? '' : `✗ p95 ≥ ${TARGET_P95}`} |`;
  rows.push(line('a signed-in call reading only its session (the machine now)', baseline));
  rows.push(line('CheckDuplicateProperty (a copy of an existing listing)', checked, direct));

  await sql`UPDATE users SET open_property_limit = 999 WHERE role_id = ${ROLE.SuperAdmin}`.execute(db);
  const SAVES = Math.min(N, 100);
  const saved = await measure(() => bench.post('saveproperty', copyOf(i++)), SAVES);
  rows.push(line('saveproperty (the copy), alone', saved));
  const formSave = await measure(async () => {
    const body = copyOf(i++);
    await bench.post(propertyDuplicateApi.CheckDuplicateProperty.name, body);
    await bench.post('saveproperty', body);
  }, SAVES);
  rows.push(line('the form: CheckDuplicateProperty, then saveproperty', formSave));
  rows.forEach((r) => console.log(r));

  const reportRows: string[] = [];
  const plans: string[] = [];
  const report = 'getSuspectedDuplicatesReport';
  for (const [label, params] of [
    ['Suspected Duplicates, today (as opened)', {}],
    ['Suspected Duplicates, today, searched "house"', { searchText: 'house' }],
    ['Suspected Duplicates, the last 3 days', { from_date: daysAgo(2) }],
  ] as const) {
    const result = await compareList(bench, label, report, { ...params });
    reportRows.push(result.row);
    plans.push(...result.plans);
  }

  writeReport(`duplicates-${sizeLabel(market.counts.properties!)}`, [
    `# Duplicate-listing check benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(db, !!bench.embedded)),
    describeMarketplace(market),
    `- The server in the benchmark's process, one client, sequential requests after warm-up: ${N} checks, ` +
      `${SAVES} saves of each kind. Each check asks for a copy of one of ${samples.length} listings spread ` +
      `over the table (name and street retyped, area 1% larger); ${found} of ${asked} checks found a likely duplicate.`,
    `- Target (issue 22 item 7): a save, and the check, p95 < ${TARGET_P95} ms. SQL: the check's query run ` +
      'directly (duplicateCandidates) through the same pool.',
    `- Load average when written: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (1, 5, 15 min).`,
    '',
    '| Call | HTTP median ms | HTTP p95 ms | SQL median ms | SQL p95 ms | Misses |',
    '|---|---:|---:|---|---|---|',
    ...rows,
    '',
    '## Suspected Duplicates, first page',
    '',
    ...LIST_TABLE_HEAD,
    ...reportRows,
    '',
    '## Query plans of the report',
    '',
    ...plans,
    '',
  ]);
} finally {
  await bench.close();
}
