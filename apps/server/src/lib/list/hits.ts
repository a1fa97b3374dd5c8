import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ListQuery } from '@app/contract';
import { escapeLike, searchCondition, type Ctx } from './page.ts';
import type { ListSpec } from './spec.ts';

/**
 * At most this many matches of a list are ranked for its few hits. The matches are taken unordered
 * (through the search's indexes), so a common term costs this many rows, not all of its matches.
 */
export const HIT_CANDIDATES = 50;

/** How one list answers a global search: its row's key, title and second line (row fields of `f`). */
export interface HitSpec {
  /** The group's name in the answer. */
  kind: string;
  /** The row field holding the record's id. */
  id: string;
  title: (f: string) => RawBuilder<string>;
  subtitle: (f: string) => RawBuilder<string>;
  /**
   * The list's own search widened (by an address): a condition that holds for every row the list's
   * own search finds, and more. Without it, the list's own search.
   */
  search?: (text: string) => Expression<SqlBool>;
  /**
   * Rows to test first (`rows`, each with its `id`, the list's row key `on`): the search's matches among
   * them, then the others only when those are fewer than HIT_CANDIDATES. A common word's trigram index
   * yields every match before the first is tested (66,172 listings for 'maria' at ten million, 83 ms).
   */
  first?: { rows: RawBuilder<{ id: number }>; on: string };
}

/**
 * A list's first `limit` hits for its search text (`ctx.input.searchText`): its own base query (its
 * scope) and its own search, so a hit is a row the list itself shows for the same text. Hits whose title
 * starts with the text come first, then by title.
 */
export function listHits<I extends ListQuery>(spec: ListSpec<I>, ctx: Ctx<I>, hit: HitSpec, limit: number) {
  const text = ctx.input.searchText;
  const own = searchCondition(spec, ctx);
  if (!own) throw new Error(`${hit.kind}: a search needs its text`);
  const matches = spec.query(ctx).where(hit.search?.(text) ?? own);
  // UNION ALL reads its parts in turn and stops at the limit: the others are read only when needed. Each
  // first row is looked up alone (LATERAL), not all the search's matches joined to them.
  const first = hit.first;
  const candidates = first
    ? ctx.db
        .selectFrom(
          sql`((SELECT m.* FROM ${first.rows} w
            CROSS JOIN LATERAL (${matches.where(sql.ref(first.on), '=', sql.ref('w.id'))}) m)
            UNION ALL (${matches.where(sql<SqlBool>`${sql.ref(first.on)} NOT IN (SELECT id FROM ${first.rows} w)`)}))`.as(
            'candidates',
          ),
        )
        .selectAll()
    : matches;
  const found = candidates.limit(HIT_CANDIDATES).as('f');
  const title = hit.title('f');
  const order = sql`${title} ILIKE ${`${escapeLike(text)}%`} DESC, ${title}, ${sql.ref(`f.${hit.id}`)}`;
  const ranked = ctx.db
    .selectFrom(found)
    .select([
      sql.lit(hit.kind).as('kind'),
      sql<number>`${sql.ref(`f.${hit.id}`)}::int`.as('id'),
      title.as('title'),
      hit.subtitle('f').as('subtitle'),
      sql<number>`row_number() OVER (ORDER BY ${order})`.as('position'),
    ])
    .orderBy(order)
    .limit(limit);
  // Wrapped, so that several lists' hits can be one UNION ALL, each keeping its own order and limit.
  return ctx.db.selectFrom(ranked.as(`${hit.kind}_hits`)).selectAll();
}
