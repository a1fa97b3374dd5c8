/**
 * `npm run bench:estimates`: whether a search's matches may be taken as estimated without counting
 * them (decision 66), on the generated marketplace. For every list that sorts its matches by a key and
 * whose unsearched total is past EXACT_COUNT_LIMIT, and each of a range of words from the very common
 * to the rare, it sets beside the number of matches (counted to CAP) what runList expects of them: the
 * planner's estimate, and the share of the newest rows that match times the rows of the list. A search
 * is not counted when both reach TRUSTED_ESTIMATE. Writes bench/results/estimates-<size>-<date>.md.
 */
import { sql } from 'kysely';
import { calls } from '../apps/server/src/calls/index.ts';
import { EXACT_COUNT_LIMIT, listQueries, matchKey } from '../apps/server/src/lib/list/page.ts';
import { estimatedRows } from '../apps/server/src/lib/list/plan.ts';
import { newestShare } from '../apps/server/src/lib/list/run.ts';
import { TRUSTED_ESTIMATE } from '../apps/server/src/lib/list/known-large.ts';
import type { Ctx } from '../apps/server/src/lib/list/page.ts';
import type { ListQuery } from '@app/contract';
import { describeMarketplace, readMarketplace } from './data.ts';
import { environment, openMarketplace, REPORT_CASES, sizeLabel, SUPER_ADMIN, writeReport } from './lib.ts';

/** Counted this far: as many matches as a search needs to go uncounted. */
const CAP = TRUSTED_ESTIMATE;
/** From a third of the listings to none: names, places, numbered parents whose matches lie near the limit. */
// prettier-ignore
const WORDS = [
  'house', 'villa', 'modern', 'santos', 'maria', 'garcia 1', 'cebu', 'davao', 'makati', 'baguio',
  'tagaytay', 'broker 12', 'broker 1234', 'seller 12', 'seller 123', 'seller 1234', 'agency 12',
  'santos 12', 'santos 123', 'zzz',
];

const { db, one, embedded, close } = await openMarketplace();
const market = await readMarketplace({ db, one });

interface Row {
  call: string;
  search: string;
  estimate: number;
  newest: number;
  matches: number;
  countMs: number;
}
const rows: Row[] = [];
for (const call of calls.filter((c) => c.list?.sortMatches)) {
  const spec = call.list!;
  const key = matchKey(spec);
  if (!key) continue; // runList counts every search of a list without a single key
  const params = REPORT_CASES[call.name]?.params ?? {};
  const ctxOf = (more: Record<string, string>) =>
    ({ db, input: call.input.parse({ ...params, ...more }), user: SUPER_ADMIN }) as unknown as Ctx<ListQuery>;
  if (Number((await listQueries(spec, ctxOf({})).count.executeTakeFirstOrThrow()).n) <= EXACT_COUNT_LIMIT)
    continue;
  const listed = await estimatedRows(db, spec.query(ctxOf({})));
  for (const search of WORDS) {
    const ctx = ctxOf({ searchText: search });
    const { counted, count } = listQueries(spec, ctx);
    const matches = await db
      .selectFrom(counted.limit(CAP + 1).as('c'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const started = performance.now();
    await count.executeTakeFirstOrThrow();
    const countMs = performance.now() - started;
    const newest = Math.round((await newestShare(spec, ctx, key)) * listed);
    rows.push({
      call: call.name,
      search,
      estimate: await estimatedRows(db, counted),
      newest,
      matches: Number(matches.n),
      countMs,
    });
    console.log(JSON.stringify(rows.at(-1)));
  }
}

const n = (x: number) => x.toLocaleString('en-US');
const trusted = (r: Row) => r.estimate >= TRUSTED_ESTIMATE && r.newest >= TRUSTED_ESTIMATE;
const wrong = rows.filter((r) => trusted(r) && r.matches <= EXACT_COUNT_LIMIT);
const plannerAlone = rows.filter((r) => r.estimate >= TRUSTED_ESTIMATE && r.matches <= EXACT_COUNT_LIMIT);
const newestAlone = rows.filter((r) => r.newest >= TRUSTED_ESTIMATE && r.matches <= EXACT_COUNT_LIMIT);
const verdict = (r: Row) =>
  !trusted(r) ? 'counted' : r.matches <= EXACT_COUNT_LIMIT ? '**not counted: wrong**' : 'not counted';
writeReport(
  `estimates-${sizeLabel(market.counts.properties!)}`,
  [
    `# Whether a search's matches are taken as estimated, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(db, Boolean(embedded))),
    describeMarketplace(market),
    `- Every list that sorts its matches by a single key and whose first page counts past ${n(EXACT_COUNT_LIMIT)}, searched for each word as the Super Admin (\`npm run bench:estimates\`). "Planner" is PostgreSQL's estimate of the rows the count statement counts; "newest" is the share of the list's newest rows that match times the planner's rows of the list; "matches" is their number, counted to ${n(CAP)}.`,
    `- Rule (decision 66): a search is not counted when both the planner and the newest rows expect ${n(TRUSTED_ESTIMATE)} matches or more.`,
    `- ${rows.length} searches, ${rows.filter(trusted).length} not counted; **${wrong.length} of them with ${n(EXACT_COUNT_LIMIT)} matches or fewer**. The planner alone would have been wrong ${plannerAlone.length} times, the newest rows alone ${newestAlone.length} times.`,
    '',
    '| Call | Search | Planner | Newest | Matches | Count ms (to 10,001) | Under the rule |',
    '|---|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.call} | ${r.search} | ${n(r.estimate)} | ${n(r.newest)} | ${r.matches > CAP ? `more than ${n(CAP)}` : n(r.matches)} | ${r.countMs.toFixed(1)} | ${verdict(r)} |`,
    ),
  ],
  rows,
);
await close();
