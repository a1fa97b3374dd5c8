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
import { ALL_PERMISSIONS, ROLE } from '@app/contract';

export const N = Number(process.env.BENCH_N ?? 200);
export const WARMUP = 20;
const here = path.dirname(fileURLToPath(import.meta.url));

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

/** Starts the database and the server, signed in as a Super Admin. `close()` removes everything. */
export async function openBench() {
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
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      ADMIN_EMAIL: adminEmail,
    }),
    dataDir,
  };
  const close = async () => {
    await db.destroy();
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await migrate(db);
    await seedReferenceData(db);
    const start = performance.now();
    const geographySeeded = await seedGeography(db);
    const seedSeconds = (performance.now() - start) / 1000;
    await seedReferenceMasters(db);
    await ensureSuperAdmin(db, { adminEmail, adminPassword });
    const app = await buildApp({ db, config, mailer: createMailer(config) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/api`;

    const signIn = async (email: string, password: string) => {
      const login = await fetch(`${base}/webValidateLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { token } = (await login.json()) as { token?: string };
      if (!token) throw new Error(`sign-in failed for ${email}: ${login.status}`);
      return token;
    };
    const adminToken = await signIn(adminEmail, adminPassword);
    const get = async (url: string, token = adminToken) => {
      const res = await fetch(`${base}/${url}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 300)}`);
      return body;
    };
    const download = async (url: string, token = adminToken) => {
      const res = await fetch(`${base}/${url}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200)
        throw new Error(`GET ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      return Buffer.from(await res.arrayBuffer());
    };
    const post = async (call: string, payload: unknown, token = adminToken) => {
      const res = await fetch(`${base}/${call}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`POST ${call}: ${res.status} ${body.slice(0, 300)}`);
      return body;
    };
    const one = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows[0]!;
    return {
      db,
      config,
      embedded,
      get,
      download,
      post,
      one,
      signIn,
      geography: { seeded: geographySeeded, seconds: seedSeconds },
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
