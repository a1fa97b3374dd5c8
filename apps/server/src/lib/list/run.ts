import { sql } from 'kysely';
import type { ListQuery, Page } from '@app/contract';
import type { ListSpec } from './spec.ts';
import { inTransaction, readWithin, unsorted } from '../../db/index.ts';
import { estimatedRows, planOf } from './plan.ts';
import { TRUSTED_ESTIMATE, countKey, knownLarge, rememberLarge } from './known-large.ts';
import { inOrderMatches } from './in-order.ts';
import {
  EXACT_COUNT_LIMIT,
  directionOf,
  filtered,
  inSortOrder,
  listQueries,
  matchKey,
  ordered,
  splitOf,
  tieBreakers,
  withLateColumns,
  type AnyQuery,
  type Ctx,
  type Matches,
  type PageSource,
  walkCondition,
  withSearchIds,
} from './page.ts';

/**
 * How long the walk for a page of the newest matches may take before the page is sorted instead: the
 * list's rows may lie far apart in key order (agents among two million users, all created first), so
 * that even a short walk of the list reads most of the table.
 */
const NEWEST_WALK_MS = 50;

/**
 * How many times as far as the first walk of the sort order the newest walk may read. The newest rows
 * can be a run unlike the rest (a day of listings in one town, an import of users), with no match for
 * hundreds of rows. Where the matches all lie further back, the longer walk costs about 25 ms before
 * the page is sorted (Sellers 'seller 12' at ten million listings: 51 → 75 ms at the median).
 */
const NEWEST_REACH = 8;

/**
 * The requested page of a search's matches newest first, when the newest `bound` rows (the key's index
 * walked from its end) hold all it needs and are read within NEWEST_WALK_MS; else undefined. Matches
 * spread through the list are met at once (a tenth of two million users); matches gathered among older
 * rows ('seller 12' among sellers named in number order) are not, and the walk stops there.
 */
async function newestPage<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, key: string, bound: number) {
  const { page, itemsPerPage } = ctx.input;
  const walked = walkedRows(spec, ctx, spec.query(ctx))
    .orderBy(sql`${sql.ref(key)} desc`)
    .limit(bound);
  const keys =
    (await readWithin(ctx.db, NEWEST_WALK_MS, (trx) =>
      firstMatches(trx, walked, page * itemsPerPage).execute(),
    )) ?? [];
  if (keys.length < page * itemsPerPage) return undefined;
  const onPage = keys.slice((page - 1) * itemsPerPage).map((row) => row.key as unknown);
  const rows = filtered(spec, ctx, onPage).orderBy(sql`${sql.ref(key)} desc`);
  return withLateColumns(spec, ctx, rows, true).execute();
}

/**
 * How many rows a walk of the sort order may read to meet the first `reach` of `found` matches among
 * `rows` rows: four times what an even spread of them needs (reach × rows / found), for matches are
 * never quite even, and never fewer than a few hundred, which cost little. A walk that reads fewer rows
 * than there are matches to sort is the cheaper way; rows walked cost more (each is tested), hence the
 * factor too.
 */
const walkBound = (found: number, rows: number, reach: number) =>
  Math.max(500, Math.ceil((4 * reach * rows) / Math.max(found, 1)));

/**
 * The keys of the first `reach` matches in the list's order, looked for among its first `bound` rows in
 * that order (which its sort index serves): fewer when they are not all there. Matches gather where
 * the search and the sort are related (a first name searched in a list sorted by name), so the walk
 * is bounded, and the caller sorts the matches when it falls short.
 */
async function walkedMatches<I extends ListQuery>(
  spec: ListSpec<I>,
  ctx: Ctx<I>,
  bound: number,
  reach: number,
) {
  const rows = await walkQuery(spec, ctx, bound, reach).execute();
  return rows.map((row) => row.key as unknown);
}

/** The list's rows as a walk reads them: each one's key, and whether it matches the search. */
const walkedRows = <I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, query: AnyQuery) =>
  query
    .clearSelect()
    .select([sql.ref(matchKey(spec)!).as('key'), sql<boolean>`${walkCondition(spec, ctx)}`.as('matched')]);

