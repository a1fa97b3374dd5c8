import {
  HOME_NOTIFICATIONS,
  OPEN_LIMIT_NEAR,
  OVERVIEW,
  RENTALS_EXPIRING_DAYS,
  hasOpenPropertyLimit,
  homeApi,
  propertyApi,
  seesAllAgencies,
  userApi,
  type HomeFigureKey,
  type HomeSummary,
  type Permission,
  type PropertyStatus,
} from '@app/contract';
import { openListingsOf } from '../db/repositories/properties.ts';
import { EXACT_COUNT_LIMIT, listQueries, type ListSpec } from '../lib/list/index.ts';
import type { CallContext } from '../lib/call-context.ts';
import { selectNotifications } from '../lib/notification-reads.ts';
import { changesSomeStatus } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { propertyListSpec } from './properties.ts';
import { listingsByStatus } from './reports/overview.ts';
import { defineCall, type AnyCall } from './registry.ts';
import { userListSpec } from './users.ts';

type Ctx = CallContext<unknown, SessionUser>;
type Figure = { count: number; more: boolean };
/** The Overview's listings per status, read once for the request however many ask. */
type ByStatus = () => Promise<NonNullable<HomeSummary['overview']>>;

const bounded = (n: number): Figure => ({
  count: Math.min(n, EXACT_COUNT_LIMIT),
  more: n > EXACT_COUNT_LIMIT,
});

/**
 * A figure is the total of the list it links to, for the input that link sends: the list's own spec
 * and count query (its scope, filter and bound), so the two never differ. Past the list's exact bound
 * the figure says 'more' (the list shows its estimate), so no figure counts a million rows.
 */
async function countOf<I>(ctx: Ctx, spec: ListSpec<I>, input: I) {
  const { count } = listQueries(spec as ListSpec<never>, { ...ctx, input } as never);
  return bounded(Number((await count.executeTakeFirstOrThrow()).n));
}

/**
 * The waiting users whose status the caller may change, as changeUserStatus judges it (decision 85):
 * the Approve User list with its `approvable` filter, which the card's link sends (decision 98).
 */
const waiting = userListSpec(true);

const listing = (filter: Record<string, unknown>) => (ctx: Ctx) =>
  countOf(ctx, propertyListSpec, propertyApi.allproperty.input.parse(filter));

/**
 * The listings in a status. Who sees every listing has the list's scope of every listing, so the
 * tallies the writes keep (decision 23), which the Overview beside it reads, say the list's total
 * without counting up to EXACT_COUNT_LIMIT of them; anyone else's list counts them.
 */
const listingsIn =
  (status: PropertyStatus) =>
  async (ctx: Ctx, byStatus: ByStatus): Promise<Figure> =>
    seesAllAgencies(ctx.user.role_id)
      ? bounded((await byStatus()).find((s) => s.status === status)?.count ?? 0)
      : listing({ status })(ctx);

/**
 * Each figure: who may see it (who may open its list, and `for` whom it can hold anything) and how its
 * list counts it.
 */
const FIGURES: Record<
  HomeFigureKey,
  {
    access: Permission;
    for?: (user: SessionUser) => boolean;
    count: (ctx: Ctx, byStatus: ByStatus) => Promise<Figure>;
  }
> = {
  // Only the users the caller may approve: Approve User opens the list, a ChangeStatusof… permission
  // approves (decision 85). A caller who may approve nobody gets no figure.
  users_to_approve: {
    access: 'Approve User',
    for: changesSomeStatus,
    count: (ctx) => countOf(ctx, waiting, userApi.GetNewUser.input.parse({ approvable: true })),
  },
  pending_listings: { access: 'Property List', count: listingsIn('Pending') },
  suspended_listings: { access: 'Property List', count: listingsIn('Suspended') },
  rentals_expiring: {
    access: 'Property List',
    count: listing({ rental_expires_within: RENTALS_EXPIRING_DAYS }),
  },
};

/** The caller's own open listings against their limit, when limited and they may list and add them. */
async function openLimit(ctx: Ctx): Promise<HomeSummary['open_limit']> {
  const { permissions } = ctx.user;
  if (!permissions.has('Add Property') || !permissions.has('Property List')) return null;
  const mine = await openListingsOf(ctx.db, ctx.user.user_id);
  if (!hasOpenPropertyLimit(mine.role_id)) return null;
  // The same rows as the Property List's own_open filter (it adds the caller's scope, which always
  // holds their own listings).
  const open = Number(mine.open);
  const limit = mine.open_property_limit;
  return { open, limit, near: limit - open <= OPEN_LIMIT_NEAR, reached: open >= limit };
}

async function latestNotifications(ctx: Ctx) {
  if (!ctx.user.permissions.has('Notification')) return null;
  // The Notifications list's rows in its default order (newest first).
  return selectNotifications(ctx.db)
    .where('n.user_id', '=', ctx.user.user_id)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.notification_id', 'desc')
    .limit(HOME_NOTIFICATIONS)
    .execute();
}

async function homeSummary(ctx: Ctx) {
  const keys = (Object.keys(FIGURES) as HomeFigureKey[]).filter(
    (key) => ctx.user.permissions.has(FIGURES[key].access) && (FIGURES[key].for?.(ctx.user) ?? true),
  );
  let statuses: ReturnType<ByStatus> | undefined;
  const byStatus = () => (statuses ??= listingsByStatus(ctx.db, ctx.user));
  const [counts, open_limit, overview, notifications] = await Promise.all([
    Promise.all(keys.map((key) => FIGURES[key].count(ctx, byStatus))),
    openLimit(ctx),
    ctx.user.permissions.has(OVERVIEW.permission) ? byStatus() : null,
    latestNotifications(ctx),
  ]);
  return {
    figures: keys.map((key, i) => ({ key, ...counts[i]! })),
    open_limit,
    overview,
    notifications,
  };
}

export const homeCalls: AnyCall[] = [
  defineCall(homeApi.GetHomeSummary, {
    access: 'signed-in',
    tag: 'Home',
    summary:
      "What waits for you: users to approve (those whose status you may change), listings Pending or Suspended, rentals expiring in 30 days (each counted by the list it links to, for who may open that list), your open listings against your limit, the Overview's listings per status and your newest notifications",
    handle: async (ctx) => ({ resultData: await homeSummary(ctx as Ctx) }),
  }),
];
