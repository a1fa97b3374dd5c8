import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { OVERVIEW, type ReportsOverview } from '@app/contract';
import type { Db } from '../index.ts';

type Week = ReportsOverview['new_listings_per_week'][number];
export type ListingGroup = { status: string; product_category_id: number; province_id: number; n: number };

const rowsOf = <T>(db: Db, query: RawBuilder<T>) => query.execute(db).then((r) => r.rows);

/**
 * Rows per Manila week (Monday to Sunday), the last OVERVIEW.weeks of them oldest first, zeros
 * included: one index range count per week on `column`.
 */
export const perWeek = (
  db: Db,
  table: 'properties p' | 'users u',
  column: string,
  scope: Expression<SqlBool>,
) =>
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

/** Every listing per status, category and province, from the tallies the writes keep (migration 0011). */
export const allListingGroups = (db: Db) =>
  rowsOf(
    db,
    sql<ListingGroup>`
        SELECT status, product_category_id, province_id, sum(n)::int AS n
        FROM listing_tallies GROUP BY 1, 2, 3 HAVING sum(n) <> 0`,
  );

/**
 * The listings (`p`) `scope` lets through per status, category and province, in one pass over the
 * index on the three columns (a plain GROUP BY walks it in order; grouping sets would hash every row
 * twice).
 */
export const listingGroupsIn = (db: Db, scope: Expression<SqlBool>) =>
  rowsOf(
    db,
    sql<ListingGroup>`
        SELECT p.status, p.product_category_id, p.province_id, count(*)::int AS n
        FROM properties p WHERE ${scope}
        GROUP BY p.status, p.product_category_id, p.province_id`,
  );

/** Every category, by name. */
export const categoriesByName = (db: Db) =>
  rowsOf(
    db,
    sql<{ product_category_id: number; product_category_name: string; status: string }>`
        SELECT product_category_id, product_category_name, status FROM product_categories
        ORDER BY product_category_name, product_category_id`,
  );

export const provinceNames = (db: Db) =>
  rowsOf(
    db,
    sql<{ province_id: number; province_name: string }>`SELECT province_id, province_name FROM provinces`,
  );

/** Folds the tallies' rows into one per group, so the Overview's sum stays a read of a few thousand. */
export async function compactListingTallies(db: Db) {
  await sql`SELECT compact_listing_tallies()`.execute(db);
}
