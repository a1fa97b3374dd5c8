import { z } from 'zod';
import { optionalId, parentId } from './common.ts';
import { listQuery } from './list-query.ts';
import { listPage, timestamp } from './answers.ts';
import { PROPERTY_SORT_COLUMNS } from './properties.ts';
import { propertyListFilters } from './property-filters.ts';
import {
  DOMAINS,
  FLOOR_LEVELS,
  FURNISHING_CHOICES,
  PRICING_UNITS,
  PROPERTY_STATUSES,
  YES_NO,
} from './property-rules.ts';

/**
 * What the property calls answer (decision 36): the record, its history, the listing page and the
 * agents a listing may name, each field declared in the order the server selects it, with its wire type.
 */
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

/**
 * `allproperty`'s query: paging and sorting (newest first by default) plus the category filter, and the
 * parent filters of a record's related listings (a seller's, an agency's, a broker's: decision 49).
 */
export const propertyListQuery = listQuery(PROPERTY_SORT_COLUMNS, { defaultOrder: 'desc' }).extend({
  product_category_id: optionalId,
  ...propertyListFilters,
  seller_id: parentId,
  agency_id: parentId,
  broker_id: parentId,
});

/**
 * What a listing's card adds to the record: its slug, its agent's name and phones, its default image's
 * thumbnail address, and the names of its town, province, category and type (issue 21, item 5).
 */
const propertyCard = z.object({
  slug: z.string(),
  agent_name: nullableText,
  agent_phone_1: nullableText,
  agent_phone_2: nullableText,
  image: nullableText,
  town_name: nullableText,
  province_name: nullableText,
  product_category_name: nullableText,
  property_type: nullableText,
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

/**
 * GetOpenPropertyLimit: the caller's listings that count against their open property limit (decision
 * 29), the limit (null: not limited, as Admins and Super Admins) and whether it is reached, so the Add
 * Property form says so when it opens (issue 21, item 10).
 */
export const openPropertyLimitAnswer = z.object({
  resultData: z.object({
    open: z.number().int(),
    limit: z.number().int().nullable(),
    reached: z.boolean(),
  }),
});

/** An agent a listing may name: an active Agent or Owner-Agent. */
export const agentOption = z.object({ user_id: z.number().int(), full_name: z.string() });
export const agentOptionsAnswer = z.object({ resultData: z.array(agentOption) });
