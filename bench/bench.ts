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
 * Writes bench/results/bench-<date>.md and prints it; then runs bench/serialization.ts (JSON.stringify
 * against each answer's compiled serializer, bench/results/serialization-<date>.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { OVERVIEW, REPORTS, ROLE, manilaToday, searchApi } from '@app/contract';
import { calls } from '../apps/server/src/calls/index.ts';
import { withinDays } from '../apps/server/src/calls/reports/build.ts';
import { CONNECTION_OPTIONS } from '../apps/server/src/db/index.ts';
import { describeMarketplace, signInPageUsers } from './data.ts';
import { measureSearches } from './global-search.ts';
import {
  apiClient,
  callUrl,
  environment,
  f,
  measure,
  measureInTurns,
  httpRequest,
  N,
  openMarketplace,
  pageCases,
  fanOutsWritten,
  roomForListings,
  savePayloads,
  sizeLabel,
  savePlaces,
  startServerProcess,
  WARMUP,
  writeReport,
  type Timing,
} from './lib.ts';

const TARGET = { listP95: 100, lookupP95: 20, ratio: 1.5 };
/** BENCH_ONLY=<regular expression>: only the rows whose label matches; written apart (bench-<size>-some). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const wanted = (label: string) => !only || only.test(label);
// Saves are timed 100 times whatever BENCH_N says: the median of 20 (BENCH_N=20, the ten-million run)
// moved by 2-3 ms between two runs of the same code.
const SAVES_N = 100;

const { url, db, one, embedded, close } = await openMarketplace();
// With the server's connection settings, so that the same statements are run the same way.
const direct = new pg.Pool({ connectionString: url, max: 4, options: CONNECTION_OPTIONS });

// Statements are captured by a server of their own (BENCH_CAPTURE_SQL writes each to a file), so the
// timed server does no extra I/O.
const captureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-sql-')), 'sql.jsonl');
fs.writeFileSync(captureFile, '');

interface Statement {
  sql: string;
  parameters: unknown[];
  end: number;
  ms: number;
}

/**
 * The statements a request ran, but for the session check and connection settings, in waves: the
 * statements of a wave ran at once, each wave after the one before it.
 */
async function captured(run: () => Promise<unknown>) {
  await run(); // as a warmed-up server runs it (a large list asks for its estimate with its count once it knows)
  const from = fs.statSync(captureFile).size;
  await run();
  const text = fs.readFileSync(captureFile).subarray(from).toString();
  const statements = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Statement)
    // Transactions' own statements too: replayed one by one on pooled connections, a BEGIN would leave
    // its connection in a transaction (the newest-first walk's, with its 50 ms limit: decision 59, which
    // the replay runs to its end).
    .filter(
      (q) => !/set_config\('pp\.|from "sessions" as "s"|^(begin|commit|rollback|set local)\b/i.test(q.sql),
    )
    .sort((a, b) => a.end - a.ms - (b.end - b.ms));
  const waves: Statement[][] = [];
  let waveEnd = -Infinity;
  for (const q of statements) {
    if (q.end - q.ms >= waveEnd) waves.push([]);
    waves.at(-1)!.push(q);
    waveEnd = Math.max(waveEnd, q.end);
  }
  return waves;
}

interface Row {
  label: string;
  kind: 'list' | 'report' | 'lookup' | 'save' | 'legacy' | 'search';
  as: string;
  http: Timing;
  sql?: Timing;
  statements?: number;
}
const rows: Row[] = [];
const misses = (r: Row) => {
  const out: string[] = [];
  const limit =
    r.kind === 'lookup'
      ? TARGET.lookupP95
      : r.kind === 'save' || r.kind === 'legacy'
        ? Infinity
        : TARGET.listP95;
  if (r.http.p95 >= limit) out.push(`p95 ≥ ${limit}`);
  if (r.sql && r.http.median > TARGET.ratio * r.sql.median) out.push(`HTTP > ${TARGET.ratio}× SQL`);
  const few = r.http.samples !== undefined && r.http.samples < N ? ` (${r.http.samples} timed)` : '';
  return out.length ? `✗ ${out.join(', ')}${few}` : few.trim();
};
const tableRow = (r: Row) =>
  `| ${r.label} | ${r.kind} | ${r.as} | ${f(r.http.median)} | ${f(r.http.p95)} | ` +
  (r.sql
    ? `${f(r.sql.median)} | ${f(r.sql.p95)} | ${r.statements} | ${f(r.http.median - r.sql.median)} | ` +
      `${(r.http.median / r.sql.median).toFixed(1)}× | `
    : ' |  |  |  |  | ') +
  `${misses(r)} |`;
const add = (row: Row) => {
  rows.push(row);
  console.log(tableRow(row));
};

let server = await startServerProcess(url, { BENCH_CAPTURE_SQL: captureFile });
try {
  let api = apiClient(server.base);
  const { market, ownerAgent, users } = await signInPageUsers(api, { db, one });
  type As = keyof typeof users;
  // Suspected Duplicates opens on today (Manila) and pairs each listing added since midnight: its first
  // page costs more as the day goes on (the data adds one listing a minute, up to when it was built).
  const { today } = await one(sql<{ today: number }>`SELECT count(*)::int AS today FROM properties
    WHERE ${withinDays('date_first_added', manilaToday(), manilaToday())}`);

  // Every list and report, first page and searched, as each user whose rows differ.
  const listCases = pageCases().filter((c) => wanted(c.label));
  const statements: Awaited<ReturnType<typeof captured>>[] = [];
  for (const c of listCases) statements.push(await captured(() => api.get(c.url, users[c.as])));
  await server.stop();
  server = await startServerProcess(url);
  api = apiClient(server.base);
  // A new process runs its code slowly until V8 has compiled it: every case a few times first.
  for (let pass = 0; pass < 3; pass++) for (const c of listCases) await api.get(c.url, users[c.as]);

  const fixed = {
    exchange: await measure(() => httpRequest(`${server.base}/health/live`)),
    signedIn: await measure(() =>
      api.get('webGetLoggedUserDetailsWithRolesPermission', users['Super Admin']),
    ),
  };

  // The statements of one request at once, each on its own connection, as the server runs a page and its
  // count; a request and its statements take turns, so that both meet the machine in the same state.
  for (const [i, c] of listCases.entries()) {
    const [http, sqlTiming] = await measureInTurns(
      () => api.get(c.url, users[c.as]),
      async () => {
        for (const wave of statements[i]!)
          await Promise.all(wave.map((q) => direct.query(q.sql, q.parameters)));
      },
    );
    const kind = REPORTS.some((r) => r.call === c.call) ? 'report' : 'list';
    add({ label: c.label, kind, as: c.as, http, sql: sqlTiming, statements: statements[i]!.flat().length });
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
    savedViews: { params: { list_key: 'allproperty' } },
    // The lookups that grow with the marketplace, as the forms ask them: by what is typed.
    GetSellerWithoutPagination: { params: { searchText: 'seller 12' } },
    allagents: { params: { searchText: 'santos' } },
    GetAgencyWithoutPagination: { params: { searchText: 'agency 12' } },
    GetBrokerWithoutPagination: { params: { searchText: 'broker 12' } },
    GetBrokerAssociationWithoutPagination: { params: { searchText: 'cebu' } },
  };
  const searchCall = searchApi.globalSearch.name;
  for (const call of calls.filter((c) => c.method === 'GET' && !c.list && c.name !== searchCall)) {
    const { params = {}, as = 'Super Admin' } = LOOKUP[call.name] ?? {};
    const query = callUrl(call.name, params);
    const label = params.searchText ? `${call.name}, searchText=${params.searchText}` : call.name;
    const legacyLabel = `${call.name}, every row (old clients)`;
    if (wanted(label)) {
      const http = await measure(() => api.get(query, users[as]));
      add({ label, kind: call.name === OVERVIEW.call ? 'report' : 'lookup', as, http });
    }
    if (params.searchText !== undefined && wanted(legacyLabel)) {
      // Every row, as the old clients ask: shown, but no target (our forms search instead).
      const every = await measure(() => api.get(call.name, users[as]), Math.min(N, 20));
      add({ label: legacyLabel, kind: 'legacy', as, http: every });
    }
  }

  // The global search (decision 44): several texts, as each user whose kinds and scope differ.
  await measureSearches(
    api,
    users,
    ({ label, as, http }) => add({ label, kind: 'search', as, http }),
    wanted,
  );

  // Saves, as the Super Admin: each a new record (names unique to this run).
  await sql`UPDATE users SET open_property_limit = 999 WHERE role_id = ${ROLE.SuperAdmin}`.execute(db);
  const saves = savePayloads(await savePlaces(one));
  // A save's notifications are written just after it (decision 58): each row starts once those of the
  // rows before are written, else it would share the disk with them. A new Agent's go to those who may
  // change their status (decision 85): in the generated data none but the saving Super Admin, who is not
  // told; with 50 Admins the medians moved within their noise (docs/performance.md, session 58).
  const written = () => fanOutsWritten(one);
  /** Times a save once the notifications of those before are written; `settle` is waited for before each. */
  const timeSave = async (
    label: string,
    as: Row['as'],
    run: () => Promise<unknown>,
    settle?: () => Promise<unknown>,
  ) => {
    await written();
    add({ label, kind: 'save', as, http: await measure(run, SAVES_N, settle) });
  };
  for (const [call, payload] of Object.entries(saves))
    if (wanted(call))
      await timeSave(call, 'Super Admin', () => api.post(call, payload(), users['Super Admin']));
  // A saver with an open-listing limit takes their place in the statement that writes the listing
  // (decision 72): an Agent. Its notifications, to its agency's Agents among others, are written just
  // after it (decision 118): back to back, and one at a time once those of the listing before are written.
  const backToBackAndOneAtATime = async (label: string, run: () => Promise<unknown>) => {
    await timeSave(label, 'Agent', run);
    await timeSave(`${label}, one at a time`, 'Agent', run, written);
  };
  const agentSave = 'saveproperty, as an Agent';
  const postAgentListing = () => api.post('saveproperty', saves.saveproperty(), users.Agent);
  if (wanted(agentSave)) {
    await roomForListings(db, market.agent.user_id);
    await backToBackAndOneAtATime(agentSave, postAgentListing);
  }
  // The Agent changing the status of their own listing, from the edit form GetPropertyById fills: told
  // to the same people just after its commit (decision 119).
  const agentChange = 'updateproperty, status changed, as an Agent';
  if (wanted(agentChange)) {
    await roomForListings(db, market.agent.user_id);
    await postAgentListing();
    const { id } = await one(sql<{ id: number }>`SELECT max(property_id) AS id FROM properties
      WHERE user_id = ${market.agent.user_id}`);
    const form: { resultData: object[] } = JSON.parse(await api.get(`GetPropertyById?id=${id}`, users.Agent));
    let changes = 0;
    const status = () => (++changes % 2 ? 'Pending' : 'Open');
    await backToBackAndOneAtATime(agentChange, () =>
      api.post('updateproperty', { ...form.resultData[0], id, status: status() }, users.Agent),
    );
  }
  // New users saved back to back (above) share the disk with the notifications of the ones before; also
  // timed one at a time, as staff create users, once the notifications before have been written.
  if (wanted('SaveUser')) {
    const post = () => api.post('SaveUser', saves.SaveUser(), users['Super Admin']);
    await timeSave('SaveUser, one at a time', 'Super Admin', post, written);
  }

  const peakMb = server.peakMemoryMb();
  const missed = rows.filter((r) => misses(r));
  const report = [
    `# Benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(db, !!embedded)),
    describeMarketplace(market),
    `- Listings added today in Manila when the run began (the reports that open on today, Suspected ` +
      `Duplicates above all, read each of them): ${today.toLocaleString()}.`,
    `- The real server as its own process (node --import tsx apps/server/src/main.ts, LOG_LEVEL=warn), one ` +
      `client, sequential requests: ${N} per row after ${Math.min(WARMUP, N)} warm-up ones (saves: ${SAVES_N}). Default page ` +
      'size; reports with the filters they open with (bench/lib.ts REPORT_CASES).',
    '- SQL = the statements the server ran for the request (captured with BENCH_CAPTURE_SQL; the session ' +
      'check left out) by a server of its own, then run as the server ran them: those it ran at once (a page ' +
      'and its count) at once, each on a connection of its own, the others after them; "stmts" is how many.',
    ...(only ? [`- Only the rows matching BENCH_ONLY=${only.source}.`] : []),
    `- Server peak memory (VmHWM) ${peakMb.toFixed(0)} MB.`,
    `- What every request costs here, at the median: an HTTP exchange with no session and no database ` +
      `(/api/health/live) ${f(fixed.exchange.median)} ms; a signed-in call that reads nothing but its session ` +
      `(webGetLoggedUserDetailsWithRolesPermission) ${f(fixed.signedIn.median)} ms.`,
    `- Targets (issue 10, item 3): list and report first pages and global searches p95 < ${TARGET.listP95} ms, lookups p95 < ` +
      `${TARGET.lookupP95} ms, HTTP ≤ ${TARGET.ratio}× SQL at the median for lists and reports. ` +
      `${missed.length} of ${rows.length} rows miss one (✗). "Added" is HTTP less SQL: what the product adds.`,
    '',
    '| Call | Kind | As | HTTP median ms | HTTP p95 ms | SQL median ms | SQL p95 ms | stmts | Added ms | HTTP / SQL | Misses |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(tableRow),
    '',
  ];
  console.log(`\n${report.join('\n')}`);
  writeReport(`bench-${sizeLabel(market.counts.properties!)}${only ? '-some' : ''}`, report, {
    properties: market.counts.properties,
    environment: await environment(db, !!embedded),
    rows,
  });
} finally {
  await server.stop();
  await direct.end();
  await close();
  fs.rmSync(path.dirname(captureFile), { recursive: true, force: true });
}

// Issue 19 item 1: each answer's compiled serializer against JSON.stringify, on answers from the same
// marketplace, once the timed server and the database connections above are closed.
if (!only) {
  console.log('\n# Serialization (bench/serialization.ts)\n');
  await import('./serialization.ts');
}
