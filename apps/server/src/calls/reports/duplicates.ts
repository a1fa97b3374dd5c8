import { sql, type SqlBool } from 'kysely';
import { seesAllAgencies } from '@app/contract';
import { alikeness, likelyPair, near, pairedColumns } from '../../db/repositories/property-duplicates.ts';
import { listingHas } from '../../db/repositories/property-search.ts';
import type { AnyQuery } from '../../lib/list/page.ts';
import { estimatedRows } from '../../lib/list/plan.ts';
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
/**
 * Looked up per row from the older listing's id, not joined: with its agent's ids read, the older
 * listing's row would be read too, where the pairing reads it from properties_barangay_area alone.
 */
const otherAgentName = sql<string | null>`(SELECT ${fullNameOf('oa')} FROM properties o
  JOIN users oa ON oa.user_id = coalesce(o.agent_id, o.user_id) WHERE o.property_id = q.property_id)`;

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
 * A search that names few listings (decision 75), or a broad word over few days (decision 105): the
 * pairs of the listings `ids` alone (those the word names, or the newer listings of its pairs), each
 * found from its listed side. Walked newest first instead, a word in neither name read every pair on the
 * way. The search still tests each pair.
 */
const pairsNamed = (ctx: ReportContext, ids: readonly number[]): AnyQuery =>
  ctx.db
    .selectFrom(
      sql<{ property_id: number; other_property_id: number }>`(
        ${pairsWith(ctx, 'p', ids)} UNION ${pairsWith(ctx, 'q', ids)})`.as('pair'),
    )
    .innerJoin('properties as p', 'p.property_id', 'pair.property_id')
    .innerJoin('properties as q', 'q.property_id', 'pair.other_property_id');

/**
 * The ids that newerOfNamedPairs found: each the newer listing of every pair it stands for, so paired from
 * that side alone, in the report's own join (pairsOfNewer, decision 109).
 */
const newerOfPairs = new WeakSet<readonly number[]>();

/**
 * The pairs of the newer listings `ids`. Joined once, not through pairsNamed's subquery: planning the
 * listings joined four times, each with its 23 indexes, took 7 ms of each statement at ten million.
 */
const pairsOfNewer = (ctx: ReportContext, ids: readonly number[]): AnyQuery =>
  allPairs(ctx).where(sql<SqlBool>`p.property_id = ANY (${[...ids]}::int[])`);

/** At most this many listings are paired one by one (pairsNamed); more, and the pairs are walked. */
const FEW_NAMED = 2_000;

/** At most this many listings added between the dates are looked through for a broad word's pairs. */
const FEW_ADDED = 5_000;

/** The ids, with 0 (no listing's id) so that the list is never empty; none when there are too many. */
const fewOf = (ids: readonly number[]) => (ids.length > FEW_NAMED ? [] : [0, ...ids]);

/**
 * The listings whose name has the text, when PostgreSQL expects few and there are few; else, when the
 * dates hold few listings, the newer listings of the text's pairs (newerOfNamedPairs); else none (for a
 * broad word over many days the walk newest first meets its pairs sooner).
 */
async function idsToPair(ctx: ReportContext, pattern: string, text: string): Promise<readonly number[]> {
  const named = ctx.db
    .selectFrom('properties as p')
    .select('p.property_id')
    .where(listingHas('p', text, ['name']));
  if ((await estimatedRows(ctx.db, named)) <= FEW_NAMED) {
    const few = fewOf((await named.limit(FEW_NAMED + 1).execute()).map((r) => r.property_id));
    if (few.length) return few;
  }
  return newerOfNamedPairs(ctx, pattern);
}

/**
 * A broad word over few days (decision 105): the newer listings of the pairs it is in, found without
 * pairing listings it is in neither of. Those added between the dates whose name has it and that have
 * an older listing alike; and those with an older listing alike whose name has it, looked for once for
 * each barangay and area the dates hold. Walked newest first instead, each of a crowd of copies in one
 * barangay and area (2,585 saved by the benchmarks in a day) was paired with all the others before the
 * word was tested: 3.3 million pairs, 4-6 s, for a word in none of them. Only the columns the pairing
 * reads are kept: the listings' whole rows (900 bytes each) made a quarter of its time at ten million.
 * A band's listings are read from properties_barangay_area alone, which holds every column the pairing
 * compares (decisions 122 and 124): with the rows of those whose name has the word read from the table
 * too, 18,268 of them over a day of 3,117 listings at ten million, that took 100 of its 247 ms.
 */
