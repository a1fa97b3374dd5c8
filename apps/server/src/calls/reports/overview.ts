import {
  OVERVIEW,
  overviewApi,
  PROPERTY_STATUSES,
  seesAllAgencies,
  type ReportsOverview,
} from '@app/contract';
import type { Db } from '../../db/index.ts';
import {
  allListingGroups,
  categoriesByName,
  listingGroupsIn,
  perWeek,
  provinceNames,
  type ListingGroup,
} from '../../db/repositories/reports.ts';
import { propertyScope } from '../../lib/property-scope.ts';
import { userScope } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { defineCall, type AnyCall } from '../registry.ts';

/**
 * Listings per status, category and province: of every listing from the tallies, of an agent's from
 * their own rows. The sums come after.
 */
const listingGroups = (db: Db, user: SessionUser) =>
  seesAllAgencies(user.role_id) ? allListingGroups(db) : listingGroupsIn(db, propertyScope(user));

/** The sum of `n` per value of `key`. */
function totals<K extends 'status' | 'product_category_id' | 'province_id'>(groups: ListingGroup[], key: K) {
  const sums = new Map<(typeof groups)[number][K], number>();
  for (const g of groups) sums.set(g[key], (sums.get(g[key]) ?? 0) + g.n);
  return sums;
}

/** The Overview's listings per status in the user's scope (the home page shows them too). */
export async function listingsByStatus(db: Db, user: SessionUser): Promise<ReportsOverview['by_status']> {
  const byStatus = totals(await listingGroups(db, user), 'status');
  return PROPERTY_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
}

async function overview(db: Db, user: SessionUser): Promise<ReportsOverview> {
  const [groups, categories, provinces, listingWeeks, userWeeks] = await Promise.all([
    listingGroups(db, user),
    categoriesByName(db),
    provinceNames(db),
    perWeek(db, 'properties p', 'p.date_first_added', propertyScope(user)),
    perWeek(db, 'users u', 'u.created_at', userScope(user)),
  ]);
  const byStatus = totals(groups, 'status');
  const byCategory = totals(groups, 'product_category_id');
  const namesOfProvinces = new Map(provinces.map((p) => [p.province_id, p.province_name]));
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
      .map(([id, count]) => ({ province_id: id, province_name: namesOfProvinces.get(id) ?? '', count })),
  };
}

export const overviewCall: AnyCall = defineCall(overviewApi[OVERVIEW.call], {
  access: OVERVIEW.permission,
  tag: 'Reports',
  summary:
    'Listings in your scope by status, category, week added and province, and users in your scope by week added',
  handle: async ({ db, user }) => ({ resultData: await overview(db, user) }),
});
