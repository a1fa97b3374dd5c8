import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkAnswer, MESSAGES, ROLE } from '@app/contract';
import { AGENCY, BROKER, BROKER_ASSOCIATION } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  associationPayload,
  brokerPayload,
  idOf,
  place,
  readExport,
  sellerPayload,
  setAgency,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { expectAnswer } from './property-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/** Bulk delete and status change of agencies, broker associations, brokers; bulk delete of sellers. */
const env = useTestApp();
let p: Place;

beforeAll(async () => {
  p = await place(env.t, 'BulkRecords');
});

async function bulk(call: string, payload: object, token = env.admin.token) {
  const res = await env.post(call, payload, token);
  expect(res.statusCode, res.body).toBe(200);
  expectAnswer(bulkAnswer, res.json());
  return res.json() as {
    message: string;
    changed: number;
    refused: { id: number; label: string; reason: string }[];
  };
}

const lastAudit = async () =>
  String(
    (await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM audit_log`.execute(env.t.db)).rows[0]!
      .id,
  );
const audited = async (since: string, call: string) =>
  (
    await env.t.db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'action', 'actor_id'])
      .where('id', '>', since)
      .where('call', '=', call)
      .execute()
  ).map((a) => ({ ...a, entity_id: Number(a.entity_id) }));

const agencies = async (...names: string[]) => {
  const ids: number[] = [];
  for (const name of names) {
    expect((await env.post('saveagency', agencyPayload(p, name))).statusCode).toBe(200);
    ids.push(await idOf(env, AGENCY, name));
  }
  return ids;
};
const sellers = async (agencyId: number | null, ...names: string[]) => {
  const ids: number[] = [];
  for (const name of names) {
    const res = await env.post('saveSeller', sellerPayload(p, name, agencyId));
    expect(res.statusCode, res.body).toBe(200);
    ids.push(
      await idOf(
        env,
        { calls: { list: 'GetSeller' }, idColumn: 'seller_id', nameColumn: 'seller_name' },
        name,
      ),
    );
  }
  return ids;
};
const statusOf = async (table: 'agencies' | 'brokers', column: 'agency_id' | 'broker_id', ids: number[]) =>
  (
    await env.t.db
      .selectFrom(table)
      .select(['status', 'reason_for_inactive'])
      .where(sql.ref(column), 'in', ids)
      .orderBy(sql.ref(column))
      .execute()
  ).map((r) => [r.status, r.reason_for_inactive]);

describe('organisations', () => {
  it('delete those nothing uses and refuse the rest as the single delete does, audited', async () => {
    const [free, used] = await agencies('Bulkdel Free Realty', 'Bulkdel Used Realty');
    await sellers(used!, 'Bulkdel Seller');
    const since = await lastAudit();
    const answer = await bulk('bulkDeleteAgencies', { ids: [free!, used!] });
    expect(answer).toEqual({
      message: '1 changed, 1 refused: in use',
      changed: 1,
      refused: [{ id: used, label: 'Bulkdel Used Realty', reason: 'in use: 1 seller' }],
    });
    const single = await env.post('deleteagency', { agency_id: used });
    expect(single.json().message).toContain('is used by 1 seller');
    const left = await env.t.db
      .selectFrom('agencies')
      .select('agency_id')
      .where('agency_id', 'in', [free!, used!])
      .execute();
    expect(left.map((r) => r.agency_id)).toEqual([used]);
    const audit = await audited(since, 'bulkDeleteAgencies');
    expect(audit.filter((a) => a.entity === 'agencies')).toEqual([
      { entity: 'agencies', entity_id: free, action: 'delete', actor_id: env.admin.userId },
    ]);
  });

  it('change the status of every row matching the search, with the reason, and say which were already so', async () => {
    const ids = await agencies('Statusbulk One', 'Statusbulk Two', 'Statusbulk Three');
    const [other] = await agencies('Untouched Realty');
    const since = await lastAudit();
    const off = await bulk('bulkAgencyStatus', {
      matching: { searchText: 'statusbulk' },
      status: 'Inactive',
      reason_for_inactive: 'Licence lapsed',
    });
    expect(off).toEqual({ message: '3 changed', changed: 3, refused: [] });
    expect(await statusOf('agencies', 'agency_id', [...ids, other!])).toEqual([
      ...ids.map(() => ['Inactive', 'Licence lapsed']),
      ['Active', null],
    ]);
    const audit = await audited(since, 'bulkAgencyStatus');
    expect(audit.map((a) => a.entity_id).sort()).toEqual([...ids].sort());
    expect(new Set(audit.map((a) => `${a.entity} ${a.action}`))).toEqual(new Set(['agencies status change']));
    const back = await bulk('bulkAgencyStatus', { ids: [ids[0]!, other!], status: 'Active' });
    expect(back).toMatchObject({ message: '1 changed, 1 refused: already Active', changed: 1 });
    expect(await statusOf('agencies', 'agency_id', [ids[0]!])).toEqual([['Active', null]]);
  });

  it('are built alike for broker associations and brokers', async () => {
    expect((await env.post('savebrokerassociation', associationPayload(p, 'Bulk Assoc'))).statusCode).toBe(
      200,
    );
    const assoc = await idOf(env, BROKER_ASSOCIATION, 'Bulk Assoc');
    expect((await env.post('savebroker', brokerPayload(p, 'Bulk Broker', [assoc]))).statusCode).toBe(200);
    const broker = await idOf(env, BROKER, 'Bulk Broker');
    const inUse = await bulk('bulkDeleteBrokerAssociations', { ids: [assoc] });
    expect(inUse.refused).toEqual([{ id: assoc, label: 'Bulk Assoc', reason: 'in use: 1 broker' }]);
    const off = await bulk('bulkBrokerStatus', {
      ids: [broker],
      status: 'Inactive',
      reason_for_inactive: 'Retired',
    });
    expect(off.changed).toBe(1);
    expect(await statusOf('brokers', 'broker_id', [broker])).toEqual([['Inactive', 'Retired']]);
    expect((await bulk('bulkDeleteBrokers', { ids: [broker] })).changed).toBe(1);
    expect(
      (
        await bulk('bulkBrokerAssociationStatus', {
          ids: [assoc],
          status: 'Inactive',
          reason_for_inactive: 'Merged',
        })
      ).changed,
    ).toBe(1);
    expect((await bulk('bulkDeleteBrokerAssociations', { ids: [assoc] })).changed).toBe(1);
  });

  it('need the single actions’ permissions, and plain input', async () => {
    const [kept] = await agencies('Guarded Realty');
    const operator = await env.t.signedIn(ROLE.Agent);
    expect((await env.post('bulkDeleteAgencies', { ids: [kept] }, operator.token)).statusCode).toBe(403);
    expect(
      (await env.post('bulkAgencyStatus', { ids: [kept], status: 'Active' }, operator.token)).statusCode,
    ).toBe(403);
    for (const [call, payload, message] of [
      ['bulkAgencyStatus', { ids: [kept], status: 'Inactive' }, MESSAGES.reasonRequired],
      ['bulkAgencyStatus', { ids: [kept], status: 'Maybe' }, 'Status must be Active or Inactive'],
      ['bulkBrokerStatus', { status: 'Active' }, 'Send either ids or matching'],
      ['bulkDeleteAgencies', { ids: [] }, 'Select at least one row'],
      ['bulkDeleteBrokers', { ids: ['x'] }, 'Must be a number'],
      ['bulkDeleteBrokerAssociations', { matching: { broker_id: 'x' } }, 'broker_id'],
    ] as const) {
      const res = await env.post(call, payload);
      expect(res.statusCode, `${call} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await statusOf('agencies', 'agency_id', [kept!])).toEqual([['Active', null]]);
  });
});