async function newerOfNamedPairs(ctx: ReportContext, pattern: string): Promise<readonly number[]> {
  const added = ctx.db.selectFrom('properties as p').select('p.property_id').where(addedWithin(ctx));
  if ((await estimatedRows(ctx.db, added)) > FEW_ADDED) return [];
  const { rows } = await sql<{ property_id: number }>`
    WITH added AS MATERIALIZED (
      SELECT ${pairedColumns('p')}, p.property_name ILIKE ${pattern} AS named FROM properties p
        WHERE ${addedWithin(ctx)}),
    band AS (SELECT DISTINCT barangay_id, land_area FROM added WHERE NOT named),
    named_in_band AS MATERIALIZED (
      SELECT band.land_area AS band_area, ${pairedColumns('q')} FROM band JOIN properties q
        ON q.barangay_id = band.barangay_id AND ${near(sql.ref('q.land_area'), sql.ref('band.land_area'))}
          AND q.property_name ILIKE ${pattern})
    SELECT p.property_id FROM added p
      WHERE p.named AND EXISTS (SELECT 1 FROM properties q WHERE ${olderAlike})
    UNION
    SELECT p.property_id FROM added p JOIN named_in_band q ON q.band_area = p.land_area AND ${olderAlike}
      WHERE NOT p.named
    LIMIT ${FEW_NAMED + 1}`.execute(ctx.db);
  const ids = fewOf(rows.map((r) => r.property_id));
  newerOfPairs.add(ids);
  return ids;
}

/** The report's pairs: all of the dates, or while searching those of the ids looked up. */
function pairsOf(ctx: ReportContext & { searchIds?: readonly number[] }): AnyQuery {
  const ids = ctx.searchIds;
  if (!ids?.length) return allPairs(ctx);
  return newerOfPairs.has(ids) ? pairsOfNewer(ctx, ids) : pairsNamed(ctx, ids);
}

/**
 * The pairs and their columns, in the user's scope: each pair once, under its newer listing (`p`, added
 * between the dates) and an older one (`q`) of the same barangay, both in the user's scope.
 */
const reportRows = (ctx: ReportContext & { searchIds?: readonly number[] }) =>
  pairsOf(ctx)
    .leftJoin('users as ag', (join) => join.on(sql<SqlBool>`ag.user_id = coalesce(p.agent_id, p.user_id)`))
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
    .where(addedWithin(ctx));

/** Up to this many listings added between the dates, every one's pairs are counted. */
const COUNTED_ADDED = 1_000;

/**
 * Past this many, the pairs are counted as any list's rows are, up to EXACT_COUNT_LIMIT: the dates are
 * wide, and a sample of their listings would be read from the whole table.
 */
const SAMPLED_ADDED = 20_000;

/**
 * The unsearched total over dates that hold many listings (decision 123): the pairs of a sample of
 * them, one in `every`, times `every`. Each pair is found by comparing its newer listing with the older
 * ones of its barangay and area: with a day of 2,915 listings, about 23 such each, at ten million
 * listings, the first page took 325-360 ms counting them all, 131-143 counting a third. Sampled by a
 * hash of the id, not the id itself: listings saved in turns (an import of each listing and then its
 * copy) would make every other id the newer of a pair.
 */
async function sampledTotal(ctx: ReportContext): Promise<number | undefined> {
  const added = ctx.db
    .selectFrom('properties as p')
    .select('p.property_id')
    .where(addedWithin(ctx))
    .where(propertyScope(ctx.user))
    .limit(SAMPLED_ADDED + 1);
  const count = (rows: AnyQuery) =>
    ctx.db
      .selectFrom(rows.as('counted'))
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
  const listings = Number((await count(added)).n);
  if (listings <= COUNTED_ADDED || listings > SAMPLED_ADDED) return undefined;
  const every = Math.ceil(listings / COUNTED_ADDED);
  const sample = reportRows(ctx).where(sql<SqlBool>`(hashint4(p.property_id) & 2147483647) % ${every} = 0`);
  return Number((await count(sample)).n) * every;
}

/**
 * Suspected Duplicates (decision 48). The dates bound the work: the listings added in them, each
 * compared with the few of its barangay near its area (properties_barangay_area).
 */
export const duplicateReports: Pick<ReportSpecs, 'getSuspectedDuplicatesReport'> = {
  getSuspectedDuplicatesReport: {
    query: reportRows,
    sampledTotal,
    sort: {
      date_first_added: 'p.date_first_added',
      property_name: 'p.property_name',
      agent_name: agentName,
      other_property_name: 'q.property_name',
      other_agent_name: otherAgentName,
      barangay_name: barangayName,
      similarity,
    },
    searchIds: idsToPair,
    search: (pattern) =>
      either(sql<SqlBool>`p.property_name ILIKE ${pattern}`, sql<SqlBool>`q.property_name ILIKE ${pattern}`),
    tieBreaker: ['p.property_id', 'q.property_id'],
  },
};
