import {
  FEATURE_CHECKED,
  pricePerSqM,
  propertyDefaults,
  propertyPanels,
  type AnswerOf,
  type propertyApi,
} from '@app/contract';
import type { AddressNames } from '../../../components/AddressBlock.tsx';
import { groupThousands } from '../../../lib/number-input.ts';
import { formValues, requestOf, type FieldKinds } from '../../../components/entity-values.ts';

/**
 * The property form's values and the wire (decision 36): a GetPropertyById record becomes the form's
 * values, and the values the request schema has parsed become the saveproperty / updateproperty body.
 * Every field is declared once below, with the panel it sits on and how it is held.
 */

/** The form's values by wire name (the request schema parses them). */
export type PropertyValues = Record<string, unknown>;

/** A property as GetPropertyById declares it: the record and its modification history. */
export type PropertyRecord = AnswerOf<typeof propertyApi.GetPropertyById>['resultData'][number];

/** The form's panels; a hidden panel's fields are not part of the property. */
type Panel = 'basic' | 'status' | 'address' | 'dwelling' | 'rent' | 'sale' | 'features';

/**
 * How a field is held: text ('' when blank), an amount (text shown with thousands separators), an id
 * or a number from a select (null when none), a switch (true/false, sent 1/0), a feature tick (sent
 * 'Yes'/'No'), or Yes/No text (sent 1/0).
 */
type Kind = 'text' | 'amount' | 'id' | 'number' | 'switch' | 'feature' | 'yesNo';

const FIELDS = {
  seller_id: ['basic', 'id'],
  associatedBroker: ['basic', 'id'],
  agent_id: ['basic', 'id'],
  secondary_agent_id: ['basic', 'id'],
  third_agent_id: ['basic', 'id'],
  property_name: ['basic', 'text'],
  property_headline: ['basic', 'text'],
  property_description: ['basic', 'text'],
  property_classification_id: ['basic', 'id'],
  product_category_id: ['basic', 'id'],
  property_type_id: ['basic', 'id'],
  agri_type: ['basic', 'id'],
  isFeatured: ['basic', 'yesNo'],
  domain: ['basic', 'text'],
  land_area: ['basic', 'amount'],
  building_area: ['basic', 'amount'],
  year: ['basic', 'text'],
  status: ['status', 'text'],
  suspendedReason: ['status', 'text'],
  priceRented: ['status', 'amount'],
  priceSoldFor: ['status', 'amount'],
  zonalValue: ['status', 'amount'],
  zonningCode: ['status', 'id'],
  active_date: ['status', 'text'],
  province_id: ['address', 'id'],
  town_id: ['address', 'id'],
  barangay_id: ['address', 'id'],
  subdivison_id: ['address', 'id'],
  zipcode: ['address', 'text'],
  street_name: ['address', 'text'],
  house_lot_no: ['address', 'text'],
  unit_no: ['address', 'text'],
  property_building_name: ['address', 'text'],
  no_bedrooms: ['dwelling', 'number'],
  no_toilets: ['dwelling', 'number'],
  car_spaces_uncovered_property: ['dwelling', 'number'],
  garage_spaces_covered_property: ['dwelling', 'number'],
  furnishing: ['dwelling', 'text'],
  rental_price_asked: ['rent', 'amount'],
  rental_pricing_unit: ['rent', 'text'],
  minimum_rental_period_rent: ['rent', 'text'],
  car_spaces_rent: ['rent', 'text'],
  date_of_month_rent_due: ['rent', 'number'],
  period_can_extend: ['rent', 'text'],
  current_rental_expires: ['rent', 'text'],
  date_rental_started: ['rent', 'text'],
  rental_switch_on: ['rent', 'switch'],
  sale_price: ['sale', 'amount'],
  minimum_rental_period_sale: ['sale', 'id'],
  sale_switch_on: ['sale', 'switch'],
  select_floor_level: ['features', 'text'],
  heatingtype: ['features', 'text'],
  exteriour: ['features', 'text'],
  kitchen: ['features', 'text'],
  cooling: ['features', 'text'],
  longitude: ['features', 'text'],
  latitude: ['features', 'text'],
  garage: ['features', 'feature'],
  elevator: ['features', 'feature'],
  freewifi: ['features', 'feature'],
  fireplace: ['features', 'feature'],
  swimming_pool: ['features', 'feature'],
} as const satisfies Record<string, readonly [Panel, Kind]>;

