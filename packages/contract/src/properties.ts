import { z } from 'zod';
import {
  flag,
  id,
  idList,
  listQuery,
  optionalId,
  optionalText,
  requiredId,
  requiredText,
  zip4,
} from './common.ts';
import { MESSAGES } from './constants.ts';
import { listPage, timestamp } from './answers.ts';

/**
 * Properties (spec 1, sections 3-5): the save/update requests under the legacy wire names, the choice
 * lists, defaults, computed fields and the conditional rules. The form and the server use the same
 * definitions; the server stores them in honest columns (see docs/decisions/0012-properties.md).
 */

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
  expiryTooLate: (limit: string) => `The rental cannot expire after ${limit}`,
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

/** Price per square metre: the sale price (to 2 decimals) divided by the land area, rounded to 2 decimals; 0 without a land area. */
export function pricePerSqM(
  salePrice: number | string | null | undefined,
  landArea: number | string | null | undefined,
) {
  const land = Number(landArea);
  const price = Number(salePrice);
  if (!landArea || !Number.isFinite(land) || land <= 0 || !Number.isFinite(price)) return 0;
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

// ---------------------------------------------------------------------------------------------------
// Field building blocks

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** An amount of at most 12 digits and 2 decimals, from a string or a number. */
const amount = (error: string) =>
  z
    .union([z.string(), z.number()], { error })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, MESSAGES.decimals))
    .transform(Number);
/** A required amount: blank says 'Field is required'. */
const requiredDecimal = z.preprocess(
  (v) => (blank(v) ? undefined : v),
  amount(MESSAGES.required),
) as z.ZodType<number, unknown>;
/** An optional amount: blank is null. */
const optionalDecimal = z.preprocess(
  (v) => (blank(v) ? null : v),
  amount(MESSAGES.decimals).nullable(),
) as z.ZodType<number | null, unknown>;

/** A coordinate between -limit and limit. */
const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (blank(v) ? null : v),
    z.coerce
      .number({ error: 'Must be a number' })
      .min(-limit, `Must be between -${limit} and ${limit}`)
      .max(limit, `Must be between -${limit} and ${limit}`)
      .nullable(),
  ) as z.ZodType<number | null, unknown>;

/**
 * The product mode: its id, or its name ('Newly Built', any case), which the old property form sends;
 * the server looks a name up. Blank or 0 is none.
 */
const productMode = z.preprocess(
  (v) => (blank(v) || v === 0 || v === '0' ? null : v),
  z.union([id, z.string().trim().max(120)], { error: 'Choose a product mode' }).nullable(),
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
  z.coerce
    .number({ error: 'Choose 0-9 or 99' })
    .refine((n) => (COUNT_CHOICES as readonly number[]).includes(n), 'Choose 0-9 or 99')
    .nullable(),
) as z.ZodType<number | null, unknown>;

