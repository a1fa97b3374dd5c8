/**
 * `npm run bench`: the real server (apps/server/src/main.ts) started as its own process on the
 * marketplace `npm run bench:data` left (DATABASE_URL, or the embedded cluster in bench/.data), signed
 * in as a Super Admin, an Agent and an Owner-Agent. Times, through HTTP, every list call and every
 * report (first page, and a searched first page), every lookup (the registry's other GET calls) and
 * the main saves; for the list and report calls, also the SQL the server ran for the request (captured
 * with BENCH_CAPTURE_SQL, apps/server/src/db/index.ts), run directly on a connection of its own.
 *
 *   npm run bench
 *   BENCH_N=50 npm run bench
 *
 * Writes bench/results/bench-<date>.md and prints it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type RawBuilder } from 'kysely';
import { OVERVIEW, REPORTS, ROLE } from '@app/contract';
import { calls } from '../apps/server/src/calls/index.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createDb } from '../apps/server/src/db/index.ts';
import { BENCH_PASSWORD, describeMarketplace, readMarketplace } from './data.ts';
import {
  apiClient,
  BENCH_ADMIN,
  BENCH_DATA_DIR,
  environment,
  f,
  measure,
  N,
  REPORT_CASES,
  WARMUP,
  writeReport,
  type Timing,
} from './lib.ts';

const TARGET = { listP95: 100, lookupP95: 20, ratio: 1.5 };
const SAVES_N = Math.min(N, 100);
const root = path.resolve(BENCH_DATA_DIR, '../..');

/** A typical search of each list that is not a report (default: a common place-name fragment). */
const SEARCH: Record<string, string> = {
  allproperty: 'cebu',
  GetUser: 'santos',
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
/** Lists whose rows depend on who asks: also timed as the Agent and the Owner-Agent. */
const SCOPED = ['allproperty', 'GetSeller', 'getNotification', 'getPropertyBrokerReport'];

// The database: DATABASE_URL, or the embedded cluster bench:data left.
let url = process.env.DATABASE_URL;
const embeddedDir = path.join(BENCH_DATA_DIR, 'postgres');
if (!url && !fs.existsSync(path.join(embeddedDir, 'PG_VERSION')))
  throw new Error(`No data set in ${embeddedDir}: run npm run bench:data first (or set DATABASE_URL)`);
const embedded = url ? undefined : await startEmbeddedPostgres(embeddedDir);
url ??= embedded!.url;
const db = createDb(url, 2);
const one = async <T>(q: RawBuilder<T>) => (await q.execute(db)).rows[0]!;
const direct = new pg.Client({ connectionString: url });
await direct.connect();

// The server, as production starts it, with the statement capture on.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-server-'));
const captureFile = path.join(work, 'sql.jsonl');
fs.writeFileSync(captureFile, '');
const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(port));
  });
});
const serverLog = fs.openSync(path.join(work, 'server.log'), 'w');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: ['ignore', serverLog, serverLog],
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
    BENCH_CAPTURE_SQL: captureFile,
  },
});
const stopServer = () =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

