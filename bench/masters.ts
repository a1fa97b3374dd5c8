/**
 * Master lists on the real Philippine geography: times the barangay list and the cascade lookups
 * through HTTP, and the equivalent SQL straight through the pool.
 *
 *   npm run bench:masters            (embedded PostgreSQL in a temporary directory)
 *   DATABASE_URL=... npm run bench:masters   (an empty database on that server)
 *   BENCH_N=500 npm run bench:masters
 *
 * Writes bench/results/masters-<date>.md.
 */
import { sql } from 'kysely';
import {
  compareList,
  environment,
  f,
  LIST_TABLE_HEAD,
  measure,
  N,
  openBench,
  WARMUP,
  writeReport,
} from './lib.ts';

const bench = await openBench();
const { db, get, one } = bench;

try {
  const cebu = await one(
    sql<{ id: number }>`SELECT province_id AS id FROM provinces WHERE province_name = 'Cebu'`,
  );
  const qc = await one(sql<{ id: number }>`SELECT town_id AS id FROM towns WHERE town_name = 'Quezon City'`);
  const counts = await one(sql<{ p: number; t: number; b: number }>`SELECT
    (SELECT count(*)::int FROM provinces) AS p, (SELECT count(*)::int FROM towns) AS t,
    (SELECT count(*)::int FROM barangays) AS b`);

  const lists: { label: string; params: Record<string, string | number> }[] = [
    { label: 'GetBarangay, page 1, by name', params: { sortColumn: 'barangay_name' } },
    { label: 'GetBarangay, searchText=san', params: { sortColumn: 'barangay_name', searchText: 'san' } },
    { label: 'GetBarangay, by zip_code desc', params: { sortColumn: 'zip_code', sortOrder: 'desc' } },
    { label: 'GetBarangay, page 500', params: { sortColumn: 'barangay_name', page: 500 } },
  ];
  const lookups = [
    {
      label: `GetTownWithoutPagination (Cebu, ${cebu.id})`,
      url: `GetTownWithoutPagination?provinceId=${cebu.id}`,
    },
    {
      label: `GetBarangayWithoutPagination (Quezon City, ${qc.id})`,
      url: `GetBarangayWithoutPagination?townId=${qc.id}`,
    },
    { label: 'GetProvinceWithoutPagination', url: 'GetProvinceWithoutPagination' },
  ];

  const rows: string[] = [];
  const plans: string[] = [];
  for (const { label, params } of lists) {
    const result = await compareList(bench, label, 'GetBarangay', { itemsPerPage: 25, ...params });
    rows.push(result.row);
    plans.push(...result.plans);
  }
  for (const { label, url } of lookups) {
    const body = await get(url);
    const http = await measure(() => get(url));
    rows.push(
      `| ${label} (${(body.length / 1024).toFixed(0)} KB) | ${f(http.median)} | ${f(http.p95)} | | | |`,
    );
    console.log(rows.at(-1));
  }

  writeReport('masters', [
    `# Master lists benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(db, !!bench.embedded)),
    `- Data: ${counts.p} provinces, ${counts.t} towns, ${counts.b} barangays` +
      (bench.geography.seeded ? `; seedGeography took ${bench.geography.seconds.toFixed(2)} s` : ''),
    `- ${N} sequential requests per row after ${WARMUP} warm-up ones, one client, server log level ` +
      `${bench.config.logLevel}. Direct SQL = the list code run directly (runList: the page and count queries the server builds, through the same pool).`,
    '',
    ...LIST_TABLE_HEAD,
    ...rows,
    '',
    'Targets: barangay list median < 50 ms, lookups < 20 ms.',
    '',
    '## Query plans of the direct SQL',
    '',
    ...plans,
    '',
  ]);
} finally {
  await bench.close();
}