/** A whole number in a range; blank is null. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? null : v),
    z.coerce
      .number({ error: `Choose ${min}-${max}` })
      .int(`Choose ${min}-${max}`)
      .min(min, `Choose ${min}-${max}`)
      .max(max, `Choose ${min}-${max}`)
      .nullable(),
  ) as z.ZodType<number | null, unknown>;

/** A rental period: a number of pricing units (1-999) or one of the words. */
const rentalPeriod = (words: readonly string[]) =>
  z.preprocess(
    (v) => (blank(v) ? null : String(v).trim()),
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

/** `allproperty`: paging and sorting (newest first by default) plus the category filter. */
export const PROPERTY_SORT_COLUMNS = ['date_first_added', 'property_name', 'price', 'status'] as const;
export type PropertySortColumn = (typeof PROPERTY_SORT_COLUMNS)[number];

/** GetPropertyById: the property by its `id`. */
export const propertyByIdRequest = z.looseObject({ id });
/** deleteproperty, showallimagesvideo: the property by its `property_id`. */
export const propertyIdRequest = z.looseObject({ property_id: id });

// ---------------------------------------------------------------------------------------------------
// Media and amenities

export const MEDIA_TYPES = ['Image', 'Video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** A web address starting with http:// or https://. */
export const videoLink = z
  .string({ error: PROPERTY_MESSAGES.videoLink })
  .trim()
  .max(1000, PROPERTY_MESSAGES.videoLink)
  .refine((s) => {
    try {
      const url = new URL(s);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
    } catch {
      return false;
    }
  }, PROPERTY_MESSAGES.videoLink);

/** `saveimagesupload`: an image (multipart, file `images_video`) or a video link (JSON). */
export const saveMediaRequest = z
  .looseObject({
    type: z.enum(MEDIA_TYPES, { error: 'Type must be Image or Video' }),
    property_id: id,
    isDefault: flag,
    description: requiredText(500),
    video_link: z.preprocess((v) => (blank(v) ? null : v), videoLink.nullable()) as z.ZodType<
      string | null,
      unknown
    >,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'Video' && !v.video_link)
      ctx.addIssue({ code: 'custom', path: ['video_link'], message: MESSAGES.required });
  });

export const mediaImageRequest = z.looseObject({ image_id: id, property_id: id });
export const mediaDefaultRequest = mediaImageRequest.extend({ isDefault: flag });

export const propertyAmenitiesRequest = z.looseObject({ propertyId: id });
export const savePropertyAmenitiesRequest = z.looseObject({ propertyId: id, ammentiesId: idList });

// ---------------------------------------------------------------------------------------------------
// Answers (decision 36): declared in the order the server selects each field, with its wire type

/** A PostgreSQL numeric, as the server sends it: text with its scale ('1200000.00', '123.8854000'). */
const decimalText = z.string();
const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();
/** A calendar day as the record reads it (to_char 'YYYY-MM-DD'). */
const day = z.iso.date();
/** A choice whose column's CHECK constraint holds it to `values`, or null. */
const nullableChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullable();

/** The address block of a property record, under its wire names (spec 1 §3 spells `subdivison_id`). */
const propertyAddress = {
  unit_no: nullableText,
  house_lot_no: nullableText,
  street_name: z.string(),
  property_building_name: nullableText,
  province_id: z.number().int(),
  town_id: z.number().int(),
  barangay_id: z.number().int(),
  subdivison_id: nullableId,
  zipcode: nullableText,
};

/**
 * One property as its form reads it (GetPropertyById, and every `allproperty` row, decision 35): the
 * owner, the address, every field the form sends under its wire name, then the read-only dates and
 * names. Amounts and coordinates are PostgreSQL numerics (text), flags booleans, days 'YYYY-MM-DD',
 * moments ISO timestamps.
 */
export const propertyRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_type: nullableId,
  created_by: nullableId,
  agency_id: nullableId,
  ...propertyAddress,
  // Basic information
  seller_id: nullableId,
  associatedBroker: nullableId,
  domain: nullableChoice(DOMAINS),
  agent_id: nullableId,
  secondary_agent_id: nullableId,
  third_agent_id: nullableId,
  isFeatured: z.boolean(),
  property_name: z.string(),
  property_headline: z.string(),
  property_description: z.string(),
  property_classification_id: z.number().int(),
  product_category_id: z.number().int(),
  property_type_id: z.number().int(),
  agri_type: nullableId,
  price_asked: decimalText.nullable(),
  land_area: decimalText,
  building_area: decimalText.nullable(),
  longitude: decimalText.nullable(),
  latitude: decimalText.nullable(),
  // Dwelling
  no_bedrooms: nullableId,
  no_toilets: nullableId,
  car_spaces_uncovered_property: nullableId,
  garage_spaces_covered_property: nullableId,
  furnishing: nullableChoice(FURNISHING_CHOICES),
  select_floor_level: nullableChoice(FLOOR_LEVELS),
  // For Rent
  rental_price_asked: decimalText.nullable(),
  rental_pricing_unit: nullableChoice(PRICING_UNITS),
  minimum_rental_period_rent: nullableText,
  /** The maximum rental period (legacy name). */
  car_spaces_rent: nullableText,
  date_of_month_rent_due: nullableId,
  period_can_extend: nullableChoice(YES_NO),
  date_rental_started: day.nullable(),
  current_rental_expires: day.nullable(),
  rental_switch_on: z.boolean(),
  // For Sale
  /** Sale price asked. */
  sale_price: decimalText.nullable(),
  price_per_sq_m: decimalText.nullable(),
  sale_switch_on: z.boolean(),
  /** The product mode's id (legacy name). */
  minimum_rental_period_sale: nullableId,
  // Details and features
  garage: z.boolean(),
  cooling: nullableText,
  heatingtype: nullableText,
  elevator: z.boolean(),
  freewifi: z.boolean(),
  exteriour: nullableText,
  kitchen: nullableText,
  fireplace: z.boolean(),
  swimming_pool: z.boolean(),
  year: nullableId,
  // Status and modification history
  status: z.enum(PROPERTY_STATUSES),
  suspendedReason: nullableText,
  priceRented: decimalText.nullable(),
  priceSoldFor: decimalText.nullable(),
  zonalValue: decimalText.nullable(),
  /** The zoning code master's id. */
  zonningCode: nullableId,
  active_date: day.nullable(),
  date_first_added: timestamp,
  date_last_modified: timestamp,
  date_last_status_change: timestamp,
  date_sold: timestamp.nullable(),
  date_suspended: timestamp.nullable(),
  date_modified_operator: timestamp.nullable(),
  /** The old record's name for active_date: the form reads it, and sends it back as active_date. */
  active_property_date_limit: day.nullable(),
  operator_name: nullableText,
  owner_name: z.string(),
});
export type PropertyRecord = z.output<typeof propertyRecord>;

