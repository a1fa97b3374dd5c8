import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkAnswer, PROPERTY_MESSAGES, ROLE } from '@app/contract';
import {
  agencyPayload,
  place,
  propertyIdOf,
  readExport,
  setAgency,
  setOpenLimit,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { expectAnswer } from './property-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';
import { lockHolder } from './helpers.ts';

/** Bulk actions on listings (bulkPropertyStatus, bulkAssignAgent), in the caller's scope. */
const env = useTestApp();
let where: Place;
let agent: { userId: number; token: string };
let other: { userId: number; token: string };

beforeAll(async () => {
  where = await place(env.t, 'Bulk');
  agent = await env.t.signedIn(ROLE.Agent);
  other = await env.t.signedIn(ROLE.Agent);
  await setOpenLimit(env.t, [agent.userId, other.userId], 50);
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

let named = 0;
async function listings(n: number, token = agent.token, prefix = 'Bulk lot') {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${prefix} ${++named}`;
    const res = await env.post('saveproperty', propertyForm(where, name), token);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(await propertyIdOf(env.t, name));
  }
  return ids;
}

const rowsOf = (ids: number[]) =>
  env.t.db
    .selectFrom('properties')
    .select(['property_id', 'status', 'suspended_reason', 'agent_id', 'agency_id', 'date_last_status_change'])
    .where('property_id', 'in', ids)
    .orderBy('property_id')
    .execute();
const historyOf = (ids: number[]) =>
  env.t.db
    .selectFrom('property_history')
    .select(['property_id', 'field', 'old_value', 'new_value', 'changed_by'])
    .where('property_id', 'in', ids)
    .where('field', 'in', ['status', 'suspended_reason', 'agent_id', 'agency_id'])
    .where('old_value', 'is not', null)
    .orderBy('property_id')
    .orderBy('field')
    .execute();
const lastAudit = async () =>
  String(
    (await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM audit_log`.execute(env.t.db)).rows[0]!
      .id,
  );

describe('bulkPropertyStatus', () => {
  it('changes the listings in the caller’s scope, with history, audit and notifications as one save', async () => {
    const mine = await listings(2);
    const [theirs] = await listings(1, other.token);
    const since = await lastAudit();
    const answer = await bulk(
      'bulkPropertyStatus',
      { ids: [...mine, theirs], status: 'Suspended', suspendedReason: 'Papers missing' },
      agent.token,
    );
    expect(answer.changed).toBe(2);
    expect(answer.refused).toEqual([{ id: theirs, label: `#${theirs}`, reason: 'not found' }]);
    expect(answer.message).toBe('2 changed, 1 refused: not found');
    const rows = await rowsOf([...mine, theirs!]);
    expect(rows.map((r) => [r.status, r.suspended_reason])).toEqual([
      ['Suspended', 'Papers missing'],
      ['Suspended', 'Papers missing'],
      ['Open', null],
    ]);
    expect(rows[0]!.date_last_status_change).not.toBeNull();
    expect(await historyOf(mine)).toEqual(
      mine.flatMap((id) => [
        {
          property_id: id,
          field: 'status',
          old_value: 'Open',
          new_value: 'Suspended',
          changed_by: agent.userId,
        },
      ]),
    );
    const audit = await env.t.db
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'actor_id'])
      .where('id', '>', since)
      .where('call', '=', 'bulkPropertyStatus')
      .where('entity', '=', 'properties')
      .execute();
    expect(audit.map((a) => Number(a.entity_id)).sort()).toEqual([...mine].sort());
    // The admins hear of it once: a digest naming how many (one listing alone is named as a save names it).
    // After the action's commit (decision 119).
    const heard = () =>
      env.t.db
        .selectFrom('notifications')
        .select(['entity_id', 'notification_type', 'notification_subject'])
        .where('user_id', '=', env.admin.userId)
        .where('entity_id', 'in', mine)
        .where('notification_type', '=', 'Property Status Is Modified')
        .execute();
    await expect.poll(heard).toEqual([
      {
        entity_id: Math.min(...mine),
        notification_type: 'Property Status Is Modified',
        notification_subject: expect.stringMatching(/^2 listings: status changed to Suspended by /),
      },
    ]);
    const [one] = await listings(1);
    await bulk('bulkPropertyStatus', { ids: [one], status: 'Sold' }, agent.token);
    const single = () =>
      env.t.db
        .selectFrom('notifications')
        .select('notification_subject')
        .where('user_id', '=', env.admin.userId)
        .where('entity_id', '=', one!)
        .where('notification_type', '=', 'Property Status Is Modified')
        .execute();
    await expect
      .poll(single)
      .toEqual([{ notification_subject: expect.stringMatching(/: status Open → Sold, changed by /) }]);
  });

  it('acts on every listing the Property List shows for a search', async () => {
    const ids = await listings(3, agent.token, 'Riverside bulk');
    await listings(1, other.token, 'Riverside bulk');
    const answer = await bulk(
      'bulkPropertyStatus',
      { matching: { searchText: 'riverside bulk' }, status: 'Pending' },
      agent.token,
    );
    expect(answer).toEqual({ message: '3 changed', changed: 3, refused: [] });
    expect((await rowsOf(ids)).map((r) => r.status)).toEqual(['Pending', 'Pending', 'Pending']);
  });

  it('reopens only as many as the owner’s open property limit leaves', async () => {
    const owner = await env.t.signedIn(ROLE.Agent);
    const ids = await listings(3, owner.token);
    await bulk('bulkPropertyStatus', { ids, status: 'Archived' }, owner.token);
    await setOpenLimit(env.t, [owner.userId], 1);
    const answer = await bulk('bulkPropertyStatus', { ids, status: 'Open' });
    expect(answer.changed).toBe(1);
    expect(answer.refused.map((r) => r.reason)).toEqual([
      PROPERTY_MESSAGES.limitReached(1),
      PROPERTY_MESSAGES.limitReached(1),
    ]);
    expect(answer.message).toContain('1 changed, 2 refused: ');
  });

  it('needs Edit Property, a reason to suspend, and says which were already so', async () => {
    const [id] = await listings(1);
    const seller = await env.t.signedIn(ROLE.Operator);
    await env.t.db
      .deleteFrom('role_permissions')
      .where('role_id', '=', ROLE.Operator)
      .where('permission_id', '=', sql<number>`(SELECT id FROM permissions WHERE name = 'Edit Property')`)
      .execute();
    const denied = await env.post('bulkPropertyStatus', { ids: [id], status: 'Sold' }, seller.token);
    expect(denied.statusCode).toBe(403);
    const noReason = await env.post('bulkPropertyStatus', { ids: [id], status: 'Suspended' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Give the reason for suspending');
    const bad = await env.post('bulkPropertyStatus', { ids: [id], status: 'Gone' });
    expect(bad.statusCode).toBe(400);
    expect((await bulk('bulkPropertyStatus', { ids: [id], status: 'Open' })).message).toBe(
      '0 changed, 1 refused: already Open',
    );
  });

  it('lets two overlapping actions at once change each listing once', async () => {
    const ids = await listings(6);
    const [a, b] = await Promise.all([
      env.post('bulkPropertyStatus', { ids: ids.slice(0, 4), status: 'Sold' }),
      env.post('bulkPropertyStatus', { ids: ids.slice(2), status: 'Sold' }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json().changed + b!.json().changed).toBe(6);
    expect((await historyOf(ids)).filter((h) => h.field === 'status')).toHaveLength(6);
  });
});

describe('bulkAssignAgent', () => {
  it('makes the agent the listings’ agent; the agency follows the agent’s', async () => {
    const agency = await env.post('saveagency', agencyPayload(where, 'Bulk Agency'));
    expect(agency.statusCode, agency.body).toBe(200);
    const agencyId = (
      await env.t.db
        .selectFrom('agencies')
        .select('agency_id')
        .where('agency_name', '=', 'Bulk Agency')
        .executeTakeFirstOrThrow()
    ).agency_id;
    const newAgent = await env.t.signedIn(ROLE.Agent);
    await setAgency(env, newAgent.userId, agencyId);
    const ids = await listings(2);
    const answer = await bulk('bulkAssignAgent', { ids, agent_id: newAgent.userId });
    expect(answer).toEqual({ message: '2 changed', changed: 2, refused: [] });
    expect((await rowsOf(ids)).map((r) => [r.agent_id, r.agency_id])).toEqual([
      [newAgent.userId, agencyId],
      [newAgent.userId, agencyId],
    ]);
    expect((await historyOf(ids)).filter((h) => h.field === 'agent_id')).toHaveLength(2);
    const again = await bulk('bulkAssignAgent', { ids, agent_id: newAgent.userId });
    expect(again.message).toBe('0 changed, 2 refused: already their agent');
    // The new agent now sees them, and hears of the change once.
    const heard = () =>
      env.t.db
        .selectFrom('notifications')
        .select(['entity_id', 'notification_subject'])
        .where('user_id', '=', newAgent.userId)
        .where('notification_type', '=', 'Property Details Modified')
        .execute();
    await expect.poll(heard).toEqual([
      {
        entity_id: Math.min(...ids),
        notification_subject: expect.stringMatching(/^2 listings were modified by /),
      },
    ]);
  });

  it('refuses an unknown agent', async () => {
    const [id] = await listings(1);
    const res = await env.post('bulkAssignAgent', { ids: [id], agent_id: env.admin.userId });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Unknown agent');
  });
});

describe('bulkAssignAgent at the same time as a change of the agent', () => {
  it('judges the agent as they are once the save of them is committed', async () => {
    const [id] = await listings(1);
    const leaving = await env.t.signedIn(ROLE.Agent);
    const locker = await lockHolder(env.t);
    try {
      // An edit of the agent, holding their row while it makes them an Individual seller.
      await locker.query('UPDATE users SET role_id = $1 WHERE user_id = $2', [
        ROLE.Individual,
        leaving.userId,
      ]);
      const assigning = env.post('bulkAssignAgent', { ids: [id], agent_id: leaving.userId });
      await locker.untilWaiting('users');
      await locker.commit();
      const res = await assigning;
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ agent_id: 'Unknown agent' });
    } finally {
      await locker.end();
    }
    expect((await rowsOf([id!]))[0]!.agent_id).not.toBe(leaving.userId);
  });
});

describe('export of a selection of listings', () => {
  it('holds the chosen listings in scope only', async () => {
    const mine = await listings(2);
    const [theirs] = await listings(1, other.token);
    const res = await env.get(`/api/allproperty/export?ids=${[...mine, theirs].join(',')}`, agent.token);
    expect((await readExport(res)).rows).toBe(2);
  });
});
