import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX, bulkAnswer, ROLE } from '@app/contract';
import { place, propertyIdOf, readExport, useTestApp } from './entity-fixtures.ts';
import { expectAnswer } from './property-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/** Bulk actions on users (bulkUserStatus, bulkDeleteUsers) and the export of a selection. */
const env = useTestApp();
let admin: { userId: number; token: string };

beforeAll(async () => {
  admin = await env.t.signedIn(ROLE.Admin);
});

async function bulk(call: string, payload: object, token = admin.token) {
  const res = await env.post(call, payload, token);
  expect(res.statusCode, res.body).toBe(200);
  expectAnswer(bulkAnswer, res.json());
  return res.json() as { message: string; changed: number; refused: { id: number; reason: string }[] };
}

const statusOf = async (userId: number) =>
  (
    await env.t.db
      .selectFrom('users')
      .select('user_status')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).user_status;

/** Users named for a search of their own: Test <name><n>. */
async function namedUsers(name: string, n: number, role: number = ROLE.Agent) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = await env.t.createUser(role);
    await env.t.db
      .updateTable('users')
      .set({ last_name: `${name}${i}` })
      .where('user_id', '=', id)
      .execute();
    ids.push(id);
  }
  return ids;
}

const auditSince = async (since: string, call: string) =>
  env.t.db
    .selectFrom('audit_log')
    .select(['entity', 'entity_id', 'action', 'actor_id'])
    .where('id', '>', since)
    .where('call', '=', call)
    .orderBy('id')
    .execute();