/** The statements the server ran while `run` ran, but for the session check and connection settings. */
async function captured(run: () => Promise<unknown>) {
  const from = fs.statSync(captureFile).size;
  await run();
  const text = fs.readFileSync(captureFile).subarray(from).toString();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { sql: string; parameters: unknown[] })
    .filter((q) => !/set_config\('pp\.|from "sessions" as "s"/.test(q.sql));
}

interface Row {
  label: string;
  kind: 'list' | 'report' | 'lookup' | 'save';
  as: string;
  http: Timing;
  sql?: Timing;
  statements?: number;
}
const rows: Row[] = [];
const misses = (r: Row) => {
  const out: string[] = [];
  const limit = r.kind === 'lookup' ? TARGET.lookupP95 : r.kind === 'save' ? Infinity : TARGET.listP95;
  if (r.http.p95 >= limit) out.push(`p95 ≥ ${limit}`);
  if (r.sql && r.http.median > TARGET.ratio * r.sql.median) out.push(`HTTP > ${TARGET.ratio}× SQL`);
  return out.length ? `✗ ${out.join(', ')}` : '';
};
const tableRow = (r: Row) =>
  `| ${r.label} | ${r.kind} | ${r.as} | ${f(r.http.median)} | ${f(r.http.p95)} | ` +
  (r.sql
    ? `${f(r.sql.median)} | ${f(r.sql.p95)} | ${r.statements} | ${(r.http.median / r.sql.median).toFixed(1)}× | `
    : ' |  |  |  | ') +
  `${misses(r)} |`;
const queryOf = (call: string, params: Record<string, string | number>) =>
  `${call}?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
const add = (row: Row) => {
  rows.push(row);
  console.log(tableRow(row));
};

try {
  const api = apiClient(`http://127.0.0.1:${port}/api`);
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null || tries > 600)
      throw new Error(`the server did not start: see ${path.join(work, 'server.log')}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
    if (ready?.status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  const market = await readMarketplace({ db, one });
  const ownerAgent = await one(sql<{ user_id: number; user_email: string }>`SELECT user_id, user_email
    FROM users WHERE role_id = ${ROLE.OwnerAgent} AND user_status = 'Active'
      AND user_email LIKE '%@bench.example.ph' ORDER BY user_id LIMIT 1`);
  const users = {
    'Super Admin': await api.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password),
    Agent: await api.signIn(market.agent.user_email, BENCH_PASSWORD),
    'Owner-Agent': await api.signIn(ownerAgent.user_email, BENCH_PASSWORD),
  };
  type As = keyof typeof users;

  /** A list or report: HTTP, then the statements the server ran for one request, directly. */
  const timeList = async (call: string, params: Record<string, string | number>, as: As, label: string) => {
    const query = queryOf(call, params);
    const statements = await captured(() => api.get(query, users[as]));
    const http = await measure(() => api.get(query, users[as]));
    const direct_ = await measure(async () => {
      for (const q of statements) await direct.query(q.sql, q.parameters);
    });
    const kind = REPORTS.some((r) => r.call === call) ? 'report' : 'list';
    add({ label, kind, as, http, sql: direct_, statements: statements.length });
  };

  for (const call of calls.filter((c) => c.list)) {
    const report = REPORT_CASES[call.name];
    const params = report?.params ?? {};
    const search = report?.search ?? SEARCH[call.name] ?? 'san';
    for (const as of [
      'Super Admin',
      ...(SCOPED.includes(call.name) ? ['Agent', 'Owner-Agent'] : []),
    ] as As[]) {
      await timeList(call.name, params, as, `${call.name}, first page`);
      await timeList(call.name, { ...params, searchText: search }, as, `${call.name}, searchText=${search}`);
    }
  }

  // Lookups: every GET call that is not a list, with the parameters it needs.
  const ids = await one(sql<Record<string, number>>`SELECT
    (SELECT province_id FROM provinces WHERE province_name = 'Cebu') AS cebu,
    (SELECT town_id FROM towns WHERE town_name = 'Quezon City') AS qc,
    (SELECT min(barangay_id) FROM barangays WHERE town_id =
      (SELECT town_id FROM towns WHERE town_name = 'Quezon City')) AS barangay,
    (SELECT property_type_id FROM property_types WHERE property_type = 'House') AS house,
    (SELECT property_type_id FROM property_types WHERE property_type = 'Land') AS land,
    (SELECT min(agency_id) FROM agencies) AS agency, (SELECT min(broker_id) FROM brokers) AS broker,
    (SELECT min(broker_association_id) FROM broker_associations) AS association,
    (SELECT min(seller_id) FROM sellers) AS seller, (SELECT min(user_skills_id) FROM user_skills) AS skill,
    (SELECT min(property_id) FROM property_amenities) AS property,
    (SELECT associated_agency_id FROM users WHERE user_id = ${ownerAgent.user_id}) AS "ownAgency"`);
  const LOOKUP: Record<string, { params?: Record<string, number | string>; as?: As }> = {
    GetTownWithoutPagination: { params: { provinceId: ids.cebu! } },
    GetAdjacentTownWithoutPagination: { params: { provinceId: ids.cebu! } },
    GetBarangayWithoutPagination: { params: { townId: ids.qc! } },
    GetBarangayForSubdivisionWithoutPagination: { params: { townId: ids.qc! } },
    GetAdjacentBarangayWithoutPagination: { params: { townId: ids.qc!, barangayId: ids.barangay! } },
    GetAdjacentSubdivisionWithoutPagination: { params: { townId: ids.qc! } },
    GetSubdivisionWithoutPagination: { params: { townId: ids.qc! } },
    GetDwellingWithoutPagination: { params: { typeId: ids.house! } },
    getAssignedUnAssignedPermission: { params: { roleId: ROLE.Agent } },
    GetUserById: { params: { user_id: market.agent.user_id } },
    GetAgencyById: { params: { agency_id: ids.agency! } },
    getBrokerAssociationById: { params: { broker_association_id: ids.association! } },
    getBrokerById: { params: { broker_id: ids.broker! } },
    GetAssociatedAgencyAddressWithoutPagination: {
      params: { associated_agency_id: ids.ownAgency! },
      as: 'Owner-Agent',
    },
    GetAssociatedAgencyAgents: { as: 'Owner-Agent' },
    getSellerById: { params: { seller_id: ids.seller! } },
    GetPropertyById: { params: { id: ids.property! } },
    showallimagesvideo: { params: { property_id: ids.property! } },
    getSelectedPropertyAmenities: { params: { propertyId: ids.property! } },
    getAuditLogUsers: { params: { search: 'santos' } },
  };
  for (const call of calls.filter((c) => c.method === 'GET' && !c.list)) {
    const { params = {}, as = 'Super Admin' } = LOOKUP[call.name] ?? {};
    const query = queryOf(call.name, params);
    const http = await measure(() => api.get(query, users[as]));
    add({ label: call.name, kind: call.name === OVERVIEW.call ? 'report' : 'lookup', as, http });
  }

  // Saves, as the Super Admin: each a new record (names unique to this run).
  const run = Date.now().toString(36);
  let i = 0;
  /** Names take letters only: 1 → b, 26 → ba. */
  const letters = (n: number) =>
    [...n.toString(26)].map((d) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(d, 26)]).join('');
  await sql`UPDATE users SET open_property_limit = 999 WHERE role_id = ${ROLE.SuperAdmin}`.execute(db);
  // An address in Quezon City, with its zip code.
  const { zip, ...address } = await one(sql<{
    province_id: number;
    town_id: number;
    barangay_id: number;
    zip: string;
  }>`SELECT t.province_id, t.town_id, b.barangay_id, coalesce(b.zip_code, t.zip_code, '1100') AS zip
    FROM barangays b JOIN towns t USING (town_id) WHERE b.barangay_id = ${ids.barangay!}`);
  const saves: [string, () => unknown][] = [
    [
      'saveproperty',
      () => ({
        property_name: `Benchmark lot ${run}-${++i}`,
        property_headline: 'Timed save',
        property_description: 'Saved by the benchmark.',
        property_classification_id: 4,
        product_category_id: 3,
        property_type_id: ids.land!,
        land_area: '250',
        sale_price: '2500000',
        street_name: 'Gorordo Avenue',
        ...address,
        zipcode: zip,
      }),
    ],
    [
      'SaveUser',
      () => ({
        first_name: 'Bench',
        last_name: `Agent ${letters(++i)}`,
        role_id: ROLE.Agent,
        user_email: `save-${run}-${i}@bench.example.ph`,
        phone_1: '09171234567',
        house_number: '5',
        street_name: 'Mabini St',
        ...address,
        zip_code: zip,
        re_license: 'PRC-12345',
        associated_agency_id: ids.agency!,
        associated_broker_id: String(ids.broker!),
        user_skills: String(ids.skill!),
        user_status: 'Active',
      }),
    ],
    [
      'saveSeller',
      () => ({
        seller_name: `Bench Seller ${run}-${++i}`,
        property_owner_name: 'Bench Owner',
        phone_1: '09190000001',
        house_no: '15',
        street_name: 'Amorsolo Street',
        ...address,
        zipcode: zip,
        agency_id: ids.agency!,
      }),
    ],
    ['SaveBarangay', () => ({ barangay_name: `Bench Barangay ${run}-${++i}`, ...address, zip_code: zip })],
  ];
  for (const [call, payload] of saves) {
    const http = await measure(() => api.post(call, payload(), users['Super Admin']), SAVES_N);
    add({ label: call, kind: 'save', as: 'Super Admin', http });
  }

  const rss = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1];
  const missed = rows.filter((r) => misses(r));
  const report = [
    `# Benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(db, !!embedded)),
    describeMarketplace(market),
    `- The real server as its own process (node --import tsx apps/server/src/main.ts, LOG_LEVEL=warn), one ` +
      `client, sequential requests: ${N} per row after ${Math.min(WARMUP, N)} warm-up ones (saves: ${SAVES_N}). Default page ` +
      'size; reports with the filters they open with (bench/lib.ts REPORT_CASES).',
    '- SQL = the statements the server ran for the request (captured with BENCH_CAPTURE_SQL; the session ' +
      'check left out), run one after another on a connection of their own, as many times; "stmts" is how ' +
      'many. The server runs a page and its count at once on two connections.',
    `- Server peak memory (VmHWM) ${rss ? (Number(rss) / 1024).toFixed(0) : '?'} MB.`,
    `- Targets (issue 10, item 3): list and report first pages p95 < ${TARGET.listP95} ms, lookups p95 < ` +
      `${TARGET.lookupP95} ms, HTTP ≤ ${TARGET.ratio}× SQL at the median for lists and reports. ` +
      `${missed.length} of ${rows.length} rows miss one (✗).`,
    '',
    '| Call | Kind | As | HTTP median ms | HTTP p95 ms | SQL median ms | SQL p95 ms | stmts | HTTP / SQL | Misses |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(tableRow),
    '',
  ];
  console.log(`\n${report.join('\n')}`);
  writeReport('bench', report);
} finally {
  await stopServer();
  await direct.end();
  await db.destroy();
  await embedded?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
