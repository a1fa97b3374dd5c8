import { describe, expect, it } from 'vitest';
import { addressAnswer, ROLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  associationPayload,
  byId,
  errorsOf,
  expectDeclared,
  expectRequired,
  idOf,
  organisationSuite,
  place,
  setAgency,
  strictRows,
  useTestApp,
  type Organisation,
} from './entity-fixtures.ts';

const env = useTestApp();

const ORG: Organisation = {
  def: AGENCY,
  callNames: 'getagency GetAgencyById saveagency updateagency GetAgencyWithoutPagination deleteagency',
  statusField: 'status',
  listFields: [
    'agency_id',
    'agency_name',
    'owner_name',
    'contact_person',
    'phone_1',
    'email_address',
    'status',
  ],
  exportHeaders: ['ID', 'Agency Name', 'Owner Name', 'Contact Person', 'Phone', 'Email', 'Status'],
  sortColumns: 'agency_name, agency_id, owner_name, contact_person, phone_1, email_address, status',
  payload: async (_env, p, name) => agencyPayload(p, name),
  duplicate: (taken, fresh) => ({ ...fresh, agency_name: String(taken.agency_name).toUpperCase() }),
  duplicateMessage: 'An agency with this name already exists',
  duplicateField: 'agency_name',
};

organisationSuite(env, ORG);

