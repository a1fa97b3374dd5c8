/**
 * What every benchmark shares: a database (embedded in a temporary directory, or DATABASE_URL) with
 * the reference data and the real geography, the real server on a free port with a signed-in Super
 * Admin, timing, the side-by-side of a list call through HTTP and its own SQL, and the report file.
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
import { createDb, migrate, type Db } from '../apps/server/src/db/index.ts';
import { ensureSuperAdmin, seedReferenceData, seedReferenceMasters } from '../apps/server/src/db/seed.ts';
import { createMailer } from '../apps/server/src/lib/mail.ts';
import { EXACT_COUNT_LIMIT, listQueries } from '../apps/server/src/lib/list.ts';
import type { SessionUser } from '../apps/server/src/lib/session.ts';
import { calls } from '../apps/server/src/calls/index.ts';
import { ALL_PERMISSIONS, ROLE, manilaToday } from '@app/contract';

export const N = Number(process.env.BENCH_N ?? 200);
export const WARMUP = 20;
const here = path.dirname(fileURLToPath(import.meta.url));
/** Where `npm run bench:data` keeps its embedded cluster (without DATABASE_URL) for `npm run bench`. */
export const BENCH_DATA_DIR = path.join(here, '.data');

export interface Timing {
  median: number;
  p95: number;
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Median and p95 of `n` sequential runs after the warm-up. */
export async function measure(run: () => Promise<unknown>, n = N): Promise<Timing> {
  for (let i = 0; i < Math.min(WARMUP, n); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

export const f = (x: number) => x.toFixed(1);

export type Bench = Awaited<ReturnType<typeof openBench>>;
export type BenchDatabase = Awaited<ReturnType<typeof openDatabase>>;

/** The Super Admin every benchmark signs in as (kept in the database by ensureSuperAdmin). */
export const BENCH_ADMIN = { email: 'bench.admin@example.com', password: 'BenchSecret123' };

/**
 * The database with the schema, the reference data, the real geography and the bench's Super Admin:
 * DATABASE_URL, or else an embedded cluster in `dir` (kept) or in a temporary directory (removed by
 * `close()`).
 */
export async function openDatabase(dir?: string) {
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    if (!dir) {
      tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-pg-'));
      fs.chmodSync(tempDir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach it
    }
    embedded = await startEmbeddedPostgres(dir ?? path.join(tempDir!, 'postgres'));
    databaseUrl = embedded.url;
  }
  const db = createDb(databaseUrl);
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    await seedReferenceData(db);
    const start = performance.now();
    const geographySeeded = await seedGeography(db);
    const seedSeconds = (performance.now() - start) / 1000;
    await seedReferenceMasters(db);
    await ensureSuperAdmin(db, { adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password });
    const one = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows[0]!;
    return {
      db,
      url: databaseUrl,
      embedded,
      one,
      close,
      geography: { seeded: geographySeeded, seconds: seedSeconds },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Calls to the API at `base` (http://host:port/api) with a session token; anything but 200 throws. */
export function apiClient(base: string) {
  const send = async (url: string, token: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}/${url}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    if (res.status !== 200)
      throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res;
  };
  return {
    async signIn(email: string, password: string) {
      const login = await fetch(`${base}/webValidateLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { token } = (await login.json()) as { token?: string };
      if (!token) throw new Error(`sign-in failed for ${email}: ${login.status}`);
      return token;
    },
    get: async (url: string, token: string) => (await send(url, token)).text(),
    download: async (url: string, token: string) => Buffer.from(await (await send(url, token)).arrayBuffer()),
    post: async (call: string, payload: unknown, token: string) =>
      (await send(call, token, { method: 'POST', body: JSON.stringify(payload) })).text(),
  };
}

/** Starts the database and the server, signed in as a Super Admin. `close()` removes everything. */
export async function openBench() {
  const { db, embedded, one, geography, close: closeDatabase } = await openDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-data-'));
  const { email: adminEmail, password: adminPassword } = BENCH_ADMIN;
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      ADMIN_EMAIL: adminEmail,
    }),
    dataDir,
  };
  const close = async () => {
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const app = await buildApp({ db, config, mailer: createMailer(config) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/api`;

    const api = apiClient(base);
    const adminToken = await api.signIn(adminEmail, adminPassword);
    const get = (url: string, token = adminToken) => api.get(url, token);
    const download = (url: string, token = adminToken) => api.download(url, token);
    const post = (call: string, payload: unknown, token = adminToken) => api.post(call, payload, token);
    return {
      db,
      config,
      embedded,
      get,
      download,
      post,
      one,
      signIn: api.signIn,
      geography,
      async close() {
        await app.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export const daysAgo = (days: number) => manilaToday(new Date(Date.now() - days * 86_400_000));

/** What each report is opened with (its required filters), and a typical search. */
export const REPORT_CASES: Record<string, { params?: Record<string, string | number>; search: string }> = {
  getOpenPendingPropertyReport: { search: 'cebu' },
  getSoldRentReport: { params: { date_sold_from_date: daysAgo(30) }, search: 'cebu' },
  getSellerReports: { search: 'seller 1234' },
  getIndividualsReport: { search: 'santos' },
  GetUserReport: { search: 'santos' },
  GetUserToActivated: { search: 'santos' },
  GetUserBasedSkillReport: { search: 'santos' },
  GetUserAgents: { search: 'santos' },
  GetAgencies: { search: 'agency 12' },
  GetBrokers: { search: 'broker 12' },
  GetBrokerAssociations: { search: 'cebu' },
  GetAgentsBasedAgency: { search: 'agency 12' },
  getBrokerLinkedAssociationReport: { search: 'broker 12' },
  getCountOfPropertiesReport: { params: { user_type: ROLE.Agent }, search: 'santos' },
  getPropertyBrokerReport: { search: 'cebu' },
  getListOfAttachments: { search: 'cebu' },
  getPropertyTrackingReport: { params: { from_date: daysAgo(30) }, search: 'cebu' },
};

/** A Super Admin as the list code sees one, for running a list's own SQL directly. */
const superAdmin = { user_id: 0, role_id: ROLE.SuperAdmin, permissions: new Set(ALL_PERMISSIONS) };

/**
 * Times a list call through HTTP and the very page and count queries its list code builds, run at once
 * through the same pool as the server does; returns the report row and the query plans.
 */
export async function compareList(
  bench: Bench,
  label: string,
  call: string,
  params: Record<string, string | number>,
  user: Partial<SessionUser> = superAdmin,
  token?: string,
) {
  const definition = calls.find((c) => c.name === call)!;
  const qs = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const body = JSON.parse(await bench.get(`${call}?${qs}`, token)) as Record<string, unknown>;
  const http = await measure(() => bench.get(`${call}?${qs}`, token));
  const ctx = { db: bench.db, input: definition.input.parse(params), user } as unknown as Parameters<
    typeof listQueries
  >[1];
  const q = listQueries(definition.list!, ctx);
  const direct = await measure(() => Promise.all([q.rows.execute(), q.count.execute()]));
  const row =
    `| ${label} | ${f(http.median)} | ${f(http.p95)} | ${f(direct.median)} | ${f(direct.p95)} | ` +
    `${(http.median / direct.median).toFixed(1)}× |`;
  const counted = Number((await q.count.executeTakeFirstOrThrow()).n);
  const total = counted > EXACT_COUNT_LIMIT ? `more than ${EXACT_COUNT_LIMIT}` : counted;
  const plans = [`### ${label} (${total} rows match; answer keys: ${Object.keys(body).join(', ')})`];
  for (const part of [q.rows.compile(), q.count.compile()]) {
    const plan = await bench.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${part.sql}`, [...part.parameters]),
    );
    plans.push('```', ...plan.rows.map((r) => r['QUERY PLAN']), '```');
  }
  console.log(row);
  return { row, plans, http };
}

export const LIST_TABLE_HEAD = [
  '| Call | HTTP median ms | HTTP p95 ms | SQL median ms | SQL p95 ms | HTTP / SQL |',
  '|---|---:|---:|---:|---:|---:|',
];

/** The machine, the commit and the database, for the head of a report. */
export async function environment(db: Db, embedded: boolean) {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: here }).toString().trim();
  } catch {
    // not a git checkout
  }
  const cpus = os.cpus();
  const { rows } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(db);
  return [
    `- Machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ` +
      `${os.type()} ${os.release()}`,
    `- Node ${process.version}, commit ${commit}, PostgreSQL ${rows[0]!.v} (${embedded ? 'embedded' : 'DATABASE_URL'})`,
  ];
}

/** Writes bench/results/<name>-<date>.md and says where. */
export function writeReport(name: string, lines: string[]) {
  const date = new Date().toISOString().slice(0, 10);
  const out = path.join(here, 'results', `${name}-${date}.md`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, lines.join('\n'));
  console.log(`\nWritten to ${path.relative(process.cwd(), out)}`);
}
