import { CompiledQuery, sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListQuery, Page } from '@app/contract';
import type { CallContext } from '../call-context.ts';
import type { SessionUser } from '../session.ts';
import type { ListSpec } from './spec.ts';

export type Ctx<I> = CallContext<I, SessionUser>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** `text` as a literal part of an ILIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The keys of a search's matches, found by the count: the page looks them up by key, and the joins and
 * the sort see how few they are (a search across parents is estimated at thousands of rows).
 */
type Matches = readonly unknown[];

/** What the list's search asks of a row, or undefined when nothing is searched. */
export function searchCondition<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>) {
  const text = ctx.input.searchText;
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const search = spec.search;
  return typeof search === 'function'
    ? search(pattern, text)
    : sql<SqlBool>`(${sql.join(
        search.map((column) => sql`${sql.ref(column)} ILIKE ${pattern}`),
        sql` OR `,
      )})`;
}

export function filtered<I extends ListQuery>(
  spec: ListSpec<I>,
  ctx: Ctx<I>,
  matches?: Matches | RawBuilder<unknown>,
) {
  const query = spec.query(ctx);
  const condition = searchCondition(spec, ctx);
  if (!condition) return query;
  const found = query.where(condition);
  const key = matchKey(spec);
  return matches && key ? found.where(sql<SqlBool>`${sql.ref(key)} = ANY (${matches})`) : found;
}

/** The single key that tells a list's rows apart, if it has one. */
export const matchKey = <I>(spec: ListSpec<I>) =>
  typeof spec.tieBreaker === 'string' ? spec.tieBreaker : undefined;

const directionOf = (order: string) => sql.raw(order === 'desc' ? 'desc' : 'asc');

/** The expression a list is sorted by, for its input. */
function sortKey<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>) {
  const column = spec.sort[ctx.input.sortColumn];
  if (!column) throw new Error(`List sort column ${ctx.input.sortColumn} has no mapping`);
  return typeof column === 'string' ? sql.ref(column) : column;
}

/**
 * Where a searched page of a list that sorts its matches is found: among these keys, or, for a list
 * whose rows have no single key to look them up by, by a plain ORDER BY that the planner may serve by
 * walking the sort column's index ('walk').
 */
type PageSource = Matches | 'walk';

export function ordered<I extends ListQuery>(
  spec: ListSpec<I>,
  ctx: Ctx<I>,
  source?: PageSource | RawBuilder<unknown>,
) {
  if (spec.sortMatches && ctx.input.searchText && source !== 'walk') {
    // The same order as a row (records sort field by field, nulls last), which no index serves: the
    // matches are found through the search's indexes and sorted (runList finds where they are first).
    const keys = [sortKey(spec, ctx), ...[spec.tieBreaker].flat().map((k) => sql.ref(k))];
    return filtered(spec, ctx, source).orderBy(
      sql`ROW(${sql.join(keys)}) ${directionOf(ctx.input.sortOrder)}`,
    );
  }
  return inSortOrder(spec, ctx, filtered(spec, ctx));
}

/** The query in the list's plain sort order, tie-breakers last: the order its sort index serves. */
function inSortOrder<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, query: AnyQuery) {
  // Plain asc/desc (nulls last ascending, first descending) so btree indexes on the sort columns serve
  // the ORDER BY ... LIMIT without sorting the whole table.
  const direction = directionOf(ctx.input.sortOrder);
  return tieBreakers(spec, query.orderBy(sql`${sortKey(spec, ctx)} ${direction}`), direction);
}

function tieBreakers<I>(spec: ListSpec<I>, query: AnyQuery, direction: RawBuilder<unknown>) {
  let ordered = query;
  for (const key of [spec.tieBreaker].flat()) ordered = ordered.orderBy(sql`${sql.ref(key)} ${direction}`);
  return ordered;
}

