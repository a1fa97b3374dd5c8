/**
 * The rules of a listing that the form and the server share (spec 1, sections 3-5): the choice lists,
 * statuses, messages, Manila dates, computed fields, defaults and which panels the form shows.
 */
import { amountValue } from './amounts.ts';

export const PROPERTY_STATUSES = ['Open', 'Pending', 'Sold', 'Occupied', 'Archived', 'Suspended'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
/** Statuses that no longer count against the owner's open property limit. */
export const CLOSED_PROPERTY_STATUSES = ['Sold', 'Archived'] as const satisfies readonly PropertyStatus[];
/**
 * Does a listing of this status count against its owner's open property limit? Every status but Sold and
 * Archived: Open, Pending, Occupied and Suspended ones hold a place (decision 29).
 */
export const countsAsOpen = (status: PropertyStatus) =>
  !(CLOSED_PROPERTY_STATUSES as readonly PropertyStatus[]).includes(status);

/** Master ids the form branches on (decision 8 seeds them with these ids). */
export const PRODUCT_CATEGORY = { ForRent: 1, ForSale: 3 } as const;
export const AGRICULTURAL_CLASSIFICATION = 3;

/** Bedrooms, toilets, car spaces and garage spaces: 0-9 or 99 ('99' stands for many). */
export const COUNT_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 99] as const;
export const FURNISHING_CHOICES = ['None', 'Fully Furnished', 'Semi Furnished', 'Basic Furnishing'] as const;
export const PRICING_UNITS = ['Month', 'Day', 'Week', 'Session', 'Hour'] as const;
/** A rental period is a number of pricing units (1-999) or one of these words. */
export const MINIMUM_RENTAL_PERIODS = ['Day', 'Week', 'Month', 'Negotiable'] as const;
export const MAXIMUM_RENTAL_PERIODS = ['Day', 'Week', 'Month'] as const;
export const RENT_DUE_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
export const YES_NO = ['Yes', 'No'] as const;
export const DOMAINS = ['Personal', 'Agency'] as const;
export const FLOOR_LEVELS = ['Basement', 'Ground', 'First', 'Second'] as const;
/** Feature checkboxes send this value when ticked. */
export const FEATURE_CHECKED = 'Yes';

export const PROPERTY_MESSAGES = {
  limitReached: (limit: number) =>
    `The open property limit of ${limit} is reached: sell or archive a listing first`,
  deleteOnlySuspended: 'Only a Suspended property can be deleted',
  defaultImageInUse:
    'The default image cannot be deleted while the property has other images: make another image the default first',
  onlyImagesDefault: 'Only an image can be the default',
  videoLink: 'Provide a valid video link (http:// or https://)',
  /** `limit` YYYY-MM-DD, said as the screens show dates: DD/MM/YYYY (decision 87). */
  expiryTooLate: (limit: string) => `The rental cannot expire after ${limit.split('-').reverse().join('/')}`,
  suspendedReason: 'Suspended reason is required',
} as const;

// ---------------------------------------------------------------------------------------------------
// Dates and computed fields

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in Manila as YYYY-MM-DD. */
export const manilaToday = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** The latest date a rental may expire: the 10th of the month 12 months after `today` (YYYY-MM-DD). */
export function rentalExpiryLimit(today: string = manilaToday()): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return `${year + 1}-${pad(month)}-10`;
}

/**
 * Price per square metre: the sale price (to 2 decimals) divided by the land area, rounded to 2
 * decimals; 0 without a land area. Either may be typed with thousands separators ('12,500,000').
 */
export function pricePerSqM(
  salePrice: number | string | null | undefined,
  landArea: number | string | null | undefined,
) {
  const land = amountValue(landArea);
  const price = amountValue(salePrice);
  if (!Number.isFinite(land) || land <= 0 || !Number.isFinite(price)) return 0;
  return Math.round((Math.round(price * 100) / 100 / land) * 100) / 100;
}

/** What a new property form starts with. */
export const propertyDefaults = (today: string = manilaToday()) => ({
  rental_pricing_unit: 'Month' as (typeof PRICING_UNITS)[number],
  minimum_rental_period_rent: '6',
  car_spaces_rent: '12',
  active_date: today,
  year: Number(today.slice(0, 4)),
  status: 'Open' as PropertyStatus,
  isFeatured: 'No' as (typeof YES_NO)[number],
});

/** Which panels the form shows for these choices. */
export const propertyPanels = (
  v: {
    product_category_id?: number | null;
    property_classification_id?: number | null;
    status?: string | null;
  },
  dwelling: boolean,
) => ({
  dwelling,
  rent: v.product_category_id === PRODUCT_CATEGORY.ForRent,
  sale: v.product_category_id === PRODUCT_CATEGORY.ForSale,
  agriType: v.property_classification_id === AGRICULTURAL_CLASSIFICATION,
  suspendedReason: v.status === 'Suspended',
});
