import { sql, type SqlBool } from 'kysely';
import { seesAllAgencies } from '@app/contract';
import type { Db } from '../../db/index.ts';
import { alikeness, likelyPair, near } from '../../db/repositories/property-duplicates.ts';
import { listingHas } from '../../db/repositories/property-search.ts';
import type { AnyQuery } from '../../lib/list/page.ts';
import { estimatedRows } from '../../lib/list/run.ts';
import { propertyScope } from '../../lib/property-scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { either, filterOf, withinDays, type ReportContext, type ReportSpecs } from './build.ts';
import { fullNameOf } from '../../db/repositories/full-name.ts';

/** The other listing (`q`) is in the user's scope too: propertyScope over its own row. */
const otherInScope = (user: SessionUser) =>
  seesAllAgencies(user.role_id)
    ? sql<SqlBool>`true`
    : sql<SqlBool>`EXISTS (SELECT 1 FROM properties p WHERE p.property_id = q.property_id AND ${propertyScope(user)})`;

const similarity = sql<number>`round(${alikeness(
  sql.ref('p.property_name'),
  sql.ref('q.property_name'),
  sql.ref('p.street_name'),
  sql.ref('q.street_name'),
)} * 100)::int`;
const agentName = fullNameOf<string | null>('ag');
// Looked up per row, not joined: a join on barangays would lead the planner to find each listing's
// neighbours by the barangay alone, then read all of them, instead of by barangay and area.
const barangayName = sql<string>`(SELECT b.barangay_name FROM barangays b WHERE b.barangay_id = p.barangay_id)`;
const otherAgentName = fullNameOf<string | null>('oa');

/** The listings (`p`) added between the report's dates. */
const addedWithin = (ctx: ReportContext) =>
  withinDays('p.date_first_added', filterOf<string>(ctx, 'from_date'), filterOf<string>(ctx, 'to_date'));

/** The pair's older listing (`q`) is of the newer one's (`p`) barangay, and alike. */
const olderAlike = sql<SqlBool>`q.barangay_id = p.barangay_id AND q.property_id < p.property_id
  AND ${likelyPair('p', 'q')}`;

/** Every pair: each listing added between the dates (`p`) with the older ones of its barangay alike. */
const allPairs = (ctx: ReportContext): AnyQuery =>
  ctx.db.selectFrom('properties as p').innerJoin('properties as q', (join) => join.on(olderAlike));

/** The pairs of the dates one of whose listings is among `ids`: the newer (`p`) or the older (`q`). */
const pairsWith = (ctx: ReportContext, side: 'p' | 'q', ids: readonly number[]) =>
  sql`SELECT p.property_id, q.property_id AS other_property_id
    FROM properties p JOIN properties q ON ${olderAlike}
      -- The same area bounds seen from the older listing: its newer neighbours found by index too.
      AND ${near(sql.ref('p.land_area'), sql.ref('q.land_area'))}
    WHERE ${sql.ref(`${side}.property_id`)} = ANY (${[...ids]}::int[]) AND ${addedWithin(ctx)}`;

/**
 * A search that names few listings (decision 75): the pairs of those listings alone, each found from
 * its named side. Walked newest first instead, a word in neither name read every pair on the way.
 */
const pairsNamed = (ctx: ReportContext, ids: readonly number[]): AnyQuery =>
  ctx.db
    .selectFrom(
      sql<{ property_id: number; other_property_id: number }>`(
        ${pairsWith(ctx, 'p', ids)} UNION ${pairsWith(ctx, 'q', ids)})`.as('pair'),
    )
    .innerJoin('properties as p', 'p.property_id', 'pair.property_id')
    .innerJoin('properties as q', 'q.property_id', 'pair.other_property_id');

/** At most this many listings named by a search are paired one by one; more, and the pairs are walked. */
const FEW_NAMED = 2_000;

/**
 * The listings whose name has the text, with 0 (no listing's id) so that the list is never empty, when
 * PostgreSQL expects few and there are few; an empty list when there are many (for a broad word the
 * walk newest first meets its pairs sooner).
 */
async function fewNamed(db: Db, text: string): Promise<readonly number[]> {
  const named = db
    .selectFrom('properties as p')
    .select('p.property_id')
    .where(listingHas('p', text, ['name']));
  if ((await estimatedRows(db, named)) > FEW_NAMED) return [];
  const ids = (await named.limit(FEW_NAMED + 1).execute()).map((r) => r.property_id);
  return ids.length > FEW_NAMED ? [] : [0, ...ids];
}

/**
 * Suspected Duplicates (decision 48): each pair once, under its newer listing (`p`, added between the
 * dates) and an older one (`q`) of the same barangay, both in the user's scope. The dates bound the
 * work: the listings added in them, each compared with the few of its barangay near its area
 * (properties_barangay_area).
 */
export const duplicateReports: Pick<ReportSpecs, 'getSuspectedDuplicatesReport'> = {
  getSuspectedDuplicatesReport: {
    query: (ctx) =>
      (ctx.searchIds?.length ? pairsNamed(ctx, ctx.searchIds) : allPairs(ctx))
        .leftJoin('users as ag', (join) =>
          join.on(sql<SqlBool>`ag.user_id = coalesce(p.agent_id, p.user_id)`),
        )
        .leftJoin('users as oa', (join) =>
          join.on(sql<SqlBool>`oa.user_id = coalesce(q.agent_id, q.user_id)`),
        )
        .select([
          sql<string>`p.property_id || '-' || q.property_id`.as('pair_id'),
          'p.property_id',
          'q.property_id as other_property_id',
          'p.date_first_added',
          'p.property_name',
          agentName.as('agent_name'),
          'q.property_name as other_property_name',
          otherAgentName.as('other_agent_name'),
          barangayName.as('barangay_name'),
          similarity.as('similarity'),
        ])
        .where(propertyScope(ctx.user))
        .where(otherInScope(ctx.user))
        .where(addedWithin(ctx)),
    sort: {
      date_first_added: 'p.date_first_added',
      property_name: 'p.property_name',
      agent_name: agentName,
      other_property_name: 'q.property_name',
      other_agent_name: otherAgentName,
      barangay_name: barangayName,
      similarity,
    },
    searchIds: (db, _pattern, text) => fewNamed(db, text),
    search: (pattern) =>
      either(sql<SqlBool>`p.property_name ILIKE ${pattern}`, sql<SqlBool>`q.property_name ILIKE ${pattern}`),
    tieBreaker: ['p.property_id', 'q.property_id'],
  },
};
