import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '@app/contract';
import type { ListContext, ListSpec } from './spec.ts';
import { escapeLike } from '../../db/like.ts';

export { escapeLike };

/** A list call's context; with the ids its search looked up (`withSearchIds`), while searching. */
export type Ctx<I> = ListContext<I>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * The keys of a search's matches in the list's order, found by the count (all of them) or by a walk of
 * the sort order (the first few): the page is a slice of them, and its rows are looked up by key.
 */
export type Matches = readonly unknown[];

const patternOf = (text: string) => `%${escapeLike(text)}%`;

/** The context with the ids the list's search looks up first (ListSpec.searchIds), when searching. */
export async function withSearchIds<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>): Promise<Ctx<I>> {
  const text = ctx.input.searchText;
  return spec.searchIds && text
    ? { ...ctx, searchIds: await spec.searchIds(ctx, patternOf(text), text) }
    : ctx;
}

/** What the list's search asks of a row, or undefined when nothing is searched. */
export function searchCondition<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>) {
  const text = ctx.input.searchText;
  if (!text) return undefined;
  const pattern = patternOf(text);
  const search = spec.search;
  if (spec.searchIds && !ctx.searchIds) throw new Error('The search ids were not looked up (withSearchIds)');
  return typeof search === 'function'
    ? search(pattern, text, ctx.searchIds ?? [])
    : sql<SqlBool>`(${sql.join(
        search.map((column) => sql`${sql.ref(column)} ILIKE ${pattern}`),
        sql` OR `,
      )})`;
}

/** What a walk of the list's sort order tests each row it reads with (ListSpec.searchRow). */
export function walkCondition<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>) {
  const text = ctx.input.searchText;
  return spec.searchRow && text ? spec.searchRow(patternOf(text)) : searchCondition(spec, ctx);
}

export function filtered<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, matches?: Matches) {
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

export const directionOf = (order: string) => sql.raw(order === 'desc' ? 'desc' : 'asc');

/** The expression a list is sorted by, for its input. */
export function sortKey<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>) {
  const column = spec.sort[ctx.input.sortColumn];
  if (!column) throw new Error(`List sort column ${ctx.input.sortColumn} has no mapping`);
  return typeof column === 'string' ? sql.ref(column) : column;
}

/**
 * Where a searched page of a list that sorts its matches is found: among these keys, or, for a list
 * whose rows have no single key to look them up by, by a plain ORDER BY that the planner may serve by
 * walking the sort column's index ('walk').
 */
export type PageSource = Matches | 'walk';

export function ordered<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, source?: PageSource) {
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
export function inSortOrder<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, query: AnyQuery) {
  // Plain asc/desc (nulls last ascending, first descending) so btree indexes on the sort columns serve
  // the ORDER BY ... LIMIT without sorting the whole table.
  const direction = directionOf(ctx.input.sortOrder);
  return tieBreakers(spec, query.orderBy(sql`${sortKey(spec, ctx)} ${direction}`), direction);
}

export function tieBreakers<I>(spec: ListSpec<I>, query: AnyQuery, direction: RawBuilder<unknown>) {
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
  // The keys are in the list's order (the count's or a walk's): the page's rows are looked up by its own.
  if (source && source !== 'walk' && key)
    return ordered(spec, ctx, source.slice(offset, offset + itemsPerPage));
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
export function splitOf<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>) {
  const split = spec.split?.columns[ctx.input.sortColumn];
  return split && spec.split?.when?.(ctx) !== false ? split : undefined;
}

/**
 * Adds the spec's late columns to already ordered (and paged) rows, keeping their order: the list's, or
 * newest first.
 */
export function withLateColumns<I extends ListQuery>(
  spec: ListSpec<I>,
  ctx: Ctx<I>,
  rows: AnyQuery,
  newestFirst = false,
) {
  if (!spec.late) return rows;
  const direction = directionOf(newestFirst ? 'desc' : ctx.input.sortOrder);
  const page = ctx.db.selectFrom(rows.as('page'));
  const late = (spec.late.join?.(page) ?? page).selectAll('page').select(spec.late.columns('page', ctx));
  return (
    newestFirst ? late : late.orderBy(sql`${sql.ref(`page.${ctx.input.sortColumn}`)} ${direction}`)
  ).orderBy(sql`${sql.ref(`page.${spec.late.idField}`)} ${direction}`);
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
  const limited = (
    key ? counted.select([sql.ref(key).as('match_key'), sql`${sortKey(spec, ctx)}`.as('sort_key')]) : counted
  ).limit(EXACT_COUNT_LIMIT + 1);
  const count = ctx.db.selectFrom(limited.as('counted')).select(sql<string>`count(*)`.as('n'));
  // The matches in the page's order (field by field, as ordered() compares its row), read once: the
  // page is a slice of them, not a second read of every match to sort them.
  const direction = directionOf(ctx.input.sortOrder);
  return {
    rows: withLateColumns(spec, ctx, paged(spec, ctx, source)),
    count: key
      ? count.select(
          sql<Matches | null>`CASE WHEN count(*) <= ${EXACT_COUNT_LIMIT} THEN coalesce(array_agg(counted.match_key
            ORDER BY counted.sort_key ${direction}, counted.match_key ${direction}), '{}') END`.as('matches'),
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
