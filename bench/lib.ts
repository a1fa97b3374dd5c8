/**
 * What every benchmark shares: a database (embedded in a temporary directory, or DATABASE_URL) with
 * the reference data and the real geography, the real server on a free port with a signed-in Super
 * Admin, timing, the side-by-side of a list call through HTTP and its own SQL, and the report file.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded.ts';
import { seedGeography } from '../apps/server/src/db/geography.ts';
import { createDb, migrate, type Db } from '../apps/server/src/db/index.ts';
import {
  ensureSuperAdmin,
  seedReferenceData,
  seedReferenceMasters,
} from '../apps/server/src/db/seed/index.ts';
import { createMailer } from '../apps/server/src/lib/mail.ts';
import { EXACT_COUNT_LIMIT, listQueries, runList } from '../apps/server/src/lib/list/index.ts';
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
  /** Requests timed: fewer than asked for when the row ran out of time (BENCH_ROW_SECONDS). */
  samples?: number;
}
/** The p-th percentile of `values` (nearest rank); NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** `call` with `params` as its query string, as the API is called. */
export const callUrl = (call: string, params: Record<string, string | number> = {}) => {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return query ? `${call}?${query}` : call;
};

const timed = async (run: () => Promise<unknown>, into: number[]) => {
  const start = performance.now();
  await run();
  into.push(performance.now() - start);
};
const timing = (times: number[]): Timing => ({
  median: percentile(times, 50),
  p95: percentile(times, 95),
  samples: times.length,
});

/** Median and p95 of `n` sequential runs after the warm-up. */
export async function measure(
  run: () => Promise<unknown>,
  n = N,
  /** Waited for before each run, untimed. */
  settle?: () => Promise<unknown>,
): Promise<Timing> {
  const budget = rowBudget();
  for (let i = 0; i < Math.min(WARMUP, n) && budget.warming(); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n && budget.sampling(times.length); i++) {
    await settle?.();
    await timed(run, times);
  }
  return timing(times);
}

/**
 * How long one row may take (BENCH_ROW_SECONDS, default 60): a request that takes seconds (a common
 * word at ten million listings) is timed at least MIN_SAMPLES times, not N, so that a run ends.
 */
const ROW_MS = Number(process.env.BENCH_ROW_SECONDS ?? 60) * 1000;
const MIN_SAMPLES = 5;
function rowBudget() {
  const start = performance.now();
  const spent = () => performance.now() - start;
  return {
    warming: () => spent() < ROW_MS / 4,
    sampling: (taken: number) => taken < MIN_SAMPLES || spent() < ROW_MS,
  };
}

