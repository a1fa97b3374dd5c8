/**
 * Bulk actions at scale (issue 22 item 1: 10,000 rows in one action in under 5 s): on the marketplace
 * (BENCH_REUSE=1 reuses the one `npm run bench:data` left), as the Super Admin, times through HTTP each
 * bulk call on 10,000 rows, there and back (each run changes them, the next changes them back), and
 * the export of a 10,000-row selection. Each action's rows, history, audit and notifications are
 * written in full.
 *
 *   BENCH_REUSE=1 DATABASE_URL=... npm run bench:bulk
 *   BENCH_BULK_N=5 ... (runs per row, default 3)
 *
 * Writes bench/results/bulk-<date>.md. The data is left as it was found (but for the history, audit and
 * notification rows the actions wrote).
 */
import os from 'node:os';
import { sql } from 'kysely';
import { BULK_MAX, ROLE } from '@app/contract';
import { describeMarketplace, marketplaceFor, sizesFor } from './data.ts';
import { environment, f, openBench, percentile, writeReport } from './lib.ts';

const RUNS = Number(process.env.BENCH_BULK_N ?? 3);
const TARGET_MS = 5000;
const EXPORT_IDS = 1000;

const bench = await openBench();
const { db } = bench;

interface Case {
  label: string;
  /** The two requests taking the rows there and back. */
  there: () => Promise<unknown>;
  back: () => Promise<unknown>;
}

async function timed(run: () => Promise<unknown>) {
  const start = performance.now();
  const answer = await run();
  return { ms: performance.now() - start, answer };
}

try {
  const market = await marketplaceFor(bench, sizesFor(Number(process.env.BENCH_PROPERTIES ?? 1_000_000)));
  const idsOf = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    (await query.execute(db)).rows.map((r) => r.id);
  const openListings = await idsOf(
    sql`SELECT property_id AS id FROM properties WHERE status = 'Open' ORDER BY property_id LIMIT ${BULK_MAX}`,
  );
  const agents = await idsOf(sql`SELECT user_id AS id FROM users
    WHERE role_id = ${ROLE.Agent} AND user_status = 'Active' ORDER BY user_id LIMIT ${BULK_MAX}`);
  // Two agents of different agencies: the listings go to one and back to the other.
  const [agentA, agentB] = await idsOf(sql`SELECT DISTINCT ON (associated_agency_id) user_id AS id
    FROM users WHERE role_id = ${ROLE.Agent} AND user_status = 'Active' AND associated_agency_id IS NOT NULL
    ORDER BY associated_agency_id, user_id LIMIT 2`);
  const agentOf = new Map(
    (
      await sql<{ id: number; agent: number | null; agency: number | null }>`SELECT property_id AS id,
        agent_id AS agent, agency_id AS agency FROM properties WHERE property_id = ANY (${openListings}::int[])`.execute(
        db,
      )
    ).rows.map((r) => [r.id, r]),
  );

  const cases: Case[] = [
    {
      label: `bulkPropertyStatus, ${openListings.length.toLocaleString('en-US')} listings by id (Open ⇄ Pending)`,
      there: () => bench.post('bulkPropertyStatus', { ids: openListings, status: 'Pending' }),
      back: () => bench.post('bulkPropertyStatus', { ids: openListings, status: 'Open' }),
    },
    {
      label: `bulkAssignAgent, ${openListings.length.toLocaleString('en-US')} listings by id (agent A ⇄ agent B)`,
      there: () => bench.post('bulkAssignAgent', { ids: openListings, agent_id: agentA }),
      back: () => bench.post('bulkAssignAgent', { ids: openListings, agent_id: agentB }),
    },
    {
      label: `bulkUserStatus, ${agents.length.toLocaleString('en-US')} agents by id (Active ⇄ Inactive)`,
      there: () => bench.post('bulkUserStatus', { ids: agents, status: 'Inactive', reason: 'Benchmark' }),
      back: () => bench.post('bulkUserStatus', { ids: agents, status: 'Active' }),
    },
  ];

  const rows: string[] = [];
  for (const c of cases) {
    const times: number[] = [];
    let last = '';
    for (let i = 0; i < RUNS; i++) {
      for (const run of [c.there, c.back]) {
        const { ms, answer } = await timed(run);
        times.push(ms);
        last = (JSON.parse(String(answer)) as { message: string }).message;
      }
    }
    const median = percentile(times, 50);
    const max = Math.max(...times);
    rows.push(
      `| ${c.label} | ${times.length} | ${f(median)} | ${f(max)} | ${last} | ${max < TARGET_MS ? '✓' : '✗'} |`,
    );
    console.log(rows.at(-1));
  }

  // The listings' agents as they were before the assignments.
  await sql`UPDATE properties p SET agent_id = v.agent, agency_id = v.agency
    FROM unnest(${[...agentOf.keys()]}::int[], ${[...agentOf.values()].map((r) => r.agent)}::int[],
      ${[...agentOf.values()].map((r) => r.agency)}::int[]) AS v(id, agent, agency)
    WHERE p.property_id = v.id`.execute(db);

  // Chosen ids travel in the export's URL: a page or a few pages of them (every matching row is the
  // list's own export, its search and filters).
  const exported = openListings.slice(0, EXPORT_IDS);
  const exportTimes: number[] = [];
  for (let i = 0; i < RUNS; i++)
    exportTimes.push((await timed(() => bench.download(`allproperty/export?ids=${exported.join(',')}`))).ms);
  rows.push(
    `| allproperty/export of a ${exported.length.toLocaleString('en-US')}-listing selection (ids) | ${RUNS} | ` +
      `${f(percentile(exportTimes, 50))} | ${f(Math.max(...exportTimes))} | .xlsx | ${Math.max(...exportTimes) < TARGET_MS ? '✓' : '✗'} |`,
  );
  console.log(rows.at(-1));

  writeReport('bulk', [
    `# Bulk actions benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(db, !!bench.embedded)),
    describeMarketplace(market),
    `- The server in process (bench/lib.ts openBench), one client, as the Super Admin. Each action is timed ` +
      `there and back ${RUNS} times, whole: selection, per-row checks, the change, history, audit rows (the ` +
      'trigger, one per row), notifications (each recipient once per action) and commit.',
    `- Load average while it ran: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores ` +
      '(other work shares the machine: compare the bare UPDATE in the notes below).',
    `- Target (issue 22 item 1): 10,000 rows in one action in under ${TARGET_MS / 1000} s (every run).`,
    '',
    '| Action | Runs | Median ms | Max ms | Last answer | < 5 s |',
    '|---|---:|---:|---:|---|---|',
    ...rows,
    '',
  ]);
} finally {
  await bench.close();
}
