import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE, pricePerSqM, rentalExpiryLimit } from '@app/contract';
import {
  agencyPayload,
  associationPayload,
  brokerPayload,
  errorsOf,
  expectRequired,
  place,
  propertyIdOf,
  setAgency,
  setOpenLimit,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { checkingAnswers } from './property-fixtures.ts';
import { duringChange, lockHolder } from './helpers.ts';

// Every answer of a listing call read here is checked against its declaration (decision 36).
const env = checkingAnswers(useTestApp());
const HOUSE = 2; // property type 'House' (a dwelling)
const LAND = 1; // property type 'Land' (not a dwelling)

let p: Place;
let agencyA: number;
let agencyB: number;
let brokerId: number;

const propertyForm = (overrides: Record<string, unknown> = {}) => ({
  property_name: 'Bungalow in Lahug',
  property_headline: 'Quiet street, near IT Park',
  property_description: 'A three-bedroom bungalow with a garden.',
  property_classification_id: 4,
  product_category_id: 3,
  property_type_id: LAND,
  land_area: '250',
  building_area: '120.5',
  sale_price: '1000000',
  street_name: 'Gorordo Avenue',
  province_id: p.province_id,
  town_id: p.town_id,
  barangay_id: p.barangay_id,
  subdivison_id: p.subdivision_id,
  zipcode: '6000',
  isFeatured: 'Yes',
  ...overrides,
});

const idOfName = (name: string) => propertyIdOf(env.t, name);

const row = (id: number) =>
  env.t.db.selectFrom('properties').selectAll().where('property_id', '=', id).executeTakeFirstOrThrow();

/** Saves a property as `token` and answers its id. */
async function create(name: string, overrides: Record<string, unknown> = {}, token?: string) {
  const res = await env.post('saveproperty', propertyForm({ property_name: name, ...overrides }), token);
  expect(res.statusCode, res.body).toBe(200);
  return idOfName(name);
}

const record = async (id: number, token?: string) =>
  (await env.get(`/api/GetPropertyById?id=${id}`, token)).json().resultData[0];

const update = (id: number, changes: Record<string, unknown>, token?: string) =>
  record(id, token).then((r) => env.post('updateproperty', { ...r, ...changes }, token));

/** A seller row straight in the database. */
const insertSeller = async (name: string, agencyId: number | null) =>
  (
    await env.t.db
      .insertInto('sellers')
      .values({
        seller_name: name,
        phone_1: '0917',
        property_owner_name: null,
        phone_2: null,
        email_address: null,
        agency_id: agencyId,
        notes_about_seller: null,
        created_by: null,
        updated_by: null,
      })
      .returning('seller_id')
      .executeTakeFirstOrThrow()
  ).seller_id;

async function agency(name: string) {
  const res = await env.post('saveagency', agencyPayload(p, name));
  expect(res.statusCode, res.body).toBe(200);
  return (
    await env.t.db
      .selectFrom('agencies')
      .select('agency_id')
      .where('agency_name', '=', name)
      .executeTakeFirstOrThrow()
  ).agency_id;
}

async function agent(agencyId: number | null, role: number = ROLE.Agent) {
  const signed = await env.t.signedIn(role);
  await setAgency(env, signed.userId, agencyId);
  return signed;
}

beforeAll(async () => {
  p = await place(env.t, 'Cebu');
  await setOpenLimit(env.t, [env.admin.userId], 999);
  agencyA = await agency('Agency A');
  agencyB = await agency('Agency B');
  expect((await env.post('savebrokerassociation', associationPayload(p, 'Assoc One'))).statusCode).toBe(200);
  const assoc = await env.t.db
    .selectFrom('broker_associations')
    .select('broker_association_id')
    .executeTakeFirstOrThrow();
  expect(
    (await env.post('savebroker', brokerPayload(p, 'Broker One', [assoc.broker_association_id]))).statusCode,
  ).toBe(200);
  brokerId = (await env.t.db.selectFrom('brokers').select('broker_id').executeTakeFirstOrThrow()).broker_id;
});

describe('saves at the same time as others', () => {
  // Another transaction that refers to the owner (a notification for them, a listing naming them as
  // agent) holds a key-share lock on their user row until it commits. The save's lock that serialises
  // the owner's saves must not wait for it: two such saves, each referring to the other's owner,
  // deadlocked under load.
  it('does not wait for a transaction that refers to the owner', async () => {
    await env.t.db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM users WHERE user_id = ${env.admin.userId} FOR KEY SHARE`.execute(trx);
      const save = env.post('saveproperty', propertyForm({ property_name: 'Saved beside a reference' }));
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3000));
      const res = await Promise.race([save, waited]);
      expect(res === 'waited' ? res : res.statusCode).toBe(200);
    });
  });
});

describe('saveproperty rules', () => {
  it('requires the fields of spec 1 §5', async () => {
    await expectRequired(env, 'saveproperty', propertyForm(), [
      'property_name',
      'property_headline',
      'property_description',
      'property_classification_id',
      'product_category_id',
      'property_type_id',
      'land_area',
      'street_name',
      'province_id',
      'town_id',
      'barangay_id',
    ]);
  });

  it('takes amounts with at most 2 decimals and a 4-digit zip', async () => {
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { land_area: '10.123' })).toEqual({
      land_area: 'Please provide Value upto 2 Decimal',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { building_area: 'abc' })).toEqual({
      building_area: 'Enter a number',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { sale_price: '-5' })).toEqual({
      sale_price: 'Enter a number of 0 or more',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { sale_price: '12,5' })).toEqual({
      sale_price: 'Enter a number',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { zipcode: '600' })).toEqual({
      zipcode: 'Zip Code must be of 4 digits',
    });
  });

  it('applies the conditional rules: dwelling, rent, sale, agricultural type', async () => {
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { property_type_id: HOUSE })).toEqual({
      no_bedrooms: 'Field is required',
      no_toilets: 'Field is required',
    });
    expect(
      await errorsOf(env, 'saveproperty', propertyForm(), { product_category_id: 1, sale_price: '' }),
    ).toEqual({ rental_price_asked: 'Field is required' });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { sale_price: '' })).toEqual({
      sale_price: 'Field is required',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { property_classification_id: 3 })).toEqual({
      agri_type: 'Field is required',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { no_bedrooms: 10 })).toEqual({
      no_bedrooms: 'Choose 0-9 or 99',
    });
  });

  it('limits the rental expiry to the 10th of the month 12 months ahead', async () => {
    const limit = rentalExpiryLimit();
    const late = `${Number(limit.slice(0, 4)) + 1}-01-01`;
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { current_rental_expires: late })).toEqual({
      current_rental_expires: `The rental cannot expire after ${limit.slice(8)}/${limit.slice(5, 7)}/${limit.slice(0, 4)}`,
    });
  });

  it('refuses places that do not agree and unknown masters', async () => {
    const other = await place(env.t, 'Davao');
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { town_id: other.town_id })).toEqual({
      town_id: 'The town is not in the chosen province',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { property_type_id: 999 })).toEqual({
      property_type_id: 'Unknown property type',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { agent_id: env.admin.userId })).toEqual({
      agent_id: 'Unknown agent',
    });
  });

  it('names the first refusal only: the type, then the rules, then the chosen records in form order', async () => {
    const wrong = {
      property_classification_id: 999,
      third_agent_id: env.admin.userId,
      seller_id: 999_999,
      barangay_id: 999_999,
    };
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { ...wrong, property_type_id: 999 })).toEqual({
      property_type_id: 'Unknown property type',
    });
    const noName = await errorsOf(env, 'saveproperty', propertyForm(), { ...wrong, property_name: '' });
    expect(Object.keys(noName)).toEqual(['property_name']);
    expect(await errorsOf(env, 'saveproperty', propertyForm(), wrong)).toEqual({
      property_classification_id: 'Unknown classification',
    });
    const { property_classification_id: _, ...agentFirst } = wrong;
    expect(await errorsOf(env, 'saveproperty', propertyForm(), agentFirst)).toEqual({
      third_agent_id: 'Unknown agent',
    });
    expect(
      await errorsOf(env, 'saveproperty', propertyForm(), { seller_id: 999_999, barangay_id: 999_999 }),
    ).toEqual({
      seller_id: 'Unknown seller',
    });
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { barangay_id: 999_999 })).toEqual({
      barangay_id: 'Unknown barangay',
    });
    expect(
      await errorsOf(env, 'saveproperty', propertyForm(), { minimum_rental_period_sale: 'No such mode' }),
    ).toEqual({
      minimum_rental_period_sale: 'Unknown product mode',
    });
  });
});

describe('saving', () => {
  it("reads an old client's amounts with thousands separators as the numbers they are (decision 41)", async () => {
    const id = await create('Grouped amounts', { sale_price: '12,500,000', land_area: '1,250.5' });
    const r = await row(id);
    expect(Number(r.sale_price_asked)).toBe(12_500_000);
    expect(Number(r.land_area)).toBe(1250.5);
    expect(Number(r.price_per_sq_m)).toBe(pricePerSqM(12_500_000, 1250.5));
    expect(Number(r.price_per_sq_m)).toBe(9996);
  });

  it('stores honest columns, computes the price per sqm, ignores a forged owner', async () => {
    const other = await env.t.createUser(ROLE.Agent);
    const id = await create('Forged', {
      user_id: other,
      created_by: other,
      sale_price: '1000000.5',
      land_area: '300',
      price_per_sq_m: '1',
      associatedBroker: brokerId,
      property_type_id: HOUSE,
      no_bedrooms: 0,
      no_toilets: 99,
    });
    const r = await row(id);
    expect(r.user_id).toBe(env.admin.userId);
    expect(r.created_by).toBe(env.admin.userId);
    expect(r.user_type).toBe(ROLE.SuperAdmin);
    expect(Number(r.price_per_sq_m)).toBe(pricePerSqM(1000000.5, 300));
    expect(Number(r.price_per_sq_m)).toBe(3333.34);
    expect(r.is_featured).toBe(true);
    expect(r.bedrooms).toBe(0);
    expect(r.toilets).toBe(99);
    expect(r.broker_id).toBe(brokerId);
    expect(r.status).toBe('Open');
    expect(r.rental_pricing_unit).toBe('Month');
    expect(r.minimum_rental_period).toBe('6');
    expect(r.maximum_rental_period).toBe('12');
    expect(r.year).toBe(new Date().getFullYear());
    const rec = await record(id);
    expect(rec).toMatchObject({
      id,
      subdivison_id: p.subdivision_id,
      zipcode: '6000',
      sale_price: '1000000.50',
      price_per_sq_m: '3333.34',
      isFeatured: true,
      no_bedrooms: 0,
    });
    expect(rec.active_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('price per sqm is 0 without land area', async () => {
    const id = await create('No land', { land_area: '0' });
    expect(Number((await row(id)).price_per_sq_m)).toBe(0);
  });

  it('keeps the chosen agents; an agent saving without one becomes the agent', async () => {
    const a1 = await agent(agencyA);
    const a2 = await env.t.createUser(ROLE.Agent);
    const a3 = await env.t.createUser(ROLE.OwnerAgent);
    const id = await create('Agents kept', { secondary_agent_id: a2, third_agent_id: a3 }, a1.token);
    const r = await row(id);
    expect([r.agent_id, r.secondary_agent_id, r.third_agent_id]).toEqual([a1.userId, a2, a3]);
    expect(r.agency_id).toBe(agencyA);
    const chosen = await create('Agent chosen', { agent_id: a2 }, a1.token);
    expect((await row(chosen)).agent_id).toBe(a2);
  });

  it("files a listing under its agent's agency, else its owner's; its history starts with its status", async () => {
    const ownerInA = await agent(agencyA);
    const agentInB = await agent(agencyB);
    const withoutAgency = await agent(null);
    const ofAgentInB = await create('Agent of B', { agent_id: agentInB.userId }, ownerInA.token);
    expect((await row(ofAgentInB)).agency_id).toBe(agencyB);
    const agentWithout = await create(
      'Agent without agency',
      { agent_id: withoutAgency.userId },
      ownerInA.token,
    );
    expect((await row(agentWithout)).agency_id).toBe(agencyA);
    const byAdmin = await create('Admin, no agent');
    expect((await row(byAdmin)).agency_id).toBeNull();
    // An edit files it again as its new agent has it, in the statement that writes the edit.
    expect((await update(agentWithout, { agent_id: agentInB.userId }, ownerInA.token)).statusCode).toBe(200);
    expect((await row(agentWithout)).agency_id).toBe(agencyB);
    expect((await update(agentWithout, { agent_id: withoutAgency.userId }, ownerInA.token)).statusCode).toBe(
      200,
    );
    expect((await row(agentWithout)).agency_id).toBe(agencyA);
    const moves = await env.t.db
      .selectFrom('property_history')
      .select(['old_value', 'new_value'])
      .where('property_id', '=', agentWithout)
      .where('field', '=', 'agency_id')
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      { old_value: String(agencyA), new_value: String(agencyB) },
      { old_value: String(agencyB), new_value: String(agencyA) },
    ]);
    const history = await env.t.db
      .selectFrom('property_history')
      .select(['field', 'old_value', 'new_value', 'changed_by'])
      .where('property_id', '=', ofAgentInB)
      .execute();
    expect(history).toEqual([
      { field: 'status', old_value: null, new_value: 'Open', changed_by: ownerInA.userId },
    ]);
  });

  it('lets an Operator save and update, stamping the operator', async () => {
    const op = await env.t.signedIn(ROLE.Operator);
    const id = await create('Operator listing', {}, op.token);
    const res = await update(id, { property_headline: 'Changed by operator' }, op.token);
    expect(res.statusCode, res.body).toBe(200);
    const r = await row(id);
    expect(r.operator_id).toBe(op.userId);
    expect(r.date_modified_operator).not.toBeNull();
    expect((await record(id, op.token)).operator_name).toMatch(/Test User/);
  });

  it('gives Individuals no seller', async () => {
    const ind = await env.t.signedIn(ROLE.Individual);
    const seller = { seller_id: await insertSeller('Some Seller', null) };
    const id = await create('Individual listing', { seller_id: seller.seller_id }, ind.token);
    expect((await row(id)).seller_id).toBeNull();
  });

  it('lets Agents choose only the sellers of their agency', async () => {
    const a = await agent(agencyA);
    const sellerOf = (agencyId: number, name: string) => insertSeller(name, agencyId);
    const own = await sellerOf(agencyA, 'Seller A');
    const foreign = await sellerOf(agencyB, 'Seller B');
    expect(await errorsOf(env, 'saveproperty', propertyForm(), { seller_id: foreign }, a.token)).toEqual({
      seller_id: 'Unknown seller',
    });
    const id = await create('Seller of A', { seller_id: own }, a.token);
    expect((await row(id)).seller_id).toBe(own);
  });

  it("lets an Agent's edit keep the seller of another agency an Admin gave the listing", async () => {
    const a = await agent(agencyA);
    const given = await insertSeller('Seller B given', agencyB);
    const other = await insertSeller('Seller B other', agencyB);
    const id = await create('Given a seller of B', { agent_id: a.userId, seller_id: given });
    const unchanged = await update(id, {}, a.token);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect((await row(id)).seller_id).toBe(given);
    // The form names the kept seller; another agency's seller on none of the Agent's listings stays unnamed.
    const named = await env.get(`/api/GetSellerWithoutPagination?ids=${given},${other}`, a.token);
    expect(named.json().resultData).toEqual([{ seller_id: given, seller_name: 'Seller B given' }]);
    const changed = await update(id, { seller_id: other }, a.token);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors).toEqual({ seller_id: 'Unknown seller' });
  });

  it("judges a kept seller on the listing as locked: an Admin's change of seller while an Agent saves", async () => {
    const a = await agent(agencyA);
    const given = await insertSeller('Seller B kept', agencyB);
    const changedTo = await insertSeller('Seller B changed to', agencyB);
    const id = await create('Seller changed meanwhile', { agent_id: a.userId, seller_id: given });
    const form = await record(id, a.token);
    const res = await duringChange(
      env.t,
      'UPDATE properties SET seller_id = $1 WHERE property_id = $2',
      [changedTo, id],
      'properties',
      () => env.post('updateproperty', form, a.token),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual({ seller_id: 'Unknown seller' });
    expect((await row(id)).seller_id).toBe(changedTo);
  });

  it('enforces the open property limit of the owner', async () => {
    const a = await agent(agencyA);
    await setOpenLimit(env.t, [a.userId], 2);
    const first = await create('Limit 1', {}, a.token);
    await create('Limit 2', {}, a.token);
    const res = await env.post('saveproperty', propertyForm({ property_name: 'Limit 3' }), a.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The open property limit of 2 is reached: sell or archive a listing first',
    );
    expect((await update(first, { status: 'Sold' }, a.token)).statusCode).toBe(200);
    await create('Limit 3', {}, a.token);
  });
});

describe('status dates and history', () => {
  it('stamps the status change only when the status changes and keeps the date sold', async () => {
    const id = await create('Dates');
    const first = await row(id);
    expect(first.date_first_added).not.toBeNull();
    await sql`UPDATE properties SET date_last_status_change = now() - interval '1 day',
      date_last_modified = now() - interval '1 day' WHERE property_id = ${id}`.execute(env.t.db);
    const before = await row(id);
    expect((await update(id, { property_headline: 'New headline' })).statusCode).toBe(200);
    const edited = await row(id);
    expect(edited.date_last_status_change).toEqual(before.date_last_status_change);
    expect(edited.date_last_modified.getTime()).toBeGreaterThan(before.date_last_modified.getTime());

    expect((await update(id, { status: 'Sold', priceSoldFor: '950000' })).statusCode).toBe(200);
    const sold = await row(id);
    expect(sold.date_sold).not.toBeNull();
    expect(sold.date_last_status_change.getTime()).toBeGreaterThan(before.date_last_status_change.getTime());
    expect(sold.sale_price).toBe('950000.00');

    expect((await update(id, { property_headline: 'After sale' })).statusCode).toBe(200);
    expect((await row(id)).date_sold).toEqual(sold.date_sold);
  });

  it('needs a reason to suspend and records date and reason', async () => {
    const id = await create('Suspend me');
    expect(await errorsOf(env, 'updateproperty', await record(id), { status: 'Suspended' })).toEqual({
      suspendedReason: 'Suspended reason is required',
    });
    expect((await update(id, { status: 'Suspended', suspendedReason: 'Duplicate' })).statusCode).toBe(200);
    const r = await row(id);
    expect(r.suspended_reason).toBe('Duplicate');
    expect(r.date_suspended).not.toBeNull();
  });

  it('writes every changed field with old, new, who and when', async () => {
    const id = await create('History');
    expect(
      (await update(id, { property_headline: 'H2', status: 'Pending', land_area: '300' })).statusCode,
    ).toBe(200);
    const rec = await record(id);
    const changes = Object.fromEntries(
      [...rec.history]
        .reverse()
        .map((h: { field: string; old_value: string; new_value: string }) => [
          h.field,
          [h.old_value, h.new_value],
        ]),
    );
    expect(changes).toMatchObject({
      property_headline: ['Quiet street, near IT Park', 'H2'],
      status: ['Open', 'Pending'],
      land_area: ['250', '300'],
      price_per_sq_m: ['4000', '3333.33'],
    });
    expect(rec.history[0]).toMatchObject({
      changed_by: env.admin.userId,
      changed_by_name: expect.any(String),
    });
    expect(Object.keys(changes)).not.toContain('date_last_modified');
    // The listing's words for searching follow its headline; they are not a change of their own.
    expect(Object.keys(changes)).not.toContain('search_document');
  });
});

describe('scope', () => {
  it('shows Agents their agency’s listings and those where they are an agent, 404 elsewhere', async () => {
    const a = await agent(agencyA);
    const b = await agent(agencyB);
    const helper = await agent(agencyB);
    const ofB = await create('Listing of B', {}, b.token);
    const withHelper = await create('B with helper', { secondary_agent_id: a.userId }, b.token);
    expect((await env.get(`/api/GetPropertyById?id=${ofB}`, a.token)).statusCode).toBe(404);
    expect((await update(ofB, { property_headline: 'x' })).statusCode).toBe(200);
    expect(
      (await env.post('updateproperty', { ...(await record(ofB)), property_headline: 'y' }, a.token))
        .statusCode,
    ).toBe(404);
    expect((await env.get(`/api/GetPropertyById?id=${withHelper}`, a.token)).statusCode).toBe(200);
    expect((await env.get(`/api/GetPropertyById?id=${ofB}`, helper.token)).statusCode).toBe(200);
    const names = (await env.get('/api/allproperty?itemsPerPage=50', a.token))
      .json()
      .resultData.data.map((r: { property_name: string }) => r.property_name);
    expect(names).toContain('B with helper');
    expect(names).not.toContain('Listing of B');
  });

  it('shows Individuals only their own listings', async () => {
    const ind = await env.t.signedIn(ROLE.Individual);
    const own = await create('Mine only', {}, ind.token);
    const res = (await env.get('/api/allproperty?itemsPerPage=50', ind.token)).json().resultData;
    expect(res.data.map((r: { id: number }) => r.id)).toEqual([own]);
    expect(res.total).toBe(1);
  });
});

describe('allproperty', () => {
  it('lists properties without agent or image, newest first, with slug and no placeholder counts', async () => {
    const id = await create('Plain Lot #1');
    const res = (await env.get('/api/allproperty?itemsPerPage=7')).json().resultData;
    expect(res.data[0]).toMatchObject({
      id,
      slug: `plain-lot-1-${id}`,
      status: 'Open',
      agent_name: null,
      image: null,
      product_category_id: 3,
    });
    expect(res.data[0]).not.toHaveProperty('likes');
  });

  it('searches, filters by category and sorts', async () => {
    await create('Rental Flat Searchable', {
      product_category_id: 1,
      rental_price_asked: '15000',
      sale_price: '',
    });
    const rent = (await env.get('/api/allproperty?product_category_id=1&itemsPerPage=50')).json().resultData;
    expect(rent.data.every((r: { product_category_id: number }) => r.product_category_id === 1)).toBe(true);
    expect(rent.total).toBeGreaterThan(0);
    const found = (await env.get('/api/allproperty?searchText=searchable')).json().resultData;
    expect(found.data.map((r: { property_name: string }) => r.property_name)).toEqual([
      'Rental Flat Searchable',
    ]);
    const byName = (await env.get('/api/allproperty?sortColumn=property_name&sortOrder=asc&itemsPerPage=50'))
      .json()
      .resultData.data.map((r: { property_name: string }) => r.property_name);
    const byPrice = (await env.get('/api/allproperty?sortColumn=price&sortOrder=desc&itemsPerPage=50')).json()
      .resultData.data;
    expect(byPrice.length).toBeGreaterThan(1);
    expect(byName).toEqual([...byName].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
    expect((await env.get('/api/allproperty?sortColumn=password')).statusCode).toBe(400);
  });

  it('pages beyond 200 rows', async () => {
    await sql`INSERT INTO properties (user_id, property_name, property_headline, property_description,
        property_classification_id, property_type_id, product_category_id, land_area, street_name,
        province_id, town_id, barangay_id)
      SELECT ${env.admin.userId}, 'Bulk ' || g, 'h', 'd', 4, 1, 3, 100, 'Street', ${p.province_id}, ${p.town_id},
        ${p.barangay_id} FROM generate_series(1, 230) g`.execute(env.t.db);
    const total = Number(
      (
        await env.t.db
          .selectFrom('properties')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const page = (await env.get('/api/allproperty?itemsPerPage=25&page=9')).json().resultData;
    expect(page.total).toBe(total);
    expect(total).toBeGreaterThan(230);
    expect(page.data).toHaveLength(25);
    expect(page.last_page).toBe(Math.ceil(total / 25));
  });
});

describe('deleteproperty', () => {
  it('deletes only Suspended properties', async () => {
    const id = await create('Delete me');
    const res = await env.post('deleteproperty', { property_id: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a Suspended property can be deleted');
    expect((await update(id, { status: 'Suspended', suspendedReason: 'Gone' })).statusCode).toBe(200);
    expect((await env.post('deleteproperty', { property_id: id })).statusCode).toBe(200);
    expect(
      await env.t.db.selectFrom('properties').select('property_id').where('property_id', '=', id).execute(),
    ).toEqual([]);
    expect((await env.post('deleteproperty', { property_id: id })).statusCode).toBe(404);
  });
});

describe('deleteproperty at the same time as a status change', () => {
  it('deletes nothing when the listing stops being Suspended while the delete waits for it', async () => {
    const id = await create('Reopened while deleted');
    expect((await update(id, { status: 'Suspended', suspendedReason: 'Checking' })).statusCode).toBe(200);
    const locker = await lockHolder(env.t);
    try {
      // A save of the listing, holding it while it changes the status.
      await locker.query(`UPDATE properties SET status = 'Open' WHERE property_id = $1`, [id]);
      const deleting = env.post('deleteproperty', { property_id: id });
      await locker.untilWaiting('properties');
      await locker.commit();
      const res = await deleting;
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Only a Suspended property can be deleted');
    } finally {
      await locker.end();
    }
    expect(
      await env.t.db.selectFrom('properties').select('status').where('property_id', '=', id).execute(),
    ).toEqual([{ status: 'Open' }]);
  });
});

describe('references', () => {
  it('refuses deleting a seller, a broker or a user that a property uses', async () => {
    const seller = { seller_id: await insertSeller('Used Seller', null) };
    const owner = await env.t.signedIn(ROLE.Operator);
    await create('Referenced', { seller_id: seller.seller_id, associatedBroker: brokerId }, owner.token);
    const sellerRes = await env.post('deleteSeller', { seller_id: seller.seller_id });
    expect(sellerRes.statusCode).toBe(409);
    expect(sellerRes.json().message).toMatch(/Used Seller is used by 1 property and cannot be deleted$/);
    const brokerRes = await env.post('deletebroker', { broker_id: brokerId });
    expect(brokerRes.statusCode).toBe(409);
    expect(brokerRes.json().message).toMatch(/properties/);
    const userRes = await env.post('deleteUser', { user_id: owner.userId });
    expect(userRes.statusCode).toBe(409);
    expect(userRes.json().message).toMatch(/propert/);
  });
});

describe('agent lookups', () => {
  it('allagents lists active agents without secrets; GetAssociatedAgencyAgents the caller’s agency', async () => {
    const a = await agent(agencyA);
    const all = (await env.get('/api/allagents')).json().resultData;
    expect(all.some((r: { user_id: number }) => r.user_id === a.userId)).toBe(true);
    expect(Object.keys(all[0]).sort()).toEqual(['full_name', 'user_id']);
    const mine = (await env.get(`/api/GetAssociatedAgencyAgents?user_id=${env.admin.userId}`, a.token)).json()
      .resultData;
    // No agency of one's own: none; ids: those agents.
    expect((await env.get('/api/GetAssociatedAgencyAgents')).json()).toEqual({ resultData: [] });
    expect((await env.get(`/api/allagents?ids=${a.userId}`)).json().resultData).toEqual([
      { user_id: a.userId, full_name: expect.any(String) },
    ]);
    const agencies = await env.t.db
      .selectFrom('users')
      .select('associated_agency_id')
      .where(
        'user_id',
        'in',
        mine.map((r: { user_id: number }) => r.user_id),
      )
      .execute();
    expect(agencies.every((r) => r.associated_agency_id === agencyA)).toBe(true);
    expect(mine.some((r: { user_id: number }) => r.user_id === a.userId)).toBe(true);
  });
});
