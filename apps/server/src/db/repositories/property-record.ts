import { sql, type AliasedRawBuilder, type RawBuilder, type Selectable } from 'kysely';
import type { PropertyRecord } from '@app/contract';
import type { PropertyTable } from '../schema.ts';
import { fullNameOf } from './full-name.ts';

/** The address block: wire name → column (spec 1 §3 spells `subdivison_id`). */
export const PROPERTY_ADDRESS = {
  unit_no: 'unit_number',
  house_lot_no: 'house_number',
  street_name: 'street_name',
  property_building_name: 'building_name',
  province_id: 'province_id',
  town_id: 'town_id',
  barangay_id: 'barangay_id',
  subdivison_id: 'subdivision_id',
  zipcode: 'zip_code',
} as const satisfies Readonly<Record<string, keyof PropertyTable>>;

/** Every other field the form sends: wire name → honest column. */
export const PROPERTY_FIELDS = {
  seller_id: 'seller_id',
  associatedBroker: 'broker_id',
  domain: 'domain',
  agent_id: 'agent_id',
  secondary_agent_id: 'secondary_agent_id',
  third_agent_id: 'third_agent_id',
  isFeatured: 'is_featured',
  property_name: 'property_name',
  property_headline: 'property_headline',
  property_description: 'property_description',
  property_classification_id: 'property_classification_id',
  product_category_id: 'product_category_id',
  property_type_id: 'property_type_id',
  agri_type: 'agri_type_id',
  price_asked: 'price_asked',
  land_area: 'land_area',
  building_area: 'building_area',
  longitude: 'longitude',
  latitude: 'latitude',
  no_bedrooms: 'bedrooms',
  no_toilets: 'toilets',
  car_spaces_uncovered_property: 'uncovered_car_spaces',
  garage_spaces_covered_property: 'covered_car_spaces',
  furnishing: 'furnishing',
  select_floor_level: 'floor_level',
  rental_price_asked: 'rental_price_asked',
  rental_pricing_unit: 'rental_pricing_unit',
  minimum_rental_period_rent: 'minimum_rental_period',
  car_spaces_rent: 'maximum_rental_period',
  date_of_month_rent_due: 'rent_due_day',
  period_can_extend: 'period_can_extend',
  date_rental_started: 'date_rental_started',
  current_rental_expires: 'current_rental_expires',
  rental_switch_on: 'rental_switch_on',
  sale_price: 'sale_price_asked',
  price_per_sq_m: 'price_per_sq_m',
  sale_switch_on: 'sale_switch_on',
  minimum_rental_period_sale: 'product_mode_id',
  garage: 'garage',
  cooling: 'cooling',
  heatingtype: 'heating_type',
  elevator: 'elevator',
  freewifi: 'free_wifi',
  exteriour: 'exterior',
  kitchen: 'kitchen',
  fireplace: 'fireplace',
  swimming_pool: 'swimming_pool',
  year: 'year',
  // Edit only
  status: 'status',
  suspendedReason: 'suspended_reason',
  priceRented: 'price_rented',
  priceSoldFor: 'sale_price',
  zonalValue: 'zonal_value',
  zonningCode: 'zoning_code_id',
  active_date: 'active_date',
} as const satisfies Readonly<Record<string, keyof PropertyTable>>;

type Stored = Selectable<PropertyTable>;
/**
 * Where the record's type is narrower than its column's: text columns that a CHECK constraint holds to
 * the contract's choices, and period_can_extend, read as Yes/No.
 */
type Narrowed = Pick<
  PropertyRecord,
  'domain' | 'furnishing' | 'select_floor_level' | 'rental_pricing_unit' | 'period_can_extend'
>;
type Names = Readonly<Record<string, keyof Stored>>;
/** The columns of `names` under their wire names, each of its column's type (or the Narrowed one). */
type WireColumn<N extends Names> = {
  [W in keyof N & string]: AliasedRawBuilder<W extends keyof Narrowed ? Narrowed[W] : Stored[N[W]], W>;
}[keyof N & string];
const wireColumns = <N extends Names>(names: N, read: (column: N[keyof N]) => RawBuilder<unknown>) =>
  Object.entries(names).map(([wire, column]) => read(column as N[keyof N]).as(wire)) as WireColumn<N>[];

const DATE_COLUMNS = new Set<string>(['date_rental_started', 'current_rental_expires', 'active_date']);
const readField = (column: string) =>
  DATE_COLUMNS.has(column)
    ? sql`to_char(${sql.ref(`p.${column}`)}, 'YYYY-MM-DD')`
    : column === 'period_can_extend'
      ? sql`CASE p.period_can_extend WHEN true THEN 'Yes' WHEN false THEN 'No' END`
      : sql`${sql.ref(`p.${column}`)}`;
const stamp = <C extends keyof Stored & `date_${string}`>(column: C) =>
  sql<Stored[C]>`${sql.ref(`p.${column}`)}`.as(column);

/**
 * The stored record under the wire names, with the read-only dates and names (spec 1 §3: every field
 * the form sends and reads): GetPropertyById's record and every `allproperty` row. The contract's
 * propertyRecord declares its fields in this order.
 */
export const recordColumns = () => [
  sql<number>`p.property_id`.as('id'),
  sql<number>`p.user_id`.as('user_id'),
  sql<number | null>`p.user_type`.as('user_type'),
  sql<number | null>`p.created_by`.as('created_by'),
  sql<number | null>`p.agency_id`.as('agency_id'),
  ...wireColumns(PROPERTY_ADDRESS, (column) => sql`${sql.ref(`p.${column}`)}`),
  ...wireColumns(PROPERTY_FIELDS, readField),
  stamp('date_first_added'),
  stamp('date_last_modified'),
  stamp('date_last_status_change'),
  stamp('date_sold'),
  stamp('date_suspended'),
  stamp('date_modified_operator'),
  // The old record's name for the active date: the form reads it, and sends it back as active_date.
  sql<string | null>`to_char(p.active_date, 'YYYY-MM-DD')`.as('active_property_date_limit'),
  sql<string | null>`(SELECT ${fullNameOf('o')} FROM users o WHERE o.user_id = p.operator_id)`.as(
    'operator_name',
  ),
  sql<string>`(SELECT ${fullNameOf('u')} FROM users u WHERE u.user_id = p.user_id)`.as('owner_name'),
];