const lastAudit = async () =>
  String(
    (await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM audit_log`.execute(env.t.db)).rows[0]!
      .id,
  );

describe('bulkUserStatus', () => {
  it('changes the chosen users it may, refuses the rest row by row, and audits each change', async () => {
    const agents = await namedUsers('Bulkstatus', 3);
    const otherAdmin = await env.t.createUser(ROLE.Admin);
    const since = await lastAudit();
    const answer = await bulk('bulkUserStatus', {
      ids: [...agents, otherAdmin, admin.userId, 999_999],
      status: 'Inactive',
      reason: 'Left the agency',
    });
    expect(answer.changed).toBe(3);
    expect(answer.refused).toEqual(
      [
        // Outside an Admin's list (ranks as high): not shown, so not found.
        { id: otherAdmin, label: `#${otherAdmin}`, reason: 'not found' },
        {
          id: admin.userId,
          label: expect.any(String),
          reason: 'You cannot change the status of your own account',
        },
        { id: 999_999, label: '#999999', reason: 'not found' },
      ].sort((a, b) => a.id - b.id),
    );
    expect(answer.message).toBe(
      '3 changed, 3 refused: 2 not found, 1 You cannot change the status of your own account',
    );
    for (const id of agents) expect(await statusOf(id)).toBe('Inactive');
    expect(await statusOf(otherAdmin)).toBe('Active');
    const history = await env.t.db
      .selectFrom('user_status_history')
      .select(['user_id', 'old_status', 'new_status', 'reason', 'changed_by'])
      .where('user_id', 'in', agents)
      .execute();
    expect(history).toHaveLength(3);
    expect(history[0]).toMatchObject({
      old_status: 'Active',
      new_status: 'Inactive',
      reason: 'Left the agency',
    });
    const audit = await auditSince(since, 'bulkUserStatus');
    expect(
      audit
        .filter((a) => a.entity === 'users')
        .map((a) => Number(a.entity_id))
        .sort(),
    ).toEqual([...agents].sort());
    expect(audit.every((a) => a.actor_id === admin.userId)).toBe(true);
  });

  it('ends the sessions of those it deactivates, and says which were already so', async () => {
    const agent = await env.t.signedIn(ROLE.Agent);
    const res = await bulk('bulkUserStatus', { ids: [agent.userId], status: 'Inactive', reason: 'Away' });
    expect(res.changed).toBe(1);
    expect((await env.get('/api/webGetAccountDetails', agent.token)).statusCode).toBe(401);
    const again = await bulk('bulkUserStatus', { ids: [agent.userId], status: 'Inactive' });
    expect(again).toMatchObject({ message: '0 changed, 1 refused: already Inactive', changed: 0 });
  });

  it('takes a reason of spaces or null as none, as the single change does', async () => {
    const ids = [await env.t.createUser(ROLE.Agent), await env.t.createUser(ROLE.Agent)];
    for (const [i, reason] of (['   ', null] as const).entries()) {
      expect(await bulk('bulkUserStatus', { ids: [ids[i]], status: 'Inactive', reason })).toMatchObject({
        changed: 1,
      });
    }
    const { rows } = await sql<{ reason: string | null }>`SELECT reason FROM user_status_history
      WHERE user_id = ANY(${ids}::int[])`.execute(env.t.db);
    expect(rows).toEqual([{ reason: null }, { reason: null }]);
  });

  it('acts on every user the list shows for a search (its scope: never a higher rank)', async () => {
    const agents = await namedUsers('Matchall', 4);
    const admins = await namedUsers('Matchall', 2, ROLE.Admin);
    const answer = await bulk('bulkUserStatus', {
      matching: { searchText: 'matchall' },
      status: 'Inactive',
      reason: 'Season over',
    });
    expect(answer).toEqual({ message: '4 changed', changed: 4, refused: [] });
    for (const id of agents) expect(await statusOf(id)).toBe('Inactive');
    for (const id of admins) expect(await statusOf(id)).toBe('Active');
    // From the approval list: New and Inactive users only.
    const back = await bulk('bulkUserStatus', {
      list: 'GetNewUser',
      matching: { searchText: 'matchall' },
      status: 'Active',
    });
    expect(back.changed).toBe(4);
  });

  it('needs a ChangeStatusof… permission, and plain input', async () => {
    const individual = await env.t.signedIn(ROLE.Individual);
    const denied = await env.post(
      'bulkUserStatus',
      { ids: [admin.userId], status: 'Active' },
      individual.token,
    );
    expect(denied.statusCode).toBe(403);
    for (const [payload, message] of [
      [{ status: 'Active' }, 'Send either ids or matching'],
      [{ ids: [], status: 'Active' }, 'Select at least one row'],
      [
        { ids: Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1), status: 'Active' },
        'At most 10,000 rows',
      ],
      [{ ids: [1], matching: {}, status: 'Active' }, 'Send either ids or matching'],
      [{ ids: ['x'], status: 'Active' }, 'Must be a number'],
    ] as const) {
      const res = await env.post('bulkUserStatus', payload, admin.token);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('lets two overlapping actions at once each change a row once', async () => {
    const users = await namedUsers('Overlap', 6);
    const [a, b] = await Promise.all([
      env.post('bulkUserStatus', { ids: users.slice(0, 4), status: 'Inactive', reason: 'A' }),
      env.post('bulkUserStatus', { ids: users.slice(2), status: 'Inactive', reason: 'B' }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json().changed + b!.json().changed).toBe(6);
    const history = await env.t.db
      .selectFrom('user_status_history')
      .select('user_id')
      .where('user_id', 'in', users)
      .execute();
    expect(history).toHaveLength(6);
  });
});

describe('bulkDeleteUsers', () => {
  it('deletes those nothing uses and refuses the rest, naming what uses them', async () => {
    const where = await place(env.t, 'BulkDelete');
    const [free1, free2] = await namedUsers('Deletable', 2);
    const owner = await env.t.signedIn(ROLE.Agent);
    expect((await env.post('saveproperty', propertyForm(where, 'Owner lot'), owner.token)).statusCode).toBe(
      200,
    );
    await propertyIdOf(env.t, 'Owner lot');
    const since = await lastAudit();
    const answer = await bulk('bulkDeleteUsers', { ids: [free1!, free2!, owner.userId, admin.userId] });
    expect(answer.changed).toBe(2);
    expect(answer.refused).toEqual(
      expect.arrayContaining([
        { id: owner.userId, label: expect.any(String), reason: 'in use: 1 property' },
        { id: admin.userId, label: expect.any(String), reason: 'You cannot delete your own account' },
      ]),
    );
    const left = await env.t.db
      .selectFrom('users')
      .select('user_id')
      .where('user_id', 'in', [free1!, free2!])
      .execute();
    expect(left).toEqual([]);
    const audit = await auditSince(since, 'bulkDeleteUsers');
    expect(audit.filter((a) => a.entity === 'users' && a.action === 'delete')).toHaveLength(2);
  });

  it('needs Delete User', async () => {
    const operator = await env.t.signedIn(ROLE.Operator);
    const [someone] = await namedUsers('Undeletable', 1);
    const res = await env.post('bulkDeleteUsers', { ids: [someone] }, operator.token);
    expect(res.statusCode).toBe(403);
    expect(await statusOf(someone!)).toBe('Active');
  });
});

describe('export of a selection', () => {
  it('holds only the chosen rows the list shows', async () => {
    const ids = await namedUsers('Exported', 3);
    const otherAdmin = await env.t.createUser(ROLE.Admin);
    const url = `/api/GetUser/export?ids=${[ids[0], ids[2], otherAdmin].join(',')}`;
    expect((await readExport(await env.get(url, admin.token))).rows).toBe(2);
    expect((await env.get('/api/GetUser/export?ids=1,x', admin.token)).statusCode).toBe(400);
  });
});
