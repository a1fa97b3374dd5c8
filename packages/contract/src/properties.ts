import { z } from 'zod';
import {
  coercedNumber,
  flag,
  holdsNoNul,
  id,
  notANumber,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  textOrNumber,
  UNSTORABLE,
  zip4,
} from './common.ts';
import { AMOUNT_MESSAGES, readAmount } from './amounts.ts';
import { MESSAGES } from './constants.ts';
import {
  AGRICULTURAL_CLASSIFICATION,
  COUNT_CHOICES,
  DOMAINS,
  FLOOR_LEVELS,
  FURNISHING_CHOICES,
  MAXIMUM_RENTAL_PERIODS,
  MINIMUM_RENTAL_PERIODS,
  PRICING_UNITS,
  PRODUCT_CATEGORY,
  PROPERTY_MESSAGES,
  PROPERTY_STATUSES,
  type PropertyStatus,
  rentalExpiryLimit,
  YES_NO,
} from './property-rules.ts';

/**
 * Properties (spec 1, sections 3-5): the save/update requests under the legacy wire names and their
 * conditional rules (choices, defaults and computed fields are in property-rules.ts). The form and the
 * server use the same definitions; the server stores them in honest columns (decision 12).
 */

// ---------------------------------------------------------------------------------------------------
// Field building blocks

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/**
 * An amount of at most 12 digits and 2 decimals, from a number or a string, with or without thousands
 * separators; a plain sentence says what is wrong (decision 41).
 */
const amount = (missing: string) =>
  textOrNumber(AMOUNT_MESSAGES.notANumber, missing).transform((v, ctx) => {
    const read = readAmount(v);
    if (typeof read === 'number') return read;
    ctx.issues.push({ code: 'custom', message: read, input: v });
    return z.NEVER;
  });
/** A required amount: blank says 'Field is required'. */
const requiredDecimal = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  amount(MESSAGES.required),
) as z.ZodType<number, unknown>;
/** An optional amount: blank is null. */
const optionalDecimal = z.preprocess(
  (v) => (blank(v) ? null : v),
  amount(AMOUNT_MESSAGES.notANumber).nullable(),
) as z.ZodType<number | null, unknown>;

/** A coordinate between -limit and limit. */
const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (blank(v) ? null : v),
    coercedNumber('Must be a number', (n) =>
      n
        .min(-limit, `Must be between -${limit} and ${limit}`)
        .max(limit, `Must be between -${limit} and ${limit}`)
        .nullable(),
    ),
  ) as z.ZodType<number | null, unknown>;

/**
 * The product mode: its id, or its name ('Newly Built', any case), which the old property form sends;
 * the server looks a name up. Blank or 0 is none.
 */
const productMode = z.preprocess(
  (v) => (blank(v) || v === 0 || v === '0' ? null : v),
  z
    .union([id, z.string().trim().max(120)], { error: 'Choose a product mode' })
    .refine(holdsNoNul, UNSTORABLE)
    .nullable(),
) as z.ZodType<number | string | null, unknown>;

/** One of a list of words; blank is null. */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
    z.enum(values, { error: `Choose one of ${values.join(', ')}` }).nullable(),
  ) as z.ZodType<T[number] | null, unknown>;

/** 0-9 or 99; blank is null (0 is a real value: a studio has 0 bedrooms). */
const count = z.preprocess(
  (v) => (blank(v) ? null : v),
  coercedNumber('Choose 0-9 or 99', (n) =>
    n.refine((c) => (COUNT_CHOICES as readonly number[]).includes(c), 'Choose 0-9 or 99').nullable(),
  ),
) as z.ZodType<number | null, unknown>;

/** A whole number in a range; blank is null. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? null : v),
    coercedNumber(`Choose ${min}-${max}`, (n) =>
      n
        .int(`Choose ${min}-${max}`)
        .min(min, `Choose ${min}-${max}`)
        .max(max, `Choose ${min}-${max}`)
        .nullable(),
    ),
  ) as z.ZodType<number | null, unknown>;

/** A rental period: a number of pricing units (1-999) or one of the words. */
const rentalPeriod = (words: readonly string[]) =>
  z.preprocess(
    (v) => (blank(v) ? null : String(notANumber(v)).trim()),
    z
      .string()
      .refine(
        (s) => /^\d{1,3}$/.test(s) || words.includes(s),
        `Choose a number or one of ${words.join(', ')}`,
      )
      .nullable(),
  ) as z.ZodType<string | null, unknown>;

/** A calendar date YYYY-MM-DD (a longer ISO timestamp is cut to its date); blank is null. */
export const optionalDate = z.preprocess(
  (v) => (blank(v) ? null : typeof v === 'string' ? v.trim().slice(0, 10) : v),
  z
    .string({ error: 'Provide a date as YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Provide a date as YYYY-MM-DD')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'No such date')
    .nullable(),
) as z.ZodType<string | null, unknown>;

/** 'Yes'/'No' questions; blank is null. */
const yesNo = choice(YES_NO);

// ---------------------------------------------------------------------------------------------------
// Requests

/**
 * The fields of the Add/Edit Property form under their wire names (spec 1 §3). Rules that depend on
 * other fields or on the chosen property type are in `propertyIssues`. `user_id`, `created_by` and
 * `user_type` are accepted and ignored: the owner is the session's user.
 */
