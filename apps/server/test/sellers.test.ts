import { beforeAll, describe, expect, it } from 'vitest';
import { messageAnswer, ROLE, sellerLookupAnswer, sellerRecord, sellerRow } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  errorsOf,
  expectDeclared,
  expectRequired,
  idOf,
  place,
  readExport,
  sellerAddress,
  sellerIdOf,
  sellerPayload as sellerFields,
  setAgency,
  sortsBy,
  strictPage,
  strictRows,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';

const env = useTestApp();

type Row = Record<string, unknown>;
const SELLER_LIST = { calls: { list: 'GetSeller' }, idColumn: 'seller_id', nameColumn: 'seller_name' };

let p: Place;
let agencyA: number;
let agencyB: number;
beforeAll(async () => {
  p = await place(env.t, 'sellers');
  for (const name of ['Agency A Realty', 'Agency B Realty']) {
    expect((await env.post('saveagency', agencyPayload(p, name))).statusCode).toBe(200);
  }
  agencyA = await idOf(env, AGENCY, 'Agency A Realty');
  agencyB = await idOf(env, AGENCY, 'Agency B Realty');
});

const sellerPayload = (name: string, agencyId: number | null = agencyA) => ({
  ...sellerFields(p, name, agencyId),
  notes_about_seller: 'Prefers calls after 5 pm.',
});

const saveSeller = async (name: string, agencyId: number | null = agencyA, token = env.admin.token) => {
  const res = await env.post('saveSeller', sellerPayload(name, agencyId), token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: 'Seller saved successfully' });
  expectDeclared(messageAnswer.strict(), res.json());
  return sellerIdOf(env.t, name);
};
const sellerById = (id: number, token = env.admin.token) =>
  env.get(`/api/getSellerById?seller_id=${id}`, token);
