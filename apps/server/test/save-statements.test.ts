import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { createTestApp, statementCapture, type TestApp } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';
import {
  agencyPayload,
  associationPayload,
  brokerPayload,
  oldUserForm,
  place,
  type Place,
} from './entity-fixtures.ts';

/**
 * How many statements the busiest saves send (issue 23: saves under 10 ms at ten million listings,
 * where each round trip to PostgreSQL costs about a millisecond): what they check is read in one
 * statement before the transaction, and the transaction writes in as few as it can. A change that adds a
 * round trip to these saves fails here and must say why.
 */
const capture = statementCapture('save-statements');
let t: TestApp;
let admin: { userId: number; token: string };
let p: Place;
let agencyId: number;
let brokerId: number;

const post = async (call: string, payload: object, token = admin.token) => {
  const res = await t.call(token, { method: 'POST', url: `/api/${call}`, payload });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await capture.whileStarting(() => createTestApp());
  admin = await t.signedIn(ROLE.SuperAdmin);
  await t.db.updateTable('users').set({ open_property_limit: 999 }).execute();
  p = await place(t, 'Cebu');
  await post('saveagency', agencyPayload(p, 'Statement Realty'));
  agencyId = (await t.db.selectFrom('agencies').select('agency_id').executeTakeFirstOrThrow()).agency_id;
  await post('savebrokerassociation', associationPayload(p, 'Statement Association'));
  const association = await t.db
    .selectFrom('broker_associations')
    .select('broker_association_id')
    .executeTakeFirstOrThrow();
  await post('savebroker', brokerPayload(p, 'Statement Broker', [association.broker_association_id]));
  brokerId = (await t.db.selectFrom('brokers').select('broker_id').executeTakeFirstOrThrow()).broker_id;
});
afterAll(async () => {
  await t.close();
  capture.remove();
});

/** The statements one save sends (its call's, not those of the processes' background work), each as its first words. */
async function statementsOf(call: string, payload: object, token?: string) {
  const mark = capture.mark();
  await post(call, payload, token);
  return capture
    .since(mark)
    .filter((statement) => statement.call === call)
    .map((statement) => statement.sql.trim().split(/\s+/).slice(0, 4).join(' ').toLowerCase());
}

describe('round trips of a save', () => {
  it('a new listing by an Admin (no open-listing limit): its checks, then one statement that writes it, its history and its notifications', async () => {
    // The first save of a kind plans and caches what later ones reuse.
    await post('saveproperty', propertyForm(p, 'Warm-up lot'));
    expect(await statementsOf('saveproperty', propertyForm(p, 'Counted lot'))).toEqual([
      'select ((select "dwelling_type" from',
      'with "p" as (insert',
    ]);
  });

  it("a new listing by an Agent: the same, after the owner's lock and count in a transaction", async () => {
    const agent = await t.signedIn(ROLE.Agent);
    await post('saveproperty', propertyForm(p, 'Agent warm-up lot'), agent.token);
    expect(await statementsOf('saveproperty', propertyForm(p, 'Agent counted lot'), agent.token)).toEqual([
      'select ((select "dwelling_type" from',
      'begin',
      'select "role_id", "open_property_limit" from',
      'select count(*) as "n"',
      'with "p" as (insert',
      'commit',
    ]);
  });

  it('a new user: its checks in one statement, then one that writes the user, their links and the event', async () => {
    const user = (email: string) =>
      oldUserForm(p, { email, agencyId, skillIds: [], brokerIds: [brokerId], sentBy: admin.userId });
    await post('SaveUser', user('warm-up@statements.example.ph'));
    expect(await statementsOf('SaveUser', user('counted@statements.example.ph'))).toEqual([
      'select (select to_jsonb(x) from',
      'with "u" as (insert',
    ]);
  });
});
