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
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded.ts';
import { seedGeography } from '../apps/server/src/db/geography.ts';
import { createDb, migrate } from '../apps/server/src/db/index.ts';
import { ensureSuperAdmin, seedReferenceData, seedReferenceMasters } from '../apps/server/src/db/seed.ts';
import { createMailer } from '../apps/server/src/lib/mail.ts';
import { listQueries } from '../apps/server/src/lib/list.ts';
import { calls } from '../apps/server/src/calls/index.ts';

const N = Number(process.env.BENCH_N ?? 200);
const WARMUP = 20;
const here = path.dirname(fileURLToPath(import.meta.url));

const ms = (start: number) => performance.now() - start;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};
async function measure(run: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    await run();
    times.push(ms(start));
  }
  return summary(times);
}

let embedded: EmbeddedDatabase | undefined;
let tempDir: string | undefined;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-pg-'));
  fs.chmodSync(tempDir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach it
  embedded = await startEmbeddedPostgres(path.join(tempDir, 'postgres'));
  databaseUrl = embedded.url;
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-data-'));
const db = createDb(databaseUrl);
const adminEmail = 'bench.admin@example.com';
const adminPassword = 'BenchSecret123';
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ADMIN_EMAIL: adminEmail }),
  dataDir,
};

try {
  await migrate(db);
  await seedReferenceData(db);
  const start = performance.now();
  const seeded = await seedGeography(db);
  const seedSeconds = ms(start) / 1000;
  if (!seeded) console.log('The database already had provinces: geography was not seeded again.');
  await seedReferenceMasters(db);
  await ensureSuperAdmin(db, { adminEmail, adminPassword });
  const app = await buildApp({ db, config, mailer: createMailer(config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/api`;

  const login = await fetch(`${base}/webValidateLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`sign-in failed: ${login.status}`);
  const get = async (url: string) => {
    const res = await fetch(`${base}/${url}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
    return body;
  };

  const one = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows[0]!;
  const cebu = await one(
    sql<{ id: number }>`SELECT province_id AS id FROM provinces WHERE province_name = 'Cebu'`,
  );
  const qc = await one(sql<{ id: number }>`SELECT town_id AS id FROM towns WHERE town_name = 'Quezon City'`);
  const counts = await one(sql<{ p: number; t: number; b: number }>`SELECT
    (SELECT count(*)::int FROM provinces) AS p, (SELECT count(*)::int FROM towns) AS t,
    (SELECT count(*)::int FROM barangays) AS b`);

  // The very queries the server runs for the call (built by its own list code), run directly.
  const barangayList = calls.find((c) => c.name === 'GetBarangay')!;
  const listSql = (search: string, order: string, dir: string, page: number) => {
    const input = barangayList.input.parse({
      page,
      itemsPerPage: 25,
      sortColumn: order,
      sortOrder: dir,
      searchText: search,
    });
    const ctx = { db, input } as unknown as Parameters<typeof listQueries>[1];
    return listQueries(barangayList.list!, ctx);
  };
  const listQs = (search: string, order: string, dir: string, page: number) =>
    `GetBarangay?page=${page}&itemsPerPage=25&sortColumn=${order}&sortOrder=${dir}` +
    (search ? `&searchText=${search}` : '');

  const lists = [
    { label: 'GetBarangay, page 1, by name', args: ['', 'barangay_name', 'asc', 1] },
    { label: 'GetBarangay, searchText=san', args: ['san', 'barangay_name', 'asc', 1] },
    { label: 'GetBarangay, by zip_code desc', args: ['', 'zip_code', 'desc', 1] },
    { label: 'GetBarangay, page 500', args: ['', 'barangay_name', 'asc', 500] },
  ] as const;
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
  const f = (x: number) => x.toFixed(1);
  for (const { label, args } of lists) {
    const [search, order, dir, page] = args;
    const body = JSON.parse(await get(listQs(search, order, dir, page))) as Record<string, unknown>;
    const http = await measure(() => get(listQs(search, order, dir, page)));
    const q = listSql(search, order, dir, page);
    // As the server does: page and count at once.
    const direct = await measure(() => Promise.all([q.rows.execute(), q.count.execute()]));
    rows.push(
      `| ${label} | ${f(http.median)} | ${f(http.p95)} | ${f(direct.median)} | ${f(direct.p95)} | ` +
        `${(http.median / direct.median).toFixed(1)}× |`,
    );
    const total = (await q.count.executeTakeFirstOrThrow()).n;
    plans.push(`### ${label} (${total} rows match; answer keys: ${Object.keys(body).join(', ')})`);
    for (const part of [q.rows.compile(), q.count.compile()]) {
      const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${part.sql}`, [...part.parameters]),
      );
      plans.push('```', ...plan.rows.map((r) => r['QUERY PLAN']), '```');
    }
    console.log(rows.at(-1));
  }
  for (const { label, url } of lookups) {
    const body = await get(url);
    const http = await measure(() => get(url));
    rows.push(
      `| ${label} (${(body.length / 1024).toFixed(0)} KB) | ${f(http.median)} | ${f(http.p95)} | | | |`,
    );
    console.log(rows.at(-1));
  }

  await app.close();
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: here }).toString().trim();
  } catch {
    // not a git checkout
  }
  const cpus = os.cpus();
  const date = new Date().toISOString().slice(0, 10);
  const report = [
    `# Master lists benchmark, ${date}`,
    '',
    `- Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ` +
      `${os.type()} ${os.release()}`,
    `- Node ${process.version}, commit ${commit}, PostgreSQL ${
      (await one(sql<{ v: string }>`SELECT current_setting('server_version') AS v`)).v
    } (${embedded ? 'embedded' : 'DATABASE_URL'})`,
    `- Data: ${counts.p} provinces, ${counts.t} towns, ${counts.b} barangays` +
      (seeded ? `; seedGeography took ${seedSeconds.toFixed(2)} s` : ''),
    `- ${N} sequential requests per row after ${WARMUP} warm-up ones, one client, server log level ` +
      `${config.logLevel}. Direct SQL = the same page and count queries the server builds, run at once through the same pool.`,
    '',
    '| Call | HTTP median ms | HTTP p95 ms | SQL median ms | SQL p95 ms | HTTP / SQL |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'Targets: barangay list median < 50 ms, lookups < 20 ms.',
    '',
    '## Query plans of the direct SQL',
    '',
    ...plans,
    '',
  ].join('\n');
  const out = path.join(here, 'results', `masters-${date}.md`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, report);
  console.log(`\nWritten to ${path.relative(process.cwd(), out)}`);
} finally {
  await db.destroy();
  await embedded?.stop();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