describe('bulkDeleteSellers', () => {
  it("deletes in an Agent's scope only, refuses those with listings, and follows the list's search", async () => {
    const [agencyA, agencyB] = await agencies('Seller Scope A', 'Seller Scope B');
    const agent = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, agent.userId, agencyA!);
    await env.t.db
      .insertInto('role_permissions')
      .columns(['role_id', 'permission_id'])
      .expression(
        env.t.db
          .selectFrom('permissions')
          .select([sql.lit(ROLE.Agent).as('r'), 'id'])
          .where('name', '=', 'Delete Seller'),
      )
      .execute();
    const ours = await sellers(agencyA!, 'Sellbulk Ours 1', 'Sellbulk Ours 2', 'Sellbulk Ours 3');
    const [theirs] = await sellers(agencyB!, 'Sellbulk Theirs');
    const [unmatched] = await sellers(agencyA!, 'Other Seller');
    const since = await lastAudit();
    const chosen = await bulk('bulkDeleteSellers', { ids: [ours[0]!, theirs!] }, agent.token);
    expect(chosen).toEqual({
      message: '1 changed, 1 refused: not found',
      changed: 1,
      refused: [{ id: theirs, label: `#${theirs}`, reason: 'not found' }],
    });
    // A seller with a listing is in use.
    const listing = { ...propertyForm(p, 'Sellbulk listing'), seller_id: ours[2] };
    expect((await env.post('saveproperty', listing)).statusCode).toBe(200);
    const all = await bulk('bulkDeleteSellers', { matching: { searchText: 'sellbulk' } }, agent.token);
    expect(all).toEqual({
      message: '1 changed, 1 refused: in use',
      changed: 1,
      refused: [{ id: ours[2], label: 'Sellbulk Ours 3', reason: 'in use: 1 property' }],
    });
    const left = await env.t.db
      .selectFrom('sellers')
      .select('seller_id')
      .where('seller_id', 'in', [...ours, theirs!, unmatched!])
      .execute();
    expect(left.map((r) => r.seller_id).sort()).toEqual([ours[2]!, theirs!, unmatched!].sort());
    const audit = await audited(since, 'bulkDeleteSellers');
    expect(audit.filter((a) => a.entity === 'sellers' && a.action === 'delete')).toHaveLength(2);
    expect(audit.every((a) => a.actor_id === agent.userId)).toBe(true);
  });

  it('lets two overlapping deletes at once each delete a row once', async () => {
    const [agency] = await agencies('Race Realty');
    const ids = await sellers(agency!, 'Race 1', 'Race 2', 'Race 3', 'Race 4');
    const [a, b] = await Promise.all([
      env.post('bulkDeleteSellers', { ids: ids.slice(0, 3) }),
      env.post('bulkDeleteSellers', { ids: ids.slice(1) }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const answers = [a!.json(), b!.json()] as { changed: number; refused: { reason: string }[] }[];
    expect(answers[0]!.changed + answers[1]!.changed).toBe(4);
    const refused = answers.flatMap((x) => x.refused);
    expect(refused).toHaveLength(2);
    expect(refused.every((r) => r.reason === 'not found')).toBe(true);
  });

  it('needs Delete Seller; an export of a selection holds only the chosen rows', async () => {
    const [agency] = await agencies('Seller Export Realty');
    const ids = await sellers(agency!, 'Exported Seller 1', 'Exported Seller 2', 'Exported Seller 3');
    const operator = await env.t.signedIn(ROLE.Operator);
    expect((await env.post('bulkDeleteSellers', { ids }, operator.token)).statusCode).toBe(403);
    const url = `/api/GetSeller/export?ids=${[ids[0], ids[2]].join(',')}`;
    expect((await readExport(await env.get(url))).rows).toBe(2);
    const res = await env.post('bulkDeleteSellers', { matching: { agency_id: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});