const listNames = async (token: string, query = 'itemsPerPage=50') => {
  const res = await env.get(`/api/GetSeller?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().resultData.data as Row[]).map((r) => r.seller_name);
};
const lookupNames = async (token: string) =>
  ((await env.get('/api/GetSellerWithoutPagination?user_id=1', token)).json().resultData as Row[]).map(
    (r) => r.seller_name,
  );

/** A signed-in user of the role, working for the agency. */
async function member(roleId: number, agencyId: number | null) {
  const user = await env.t.signedIn(roleId);
  await setAgency(env, user.userId, agencyId);
  return user;
}

describe('sellers', () => {
  it('saves with the session user, lists with the agency, loads under legacy names, updates, exports and deletes', async () => {
    const other = await env.t.createUser(ROLE.Operator);
    const id = await env.post('saveSeller', {
      ...sellerPayload('Antonio Dela Cruz'),
      created_by: other,
      user_id: other,
    });
    expect(id.statusCode, id.body).toBe(200);
    const sellerId = await idOf(env, SELLER_LIST, 'Antonio Dela Cruz');

    const listed = {
      seller_id: sellerId,
      seller_name: 'Antonio Dela Cruz',
      property_owner_name: 'Antonio Dela Cruz Sr.',
      agency_id: agencyA,
      agency_name: 'Agency A Realty',
      phone_1: '09190000001',
      email_address: null,
    };
    const list = (await env.get('/api/GetSeller?searchText=antonio')).json();
    expect(list.resultData.data).toEqual([listed]);
    expectDeclared(strictPage(sellerRow), list);
    expectDeclared(strictRows(sellerRecord), (await sellerById(sellerId)).json());
    expectDeclared(
      strictRows(sellerLookupAnswer.shape.resultData.element),
      (await env.get('/api/GetSellerWithoutPagination?searchText=antonio')).json(),
    );
    expect((await sellerById(sellerId)).json().resultData).toEqual([
      {
        ...listed,
        phone_2: null,
        notes_about_seller: 'Prefers calls after 5 pm.',
        ...sellerAddress(p),
        created_by: env.admin.userId,
        updated_by: env.admin.userId,
      },
    ]);

    const updated = await env.post('updateSeller', {
      ...sellerPayload('Antonio Cruz', agencyB),
      seller_id: sellerId,
      email_address: 'antonio@example.ph',
      updated_by: other,
    });
    expect([updated.statusCode, updated.json()]).toEqual([200, { message: 'Seller updated successfully' }]);
    expectDeclared(messageAnswer.strict(), updated.json());
    expect((await sellerById(sellerId)).json().resultData[0]).toMatchObject({
      seller_name: 'Antonio Cruz',
      agency_name: 'Agency B Realty',
      email_address: 'antonio@example.ph',
      updated_by: env.admin.userId,
    });

    await sortsBy(
      env,
      'GetSeller',
      'seller_name, seller_id, property_owner_name, agency_name, phone_1, email_address',
    );
    expect(await readExport(await env.get('/api/GetSeller/export?searchText=Antonio%20Cruz'))).toEqual({
      headers: ['ID', 'Name', 'Owner Name', 'Agency', 'Phone', 'Email'],
      rows: 1,
    });

    const deleted = await env.post('deleteSeller', { seller_id: sellerId });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { message: 'Seller deleted successfully' }]);
    expectDeclared(messageAnswer.strict(), deleted.json());
    for (const res of [
      await sellerById(sellerId),
      await env.post('updateSeller', { ...sellerPayload('Antonio Cruz'), seller_id: sellerId }),
      await env.post('deleteSeller', { seller_id: sellerId }),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Seller not found' }]);
    }
  });

  it('answers each validation message on its field', async () => {
    const valid = sellerPayload('Invalid Seller');
    const errorsFor = (change: object, token?: string) => errorsOf(env, 'saveSeller', valid, change, token);
    await expectRequired(env, 'saveSeller', valid, [
      'seller_name',
      'house_no',
      'street_name',
      'province_id',
      'town_id',
      'barangay_id',
      'zipcode',
      'phone_1',
    ]);
    expect(await errorsFor({ phone_1: '+63917' })).toEqual({ phone_1: 'Provide valid Mobile number' });
    expect(await errorsFor({ phone_2: '0917 123' })).toEqual({ phone_2: 'Provide valid Mobile number' });
    expect(await errorsFor({ email_address: 'a@b' })).toEqual({
      email_address: 'Please provide a valid email',
    });
    expect(await errorsFor({ zipcode: '1234567' })).toEqual({
      zipcode: 'Zip Code must be digits, at most 6',
    });
    // Those who see every agency must choose one, and it must exist.
    expect(await errorsFor({ agency_id: '' })).toEqual({ agency_id: 'Field is required' });
    expect(await errorsFor({ agency_id: 999999 })).toEqual({ agency_id: 'Unknown agency' });
    const operator = await env.t.signedIn(ROLE.Operator);
    expect(await errorsFor({ agency_id: null }, operator.token)).toEqual({ agency_id: 'Field is required' });
    const elsewhere = await place(env.t, 'sellers elsewhere');
    expect(await errorsFor({ town_id: elsewhere.town_id })).toEqual({
      town_id: 'The town is not in the chosen province',
    });
    expect(await errorsFor({ province_id: 999999 })).toEqual({ province_id: 'Unknown province' });
    expect((await env.post('updateSeller', sellerPayload('No Id'))).json().errors).toEqual({
      seller_id: 'Must be a number',
    });
    expect(
      await env.t.db
        .selectFrom('sellers')
        .select('seller_id')
        .where('seller_name', '=', 'Invalid Seller')
        .execute(),
    ).toEqual([]);
  });

  it('keeps Agents and Owner-Agents inside their own agency', async () => {
    // Agents may delete sellers only when granted; the scope still applies.
    const grant = await env.t.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'Delete Seller')
      .executeTakeFirstOrThrow();
    await env.t.db
      .insertInto('role_permissions')
      .values({ role_id: ROLE.Agent, permission_id: grant.id })
      .execute();
    const agentA = await member(ROLE.Agent, agencyA);
    const ownerAgentB = await member(ROLE.OwnerAgent, agencyB);
    const ofA = await saveSeller('Scope Seller A');
    const ofB = await saveSeller('Scope Seller B', agencyB);

    for (const res of [
      await sellerById(ofB, agentA.token),
      await env.post('updateSeller', { ...sellerPayload('Stolen', agencyA), seller_id: ofB }, agentA.token),
      await env.post('deleteSeller', { seller_id: ofB }, agentA.token),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Seller not found' }]);
    }
    expect((await sellerById(ofA, agentA.token)).statusCode).toBe(200);
    expect((await sellerById(ofA, ownerAgentB.token)).statusCode).toBe(404);
    expect((await sellerById(ofB, ownerAgentB.token)).statusCode).toBe(200);
    const seenByA = await listNames(agentA.token, 'itemsPerPage=50&searchText=scope');
    expect(seenByA).toEqual(['Scope Seller A']);
    expect(await listNames(ownerAgentB.token, 'itemsPerPage=50&searchText=scope')).toEqual([
      'Scope Seller B',
    ]);
    expect(await lookupNames(agentA.token)).not.toContain('Scope Seller B');
    expect(await lookupNames(agentA.token)).toContain('Scope Seller A');
    const exported = await readExport(await env.get('/api/GetSeller/export?searchText=scope', agentA.token));
    expect(exported.rows).toBe(1);

    // An Agent's seller goes to their agency, whatever agency was sent.
    await saveSeller('Forced Seller', agencyB, agentA.token);
    const forced = await env.t.db
      .selectFrom('sellers')
      .select(['agency_id', 'created_by'])
      .where('seller_name', '=', 'Forced Seller')
      .executeTakeFirstOrThrow();
    expect(forced).toEqual({ agency_id: agencyA, created_by: agentA.userId });
    const sent = await env.post(
      'updateSeller',
      { ...sellerPayload('Scope Seller A', agencyB), seller_id: ofA },
      agentA.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await sellerById(ofA)).json().resultData[0].agency_id).toBe(agencyA);
    expect((await env.post('deleteSeller', { seller_id: ofA }, agentA.token)).statusCode).toBe(200);

    // Without an agency an Agent sees no sellers and cannot add one.
    const loose = await member(ROLE.Agent, null);
    expect(await listNames(loose.token)).toEqual([]);
    expect(await lookupNames(loose.token)).toEqual([]);
    const refused = await env.post('saveSeller', sellerPayload('Homeless Seller'), loose.token);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: 'You are not associated with an agency' },
    ]);
  });

  it('shows other roles only the sellers they created, and lists sellers without an agency once each for Admin', async () => {
    const role = await env.t.db
      .insertInto('roles')
      .values({ name: 'Seller Clerk', status: 'Active', created_by: null, updated_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const permissions = await env.t.db
      .selectFrom('permissions')
      .select('id')
      .where('name', 'in', ['Seller', 'Add Seller', 'Edit Seller'])
      .execute();
    await env.t.db
      .insertInto('role_permissions')
      .values(permissions.map((x) => ({ role_id: role.id, permission_id: x.id })))
      .execute();
    const clerk = await env.t.signedIn(role.id);
    const otherClerk = await env.t.signedIn(role.id);
    await saveSeller('Clerk Seller', agencyB, clerk.token);
    const own = await idOf(env, SELLER_LIST, 'Clerk Seller');
    expect((await sellerById(own)).json().resultData[0]).toMatchObject({
      agency_id: null,
      agency_name: null,
    });
    expect(await listNames(clerk.token)).toEqual(['Clerk Seller']);
    expect(await listNames(otherClerk.token)).toEqual([]);
    expect((await sellerById(own, otherClerk.token)).statusCode).toBe(404);
    expect(
      (await env.post('updateSeller', { ...sellerPayload('Clerk Seller'), seller_id: own }, clerk.token))
        .statusCode,
    ).toBe(200);

    const admin = await env.t.signedIn(ROLE.Admin);
    const all = await env.get('/api/GetSeller?itemsPerPage=50', admin.token);
    const rows = all.json().resultData.data as Row[];
    const inDb = await env.t.db.selectFrom('sellers').select('seller_id').execute();
    expect(all.json().resultData.total).toBe(inDb.length);
    expect(new Set(rows.map((r) => r.seller_id)).size).toBe(rows.length);
    expect(rows.find((r) => r.seller_name === 'Clerk Seller')).toMatchObject({ agency_name: null });
    expect(await lookupNames(admin.token)).toContain('Clerk Seller');
  });

  it('guards each call by its own permission', async () => {
    const agent = await member(ROLE.Agent, agencyA);
    const id = await saveSeller('Guarded Seller');
    const individual = await env.t.signedIn(ROLE.Individual);
    expect((await env.get('/api/GetSeller', individual.token)).statusCode).toBe(403);
    expect((await env.post('saveSeller', sellerPayload('Nope'), individual.token)).statusCode).toBe(403);
    expect((await env.get('/api/GetSellerWithoutPagination', individual.token)).json()).toEqual({
      resultData: [],
    });
    const operator = await env.t.signedIn(ROLE.Operator);
    expect((await env.post('deleteSeller', { seller_id: id }, operator.token)).statusCode).toBe(403);
    expect((await sellerById(id, agent.token)).statusCode).toBe(200);
  });
});
