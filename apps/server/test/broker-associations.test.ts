import { describe, expect, it } from 'vitest';
import { BROKER_ASSOCIATION } from '../src/calls/organisation-definitions.ts';
import {
  associationPayload,
  brokerPayload,
  expectRequired,
  idOf,
  organisationSuite,
  place,
  useTestApp,
  type Organisation,
} from './entity-fixtures.ts';

const env = useTestApp();

const ORG: Organisation = {
  def: BROKER_ASSOCIATION,
  callNames:
    'getbrokerassociation getBrokerAssociationById savebrokerassociation updatebrokerassociation ' +
    'GetBrokerAssociationWithoutPagination deletebrokerassociation',
  statusField: 'broker_association_status',
  listFields: [
    'broker_association_id',
    'broker_association_name',
    'contact_person',
    'email_address',
    'phone_1',
    'broker_association_status',
  ],
  exportHeaders: ['ID', 'Name', 'Contact Person', 'Email', 'Phone', 'Status'],
  sortColumns:
    'broker_association_name, broker_association_id, contact_person, email_address, phone_1, broker_association_status',
  payload: async (_env, p, name) => associationPayload(p, name),
  duplicate: (taken, fresh) => ({
    ...fresh,
    broker_association_name: ` ${String(taken.broker_association_name).toLowerCase()} `,
  }),
  duplicateMessage: 'A broker association with this name already exists',
  duplicateField: 'broker_association_name',
};

organisationSuite(env, ORG);

describe('broker associations', () => {
  it('require contact person, house number and zip code', async () => {
    const valid = associationPayload(await place(env.t, 'association rules'), 'Rules Association');
    await expectRequired(env, 'savebrokerassociation', valid, ['contact_person', 'house_number', 'zip_code']);
  });

  it('refuse to be deleted while brokers belong to them', async () => {
    const p = await place(env.t, 'association in use');
    await env.post('savebrokerassociation', associationPayload(p, 'Busy Association'));
    const id = await idOf(env, BROKER_ASSOCIATION, 'Busy Association');
    const saved = await env.post('savebroker', brokerPayload(p, 'Member Broker', [id]));
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await env.post('deletebrokerassociation', { broker_association_id: id });
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { message: 'Broker Association : Busy Association is used by 1 broker and cannot be deleted' },
    ]);
    await env.t.db.deleteFrom('brokers').where('broker_name', '=', 'Member Broker').execute();
    expect((await env.post('deletebrokerassociation', { broker_association_id: id })).statusCode).toBe(200);
  });
});