/** A change of the modification history (a stored column's old and new value), newest first. */
export const propertyHistoryRow = z.object({
  field: z.string(),
  old_value: nullableText,
  new_value: nullableText,
  changed_by: nullableId,
  changed_by_name: nullableText,
  changed_at: timestamp,
});

/** GetPropertyById: an array with the one record and its history (the old client reads [0]). */
export const propertyByIdAnswer = z.object({
  resultData: z.array(propertyRecord.extend({ history: z.array(propertyHistoryRow) })),
});

/** `allproperty`'s query: paging and sorting (newest first by default) plus the category filter. */
export const propertyListQuery = listQuery(PROPERTY_SORT_COLUMNS, { defaultOrder: 'desc' }).extend({
  product_category_id: optionalId,
});

/**
 * What a listing's card adds to the record: its slug, its agent's name and phones, and its default
 * image's thumbnail address.
 */
const propertyCard = z.object({
  slug: z.string(),
  agent_name: nullableText,
  agent_phone_1: nullableText,
  agent_phone_2: nullableText,
  image: nullableText,
});

/**
 * A row of `allproperty`: the card and the whole record (decision 35). The page is found with the id
 * and the sort columns (PROPERTY_SORT_COLUMNS, in their order; `price` is the sale price, else the
 * rent), which lead the row; the rest of the record and the card follow, as the server joins them to
 * the page's rows.
 */
export const propertyListRow = z.object({
  id: propertyRecord.shape.id,
  date_first_added: propertyRecord.shape.date_first_added,
  property_name: propertyRecord.shape.property_name,
  price: decimalText.nullable(),
  status: propertyRecord.shape.status,
  ...propertyRecord.omit({ id: true, date_first_added: true, property_name: true, status: true }).shape,
  ...propertyCard.shape,
});
export type PropertyListRow = z.output<typeof propertyListRow>;
export const propertyPageAnswer = z.object({ resultData: listPage(propertyListRow) });

/** A row of `showallimagesvideo`: an image (its /media/ address and thumbnail's) or a video link. */
export const propertyMediaRow = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  type: z.enum(MEDIA_TYPES),
  images_video: z.string(),
  thumbnail: nullableText,
  description: z.string(),
  isDefault: z.literal([0, 1]),
});
export type PropertyMediaRow = z.output<typeof propertyMediaRow>;
/** `showallimagesvideo` answers under `resultdata`, lower-case d, as the old client reads it. */
export const propertyMediaAnswer = z.object({ resultdata: z.array(propertyMediaRow) });

/** An amenity of a property: the master's id (legacy name) and its name. */
export const propertyAmenityRow = z.object({ amenities_id: z.number().int(), name: z.string() });
export const propertyAmenitiesAnswer = z.object({ resultData: z.array(propertyAmenityRow) });

/** An agent a listing may name: an active Agent or Owner-Agent. */
export const agentOption = z.object({ user_id: z.number().int(), full_name: z.string() });
export const agentOptionsAnswer = z.object({ resultData: z.array(agentOption) });