export const propertyFields = z.looseObject({
  /** Sent by the old client; ignored (the owner is the session's user). */
  user_id: z.unknown().optional(),
  user_type: z.unknown().optional(),
  created_by: z.unknown().optional(),
  // Basic information
  seller_id: optionalId,
  associatedBroker: optionalId,
  domain: choice(DOMAINS),
  agent_id: optionalId,
  secondary_agent_id: optionalId,
  third_agent_id: optionalId,
  isFeatured: flag,
  property_name: requiredText(200),
  property_headline: requiredText(500),
  property_description: requiredText(6000),
  property_classification_id: requiredId,
  product_category_id: requiredId,
  property_type_id: requiredId,
  agri_type: optionalId,
  price_asked: optionalDecimal,
  land_area: requiredDecimal,
  building_area: optionalDecimal,
  // Address
  unit_no: optionalText(50),
  house_lot_no: optionalText(100),
  street_name: requiredText(200),
  property_building_name: optionalText(200),
  province_id: requiredId,
  town_id: requiredId,
  barangay_id: requiredId,
  subdivison_id: optionalId,
  zipcode: zip4(false),
  longitude: coordinate(180),
  latitude: coordinate(90),
  // Dwelling
  no_bedrooms: count,
  no_toilets: count,
  car_spaces_uncovered_property: count,
  garage_spaces_covered_property: count,
  furnishing: choice(FURNISHING_CHOICES),
  select_floor_level: choice(FLOOR_LEVELS),
  // For Rent (category 1)
  rental_price_asked: optionalDecimal,
  rental_pricing_unit: choice(PRICING_UNITS),
  minimum_rental_period_rent: rentalPeriod(MINIMUM_RENTAL_PERIODS),
  /** The maximum rental period (legacy name). */
  car_spaces_rent: rentalPeriod(MAXIMUM_RENTAL_PERIODS),
  date_of_month_rent_due: wholeNumber(1, 31),
  period_can_extend: yesNo,
  date_rental_started: optionalDate,
  current_rental_expires: optionalDate,
  rental_switch_on: flag,
  // For Sale (category 3)
  /** Sale price asked. */
  sale_price: optionalDecimal,
  /** Ignored on input: the server computes it from sale_price and land_area. */
  price_per_sq_m: z.unknown().optional(),
  sale_switch_on: flag,
  /** The product mode (legacy name). */
  minimum_rental_period_sale: productMode,
  // Details and features
  garage: flag,
  cooling: optionalText(200),
  heatingtype: optionalText(200),
  elevator: flag,
  freewifi: flag,
  exteriour: optionalText(200),
  kitchen: optionalText(200),
  fireplace: flag,
  swimming_pool: flag,
  year: wholeNumber(1800, 2100),
});
export type PropertyFields = z.output<typeof propertyFields>;

/** The Status and Modification History panel: only when editing. */
export const propertyUpdateFields = propertyFields.extend({
  id,
  /** Without a status the current one is kept. */
  status: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.enum(PROPERTY_STATUSES, { error: `Choose one of ${PROPERTY_STATUSES.join(', ')}` }).optional(),
  ) as z.ZodType<PropertyStatus | undefined, unknown>,
  suspendedReason: optionalText(500),
  priceRented: optionalDecimal,
  priceSoldFor: optionalDecimal,
  zonalValue: optionalDecimal,
  /** The zoning code master's id. */
  zonningCode: optionalId,
  active_date: optionalDate,
});
export type PropertyUpdateFields = z.output<typeof propertyUpdateFields>;

export const savePropertyRequest = propertyFields;
export const updatePropertyRequest = propertyUpdateFields;

type Issue = { path: string[]; message: string };

/**
 * The conditional rules of the property form, shared by the form and the server. `dwelling` says
 * whether the chosen property type is a dwelling type (property_types.dwelling_type = 'Yes').
 */
export function propertyIssues(
  v: PropertyFields & { status?: PropertyStatus | undefined; suspendedReason?: string | null },
  context: { dwelling: boolean; today?: string },
): Issue[] {
  const issues: Issue[] = [];
  const need = (field: string, ok: boolean, message: string = MESSAGES.required) => {
    if (!ok) issues.push({ path: [field], message });
  };
  if (context.dwelling) {
    need('no_bedrooms', v.no_bedrooms !== null);
    need('no_toilets', v.no_toilets !== null);
  }
  if (v.product_category_id === PRODUCT_CATEGORY.ForRent)
    need('rental_price_asked', v.rental_price_asked !== null);
  if (v.product_category_id === PRODUCT_CATEGORY.ForSale) need('sale_price', v.sale_price !== null);
  if (v.property_classification_id === AGRICULTURAL_CLASSIFICATION) need('agri_type', v.agri_type !== null);
  if (v.status === 'Suspended')
    need('suspendedReason', !!v.suspendedReason, PROPERTY_MESSAGES.suspendedReason);
  if (v.current_rental_expires) {
    const limit = rentalExpiryLimit(context.today);
    need('current_rental_expires', v.current_rental_expires <= limit, PROPERTY_MESSAGES.expiryTooLate(limit));
  }
  return issues;
}

/** `allproperty`: paging and sorting (newest first by default) plus the category filter. */
export const PROPERTY_SORT_COLUMNS = ['date_first_added', 'property_name', 'price', 'status'] as const;
export type PropertySortColumn = (typeof PROPERTY_SORT_COLUMNS)[number];

/** GetPropertyById: the property by its `id`. */
export const propertyByIdRequest = z.looseObject({ id });
/** deleteproperty, showallimagesvideo: the property by its `property_id`. */
export const propertyIdRequest = z.looseObject({ property_id: id });
