import { sql, type SqlBool } from 'kysely';
import type { ListQuery } from '@app/contract';
import { badRequest } from '../errors.ts';
import { filtered, matchKey, withSearchIds, type Ctx } from './page.ts';
import type { ListSpec } from './spec.ts';

/** The list narrowed to these rows: its own query (so its scope), keyed by its tie-breaker. */
export function narrowedTo<I>(spec: ListSpec<I>, ids: readonly number[]): ListSpec<I> {
  const key = keyOf(spec);
  return {
    ...spec,
    query: (ctx) => spec.query(ctx).where(sql<SqlBool>`${sql.ref(key)} = ANY (${ids}::int[])`),
    // The count of the whole list is no longer this list's.
    unfilteredCount: undefined,
  };
}

function keyOf<I>(spec: ListSpec<I>) {
  const key = matchKey(spec);
  if (!key) throw new Error('A list whose rows have no single key cannot be selected from');
  return key;
}

/**
 * The keys of the rows a selection names that the list shows the caller: `ids` among its rows, or every
 * row `matching` its search and filters. More than `max` matching rows is a 400 (an action is not cut
 * short where nobody sees it).
 */
export async function selectedKeys<I extends ListQuery>(
  spec: ListSpec<I>,
  ctx: Ctx<I>,
  selection: { ids?: readonly number[] | undefined; max: number },
): Promise<number[]> {
  const key = keyOf(spec);
  const source = selection.ids ? narrowedTo(spec, selection.ids) : spec;
  const rows = await filtered(source, await withSearchIds(spec, ctx))
    .clearSelect()
    .select(sql<number>`${sql.ref(key)}`.as('key'))
    .limit(selection.max + 1)
    .execute();
  if (rows.length > selection.max)
    throw badRequest(
      `More than ${selection.max.toLocaleString('en-US')} rows match; narrow the search to act on them`,
    );
  return rows.map((r) => Number(r.key));
}
