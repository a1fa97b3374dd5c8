import { sql } from 'kysely';
import type { ListQuery } from '@app/contract';
import type { ListSpec } from './spec.ts';
import { readWithin, unsorted } from '../../db/index.ts';
import { directionOf, filtered, matchKey, tieBreakers, type Ctx } from './page.ts';

/** How long reading a page's matches among rows in the list's order (ListSpec.inOrder) may take. */
const IN_ORDER_MS = 100;

/**
 * The keys of the first `reach` matches, looked for among the rows of ListSpec.inOrder in their order;
 * undefined when the list has none for this search, or they take longer than IN_ORDER_MS (a viewer who
 * sees few of them). A listing can be among them twice (two of its name's words hold the text).
 */
export async function inOrderMatches<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, reach: number) {
  const key = matchKey(spec);
  const candidates = key && (await spec.inOrder?.(ctx));
  if (!key || !candidates) return undefined;
  const direction = directionOf(ctx.input.sortOrder);
  const inOrder = filtered(spec, ctx)
    .innerJoin(candidates.rows.as('c'), (join) => join.onRef('c.id', '=', candidates.on))
    .clearSelect()
    .select(sql.ref(key).as('key'))
    .orderBy(sql`c.sort ${direction}`);
  const query = tieBreakers(spec, inOrder, direction)
    .limit(2 * reach)
    .compile();
  // 'cebu' at ten million: 19,040 matches expected as 1, all fetched and sorted (1.2 s), not the
  // first few names' listings read in order (0.1 s).
  const read = await readWithin(ctx.db, IN_ORDER_MS, (trx) =>
    candidates.fromIndexes ? unsorted(trx, query) : trx.executeQuery(query),
  );
  if (!read) return undefined;
  const keys = [...new Set(read.rows.map((row) => row.key))];
  // Fewer than asked for: every match has been read.
  return keys.length >= reach || read.rows.length < 2 * reach ? keys.slice(0, reach) : undefined;
}
