import { z } from 'zod';
import { coercedNumber, onOrLeftOut } from './common.ts';
import { PROPERTY_STATUSES } from './property-rules.ts';

/** How far ahead the home page looks for rentals that expire (issue 22 item 3). */
export const RENTALS_EXPIRING_DAYS = 30;
/** The furthest ahead the Property List's rentals-expiring filter looks. */
export const RENTALS_EXPIRING_MAX_DAYS = 366;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The Property List's filters a link may carry (the home page's figures link to them); each is
 * optional, so old clients' calls, which send none, are unchanged (decision 45).
 */
export const propertyListFilters = {
  /** Only listings of this status. */
  status: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(PROPERTY_STATUSES, { error: `status must be one of ${PROPERTY_STATUSES.join(', ')}` }).optional(),
  ),
  /** Only listings whose current rental expires from today (Manila) to this many days ahead. */
  rental_expires_within: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    coercedNumber('rental_expires_within must be a number of days', (n) =>
      n
        .int('rental_expires_within must be a whole number of days')
        .min(1, 'rental_expires_within must be at least 1')
        .max(RENTALS_EXPIRING_MAX_DAYS, `rental_expires_within must be at most ${RENTALS_EXPIRING_MAX_DAYS}`)
        .optional(),
    ),
  ),
  /** Only your own listings that count against your open-listing limit (all but Sold and Archived). */
  own_open: onOrLeftOut('own_open'),
};