/**
 * The requested page of a list whose rows have no single key to look them up by (agencies and their
 * agents), when the first `bound` rows in its sort order hold it: each row tested alone
 * (ListSpec.searchRow). The planner's own walk (PageSource 'walk') first reads every candidate the
 * search gathers from another table: 57,500 agents for 'santos' at ten million listings.
 */
async function walkedPage<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, bound: number) {
  const { page, itemsPerPage } = ctx.input;
  const walked = inSortOrder(
    spec,
    ctx,
    spec.query(ctx).select(sql<boolean>`${walkCondition(spec, ctx)}`.as('walk_matched')),
  ).limit(bound);
  const rows = await ctx.db
    .selectFrom(walked.as('walked'))
    .selectAll()
    .where('walked.walk_matched', '=', true)
    .limit(page * itemsPerPage)
    .execute();
  if (rows.length < page * itemsPerPage) return undefined;
  return rows.slice((page - 1) * itemsPerPage).map(({ walk_matched: _, ...row }) => row);
}

/**
 * The keys of the first `reach` matches among walked rows. A subquery's rows keep their order in
 * PostgreSQL: the first matches walked are the first in order.
 */
const firstMatches = (db: Ctx<ListQuery>['db'], rows: AnyQuery, reach: number) =>
  db.selectFrom(rows.as('walked')).select('walked.key').where('walked.matched', '=', true).limit(reach);

function walkQuery<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, bound: number, reach: number) {
  const split = splitOf(spec, ctx);
  if (!split)
    return firstMatches(
      ctx.db,
      inSortOrder(spec, ctx, walkedRows(spec, ctx, spec.query(ctx))).limit(bound),
      reach,
    );
  // Sorted by a joined column (a seller's name), the walk reads each part by its own index, as the
  // unsearched first page does: one walk of the whole left-joined list would sort all of it first. The
  // rows without one come after the others ascending (nulls last) and before them descending: the parts
  // are read one after the other, as far as the bound. Merged by the sort key instead, PostgreSQL read
  // and sorted the whole second part first (28,000 listings without a seller: 835 ms at ten million).
  const present = inSortOrder(spec, ctx, walkedRows(spec, ctx, spec.query(ctx).where(split.present)));
  const absent = tieBreakers(
    spec,
    walkedRows(spec, ctx, spec.query(ctx).where(split.absent)),
    directionOf(ctx.input.sortOrder),
  );
  const [first, then] = ctx.input.sortOrder === 'desc' ? [absent, present] : [present, absent];
  return firstMatches(
    ctx.db,
    ctx.db
      .selectFrom(sql`(${first.limit(bound)} UNION ALL ${then.limit(bound)})`.as('parts'))
      .select([sql.ref('parts.key').as('key'), sql.ref('parts.matched').as('matched')])
      .limit(bound),
    reach,
  );
}

/**
 * Whether walking the sort order is expected to cost less than sorting the matches. A walk reads few
 * rows only where an index serves the order; sorted by a joined column that none serves (a report in
 * seller-name order), a walk of even a few hundred rows first sorts the whole joined list, which at ten
 * million listings took half a minute where sorting 19,000 matches takes a fraction of a second.
 */
async function walkIsCheaper<I extends ListQuery>(
  spec: ListSpec<I>,
  ctx: Ctx<I>,
  bound: number,
  reach: number,
) {
  const [walk, sorted] = await Promise.all([
    planOf(ctx.db, walkQuery(spec, ctx, bound, reach)),
    planOf(ctx.db, listQueries(spec, ctx).rows),
  ]);
  return walk.cost < sorted.cost;
}

/** How many of a list's newest rows newestShare reads. */
const SAMPLED_ROWS = 2_000;

/**
 * The share of the list's newest SAMPLED_ROWS rows that match its search (none when reading them takes
 * longer than NEWEST_WALK_MS): how common its matches are where the list ends in key order.
 */
export async function newestShare<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, key: string) {
  const newest = walkedRows(spec, ctx, spec.query(ctx))
    .orderBy(sql`${sql.ref(key)} desc`)
    .limit(SAMPLED_ROWS);
  const sample = await readWithin(ctx.db, NEWEST_WALK_MS, (trx) =>
    trx
      .selectFrom(newest.as('newest'))
      .select([
        sql<string>`count(*)`.as('rows'),
        sql<string>`count(*) FILTER (WHERE newest.matched)`.as('matched'),
      ])
      .executeTakeFirstOrThrow(),
  );
  return sample ? Number(sample.matched) / Math.max(Number(sample.rows), 1) : 0;
}