/** The rows of the requested page, in order. */
function paged<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, source?: PageSource) {
  const { page, itemsPerPage, sortColumn, sortOrder } = ctx.input;
  const offset = (page - 1) * itemsPerPage;
  const split = splitOf(spec, ctx);
  const key = matchKey(spec);
  if (source && source !== 'walk' && key) {
    // The page's keys first, through the joins its order needs; then its rows, through all of them.
    const keys = ordered(spec, ctx, source)
      .clearSelect()
      .select(sql.ref(key).as('key'))
      .limit(itemsPerPage)
      .offset(offset);
    return ordered(spec, ctx, sql`ARRAY(${keys})`);
  }
  if (!spec.split || !split || ctx.input.searchText)
    return ordered(spec, ctx, source).limit(itemsPerPage).offset(offset);
  // The page is among the first offset + itemsPerPage rows of each part; nulls sort last ascending.
  const direction = directionOf(sortOrder);
  const present = ordered(spec, ctx)
    .where(split.present)
    .limit(offset + itemsPerPage);
  const absent = tieBreakers(spec, filtered(spec, ctx).where(split.absent), direction).limit(
    offset + itemsPerPage,
  );
  return ctx.db
    .selectFrom(sql`(${present} UNION ALL ${absent})`.as('parts'))
    .selectAll()
    .orderBy(sql`${sql.ref(`parts.${sortColumn}`)} ${direction}`)
    .orderBy(sql`${sql.ref(`parts.${spec.split.idField}`)} ${direction}`)
    .limit(itemsPerPage)
    .offset(offset);
}

/**
 * The rows with the list's sort column and those without (a listing without a seller, sorted by seller
 * name), each served in order by its own index, where the spec splits the sorted column and the viewer.
 */
function splitOf<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>) {
  const split = spec.split?.columns[ctx.input.sortColumn];
  return split && spec.split?.when?.(ctx) !== false ? split : undefined;
}

/** Adds the spec's late columns to already ordered (and paged) rows, keeping their order. */
export function withLateColumns<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, rows: AnyQuery) {
  if (!spec.late) return rows;
  const direction = directionOf(ctx.input.sortOrder);
  const page = ctx.db.selectFrom(rows.as('page'));
  return (spec.late.join?.(page) ?? page)
    .selectAll('page')
    .select(spec.late.columns('page', ctx))
    .orderBy(sql`${sql.ref(`page.${ctx.input.sortColumn}`)} ${direction}`)
    .orderBy(sql`${sql.ref(`page.${spec.late.idField}`)} ${direction}`);
}

/**
 * The page query and the count query of a list call for its input: what runList runs. `source` is
 * where a search that sorts its matches finds its page (runList works it out).
 */
export function listQueries<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, source?: PageSource) {
  const counted =
    !ctx.input.searchText && spec.unfilteredCount ? spec.unfilteredCount(ctx) : filtered(spec, ctx);
  const key = spec.sortMatches && ctx.input.searchText ? matchKey(spec) : undefined;
  // Counts at most one row past the limit: beyond it, the planner's estimate stands in (see runList).
  const limited = (key ? counted.select(sql.ref(key).as('match_key')) : counted).limit(EXACT_COUNT_LIMIT + 1);
  const count = ctx.db.selectFrom(limited.as('counted')).select(sql<string>`count(*)`.as('n'));
  return {
    rows: withLateColumns(spec, ctx, paged(spec, ctx, source)),
    count: key
      ? count.select(
          sql<Matches | null>`CASE WHEN count(*) <= ${EXACT_COUNT_LIMIT} THEN array_agg(counted.match_key) END`.as(
            'matches',
          ),
        )
      : count,
    counted,
  };
}

/**
 * Counting every row of a large result costs more than the page itself (a million listings: 80 ms of
 * a 90 ms answer). Up to this many rows the total is exact; beyond it, it is PostgreSQL's estimate of
 * the same filtered query, and the answer says so (`total_is_estimate`).
 */
export const EXACT_COUNT_LIMIT = 10_000;

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

function walkQuery<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, bound: number, reach: number) {
  const walked = (query: AnyQuery) =>
    query
      .clearSelect()
      .select([
        sql.ref(matchKey(spec)!).as('key'),
        sql<boolean>`${searchCondition(spec, ctx)}`.as('matched'),
      ]);
  // A subquery's rows keep their order in PostgreSQL: the first matches walked are the first in order.
  const firstMatches = (rows: AnyQuery) =>
    ctx.db.selectFrom(rows.as('walked')).select('walked.key').where('walked.matched', '=', true).limit(reach);
  const split = splitOf(spec, ctx);
  if (!split) return firstMatches(inSortOrder(spec, ctx, walked(spec.query(ctx))).limit(bound));
  // Sorted by a joined column (a seller's name), the walk reads each part by its own index, as the
  // unsearched first page does: one walk of the whole left-joined list would sort all of it first.
  const direction = directionOf(ctx.input.sortOrder);
  const present = inSortOrder(
    spec,
    ctx,
    walked(spec.query(ctx).where(split.present)).select(sql`${sortKey(spec, ctx)}`.as('sort_key')),
  ).limit(bound);
  const absent = tieBreakers(
    spec,
    walked(spec.query(ctx).where(split.absent)).select(sql`NULL`.as('sort_key')),
    direction,
  ).limit(bound);
  return firstMatches(
    ctx.db
      .selectFrom(sql`(${present} UNION ALL ${absent})`.as('parts'))
      .select([sql.ref('parts.key').as('key'), sql.ref('parts.matched').as('matched')])
      .orderBy(sql`parts.sort_key ${direction}`)
      .orderBy(sql`parts.key ${direction}`)
      .limit(bound),
  );
}

