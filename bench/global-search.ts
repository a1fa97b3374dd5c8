/**
 * Global search (globalSearch, decision 44) at the marketplace's scale: what `npm run bench` times for
 * it (its rows there are these cases), and, run alone, the same cases on their own server:
 *
 *   BENCH_REUSE=1 DATABASE_URL=... npm run bench:search
 *
 * Writes bench/results/search-<size>-<date>.md. Target: p95 < 100 ms through HTTP.
 */
import os from 'node:os';
import { searchApi } from '@app/contract';
import { describeMarketplace, signInPageUsers } from './data.ts';
import {
  apiClient,
  callUrl,
  environment,
  f,
  measure,
  N,
  openMarketplace,
  sizeLabel,
  startServerProcess,
  WARMUP,
  writeReport,
  type PageAs,
  type Timing,
} from './lib.ts';

export const SEARCH_TARGET_P95 = 100;

/**
 * What people type: a common surname (one user in eight), a common place (address and name), a numbered
 * name, an e-mail and a phone fragment, and a term nothing matches (every index read to its end).
 */
const TERMS = ['santos', 'cebu', 'seller 12', 'maria', '@bench.example', '0917', 'zzqxv'];
export const SEARCH_CASES: readonly { q: string; as: PageAs }[] = [
  ...TERMS.map((q) => ({ q, as: 'Super Admin' as const })),
  ...['santos', 'cebu', 'zzqxv'].flatMap((q) => (['Agent', 'Owner-Agent'] as const).map((as) => ({ q, as }))),
];

/** Times every case through HTTP as `measure` does; `add` gets each row. */
export async function measureSearches(
  api: ReturnType<typeof apiClient>,
  users: Record<PageAs, string>,
  add: (row: { label: string; as: PageAs; http: Timing; hits: number }) => void,
  wanted: (label: string) => boolean = () => true,
) {
  for (const { q, as } of SEARCH_CASES) {
    if (!wanted(`globalSearch, q=${q}`)) continue;
    const url = callUrl(searchApi.globalSearch.name, { q });
    const answer = JSON.parse(await api.get(url, users[as])) as { groups: { hits: unknown[] }[] };
    const hits = answer.groups.reduce((n, g) => n + g.hits.length, 0);
    add({ label: `globalSearch, q=${q}`, as, http: await measure(() => api.get(url, users[as])), hits });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url, db, one, embedded, close } = await openMarketplace();
  const server = await startServerProcess(url);
  try {
    const api = apiClient(server.base);
    const { market, users } = await signInPageUsers(api, { db, one });
    const loadBefore = os.loadavg()[0]!;
    const lines: string[] = [];
    const rows: unknown[] = [];
    await measureSearches(api, users, (row) => {
      rows.push(row);
      const miss = row.http.p95 >= SEARCH_TARGET_P95 ? `✗ p95 ≥ ${SEARCH_TARGET_P95}` : '';
      const line = `| ${row.label} | ${row.as} | ${row.hits} | ${f(row.http.median)} | ${f(row.http.p95)} | ${miss} |`;
      lines.push(line);
      console.log(line);
    });
    const report = [
      `# Global search, ${new Date().toISOString().slice(0, 10)}`,
      '',
      ...(await environment(db, !!embedded)),
      describeMarketplace(market),
      `- The real server as its own process, one client, sequential requests: ${N} per row after ` +
        `${Math.min(WARMUP, N)} warm-up ones. Default limit (5 per kind). Target p95 < ${SEARCH_TARGET_P95} ms.`,
      `- Load average (1 min) of the machine, other jobs included: ${loadBefore.toFixed(1)} before, ` +
        `${os.loadavg()[0]!.toFixed(1)} after, on ${os.cpus().length} cores.`,
      '',
      '| Call | As | Hits | HTTP median ms | HTTP p95 ms | Misses |',
      '|---|---|---:|---:|---:|---|',
      ...lines,
      '',
    ];
    console.log(`\n${report.join('\n')}`);
    writeReport(`search-${sizeLabel(market.counts.properties!)}`, report, { rows });
  } finally {
    await server.stop();
    await close();
  }
}
