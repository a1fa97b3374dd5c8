import { describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { BROKER, BROKER_ASSOCIATION } from '../src/calls/organisation-definitions.ts';
import {
  associationPayload,
  brokerPayload,
  byId,
  errorsOf,
  idOf,
  organisationSuite,
  place,
  readExport,
  useTestApp,
  type Env,
  type Organisation,
} from './entity-fixtures.ts';

const env = useTestApp();

/** An association of that name (created once). */
const associations = new Map<string, Promise<number>>();
function association(e: Env, name: string): Promise<number> {
  if (!associations.has(name)) {
    associations.set(
      name,
      (async () => {
        const res = await e.post('savebrokerassociation', associationPayload(await place(e.t, name), name));
        expect(res.statusCode, res.body).toBe(200);
        return idOf(e, BROKER_ASSOCIATION, name);
      })(),
    );
  }
  return associations.get(name)!;
}
const ORG: Organisation = {
  def: BROKER,
  callNames: 'getbroker getBrokerById savebroker updatebroker GetBrokerWithoutPagination deletebroker',
  statusField: 'status',
  listFields: [
    'broker_id',
    'broker_name',
    'email_address',
    'phone_1',
    'broker_license_number',
    'status',
    'associations',
  ],
  exportHeaders: ['ID', 'Name', 'Email', 'Phone', 'Broker License', 'Status', 'Associations'],
  sortColumns: 'broker_name, broker_id, email_address, phone_1, broker_license_number, status',
  payload: async (e, p, name) => brokerPayload(p, name, [await association(e, 'Home Association')]),
  duplicate: (taken, fresh) => ({
    ...fresh,
    broker_license_number: String(taken.broker_license_number).toLowerCase(),
  }),
  duplicateMessage: 'A broker with this licence number already exists',
  duplicateField: 'broker_license_number',
};

organisationSuite(env, ORG);

describe('brokers', () => {
  it('belong to at least one existing broker association, and to any number of them', async () => {
    const p = await place(env.t, 'broker associations');
    const valid = await ORG.payload(env, p, 'Linked Broker');
    const errorsFor = (change: object) => errorsOf(env, 'savebroker', valid, change);
    expect(await errorsFor({ broker_association_id: '' })).toEqual({
      broker_association_id: 'Field is required',
    });
    expect(await errorsFor({ broker_association_id: undefined })).toEqual({
      broker_association_id: 'Field is required',
    });
    expect(await errorsFor({ broker_association_id: '999999' })).toEqual({
      broker_association_id: 'Unknown broker association',
    });
    expect(await errorsFor({ broker_license_number: '' })).toEqual({
      broker_license_number: 'Field is required',
    });

    const ids = [
      await association(env, 'Zeta Brokers'),
      await association(env, 'Alpha Brokers'),
      await association(env, 'Home Association'),
    ];
    const saved = await env.post('savebroker', { ...valid, broker_association_id: ids.join(',') });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await idOf(env, BROKER, 'Linked Broker');
    expect((await byId(env, BROKER, id)).broker_association_id).toBe(
      [...ids].sort((a, b) => a - b).join(','),
    );
    // An update naming an unknown association changes nothing, not even the links it also names.
    const update = { ...valid, broker_id: id, broker_association_id: `${ids[0]},999999` };
    const refused = await env.post('updatebroker', update);
    expect([refused.statusCode, refused.json().errors]).toEqual([
      400,
      { broker_association_id: 'Unknown broker association' },
    ]);
    const row = (await env.get('/api/getbroker?searchText=Linked%20Broker')).json().resultData.data[0];
    expect(row.associations).toBe('Alpha Brokers, Home Association, Zeta Brokers');
    const sheet = await readExport(await env.get('/api/getbroker/export?searchText=Linked%20Broker'));
    expect(sheet.rows).toBe(1);
  });

  it('take 24 updates at once with overlapping associations: each answers, one set of links stands', async () => {
    const p = await place(env.t, 'broker contest');
    const names = ['One', 'Two', 'Three', 'Four', 'Five'].map((n) => `Contest ${n}`);
    const ids: number[] = [];
    for (const name of names) ids.push(await association(env, name));
    const valid = await ORG.payload(env, p, 'Contested Broker');
    expect((await env.post('savebroker', valid)).statusCode).toBe(200);
    const id = await idOf(env, BROKER, 'Contested Broker');
    const sets = Array.from({ length: 24 }, (_, i) => [ids[i % 5]!, ids[(i + 2) % 5]!, ids[(i * 3) % 5]!]);
    const answers = await Promise.all(
      sets.map((set) =>
        env.post('updatebroker', { ...valid, broker_id: id, broker_association_id: set.join(',') }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(sets.map(() => 200));
    const sorted = (set: number[]) => [...new Set(set)].sort((a, b) => a - b).join(',');
    expect(sets.map(sorted)).toContain((await byId(env, BROKER, id)).broker_association_id);
  });

  it('take the zip code as optional 4 digits, and the house number as optional', async () => {
    const p = await place(env.t, 'broker zip');
    const valid = await ORG.payload(env, p, 'Zip Broker');
    const zip = await env.post('savebroker', { ...valid, zip_code: '12345' });
    expect([zip.statusCode, zip.json().errors]).toEqual([400, { zip_code: 'Zip Code must be of 4 digits' }]);
    const res = await env.post('savebroker', { ...valid, zip_code: '', house_number: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await byId(env, BROKER, await idOf(env, BROKER, 'Zip Broker'))).toMatchObject({
      zip_code: null,
      house_number: null,
    });
  });

  it('sort and page with the association names computed for the page only', async () => {
    const p = await place(env.t, 'broker paging');
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
      expect((await env.post('savebroker', await ORG.payload(env, p, `Paged Broker ${n}`))).statusCode).toBe(
        200,
      );
    }
    const page = async (query: string) =>
      (await env.get(`/api/getbroker?searchText=Paged%20Broker&${query}`)).json().resultData;
    const second = await page('page=2&sortColumn=broker_name&sortOrder=desc');
    expect(second.total).toBe(8);
    expect(second.data.map((r: { broker_name: string }) => r.broker_name)).toEqual(['Paged Broker 1']);
    expect(second.data[0].associations).toBe('Home Association');
  });

  it('refuse to be deleted while users work with them', async () => {
    const p = await place(env.t, 'broker in use');
    await env.post('savebroker', await ORG.payload(env, p, 'Busy Broker'));
    const id = await idOf(env, BROKER, 'Busy Broker');
    const agent = await env.t.createUser(ROLE.Agent);
    await env.t.db.insertInto('user_brokers').values({ user_id: agent, broker_id: id }).execute();
    const res = await env.post('deletebroker', { broker_id: id });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { message: 'Broker : Busy Broker is used by 1 user and cannot be deleted' },
    ]);
    await env.t.db.deleteFrom('user_brokers').where('broker_id', '=', id).execute();
    expect((await env.post('deletebroker', { broker_id: id })).statusCode).toBe(200);
    // Its association links went with it.
    expect(
      await env.t.db
        .selectFrom('broker_broker_associations')
        .selectAll()
        .where('broker_id', '=', id)
        .execute(),
    ).toEqual([]);
  });
});