/** Like `measure`, for two runs that take turns (one of each, `n` times over): their timings. */
export async function measureInTurns(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  n = N,
  /** Waited for before each run, untimed. */
  settle?: () => Promise<unknown>,
): Promise<[Timing, Timing]> {
  const budget = rowBudget();
  for (let i = 0; i < Math.min(WARMUP, n) && budget.warming(); i++) for (const run of [a, b]) await run();
  const [ta, tb]: [number[], number[]] = [[], []];
  // Each goes first in every other turn: what one run leaves behind (a warm page, a write still being
  // flushed) then favours neither.
  for (let i = 0; i < n && budget.sampling(ta.length); i++) {
    const turn: [() => Promise<unknown>, number[]][] = [
      [a, ta],
      [b, tb],
    ];
    for (const [run, times] of i % 2 === 0 ? turn : turn.reverse()) {
      await settle?.();
      await timed(run, times);
    }
  }
  return [timing(ta), timing(tb)];
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

/**
 * The marketplace `npm run bench:data` left: DATABASE_URL, or the embedded cluster in bench/.data
 * (started here). `close()` ends the connection and that cluster.
 */
export async function openMarketplace() {
  let url = process.env.DATABASE_URL;
  const dir = path.join(BENCH_DATA_DIR, 'postgres');
  if (!url && !fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new Error(`No data set in ${dir}: run npm run bench:data first (or set DATABASE_URL)`);
  const embedded = url ? undefined : await startEmbeddedPostgres(dir);
  url ??= embedded!.url;
  const db = createDb(url, 2);
  const one = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows[0]!;
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
  };
  return { url, db, one, embedded, close };
}

const keepAlive = new http.Agent({ keepAlive: true });

/**
 * One HTTP request on a kept-alive connection, the whole answer read. Not fetch: its own cost (about
 * 0.7 ms a request here) would count as the product's.
 */
export function httpRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: keepAlive },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Calls to the API at `base` (http://host:port/api) with a session token; anything but 200 throws. */
export function apiClient(base: string) {
  const send = async (url: string, token: string, init: { method?: string; body?: string } = {}) => {
    const res = await httpRequest(`${base}/${url}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    if (res.status !== 200)
      throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${res.body.toString().slice(0, 300)}`);
    return res.body;
  };
  return {
    async signIn(email: string, password: string) {
      const login = await httpRequest(`${base}/webValidateLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { token } = JSON.parse(login.body.toString()) as { token?: string };
      if (!token) throw new Error(`sign-in failed for ${email}: ${login.status}`);
      return token;
    },
    get: async (url: string, token: string) => (await send(url, token)).toString(),
    download: (url: string, token: string) => send(url, token),
    post: async (call: string, payload: unknown, token: string) =>
      (await send(call, token, { method: 'POST', body: JSON.stringify(payload) })).toString(),
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

/**
 * The real server as production starts it (node --import tsx apps/server/src/main.ts), as its own
 * process on a free port, on the database at `url`; resolves once it is ready. `stop()` ends it and
 * removes its temporary directory; `peakMemoryMb()` reads its peak resident memory (VmHWM). `root` is
 * the checkout: this one, or another with its own node_modules (bench/compare.ts runs a base commit).
 */
export async function startServerProcess(
  url: string,
  env: Record<string, string> = {},
  root = path.resolve(here, '..'),
) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-server-'));
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const log = path.join(work, 'server.log');
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', fs.openSync(log, 'w'), fs.openSync(log, 'a')],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DEMO_DATA: 'false',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      // No retention purge of the generated notifications while measuring.
      NOTIFICATION_RETENTION_DAYS: '36500',
      ...env,
    },
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(work, { recursive: true, force: true });
        resolve();
      };
      if (server.exitCode !== null) return done();
      server.once('exit', done);
      server.kill('SIGTERM');
    });
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null || tries > 600) {
      const tail = fs.readFileSync(log, 'utf8').slice(-2000);
      await stop();
      throw new Error(`the server did not start:\n${tail}`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
    if (ready?.status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const memoryMb = (field: 'VmHWM' | 'VmRSS') => {
    const kb = fs
      .readFileSync(`/proc/${server.pid}/status`, 'utf8')
      .match(new RegExp(`${field}:\\s+(\\d+)`))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  };
  return {
    base: `http://127.0.0.1:${port}/api`,
    pid: server.pid!,
    work,
    stop,
    peakMemoryMb: () => memoryMb('VmHWM'),
    memoryMb: () => memoryMb('VmRSS'),
  };
}

/** What the main saves refer to: an address in Quezon City with its zip code, a land type, an agency, a broker and a skill. */
export async function savePlaces(one: BenchDatabase['one']) {
  return one(sql<{
    province_id: number;
    town_id: number;
    barangay_id: number;
    zip: string;
    land: number;
    agency: number;
    broker: number;
    skill: number;
    agencies: number[];
    spots: { barangay_id: number; zip: string }[];
  }>`SELECT t.province_id, t.town_id, b.barangay_id, coalesce(b.zip_code, t.zip_code, '1100') AS zip,
      (SELECT property_type_id FROM property_types WHERE property_type = 'Land') AS land,
      (SELECT min(agency_id) FROM agencies) AS agency, (SELECT min(broker_id) FROM brokers) AS broker,
      (SELECT min(user_skills_id) FROM user_skills) AS skill,
      (SELECT array_agg(agency_id) FROM (SELECT agency_id FROM agencies ORDER BY agency_id LIMIT 1000) a)
        AS agencies,
      (SELECT json_agg(json_build_object('barangay_id', s.barangay_id, 'zip',
          coalesce(s.zip_code, t.zip_code, '1100')) ORDER BY s.barangay_id)
        FROM barangays s WHERE s.town_id = t.town_id) AS spots
    FROM barangays b JOIN towns t USING (town_id)
    WHERE t.town_name = 'Quezon City' ORDER BY b.barangay_id LIMIT 1`);
}

/**
 * Resolves once every new user's notifications are written (decision 58: by the servers' background
 * work, just after each save), so that a save timed next does not share the machine with them.
 */
export async function fanOutsWritten(one: BenchDatabase['one']) {
  const waiting = sql<{ n: number }>`SELECT count(*)::int AS n FROM notification_fan_outs`;
  while ((await one(waiting)).n > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * Lets an Agent save listings run after run, as the benchmarks do: the highest open-listing limit (999),
 * and the listings that earlier runs saved for them ('Benchmark lot …') archived, so they count no more.
 */
export async function roomForListings(db: BenchDatabase['db'], userId: number) {
  await sql`UPDATE properties SET status = 'Archived'
    WHERE user_id = ${userId} AND status = 'Open' AND property_name LIKE 'Benchmark lot %'`.execute(db);
  await sql`UPDATE users SET open_property_limit = 999 WHERE user_id = ${userId}`.execute(db);
}

/** How many payloads savePayloads has made in this process. */
let made = 0;

/**
 * The bodies of the main saves, each call a new record with a name unique to this process; the
 * agency is `agency` when given (an Agent saves sellers of their own agency). Else new users join the
 * first thousand agencies in turn and new listings the town's barangays: runs piled thousands into the
 * first agency and one barangay, where the reports they measure then read them first (Agents by
 * Agency 'santos', Suspected Duplicates 'house': docs/performance.md, session 52). The listings differ
 * in area and price as real ones do: 540 copies alike (250 m², 2.5 million) made 5,300 of the day's
 * 5,474 suspected pairs, and the report's first page pairs each of the day's listings (session 53).
 * The numbering goes on across the payloads of a process, so the load test's sessions spread too.
 */
export function savePayloads(places: Awaited<ReturnType<typeof savePlaces>>, agency?: number) {
  const run = `${Date.now().toString(36)}${process.pid}`;
  /** Names take letters only: 1 → b, 26 → ba. */
  const letters = (n: number) =>
    [...n.toString(26)].map((d) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(d, 26)]).join('');
  const { zip, land, broker, skill, agencies, spots, ...place } = places;
  const address = { province_id: place.province_id, town_id: place.town_id, barangay_id: place.barangay_id };
  const inTurn = <T>(list: readonly T[]) => list[made % list.length]!;
  return {
    saveproperty: () => {
      const n = ++made;
      const spot = inTurn(spots);
      return {
        property_name: `Benchmark lot ${run}-${n}`,
        property_headline: 'Timed save',
        property_description: 'Saved by the benchmark.',
        property_classification_id: 4,
        product_category_id: 3,
        property_type_id: land,
        land_area: String(100 + ((n * 37) % 900)),
        sale_price: String(1_000_000 + ((n * 7919) % 9000) * 1000),
        street_name: 'Gorordo Avenue',
        ...address,
        barangay_id: spot.barangay_id,
        zipcode: spot.zip,
      };
    },
    SaveUser: () => ({
      first_name: 'Bench',
      last_name: `Agent ${letters(++made)}`,
      role_id: ROLE.Agent,
      user_email: `save-${run}-${made}@bench.example.ph`,
      phone_1: '09171234567',
      house_number: '5',
      street_name: 'Mabini St',
      ...address,
      zip_code: zip,
      re_license: 'PRC-12345',
      associated_agency_id: agency ?? inTurn(agencies),
      associated_broker_id: String(broker),
      user_skills: String(skill),
      user_status: 'Active',
    }),
    saveSeller: () => ({
      seller_name: `Bench Seller ${run}-${++made}`,
      property_owner_name: 'Bench Owner',
      phone_1: '09190000001',
      house_no: '15',
      street_name: 'Amorsolo Street',
      ...address,
      zipcode: zip,
      agency_id: agency ?? place.agency,
    }),
    SaveBarangay: () => ({ barangay_name: `Bench Barangay ${run}-${++made}`, ...address, zip_code: zip }),
  };
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
  getSuspectedDuplicatesReport: { search: 'house' },
};

/** A Super Admin as the list code sees one, for running a list's own SQL directly. */
export const SUPER_ADMIN = { user_id: 0, role_id: ROLE.SuperAdmin, permissions: new Set(ALL_PERMISSIONS) };

/**
 * Times a list call through HTTP and its list code run directly (runList, through the same pool as the
 * server); returns the report row and the query plans.
 */
export async function compareList(
  bench: Bench,
  label: string,
  call: string,
  params: Record<string, string | number>,
  user: Partial<SessionUser> = SUPER_ADMIN,
  token?: string,
) {
  const definition = calls.find((c) => c.name === call)!;
  const url = callUrl(call, params);
  const body = JSON.parse(await bench.get(url, token)) as Record<string, unknown>;
  const http = await measure(() => bench.get(url, token));
  const ctx = { db: bench.db, input: definition.input.parse(params), user } as unknown as Parameters<
    typeof listQueries
  >[1];
  const q = listQueries(definition.list!, ctx);
  // The list code's own path (runList: page and count, the estimate when needed), without HTTP.
  const direct = await measure(() => runList(definition.list!, ctx));
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

/** Writes bench/results/<name>-<date>.md (and, given `data`, the same name .json) and says where. */
export function writeReport(name: string, lines: string[], data?: unknown) {
  const date = new Date().toISOString().slice(0, 10);
  const out = path.join(here, 'results', `${name}-${date}.md`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, lines.join('\n'));
  if (data !== undefined)
    fs.writeFileSync(out.replace(/\.md$/, '.json'), `${JSON.stringify(data, null, 1)}\n`);
  console.log(`\nWritten to ${path.relative(process.cwd(), out)}`);
}

/** 10000 → '10k', 1000000 → '1m': how result files name the size of the marketplace. */
export const sizeLabel = (properties: number) =>
  properties >= 1_000_000 ? `${Math.round(properties / 100_000) / 10}m` : `${Math.round(properties / 1000)}k`;

/** A typical search of each list that is not a report (default: a common place-name fragment). */
const SEARCH: Record<string, string> = {
  allproperty: 'cebu',
  // A first name in a list sorted by name: its matches lie together, not spread through the order.
  GetUser: 'maria',
  GetNewUser: 'santos',
  GetSeller: 'seller 12',
  getagency: 'agency 12',
  getbroker: 'broker 12',
  getNotification: 'listed',
  getAuditLog: 'bench',
  webGetRoles: 'agent',
  GetAgriType: 'a',
  GetCapability: 'a',
  GetMasterAmenities: 'a',
  GetProductCategory: 'a',
  GetProductMode: 'a',
  GetPropertyClassification: 'a',
  GetPropertyType: 'a',
  GetSpecialization: 'a',
  GetUserSkills: 'a',
  GetZonningCode: 'a',
};
/**
 * Further searches timed as the Super Admin: a word in a third of the listings ('house'), people's
 * names that the listing reports find through the listings' search document (decision 56), and agents'
 * names among the agencies' rows.
 */
const MORE_SEARCHES: Record<string, string[]> = {
  allproperty: ['house'],
  getSuspectedDuplicatesReport: ['makati'],
  GetAgentsBasedAgency: ['santos'],
  getListOfAttachments: ['house', 'santos'],
  getOpenPendingPropertyReport: ['santos'],
  getPropertyBrokerReport: ['broker 12'],
};
/** Lists whose rows depend on who asks: also timed as the Agent and the Owner-Agent. */
const SCOPED = ['allproperty', 'GetSeller', 'getNotification', 'getPropertyBrokerReport'];

/** Who a page is asked for: the Super Admin, and for SCOPED lists also an Agent and an Owner-Agent. */
export type PageAs = 'Super Admin' | 'Agent' | 'Owner-Agent';

/** Every list and report of the registry: its first page and a searched one, as each user whose rows differ. */
export const pageCases = () =>
  calls
    .filter((c) => c.list)
    .flatMap((call) => {
      const report = REPORT_CASES[call.name];
      const params = report?.params ?? {};
      const search = report?.search ?? SEARCH[call.name] ?? 'san';
      return (
        ['Super Admin', ...(SCOPED.includes(call.name) ? ['Agent', 'Owner-Agent'] : [])] as PageAs[]
      ).flatMap((as) => [
        { call: call.name, url: callUrl(call.name, params), as, label: `${call.name}, first page` },
        {
          call: call.name,
          url: callUrl(call.name, { ...params, searchText: search }),
          as,
          label: `${call.name}, searchText=${search}`,
        },
        ...(as === 'Super Admin' ? (MORE_SEARCHES[call.name] ?? []) : []).map((more) => ({
          call: call.name,
          url: callUrl(call.name, { ...params, searchText: more }),
          as,
          label: `${call.name}, searchText=${more}`,
        })),
        // As the web app asks: a search of more than 10,000 matches newest first (decision 59).
        ...(as === 'Super Admin' && call.list?.sortMatches
          ? [search, ...(MORE_SEARCHES[call.name] ?? [])]
          : []
        ).map((text) => ({
          call: call.name,
          url: callUrl(call.name, { ...params, searchText: text, broadOrder: 'newest' }),
          as,
          label: `${call.name}, searchText=${text}, newest`,
        })),
      ]);
    });