/** The lists that have counted past EXACT_COUNT_LIMIT since the server started. */
const largeLists = new WeakSet<ListSpec<never>>();

export async function runList<I extends ListQuery>(
  spec: ListSpec<I>,
  callCtx: Ctx<I>,
): Promise<Page<unknown>> {
  const ctx = await withSearchIds(spec, callCtx);
  const { page, itemsPerPage } = ctx.input;
  const queries = listQueries(spec, ctx);
  // A search that sorts its matches is counted first: 10,000 or fewer come back in order from the
  // count, and the page is a slice of them; more are looked for by walking the sort order, when they
  // are common enough to meet a page of them soon, else sorted.
  const searched = spec.sortMatches && ctx.input.searchText;
  // The estimates are asked for at once with the page and the count, not after the count: planning
  // costs less than the wait. The total's estimate, though, only for a list that has counted past the
  // limit before: most never do, and are spared a statement. A search of one asks it before counting.
  const estimateTotal = () => estimatedRows(ctx.db, queries.counted);
  // Counted past the limit a moment ago: the planner's estimate stands in without counting again. Only
  // a list that has counted past it before can have, and only its counts are named (compiled) here: by
  // the rows counted, whatever the sort (the count orders the matches it keeps by it).
  const counting = largeLists.has(spec) ? countKey(queries.counted) : undefined;
  const remembered = counting !== undefined && knownLarge(counting);
  // A search of such a list is counted only when it is not expected to match TRUSTED_ESTIMATE rows or
  // more (decision 66): counting a common word's first 10,001 matches can take half a second at ten
  // million listings. Expected by the planner (a millisecond or two, asked first) and by the share of
  // the newest rows it matches (a few more), for either alone can be far off.
  const key = matchKey(spec);
  const estimateFirst = searched && key && largeLists.has(spec) && !remembered;
  const listedRows = searched ? estimatedRows(ctx.db, spec.query(ctx)) : 0;
  const countOrEstimate = async () => {
    const sampled = ctx.input.searchText ? undefined : await spec.sampledTotal?.(ctx);
    if (sampled !== undefined) return { count: { n: sampled }, sampled: true };
    const expected = estimateFirst ? await estimateTotal() : undefined;
    const common =
      expected !== undefined &&
      expected >= TRUSTED_ESTIMATE &&
      (await newestShare(spec, ctx, key!)) * (await listedRows) >= TRUSTED_ESTIMATE;
    return {
      count:
        remembered || common ? { n: EXACT_COUNT_LIMIT + 1 } : await queries.count.executeTakeFirstOrThrow(),
      expected,
    };
  };
  const [found, { count, expected, sampled }, estimated, listed] = await Promise.all([
    searched ? undefined : queries.rows.execute(),
    countOrEstimate(),
    largeLists.has(spec) && !estimateFirst ? estimateTotal() : undefined,
    listedRows,
  ]);
  const counted = Number(count.n);
  const estimate = counted > EXACT_COUNT_LIMIT && !sampled;
  if (estimate) largeLists.add(spec);
  if (estimate && !remembered) rememberLarge(counting ?? countKey(queries.counted));
  // A sample's estimate is never fewer than the rows before and on the page.
  const shown = sampled ? (page - 1) * itemsPerPage + (found?.length ?? 0) : 0;
  const total = estimate
    ? Math.max(counted, expected ?? estimated ?? (await estimateTotal()))
    : Math.max(counted, shown);
  const paging = {
    total,
    ...((estimate || sampled) && { total_is_estimate: true as const }),
    current_page: page,
    per_page: itemsPerPage,
    last_page: Math.max(1, Math.ceil(total / itemsPerPage)),
  };
  const reach = page * itemsPerPage;
  // Every match in the page's order, when the count found 10,000 or fewer: the page is a slice of them.
  const all = (count as { matches?: Matches | null }).matches ?? undefined;
  const firstBound = walkBound(total, listed, reach);
  // A walk reads at most a quarter as many rows as a sort reads matches (below), or four times as many
  // when the sort key is a joined column, whose sort looks each match's parent up: at 10M listings,
  // Property Brokers' 19,043 'cebu' matches (10,001 or more, it knows) sorted by seller name in 155 ms
  // (8 µs each), where a walk of 28,000 rows takes about 70 ms (2.4 µs each). Walks that all fall short
  // then cost up to 1.6 times the sort they fail to spare: the price of a total that is estimated low.
  const walkLimit = splitOf(spec, ctx) ? total * 4 : total / 4;
  /** The keys of the page's matches met by a walk of the sort order `bound` rows long, if it met them all. */
  const walk = async (bound: number) => {
    const walked = await walkedMatches(spec, ctx, bound, reach);
    return walked.length === reach ? walked : undefined;
  };
  // Whether walking the sort order is worth trying: undefined until asked.
  let walks: boolean | undefined;
  const walkWorthTrying = async () =>
    (walks ??= firstBound <= walkLimit && (await walkIsCheaper(spec, ctx, firstBound, reach)));
  let nextBound = firstBound;

  // So many matches that a walk of the sort order or a sort of them may take a second: read in order
  // where the list has them so (a listing name's words).
  const inOrder = searched && estimate ? await inOrderMatches(spec, ctx, reach) : undefined;
  if (inOrder) return { data: await listQueries(spec, ctx, inOrder).rows.execute(), ...paging };

  // So many matches that sorting them may take a second, where the client asked for the newest: sorted
  // still when the first walk of the sort order meets the page (the sort costs little then), else the
  // newest, when they are among the newest rows (NEWEST_REACH times as many as that walk would read).
  if (searched && estimate && ctx.input.broadOrder === 'newest' && key) {
    const sortedSoon = (await walkWorthTrying()) ? await walk(firstBound) : undefined;
    if (sortedSoon) return { data: await listQueries(spec, ctx, sortedSoon).rows.execute(), ...paging };
    nextBound = firstBound * 4;
    const newest = await newestPage(spec, ctx, key, firstBound * NEWEST_REACH);
    if (newest) return { data: newest, newest_first: true, ...paging };
  }
  /**
   * The keys of the page's matches (and those before it), all of them sorted: read narrow, with only
   * what the sort needs, so that the row's other joins are left out (a seller's agency: hashing all
   * 50,000 to name 11,111 sellers took half the page's time) and only the page's rows are read whole.
   */
  const sortedKeys = async (key: string) =>
    (await ordered(spec, ctx).clearSelect().select(sql.ref(key).as('key')).limit(reach).execute()).map(
      (row) => row.key as unknown,
    );
  /**
   * Where the searched page is: among every match, when the count has them; else among the keys a walk
   * met, when it met all the page needs within its bound; else all of them through the search's
   * indexes, sorted by key first (sortedKeys). A list without a single key walks without a bound.
   */
  const pageSource = async (): Promise<PageSource | undefined> => {
    if (all) return all;
    if (!key) return firstBound < total ? 'walk' : undefined;
    // Where the matches lie further on, four times as far each time, while a walk reads at most
    // walkLimit rows: a row walked costs about twice a match sorted by the list's own columns (at ten
    // million listings, 3.2 µs and 1.5 µs), so all those walks cost at most two thirds of it. Common
    // first names among 2,000,000 users walked 170,000 rows, half a second, before sorting their
    // 250,000 matches after all.
    if (nextBound > walkLimit || !(await walkWorthTrying())) return sortedKeys(key);
    for (let bound = nextBound; bound <= walkLimit; bound *= 4) {
      const walked = await walk(bound);
      if (walked) return walked;
    }
    return sortedKeys(key);
  };
  // A list without a single key walks its rows itself if its search tests a row alone, else has
  // PostgreSQL walk the sort order, sorting off (expecting few, it sorted 3.3 million pairs: 46 s).
  const searchedRows = async () => {
    const source = await pageSource();
    if (source !== 'walk') return listQueries(spec, ctx, source).rows.execute();
    const walked = spec.searchRow ? await walkedPage(spec, ctx, firstBound) : undefined;
    if (walked) return walked;
    const query = listQueries(spec, ctx, source).rows.compile();
    return (await inTransaction(ctx.db, (trx) => unsorted(trx, query))).rows;
  };
  const rows = found ?? (await searchedRows());

  return { data: rows, ...paging };
}
