import { describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORY, propertyFields, propertyUpdateFields } from '@app/contract';
import {
  propertyFormValues,
  propertyRequest,
  type PropertyRecord,
  type PropertyValues,
} from '../src/features/properties/form/form-values.ts';

const TODAY = '2026-03-15';

/** A house for sale, as GetPropertyById answers it. */
const house: PropertyRecord = {
  id: 42,
  user_id: 7,
  user_type: 2,
  created_by: 7,
  agency_id: 3,
  unit_no: null,
  house_lot_no: 'Lot 5',
  street_name: 'Mabini Street',
  property_building_name: null,
  province_id: 1,
  town_id: 2,
  barangay_id: 3,
  subdivison_id: null,
  zipcode: '4026',
  seller_id: 11,
  associatedBroker: null,
  domain: 'Agency',
  agent_id: 7,
  secondary_agent_id: null,
  third_agent_id: null,
  isFeatured: true,
  property_name: 'Sunny House',
  property_headline: 'Three bedrooms near the park',
  property_description: 'A bright house.',
  property_classification_id: 1,
  product_category_id: PRODUCT_CATEGORY.ForSale,
  property_type_id: 4,
  agri_type: null,
  price_asked: null,
  land_area: '200.00',
  building_area: '150.50',
  longitude: '121.0437000',
  latitude: '14.6760000',
  no_bedrooms: 3,
  no_toilets: 0,
  car_spaces_uncovered_property: null,
  garage_spaces_covered_property: 1,
  furnishing: 'Semi Furnished',
  select_floor_level: 'Ground',
  rental_price_asked: null,
  rental_pricing_unit: null,
  minimum_rental_period_rent: null,
  car_spaces_rent: null,
  date_of_month_rent_due: null,
  period_can_extend: null,
  date_rental_started: null,
  current_rental_expires: null,
  rental_switch_on: false,
  sale_price: '6000000.00',
  price_per_sq_m: '30000.00',
  sale_switch_on: true,
  minimum_rental_period_sale: 2,
  garage: true,
  cooling: 'Split-type Aircon',
  heatingtype: null,
  elevator: false,
  freewifi: true,
  exteriour: 'Concrete',
  kitchen: null,
  fireplace: false,
  swimming_pool: false,
  year: 2019,
  status: 'Open',
  suspendedReason: null,
  priceRented: null,
  priceSoldFor: null,
  zonalValue: '12000.00',
  zonningCode: 5,
  active_date: '2026-01-31',
  date_first_added: '2026-01-31T02:00:00.000Z',
  date_last_modified: '2026-02-01T02:00:00.000Z',
  date_last_status_change: '2026-01-31T02:00:00.000Z',
  date_sold: null,
  date_suspended: null,
  date_modified_operator: null,
  active_property_date_limit: '2026-01-31',
  operator_name: null,
  owner_name: 'Ana Cruz',
  history: [],
};

/** What the form sends: the request schema parses the values (the resolver), then the body is built. */
function submit(values: PropertyValues, context: Parameters<typeof propertyRequest>[1]) {
  const schema = context.editing ? propertyUpdateFields : propertyFields;
  return propertyRequest(schema.parse(values), context);
}

const EDIT = { editing: true, dwelling: true, individual: false };
const NEW = { editing: false, dwelling: false, individual: false };

describe('propertyFormValues', () => {
  it('holds text as text, ids and counts as numbers, flags as booleans', () => {
    const values = propertyFormValues(house, TODAY);
    expect(values).toMatchObject({
      id: 42,
      property_name: 'Sunny House',
      land_area: '200.00',
      year: '2019',
      unit_no: '',
      heatingtype: '',
      seller_id: 11,
      associatedBroker: null,
      subdivison_id: null,
      no_bedrooms: 3,
      no_toilets: 0,
      car_spaces_uncovered_property: null,
      isFeatured: 'Yes',
      garage: true,
      elevator: false,
      sale_switch_on: true,
      rental_switch_on: false,
      status: 'Open',
      active_date: '2026-01-31',
      zonningCode: 5,
    });
  });

  it('shows amounts with their thousands separators, as the field does once left; blank stays blank', () => {
    const values = propertyFormValues({ ...house, rental_price_asked: null }, TODAY);
    expect(values).toMatchObject({ sale_price: '6,000,000.00', land_area: '200.00', rental_price_asked: '' });
  });

  it('computes the price per SqM from the sale price and the land area', () => {
    expect(propertyFormValues(house, TODAY).price_per_sq_m).toBe(30000);
    expect(propertyFormValues({ ...house, land_area: '0' }, TODAY).price_per_sq_m).toBe(0);
    expect(propertyFormValues({ ...house, sale_price: '1000', land_area: '3' }, TODAY).price_per_sq_m).toBe(
      333.33,
    );
  });

  it('starts a new listing blank with the defaults: Open, active today, not featured, rent per month', () => {
    const values = propertyFormValues(null, TODAY);
    expect(values).toMatchObject({
      property_name: '',
      seller_id: null,
      no_bedrooms: null,
      garage: false,
      sale_switch_on: false,
      status: 'Open',
      active_date: TODAY,
      year: '2026',
      isFeatured: 'No',
      rental_pricing_unit: 'Month',
      minimum_rental_period_rent: '6',
      car_spaces_rent: '12',
      price_per_sq_m: 0,
    });
    expect(values).not.toHaveProperty('id');
  });
});

