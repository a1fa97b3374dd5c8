/**
 * The property listing (`allproperty`) alone, through the real server on the marketplace
 * `npm run bench:data` left: its first page (the default size and the largest, 50) and a searched
 * one, as the Super Admin, an Agent and an Owner-Agent. For each, the median and p95 of BENCH_N
 * requests (default 200) after a warm-up, the size of the answer, and the CPU the server process and
 * the database spent a request: on a shared machine the wall-clock times follow the neighbours, the
 * CPU much less. `npm run bench` times every list; this one is quick enough to run before and after a
 * change to the listing, back to back.
 *
 *   DATABASE_URL=… npx tsx bench/property-list.ts
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { BENCH_PASSWORD, readMarketplace } from './data.ts';
import {
  apiClient,
  BENCH_ADMIN,
  callUrl,
  f,
  measure,
  N,
  openMarketplace,
  startServerProcess,
  WARMUP,
} from './lib.ts';

const TICKS_PER_MS = 100 / 1000; // /proc/<pid>/stat counts CPU time in clock ticks (USER_HZ = 100)

const { url, db, one, close } = await openMarketplace();
const server = await startServerProcess(url);

/** CPU milliseconds (user and system) a process has used; 0 once it is gone. */
const cpuMs = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return 0;
  }
};
/** The database's CPU: its backends on this database but for our own connection. */
const databaseCpuMs = async () => {
  const { rows } = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(db);
  return rows.reduce((sum, r) => sum + cpuMs(r.pid), 0);
};

try {
  const api = apiClient(server.base);
  const market = await readMarketplace({ db, one });
  const ownerAgent = await one(sql<{ user_email: string }>`SELECT user_email FROM users
    WHERE role_id = ${ROLE.OwnerAgent} AND user_status = 'Active' AND user_email LIKE '%@bench.example.ph'
    ORDER BY user_id LIMIT 1`);
  const users = {
    'Super Admin': await api.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password),
    Agent: await api.signIn(market.agent.user_email, BENCH_PASSWORD),
    'Owner-Agent': await api.signIn(ownerAgent.user_email, BENCH_PASSWORD),
  };
  const cases = Object.entries(users).flatMap(([as, token]) => [
    { label: 'first page', as, token, url: callUrl('allproperty') },
    { label: 'first page, 50 a page', as, token, url: callUrl('allproperty', { itemsPerPage: 50 }) },
    { label: 'searchText=cebu', as, token, url: callUrl('allproperty', { searchText: 'cebu' }) },
  ]);
  // A new process runs its code slowly until V8 has compiled it.
  for (let pass = 0; pass < 3; pass++) for (const c of cases) await api.get(c.url, c.token);
  console.log(`allproperty, ${N} requests a row, ${market.counts.properties!.toLocaleString()} listings`);
  console.log('| Case | As | HTTP median ms | HTTP p95 ms | server CPU ms | database CPU ms | answer KB |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const c of cases) {
    const size = Buffer.byteLength(await api.get(c.url, c.token)) / 1024;
    const [serverBefore, databaseBefore] = [cpuMs(server.pid), await databaseCpuMs()];
    const t = await measure(() => api.get(c.url, c.token));
    const requests = N + Math.min(WARMUP, N); // the warm-up ones too
    const serverCpu = (cpuMs(server.pid) - serverBefore) / requests;
    const databaseCpu = ((await databaseCpuMs()) - databaseBefore) / requests;
    console.log(
      `| ${c.label} | ${c.as} | ${f(t.median)} | ${f(t.p95)} | ${serverCpu.toFixed(2)} | ${databaseCpu.toFixed(2)} | ${f(size)} |`,
    );
  }
} finally {
  await server.stop();
  await close();
}
