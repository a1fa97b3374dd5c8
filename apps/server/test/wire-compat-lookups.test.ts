import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { AGENCY, BROKER_ASSOCIATION } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  associationPayload,
  brokerPayload,
  idOf,
  place,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Lookups, sorts, master updates and reports, each request shaped as the old admin client sends it
 * (legacy-api.md, "How the existing admin client calls"): query strings as its axios builds them,
 * empty fields sent empty, status switches posting part of a record.
 */
const env = useTestApp();
type Row = Record<string, unknown>;
let p: Place;

/** The paging parameters every old list screen sends, with the screen's own. */
const paged = (params: string) => {
  const query = new URLSearchParams({ itemsPerPage: '7', page: '1', sortOrder: 'asc', searchText: '' });
  for (const [key, value] of new URLSearchParams(params)) query.set(key, value);
  return query.toString();
};
const ok = async (url: string, token?: string) => {
  const res = await env.get(url, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as { resultData: Row[] & { data: Row[]; total: number } };
};

beforeAll(async () => {
  p = await place(env.t, 'wire');
});

describe('dependent lookups before their parent is chosen', () => {
  it('answer 200 with no rows when called with no parameter at all', async () => {
    for (const call of [
      'GetBarangayWithoutPagination',
      'GetSubdivisionWithoutPagination',
      'GetAdjacentTownWithoutPagination',
      'GetAdjacentBarangayWithoutPagination',
      'GetAdjacentSubdivisionWithoutPagination',
      'GetBarangayForSubdivisionWithoutPagination',
    ])
      expect((await ok(`/api/${call}`)).resultData, call).toEqual([]);
    // Towns without a province: every active one.
    const towns = (await ok('/api/GetTownWithoutPagination')).resultData;
    expect(towns).toContainEqual(expect.objectContaining({ town_id: p.town_id }));
    // With the parent, its children as before.
    expect((await ok(`/api/GetBarangayWithoutPagination?townId=${p.town_id}`)).resultData).toEqual([
      expect.objectContaining({ barangay_id: p.barangay_id }),
    ]);
  });

  it('GetProvinceWithoutPagination ignores the town id the barangay screen sends as provinceId', async () => {
    const all = (await ok('/api/GetProvinceWithoutPagination')).resultData;
    expect(all).toContainEqual(expect.objectContaining({ province_id: p.province_id }));
    expect((await ok(`/api/GetProvinceWithoutPagination?provinceId=${p.town_id}`)).resultData).toEqual(all);
  });
});

describe('sort columns as old screens send them', () => {
  it('takes any case and the old default sorts; an unknown name is still a 400 listing the accepted', async () => {
    const capabilities = await ok(`/api/GetCapability?${paged('sortColumn=Capability_name')}`);
    const names = capabilities.resultData.data.map((r) => String(r.capability_name));
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // The user-count report's default, sent by its first load (no user type, an empty user id).
    await ok(`/api/getCountOfPropertiesReport?user_id=&${paged('sortColumn=date_sold')}`);
    await ok(`/api/getOpenPendingPropertyReport?${paged('sortColumn=broker_association_id')}`);
    await ok(`/api/getOpenPendingPropertyReport?${paged('sortColumn=BROKER_ASSOCIATION_ID')}`);
    const refused = await env.get(`/api/GetCapability?${paged('sortColumn=password')}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.sortColumn).toBe(
      'sortColumn must be one of capability_name, capability_id, capability_status',
    );
  });
});

describe('master status switches', () => {
  it('keep every field the switch leaves out (the property-type switch sends no dwelling_type)', async () => {
    const types = (await ok(`/api/GetPropertyType?${paged('sortColumn=property_type&itemsPerPage=50')}`))
      .resultData.data;
    const land = types.find((r) => r.dwelling_type === 'No')!;
    const res = await env.post('UpdatePropertyType', {
      property_type: land.property_type,
      property_type_id: land.property_type_id,
      property_type_status: 'Inactive',
      updated_by: env.admin.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (
      await ok(`/api/GetPropertyType?${paged(`sortColumn=property_type&itemsPerPage=50`)}`)
    ).resultData.data.find((r) => r.property_type_id === land.property_type_id);
    expect(after).toMatchObject({ dwelling_type: 'No', property_type_status: 'Inactive' });
    // Any master: a barangay switch without its zip code and town keeps them.
    const barangay = await env.post('UpdateBarangay', {
      barangay_id: p.barangay_id,
      barangay_name: 'Barangay wire',
      barangay_status: 'Inactive',
    });
    expect(barangay.statusCode, barangay.body).toBe(200);
    const row = (await ok(`/api/GetBarangay?${paged('sortColumn=barangay_name&searchText=barangay%20wire')}`))
      .resultData.data[0];
    expect(row).toMatchObject({ town_id: p.town_id, zip_code: '1209', barangay_status: 'Inactive' });
  });
});

describe('report screens', () => {
  it('the Skill Based User report may load the user skills list it filters by', async () => {
    const agent = await env.t.signedIn(ROLE.Agent);
    const skills = await ok(`/api/GetUserSkills?${paged('sortColumn=user_skills')}`, agent.token);
    expect(skills.resultData.total).toBeGreaterThan(0);
    // The master screen's writes stay with the master's permissions.
    const save = await env.post('SaveUserSkills', { Name: 'Negotiation' }, agent.token);
    expect(save.statusCode).toBe(403);
  });

  it('user count opened as the old screen opens it answers users of every type', async () => {
    const individual = await env.t.signedIn(ROLE.Individual);
    const agent = await env.t.signedIn(ROLE.Agent);
    const rows = (
      await ok(`/api/getCountOfPropertiesReport?user_id=&${paged('sortColumn=date_sold&itemsPerPage=50')}`)
    ).resultData.data;
    const ids = rows.map((r) => r.user_id);
    expect(ids).toEqual(expect.arrayContaining([individual.userId, agent.userId]));
    expect(rows.find((r) => r.user_id === agent.userId)).toMatchObject({
      role_type: 'Agent',
      totalProperties: 0,
    });
    // A chosen type still narrows it.
    const agents = (
      await ok(
        `/api/getCountOfPropertiesReport?user_type=${ROLE.Agent}&${paged('sortColumn=full_name&itemsPerPage=50')}`,
      )
    ).resultData.data;
    expect(agents.map((r) => r.role_type)).not.toContain('Individual');
  });

  it('rows carry the names the old report columns read', async () => {
    // Sellers: phone_2 is the Secondary column.
    expect((await env.post('saveagency', agencyPayload(p, 'Wire Realty'))).statusCode).toBe(200);
    const agencyId = await idOf(env, AGENCY, 'Wire Realty');
    const seller = await env.post('saveSeller', {
      seller_name: 'Wire Seller',
      property_owner_name: 'Owner',
      phone_1: '09170000001',
      phone_2: '09280000002',
      house_no: '15',
      street_name: 'Amorsolo Street',
      ...p,
      zipcode: '1209',
      agency_id: agencyId,
    });
    expect(seller.statusCode, seller.body).toBe(200);
    const sellers = (await ok(`/api/getSellerReports?${paged('sortColumn=seller_name&searchText=wire')}`))
      .resultData.data;
    expect(sellers[0]).toMatchObject({ seller_name: 'Wire Seller', phone_2: '09280000002' });

    // Individuals: totalProperties.
    const individual = await env.t.signedIn(ROLE.Individual);
    const individuals = (
      await ok(`/api/getIndividualsReport?${paged('sortColumn=full_name&itemsPerPage=50')}`)
    ).resultData.data;
    expect(individuals.find((r) => r.user_id === individual.userId)).toMatchObject({ totalProperties: 0 });

    // Agents Based Agency: agency_id.
    const byAgency = (await ok(`/api/GetAgentsBasedAgency?${paged('sortColumn=agency_id&searchText=wire')}`))
      .resultData.data;
    expect(byAgency[0]).toMatchObject({ agency_id: agencyId, agency_name: 'Wire Realty' });

    // Open/Pending: months, pending and broker_association_id (the broker's associations).
    expect((await env.post('savebrokerassociation', associationPayload(p, 'Wire Brokers'))).statusCode).toBe(
      200,
    );
    const associationId = await idOf(env, BROKER_ASSOCIATION, 'Wire Brokers');
    const broker = await env.post('savebroker', brokerPayload(p, 'Wire Broker', [associationId]));
    expect(broker.statusCode, broker.body).toBe(200);
    const brokerId = (
      await env.t.db
        .selectFrom('brokers')
        .select('broker_id')
        .where('broker_name', '=', 'Wire Broker')
        .executeTakeFirstOrThrow()
    ).broker_id;
    const saved = await env.post('saveproperty', {
      ...propertyForm(p, 'Wire Listing'),
      property_building_name: 'Wire Tower',
      associatedBroker: brokerId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const open = (
      await ok(
        `/api/getOpenPendingPropertyReport?${paged('sortColumn=broker_association_id&searchText=wire')}`,
      )
    ).resultData.data;
    expect(open[0]).toMatchObject({
      property_name: 'Wire Listing',
      months: 0,
      pending: null,
      broker_association_id: String(associationId),
    });

    // Sold/Rent: property_building_name.
    const listing = (
      await env.t.db
        .selectFrom('properties')
        .select('property_id')
        .where('property_name', '=', 'Wire Listing')
        .executeTakeFirstOrThrow()
    ).property_id;
    const sold = await env.post('updateproperty', {
      ...propertyForm(p, 'Wire Listing'),
      property_building_name: 'Wire Tower',
      id: listing,
      status: 'Sold',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const soldRows = (await ok(`/api/getSoldRentReport?${paged('sortColumn=date_sold&searchText=wire')}`))
      .resultData.data;
    expect(soldRows[0]).toMatchObject({ property_building_name: 'Wire Tower', status: 'Sold' });
  });
});

describe('property form', () => {
  it('minimum_rental_period_sale takes the product mode’s name as the old form sends it', async () => {
    const mode = (
      await sql<{
        product_mode_id: number;
      }>`SELECT product_mode_id FROM product_modes WHERE product_mode = 'Renovated'`.execute(env.t.db)
    ).rows[0]!;
    const res = await env.post('saveproperty', {
      ...propertyForm(p, 'Wire Mode By Name'),
      minimum_rental_period_sale: 'renovated',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = await env.t.db
      .selectFrom('properties')
      .select('product_mode_id')
      .where('property_name', '=', 'Wire Mode By Name')
      .executeTakeFirstOrThrow();
    expect(stored.product_mode_id).toBe(mode.product_mode_id);
    // By id as before; an unknown name is a 400 on the field.
    const byId = await env.post('saveproperty', {
      ...propertyForm(p, 'Wire Mode By Id'),
      minimum_rental_period_sale: mode.product_mode_id,
    });
    expect(byId.statusCode, byId.body).toBe(200);
    const unknown = await env.post('saveproperty', {
      ...propertyForm(p, 'Wire Mode Unknown'),
      minimum_rental_period_sale: 'Demolished',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ minimum_rental_period_sale: 'Unknown product mode' });
  });
});
