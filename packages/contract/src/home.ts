import { z } from 'zod';
import { noInput } from './common.ts';
import { declareCalls } from './calls.ts';
import { notification } from './notifications.ts';
import { PROPERTY_STATUSES } from './property-rules.ts';

/**
 * What waits for the signed-in user on /home (issue 22 item 3, decision 45). Each figure is counted by
 * the list it links to, with that list's scope and filter, and only for who may open that list.
 */
export const HOME_FIGURES = [
  'users_to_approve',
  'pending_listings',
  'suspended_listings',
  'rentals_expiring',
] as const;
export type HomeFigureKey = (typeof HOME_FIGURES)[number];
/** How many notifications the home page shows. */
export const HOME_NOTIFICATIONS = 5;
/** A limited owner is near the open-listing limit with this few places left (or none). */
export const OPEN_LIMIT_NEAR = 1;

/** A count as a list counts it: exact up to 10,000; `more` when there are more (shown '10,000+'). */
const boundedCount = z.object({ count: z.number().int(), more: z.boolean() });

export const homeSummary = z.object({
  /** The figures the caller may see, in HOME_FIGURES order. */
  figures: z.array(boundedCount.extend({ key: z.enum(HOME_FIGURES) })),
  /** The caller's own open listings against their limit; null when not limited or not theirs to see. */
  open_limit: z
    .object({ open: z.number().int(), limit: z.number().int(), near: z.boolean(), reached: z.boolean() })
    .nullable(),
  /** The Overview's listings per status in the caller's scope; null without the Overview permission. */
  overview: z.array(z.object({ status: z.enum(PROPERTY_STATUSES), count: z.number().int() })).nullable(),
  /** The caller's newest notifications (read or not); null without the Notification permission. */
  notifications: z.array(notification).nullable(),
});
export type HomeSummary = z.output<typeof homeSummary>;

export const homeApi = declareCalls({
  /** What waits for the caller: the figures of the lists they may open (not in the old API). */
  GetHomeSummary: { method: 'GET', input: noInput, response: z.object({ resultData: homeSummary }) },
});