type FieldName = keyof typeof FIELDS;
const NAMES = Object.keys(FIELDS) as FieldName[];
const namesWhere = (test: (panel: Panel, kind: Kind) => boolean) =>
  NAMES.filter((name) => test(FIELDS[name][0], FIELDS[name][1]));
const ofKind = (kind: Kind) => namesWhere((_, k) => k === kind);
const onPanel = (panel: Panel) => namesWhere((p) => p === panel);

type FeatureName = { [N in FieldName]: (typeof FIELDS)[N][1] extends 'feature' ? N : never }[FieldName];
/** The feature ticks, in the order the Detail & Features panel shows them. */
export const FEATURE_NAMES = ofKind('feature') as readonly FeatureName[];

/** The property's address under its wire names (spec 1 §3 spells `subdivison_id`). */
export const PROPERTY_ADDRESS: AddressNames<PropertyValues> = {
  province: 'province_id',
  town: 'town_id',
  barangay: 'barangay_id',
  subdivision: 'subdivison_id',
  zip: 'zipcode',
  street: 'street_name',
  house: 'house_lot_no',
  unit: 'unit_no',
  building: 'property_building_name',
};

const KINDS: FieldKinds = { text: [...ofKind('text'), ...ofKind('amount')], ids: ofKind('id'), lists: [] };

/** The form's values of a property, or of a new listing (`record` null) as of `today` (YYYY-MM-DD). */
export function propertyFormValues(record: PropertyRecord | null, today?: string): PropertyValues {
  const values = formValues(KINDS, record);
  if (!record) {
    const d = propertyDefaults(today);
    Object.assign(values, { ...d, year: String(d.year) });
  } else {
    values.id = record.id;
    values.isFeatured = record.isFeatured ? 'Yes' : 'No';
  }
  // As the field shows an amount once the user leaves it (the request schema reads the separators).
  for (const name of ofKind('amount')) values[name] = groupThousands(String(values[name]));
  for (const name of ofKind('number')) values[name] = record?.[name] ?? null;
  for (const name of [...ofKind('feature'), ...ofKind('switch')]) values[name] = record?.[name] ?? false;
  values.price_per_sq_m = record ? pricePerSqM(record.sale_price, record.land_area) : 0;
  return values;
}

/** What the body depends on beyond the values. */
export interface RequestContext {
  /** An update (the Status panel is sent) rather than a new listing (it starts Open on the server). */
  editing: boolean;
  /** The chosen property type is a dwelling type. */
  dwelling: boolean;
  /** The user is an Individual: the listing is their own, without a seller. */
  individual: boolean;
}

/** The saveproperty / updateproperty body of the form's parsed values. */
export function propertyRequest(parsed: PropertyValues, context: RequestContext): Record<string, unknown> {
  const body = requestOf(parsed);
  const shown = propertyPanels(body as Parameters<typeof propertyPanels>[0], context.dwelling);
  // What a hidden panel holds is not part of this property.
  const clear = (names: readonly string[]) => names.forEach((n) => (body[n] = null));
  if (!shown.dwelling) clear(onPanel('dwelling'));
  if (!shown.rent) clear(onPanel('rent'));
  if (!shown.sale) clear(onPanel('sale'));
  if (!shown.agriType) clear(['agri_type']);
  if (context.editing && !shown.suspendedReason) clear(['suspendedReason']);
  if (!context.editing) onPanel('status').forEach((n) => delete body[n]);
  if (context.individual) delete body.seller_id;
  delete body.price_per_sq_m;
  for (const name of ofKind('yesNo')) body[name] = body[name] ? 1 : 0;
  for (const name of ofKind('switch')) body[name] = body[name] ? 1 : 0;
  for (const name of ofKind('feature')) body[name] = body[name] ? FEATURE_CHECKED : 'No';
  return body;
}