describe('propertyRequest', () => {
  it('sends back what it read (round trip), amounts as numbers and flags as the wire spells them', () => {
    const body = submit(propertyFormValues(house, TODAY), EDIT);
    expect(body).toMatchObject({
      id: 42,
      property_name: 'Sunny House',
      land_area: 200,
      building_area: 150.5,
      longitude: 121.0437,
      year: 2019,
      seller_id: 11,
      zipcode: '4026',
      no_bedrooms: 3,
      no_toilets: 0,
      furnishing: 'Semi Furnished',
      sale_price: 6000000,
      minimum_rental_period_sale: 2,
      sale_switch_on: 1,
      isFeatured: 1,
      garage: 'Yes',
      elevator: 'No',
      freewifi: 'Yes',
      status: 'Open',
      zonalValue: 12000,
      zonningCode: 5,
      active_date: '2026-01-31',
    });
    expect(body).not.toHaveProperty('price_per_sq_m');
  });

  it('clears what hidden panels hold: rent on a sale, the dwelling of a non-dwelling type', () => {
    const values = { ...propertyFormValues(house, TODAY), rental_price_asked: '500', rental_switch_on: true };
    const body = submit(values, { ...EDIT, dwelling: false });
    expect(body).toMatchObject({
      rental_price_asked: null,
      rental_pricing_unit: null,
      date_rental_started: null,
      rental_switch_on: 0,
      no_bedrooms: null,
      no_toilets: null,
      garage_spaces_covered_property: null,
      furnishing: null,
      sale_price: 6000000,
      sale_switch_on: 1,
      agri_type: null,
      suspendedReason: null,
    });
  });

  it('clears the sale on a rental and keeps the rent', () => {
    const values: PropertyValues = {
      ...propertyFormValues(house, TODAY),
      product_category_id: PRODUCT_CATEGORY.ForRent,
      rental_price_asked: '25000',
      rental_switch_on: true,
      date_of_month_rent_due: 5,
      date_rental_started: '2026-02-01',
    };
    const body = submit(values, EDIT);
    expect(body).toMatchObject({
      rental_price_asked: 25000,
      rental_switch_on: 1,
      date_of_month_rent_due: 5,
      date_rental_started: '2026-02-01',
      sale_price: null,
      minimum_rental_period_sale: null,
      sale_switch_on: 0,
    });
  });

  it('keeps the suspended reason only while Suspended', () => {
    const values = { ...propertyFormValues(house, TODAY), status: 'Suspended', suspendedReason: 'Moving' };
    expect(submit(values, EDIT).suspendedReason).toBe('Moving');
    expect(submit({ ...values, status: 'Open' }, EDIT).suspendedReason).toBeNull();
  });

  it('leaves the Status panel out of a new listing, and the seller out for an Individual', () => {
    const values: PropertyValues = {
      ...propertyFormValues(null, TODAY),
      property_name: 'Lot',
      property_headline: 'A lot',
      property_description: 'Flat land',
      property_classification_id: 1,
      product_category_id: PRODUCT_CATEGORY.ForSale,
      property_type_id: 4,
      land_area: '100',
      sale_price: '1000000',
      street_name: 'Rizal Street',
      province_id: 1,
      town_id: 2,
      barangay_id: 3,
      seller_id: 11,
    };
    const body = submit(values, NEW);
    for (const name of ['status', 'suspendedReason', 'priceRented', 'zonalValue', 'active_date', 'id']) {
      expect(body).not.toHaveProperty(name);
    }
    expect(body).toMatchObject({ seller_id: 11, isFeatured: 0, year: 2026, garage: 'No', sale_switch_on: 0 });
    expect(submit(values, { ...NEW, individual: true })).not.toHaveProperty('seller_id');
  });
});
