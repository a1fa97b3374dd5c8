import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  OVERVIEW,
  overviewApi,
  PROPERTY_STATUSES,
  seesAllAgencies,
  type ReportsOverview,
} from '@app/contract';
import type { Db } from '../../db/index.ts';
import { propertyScope } from '../../lib/property-scope.ts';
import { userScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { defineCall, type AnyCall } from '../registry.ts';

type Week = ReportsOverview['new_listings_per_week'][number];

const rowsOf = <T>(db: Db, query: RawBuilder<T>) => query.execute(db).then((r) => r.rows);

/**
 * Rows per Manila week (Monday to Sunday), the last OVERVIEW.weeks of them oldest first, zeros
 * included: one index range count per week on `column`.
 */
const perWeek = (db: Db, table: 'properties p' | 'users u', column: string, scope: RawBuilder<SqlBool>) =>
  rowsOf(
    db,
    sql<Week>`
    WITH weeks AS (
      SELECT w::date AS monday
      FROM generate_series(
        date_trunc('week', now() AT TIME ZONE 'Asia/Manila') - ${OVERVIEW.weeks - 1} * interval '1 week',
        date_trunc('week', now() AT TIME ZONE 'Asia/Manila'),
        interval '1 week') w
    )
    SELECT to_char(monday, 'YYYY-MM-DD') AS week_start, to_char(monday + 6, 'YYYY-MM-DD') AS week_end,
      (SELECT count(*)::int FROM ${sql.raw(table)}
        WHERE ${sql.ref(column)} >= (monday::timestamp AT TIME ZONE 'Asia/Manila')
          AND ${sql.ref(column)} < ((monday + 7)::timestamp AT TIME ZONE 'Asia/Manila')
          AND ${scope}) AS count
    FROM weeks ORDER BY monday`,
  );

type ListingGroup = { status: string; product_category_id: number; province_id: number; n: number };

/**
 * Listings per status, category and province. Of every listing, from the tallies the writes keep
 * (migration 0011); of an agent's, in one pass over the index on the three columns (a plain GROUP BY
 * walks it in order; grouping sets would hash every row twice). The sums come after.
 */
const listingGroups = (db: Db, user: SessionUser) =>
  rowsOf(
    db,
    seesAllAgencies(user.role_id)
      ? sql<ListingGroup>`
        SELECT status, product_category_id, province_id, sum(n)::int AS n
        FROM listing_tallies GROUP BY 1, 2, 3 HAVING sum(n) <> 0`
      : sql<ListingGroup>`
        SELECT p.status, p.product_category_id, p.province_id, count(*)::int AS n
        FROM properties p WHERE ${propertyScope(user)}
        GROUP BY p.status, p.product_category_id, p.province_id`,
  );

/** Folds the tallies' rows into one per group, so the Overview's sum stays a read of a few thousand. */
export async function compactListingTallies(db: Db) {
  await sql`SELECT compact_listing_tallies()`.execute(db);
}

/** The sum of `n` per value of `key`. */
function totals<K extends 'status' | 'product_category_id' | 'province_id'>(groups: ListingGroup[], key: K) {
  const sums = new Map<(typeof groups)[number][K], number>();
  for (const g of groups) sums.set(g[key], (sums.get(g[key]) ?? 0) + g.n);
  return sums;
}

async function overview(db: Db, user: SessionUser): Promise<ReportsOverview> {
  const [groups, categories, provinces, listingWeeks, userWeeks] = await Promise.all([
    listingGroups(db, user),
    rowsOf(
      db,
      sql<{ product_category_id: number; product_category_name: string; status: string }>`
        SELECT product_category_id, product_category_name, status FROM product_categories
        ORDER BY product_category_name, product_category_id`,
    ),
    rowsOf(
      db,
      sql<{ province_id: number; province_name: string }>`SELECT province_id, province_name FROM provinces`,
    ),
    perWeek(db, 'properties p', 'p.date_first_added', propertyScope(user)),
    perWeek(db, 'users u', 'u.created_at', userScope(user)),
  ]);
  const byStatus = totals(groups, 'status');
  const byCategory = totals(groups, 'product_category_id');
  const provinceNames = new Map(provinces.map((p) => [p.province_id, p.province_name]));
  return {
    by_status: PROPERTY_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    by_category: categories
      .map((c) => ({
        product_category_id: c.product_category_id,
        product_category_name: c.product_category_name,
        count: byCategory.get(c.product_category_id) ?? 0,
        active: c.status === 'Active',
      }))
      .filter((c) => c.active || c.count > 0)
      .map(({ active: _active, ...c }) => c),
    new_listings_per_week: listingWeeks,
    new_users_per_week: userWeeks,
    top_provinces: [...totals(groups, 'province_id')]
      .sort(([a, m], [b, n]) => n - m || a - b)
      .slice(0, OVERVIEW.topProvinces)
      .map(([id, count]) => ({ province_id: id, province_name: provinceNames.get(id) ?? '', count })),
  };
}

export const overviewCall: AnyCall = defineCall(overviewApi[OVERVIEW.call], {
  access: OVERVIEW.permission,
  tag: 'Reports',
  summary:
    'Listings in your scope by status, category, week added and province, and users in your scope by week added',
  handle: async ({ db, user }) => ({ resultData: await overview(db, user) }),
});