describe('agencies', () => {
  it('requires owner, contact person, house number and zip code, and checks the secondary contacts', async () => {
    const valid = agencyPayload(await place(env.t, 'agency rules'), 'Rules Realty');
    const errorsFor = (change: object) => errorsOf(env, 'saveagency', valid, change);
    await expectRequired(env, 'saveagency', valid, [
      'owner_name',
      'contact_person',
      'house_number',
      'zip_code',
    ]);
    expect(await errorsFor({ zip_code: '12a4' })).toEqual({ zip_code: 'Zip Code must be digits, at most 6' });
    expect(await errorsFor({ zip_code: '1234567' })).toEqual({
      zip_code: 'Zip Code must be digits, at most 6',
    });
    expect(await errorsFor({ email_address_secondary: 'x@' })).toEqual({
      email_address_secondary: 'Please provide a valid email',
    });
    // Optional parts may be left out entirely.
    const minimal = { ...valid, agency_name: 'Minimal Realty' } as Record<string, unknown>;
    for (const key of [
      'unit_number',
      'building_name',
      'floor',
      'subdivision_id',
      'specialization_id',
      'capability_id',
    ])
      delete minimal[key];
    const res = await env.post('saveagency', minimal);
    expect(res.statusCode, res.body).toBe(200);
    expect(await byId(env, AGENCY, await idOf(env, AGENCY, 'Minimal Realty'))).toMatchObject({
      specialization_id: '',
      capability_id: '',
      subdivision_id: null,
      floor: null,
    });
  });

  it('searches over name, owner, contact person, phone and e-mail', async () => {
    const p = await place(env.t, 'agency search');
    await env.post('saveagency', {
      ...agencyPayload(p, 'Searchable Homes'),
      owner_name: 'Wilhelmina Quezada',
      contact_person: 'Bartolome Ibarra',
      phone_1: '09998887777',
      email_address: 'unique.inbox@searchable.ph',
    });
    for (const text of ['searchable h', 'wilhelmina', 'IBARRA', '9998887', 'unique.inbox']) {
      const res = await env.get(`/api/getagency?searchText=${encodeURIComponent(text)}`);
      expect(
        res.json().resultData.data.map((r: { agency_name: string }) => r.agency_name),
        text,
      ).toEqual(['Searchable Homes']);
    }
  });

  it('refuses to delete an agency while users or sellers belong to it', async () => {
    const p = await place(env.t, 'agency in use');
    await env.post('saveagency', agencyPayload(p, 'Busy Realty'));
    const agencyId = await idOf(env, AGENCY, 'Busy Realty');
    const agent = await env.t.createUser(ROLE.Agent);
    await setAgency(env, agent, agencyId);
    const withUser = await env.post('deleteagency', { agency_id: agencyId });
    expect([withUser.statusCode, withUser.json()]).toEqual([
      409,
      { message: 'Agency : Busy Realty is used by 1 user and cannot be deleted' },
    ]);
    await setAgency(env, agent, null);

    const seller = await env.post('saveSeller', {
      seller_name: 'Tomas Pineda',
      phone_1: '09190000009',
      house_no: '1',
      street_name: 'Rizal Street',
      province_id: p.province_id,
      town_id: p.town_id,
      barangay_id: p.barangay_id,
      zipcode: '1209',
      agency_id: agencyId,
    });
    expect(seller.statusCode, seller.body).toBe(200);
    const withSeller = await env.post('deleteagency', { agency_id: agencyId });
    expect([withSeller.statusCode, withSeller.json().message]).toEqual([
      409,
      'Agency : Busy Realty is used by 1 seller and cannot be deleted',
    ]);
    await env.t.db.deleteFrom('sellers').where('agency_id', '=', agencyId).execute();
    expect((await env.post('deleteagency', { agency_id: agencyId })).statusCode).toBe(200);
  });

  it('keeps the masters it links to from being deleted, naming each kind once, counted and pluralised', async () => {
    const p = await place(env.t, 'agency masters');
    await env.post('SaveSpecialization', { Name: 'Foreclosures' });
    const specialization = (
      (await env.get('/api/GetSpecializationWithoutPagination')).json().resultData as {
        specialization_id: number;
        specialization: string;
      }[]
    ).find((r) => r.specialization === 'Foreclosures')!.specialization_id;
    await env.post('saveagency', {
      ...agencyPayload(p, 'Foreclosure Realty'),
      specialization_id: specialization,
    });
    const res = await env.post('DeleteSpecialization', { Id: specialization });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { message: 'Specialization : Foreclosures is used by 1 agency and cannot be deleted' },
    ]);
    // The agency's address and its served provinces both point at the province: still one agency.
    const province = await env.post('DeleteProvince', { provinceId: p.province_id });
    expect(province.json().message).toBe(
      'Province : Province agency masters is used by 1 agency, 1 town and cannot be deleted',
    );
    await env.post('saveagency', agencyPayload(p, 'Second Foreclosure Realty'));
    await env.post('savebrokerassociation', associationPayload(p, 'Foreclosure Association'));
    const twice = await env.post('DeleteProvince', { provinceId: p.province_id });
    expect(twice.json().message).toBe(
      'Province : Province agency masters is used by 2 agencies, 1 broker association, 1 town and cannot be deleted',
    );
  });

  it("gives the user form an agency's address; an Agent only their own agency's", async () => {
    const p = await place(env.t, 'agency address');
    await env.post('saveagency', agencyPayload(p, 'Address Realty'));
    await env.post('saveagency', agencyPayload(p, 'Other Realty'));
    const mine = await idOf(env, AGENCY, 'Address Realty');
    const other = await idOf(env, AGENCY, 'Other Realty');
    const address = {
      unit_number: '5B',
      house_number: '88',
      street_name: 'Ayala Avenue',
      building_name: 'Tower One',
      floor: 'Ground',
      province_id: p.province_id,
      town_id: p.town_id,
      barangay_id: p.barangay_id,
      subdivision_id: p.subdivision_id,
      zip_code: '1209',
    };
    const url = (id: number) => `/api/GetAssociatedAgencyAddressWithoutPagination?associated_agency_id=${id}`;
    expect((await env.get(url(mine))).json()).toEqual({ resultData: [address] });
    expectDeclared(strictRows(addressAnswer), (await env.get(url(mine))).json());
    expect((await env.get(url(999999))).statusCode).toBe(404);

    const agent = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, agent.userId, mine);
    expect((await env.get(url(mine), agent.token)).json()).toEqual({ resultData: [address] });
    expect((await env.get(url(other), agent.token)).statusCode).toBe(404);
    const operator = await env.t.signedIn(ROLE.Operator);
    expect((await env.get(url(other), operator.token)).statusCode).toBe(200);
    expect(
      (await env.get('/api/GetAssociatedAgencyAddressWithoutPagination', operator.token)).statusCode,
    ).toBe(400);
  });

  it('lets an Operator see agencies but not add one', async () => {
    const { token } = await env.t.signedIn(ROLE.Operator);
    expect((await env.get('/api/getagency', token)).statusCode).toBe(200);
    const p = await place(env.t, 'agency operator');
    expect((await env.post('saveagency', agencyPayload(p, 'Operator Realty'), token)).statusCode).toBe(403);
    expect((await env.post('deleteagency', { agency_id: 1 }, token)).statusCode).toBe(403);
  });
});
