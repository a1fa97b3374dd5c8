import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, rentalExpiryLimit, updatePropertyRequest } from '@app/contract';
import {
  associationPayload,
  brokerPayload,
  place,
  propertyIdOf,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';
import { checkingAnswers } from './property-fixtures.ts';

/**
 * The old admin client fills the Edit Property form from the `allproperty` row, not by id, and posts
 * that row back to `updateproperty` with the form's values (legacy-api.md, "Edit screens are filled
 * from list rows"). So the row carries every field of the spec's Property lists (spec 1 §3).
 */
// Each answer of a listing call is its declared answer, strictly and in order (decision 36).
const env = checkingAnswers(useTestApp());
const HOUSE = 2; // property type 'House' (a dwelling)

/** Spec 1 §3, Property, "Also read": what the form shows beside what it sends. */
const ALSO_READ = [
  'rental_pricing_unit',
  'date_sold',
  'date_first_added',
  'date_last_modified',
  'date_last_status_change',
  'date_suspended',
  'operator_name',
  'date_modified_operator',
  'active_property_date_limit',
];
/** What the form sends (the contract's updateproperty request: the "as sent" and "update only" lists) and reads. */
const FORM_FIELDS = [...Object.keys(updatePropertyRequest.shape), ...ALSO_READ];

let p: Place;
let id: number;

/** The first id of a table. */
const idOf = async (table: string, column: string) =>
  Number(
    (
      await sql<{ id: number }>`SELECT min(${sql.ref(column)}) AS id FROM ${sql.table(table)}`.execute(
        env.t.db,
      )
    ).rows[0]!.id,
  );

/** The listing's row of `allproperty`, found by its name as the old client's search box would. */
const listRow = async (name: string) => {
  const res = await env.get(`/api/allproperty?searchText=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().resultData.data as Record<string, unknown>[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

/** The stored listing, but for who saved it last and when. */
const stored = async () =>
  (
    await sql<{
      row: Record<string, unknown>;
    }>`SELECT to_jsonb(p) - 'date_last_modified' - 'updated_at' - 'updated_by' AS row FROM properties p WHERE property_id = ${id}`.execute(
      env.t.db,
    )
  ).rows[0]!.row;

const historyCount = async () =>
  Number(
    (
      await env.t.db
        .selectFrom('property_history')
        .select(sql<string>`count(*)`.as('n'))
        .where('property_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  p = await place(env.t, 'Wire');
  expect((await env.post('savebrokerassociation', associationPayload(p, 'Wire Assoc'))).statusCode).toBe(200);
  const association = await idOf('broker_associations', 'broker_association_id');
  expect((await env.post('savebroker', brokerPayload(p, 'Wire Broker', [association]))).statusCode).toBe(200);
  const agents = await Promise.all([1, 2, 3].map(() => env.t.signedIn(ROLE.Agent)));
  const seller = await env.t.db
    .insertInto('sellers')
    .values({
      seller_name: 'Wire Seller',
      phone_1: '09171234567',
      property_owner_name: null,
      phone_2: null,
      email_address: null,
      agency_id: null,
      notes_about_seller: null,
      created_by: null,
      updated_by: null,
    })
    .returning('seller_id')
    .executeTakeFirstOrThrow();

  // A listing with every part of the form filled: a house for sale that is also let.
  const name = 'Wire Fidelity House';
  const form = {
    ...propertyForm(p, name),
    property_type_id: HOUSE,
    seller_id: seller.seller_id,
    associatedBroker: await idOf('brokers', 'broker_id'),
    domain: 'Agency',
    agent_id: agents[0]!.userId,
    secondary_agent_id: agents[1]!.userId,
    third_agent_id: agents[2]!.userId,
    isFeatured: 'Yes',
    price_asked: '1200000',
    building_area: '120.5',
    unit_no: '2B',
    house_lot_no: 'Lot 7',
    property_building_name: 'Wire Tower',
    longitude: '123.8854',
    latitude: '10.3157',
    no_bedrooms: 3,
    no_toilets: 2,
    car_spaces_uncovered_property: 1,
    garage_spaces_covered_property: 1,
    furnishing: 'Semi Furnished',
    select_floor_level: 'Ground',
    rental_price_asked: '25000',
    rental_pricing_unit: 'Week',
    minimum_rental_period_rent: '3',
    car_spaces_rent: 'Month',
    date_of_month_rent_due: 5,
    period_can_extend: 'Yes',
    date_rental_started: '2026-01-15',
    current_rental_expires: rentalExpiryLimit(),
    rental_switch_on: 1,
    sale_switch_on: 1,
    minimum_rental_period_sale: await idOf('product_modes', 'product_mode_id'),
    garage: 'Yes',
    cooling: 'Split type',
    heatingtype: 'None',
    elevator: 'Yes',
    freewifi: 'Yes',
    exteriour: 'Brick',
    kitchen: 'Island',
    fireplace: 'Yes',
    swimming_pool: 'Yes',
    year: 2020,
  };
  const saved = await env.post('saveproperty', form);
  expect(saved.statusCode, saved.body).toBe(200);
  id = await propertyIdOf(env.t, name);
  // Sold, with the update-only fields, then edited by an Operator: every date and name is set.
  const sold = await env.post('updateproperty', {
    ...form,
    id,
    status: 'Sold',
    priceRented: '24000',
    priceSoldFor: '1150000',
    zonalValue: '900000',
    zonningCode: await idOf('zoning_codes', 'zonning_code_id'),
    active_date: '2026-02-01',
  });
  expect(sold.statusCode, sold.body).toBe(200);
  const operator = await env.t.signedIn(ROLE.Operator);
  const edited = await env.post(
    'updateproperty',
    { ...(await listRow(name)), ...form, id, status: 'Sold', property_headline: 'Edited by the operator' },
    operator.token,
  );
  expect(edited.statusCode, edited.body).toBe(200);
});

describe('allproperty rows fill the old Edit Property form', () => {
  it('carries every field the form sends and reads, under its wire names, beside the card', async () => {
    const row = await listRow('Wire Fidelity House');
    const missing = FORM_FIELDS.filter((field) => !(field in row));
    expect(missing).toEqual([]);
    expect(row).toMatchObject({
      id,
      status: 'Sold',
      price_per_sq_m: expect.anything(),
      date_sold: expect.any(String),
      active_property_date_limit: '2026-02-01',
      active_date: '2026-02-01',
      operator_name: expect.any(String),
      date_modified_operator: expect.any(String),
      // The card the new web app shows.
      slug: `wire-fidelity-house-${id}`,
      agent_name: expect.any(String),
      agent_phone_1: null,
      image: null,
      price: expect.anything(),
    });
    // Nothing in the row is undefined in the JSON: every field the form reads is set or null.
    expect(FORM_FIELDS.filter((field) => row[field] === undefined)).toEqual([]);
  });

  it('carries the record GetPropertyById answers, field for field', async () => {
    const row = await listRow('Wire Fidelity House');
    const res = await env.get(`/api/GetPropertyById?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { history, ...record } = res.json().resultData[0];
    expect(history.length).toBeGreaterThan(0);
    const card = [
      ...['price', 'slug', 'agent_name', 'agent_phone_1', 'agent_phone_2', 'image'],
      // Issue 21, item 5: the names the card shows.
      ...['town_name', 'province_name', 'product_category_name', 'property_type'],
    ];
    expect(
      Object.keys(row)
        .filter((k) => !card.includes(k))
        .sort(),
    ).toEqual(Object.keys(record).sort());
    // Every field of the record holds in the row what GetPropertyById answers.
    expect(Object.fromEntries(Object.keys(record).map((k) => [k, row[k]]))).toEqual(record);
  });

  it('takes its row back unchanged, as the old client posts it: 200 and no change', async () => {
    const before = await stored();
    const historyBefore = await historyCount();
    const row = await listRow('Wire Fidelity House');
    const res = await env.post('updateproperty', row);
    expect(res.statusCode, res.body).toBe(200);
    expect(await historyCount()).toBe(historyBefore);
    expect(await stored()).toEqual(before);
  });
});