/** PostgreSQL's plan of a query, not run: the rows and the cost it expects. */
async function planOf(ctx: Ctx<ListQuery>, query: AnyQuery) {
  const { sql: text, parameters } = query.compile();
  const plan = await ctx.db.executeQuery<{
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number; 'Total Cost': number } }];
  }>(CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${text}`, [...parameters]));
  const top = plan.rows[0]?.['QUERY PLAN'][0].Plan;
  return { rows: Math.round(top?.['Plan Rows'] ?? 0), cost: top?.['Total Cost'] ?? 0 };
}

const estimatedRows = async (ctx: Ctx<ListQuery>, query: AnyQuery) => (await planOf(ctx, query)).rows;

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
  matches: Matches | undefined,
) {
  const [walk, sorted] = await Promise.all([
    planOf(ctx, walkQuery(spec, ctx, bound, reach)),
    planOf(ctx, listQueries(spec, ctx, matches).rows),
  ]);
  return walk.cost < sorted.cost;
}

/** The lists that have counted past EXACT_COUNT_LIMIT since the server started. */
const largeLists = new WeakSet<ListSpec<never>>();

export async function runList<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>): Promise<Page<unknown>> {
  const { page, itemsPerPage } = ctx.input;
  const queries = listQueries(spec, ctx);
  // A search that sorts its matches is counted first: few (for the size of the list) are looked up by
  // key and sorted; more are looked for by walking the sort order, when they are common enough to meet
  // a page of them soon.
  const searched = spec.sortMatches && ctx.input.searchText;
  // The estimates are asked for at once with the page and the count, not after the count: planning
  // costs less than the wait. The total's estimate, though, only for a list that has counted past the
  // limit before: most never do, and are spared a statement.
  const estimateTotal = () => estimatedRows(ctx, queries.counted);
  const [found, count, estimated, listed] = await Promise.all([
    searched ? undefined : queries.rows.execute(),
    queries.count.executeTakeFirstOrThrow(),
    largeLists.has(spec) ? estimateTotal() : undefined,
    searched ? estimatedRows(ctx, spec.query(ctx)) : 0,
  ]);
  const counted = Number(count.n);
  const estimate = counted > EXACT_COUNT_LIMIT;
  if (estimate) largeLists.add(spec);
  const total = estimate ? Math.max(counted, estimated ?? (await estimateTotal())) : counted;
  /**
   * Where the searched page is: among the keys a walk met, when it met all the page needs within its
   * bound; else among every match, by key when the count has them, or all of them through the
   * search's indexes. A list without a single key walks without a bound.
   */
  const pageSource = async (): Promise<PageSource | undefined> => {
    const reach = page * itemsPerPage;
    const all = (count as { matches?: Matches | null }).matches ?? undefined;
    let bound = walkBound(total, listed, reach);
    if (!matchKey(spec)) return bound < total ? 'walk' : all;
    if (bound <= total / 4 && !(await walkIsCheaper(spec, ctx, bound, reach, all))) return all;
    // Where the matches lie further on, four times as far each time, while a walk reads at most a
    // quarter as many rows as there are matches to sort: a row walked costs about twice a match sorted
    // (at ten million listings, 3.2 µs and 1.5 µs), so all the walks together cost at most two thirds
    // of the sort they may spare. Common first names among 2,000,000 users walked 170,000 rows, half a
    // second, before sorting their 250,000 matches after all.
    for (; bound <= total / 4; bound *= 4) {
      const walked = await walkedMatches(spec, ctx, bound, reach);
      if (walked.length === reach || (!estimate && walked.length === total)) return walked;
    }
    return all;
  };
  const rows = found ?? (await listQueries(spec, ctx, await pageSource()).rows.execute());

  return {
    data: rows,
    total,
    ...(estimate && { total_is_estimate: true }),
    current_page: page,
    per_page: itemsPerPage,
    last_page: Math.max(1, Math.ceil(total / itemsPerPage)),
  };
}
