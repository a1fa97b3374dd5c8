/**
 * Every report at scale: generates the marketplace (bench/data.ts; BENCH_PROPERTIES, default
 * 1,000,000), then times each report's first page (as opened, and searched) through HTTP beside its
 * own SQL, the overview, and an Excel export of 100,000 rows with the process's peak memory.
 *
 *   npm run bench:reports
 *   BENCH_PROPERTIES=100000 BENCH_N=50 npm run bench:reports
 *
 * Writes bench/results/reports-<date>.md.
 */
import { ALL_PERMISSIONS, OVERVIEW, REPORTS, ROLE, manilaToday } from '@app/contract';
import { BENCH_PASSWORD, describeMarketplace, marketplaceFor, sizesFor } from './data.ts';
import {
  compareList,
  daysAgo,
  environment,
  f,
  LIST_TABLE_HEAD,
  measure,
  N,
  openBench,
  REPORT_CASES,
  writeReport,
} from './lib.ts';

const EXPORT_ROWS = 100_000;
const bench = await openBench();

try {
  const market = await marketplaceFor(bench, sizesFor(Number(process.env.BENCH_PROPERTIES ?? 1_000_000)));
  const agentToken = await bench.signIn(market.agent.user_email, BENCH_PASSWORD);
  const agentUser = {
    user_id: market.agent.user_id,
    role_id: ROLE.Agent,
    permissions: new Set(ALL_PERMISSIONS),
  };

  const rows: string[] = [];
  const plans: string[] = [];
  const run = async (
    label: string,
    call: string,
    params: Record<string, string | number>,
    asAgent = false,
  ) => {
    const result = await compareList(
      bench,
      label,
      call,
      params,
      asAgent ? agentUser : undefined,
      asAgent ? agentToken : undefined,
    );
    rows.push(result.row);
    plans.push(...result.plans);
    return result;
  };
  const slowest: { label: string; median: number }[] = [];
  for (const def of REPORTS) {
    const { params = {}, search } = REPORT_CASES[def.call]!;
    const opened = await run(`${def.call}, first page`, def.call, params);
    const searched = await run(`${def.call}, searchText=${search}`, def.call, {
      ...params,
      searchText: search,
    });
    slowest.push({ label: def.call, median: Math.max(opened.http.median, searched.http.median) });
  }
  await run('getPropertyBrokerReport as an Agent', 'getPropertyBrokerReport', {}, true);
  await run('GetUserReport as an Agent', 'GetUserReport', {}, true);
  await run('getPropertyBrokerReport, status=Sold', 'getPropertyBrokerReport', { status: 'Sold' });

  const overview = await measure(() => bench.get(OVERVIEW.call), Math.min(N, 50));
  rows.push(`| ${OVERVIEW.call} | ${f(overview.median)} | ${f(overview.p95)} | | | |`);
  const overviewAgent = await measure(() => bench.get(OVERVIEW.call, agentToken), Math.min(N, 50));
  rows.push(`| ${OVERVIEW.call} as an Agent | ${f(overviewAgent.median)} | ${f(overviewAgent.p95)} | | | |`);
  console.log(rows.slice(-2).join('\n'));

  // The export: the tracking report over as many days as it takes to reach EXPORT_ROWS listings
  // (one is added a minute), streamed to the end; memory sampled every 20 ms meanwhile.
  const days = Math.ceil(EXPORT_ROWS / 1440);
  const exportQuery = `getPropertyTrackingReport/export?from_date=${daysAgo(days - 1)}&to_date=${manilaToday()}`;
  const listed = JSON.parse(await bench.get(exportQuery.replace('/export', '') + '&itemsPerPage=7')) as {
    resultData: { total: number; total_is_estimate?: boolean };
  };
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const file = await bench.download(exportQuery);
  const exportMs = performance.now() - started;
  clearInterval(sampler);
  const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
  const exportLine =
    `- Export: getPropertyTrackingReport over ${days} days (${listed.resultData.total.toLocaleString()}` +
    `${listed.resultData.total_is_estimate ? ' (estimated)' : ''} rows), ${mb(file.length)} MB of .xlsx in ` +
    `${(exportMs / 1000).toFixed(2)} s; process memory ${mb(rssBefore)} MB before, ${mb(rssPeak)} MB at the peak ` +
    '(server and benchmark share the process).';
  console.log(exportLine);

  writeReport('reports', [
    `# Reports benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(bench.db, !!bench.embedded)),
    describeMarketplace(market),
    `- ${N} sequential requests per row after warm-up (overview: ${Math.min(N, 50)}), one client, 7 rows a ` +
      'page (15 for the broker-linked report). Direct SQL = the list code run directly (runList: the page and ' +
      'count queries the server builds, through the same pool). Date filters: today (the default) unless the row says otherwise; sold/rent ' +
      'and tracking over the last 30 days.',
    '',
    ...LIST_TABLE_HEAD,
    ...rows,
    '',
    exportLine,
    '',
    `Slowest report (HTTP median, opened or searched): ${slowest
      .sort((a, b) => b.median - a.median)
      .slice(0, 3)
      .map((s) => `${s.label} ${f(s.median)} ms`)
      .join(', ')}.`,
    '',
    'Targets (issue 7): every first page < 200 ms at the median; the overview < 500 ms; 100,000 rows exported ' +
      'in < 5 s with the server under 300 MB.',
    '',
    '## Query plans of the direct SQL',
    '',
    ...plans,
    '',
  ]);
} finally {
  await bench.close();
}
