import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bulkAnswer, MASTER_LIST, MASTERS, masterCalls, ROLE } from '@app/contract';
import { place, provinces, readExport, useTestApp } from './entity-fixtures.ts';
import { expectAnswer } from './property-fixtures.ts';

/** Bulk actions on every master list (bulk<Master>Status, bulkDelete<Master>) and on roles. */
const env = useTestApp();

async function bulk(call: string, payload: object, token?: string) {
  const res = await env.post(call, payload, token);
  expect(res.statusCode, res.body).toBe(200);
  expectAnswer(bulkAnswer, res.json());
  return res.json() as { message: string; changed: number; refused: { id: number; reason: string }[] };
}

const lastAudit = async () =>
  String(
    (await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM audit_log`.execute(env.t.db)).rows[0]!
      .id,
  );
const auditSince = (since: string, call: string) =>
  env.t.db
    .selectFrom('audit_log')
    .select(['entity', 'entity_id', 'action', 'actor_id', 'before', 'after'])
    .where('id', '>', since)
    .where('call', '=', call)
    .orderBy('id')
    .execute();

/** Amenities named `<prefix> <n>`, Active; answers their ids. */
async function amenities(prefix: string, n: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`INSERT INTO amenities (name)
    SELECT ${prefix} || ' ' || g FROM generate_series(1, ${n}) g RETURNING id`.execute(env.t.db);
  return rows.map((r) => r.id);
}
const statusesOf = async (ids: number[]) =>
  (
    await sql<{
      status: string;
    }>`SELECT status FROM amenities WHERE id = ANY (${ids}::int[]) ORDER BY id`.execute(env.t.db)
  ).rows.map((r) => r.status);

const amenity = masterCalls(MASTERS.amenity);
const province = masterCalls(MASTERS.province);

describe('bulk status of a master', () => {
  it('changes the chosen rows, refuses those already so or not there, and audits each change', async () => {
    const ids = await amenities('Bulk Pool', 3);
    await sql`UPDATE amenities SET status = 'Inactive' WHERE id = ${ids[2]}`.execute(env.t.db);
    const since = await lastAudit();
    const answer = await bulk(amenity.bulkStatus.name, { ids: [...ids, 999_999], status: 'Inactive' });
    expect(answer).toEqual({
      message: '2 changed, 2 refused: 1 already Inactive, 1 not found',
      changed: 2,
      refused: [
        { id: ids[2], label: 'Bulk Pool 3', reason: 'already Inactive' },
        { id: 999_999, label: '#999999', reason: 'not found' },
      ],
    });
    expect(await statusesOf(ids)).toEqual(['Inactive', 'Inactive', 'Inactive']);
    const audit = await auditSince(since, 'bulkAmenityStatus');
    expect(audit.map((a) => [a.entity, Number(a.entity_id), a.action, a.actor_id])).toEqual(
      ids.slice(0, 2).map((id) => ['amenities', id, 'status change', env.admin.userId]),
    );
    expect(audit[0]!.before).toMatchObject({ status: 'Active' });
    expect(audit[0]!.after).toMatchObject({ status: 'Inactive' });
  });

  it('acts on every row the list shows for a search, and on no other', async () => {
    const matched = await amenities('Bulkmatch Deck', 4);
    const other = await amenities('Bulkother Deck', 2);
    const answer = await bulk(amenity.bulkStatus.name, {
      matching: { searchText: 'bulkmatch' },
      status: 'Inactive',
    });
    expect(answer).toEqual({ message: '4 changed', changed: 4, refused: [] });
    expect(await statusesOf(matched)).toEqual(Array(4).fill('Inactive'));
    expect(await statusesOf(other)).toEqual(['Active', 'Active']);
  });

  it('is served for every master, from its definition', async () => {
    for (const def of MASTER_LIST) {
      const calls = masterCalls(def);
      const none = { matching: { searchText: 'no master is named this' } };
      expect(await bulk(calls.bulkStatus.name, { ...none, status: 'Active' }), def.key).toMatchObject({
        changed: 0,
      });
      expect(await bulk(calls.bulkDelete.name, none), def.key).toMatchObject({ changed: 0 });
    }
  });

  it('needs Enable Master (as the status switch does), and Delete Master to delete', async () => {
    const operator = await env.t.signedIn(ROLE.Operator);
    const [id] = await amenities('Bulk Denied', 1);
    for (const [call, payload] of [
      [amenity.bulkStatus.name, { ids: [id], status: 'Inactive' }],
      [amenity.bulkDelete.name, { ids: [id] }],
    ] as const) {
      const res = await env.post(call, payload, operator.token);
      expect(res.statusCode, call).toBe(403);
    }
    expect(await statusesOf([id!])).toEqual(['Active']);
  });

  it('answers bad input with a plain 400', async () => {
    for (const [payload, message] of [
      [{ status: 'Active' }, 'Send either ids or matching'],
      [{ ids: [], status: 'Active' }, 'Select at least one row'],
      [{ ids: [1], matching: {}, status: 'Active' }, 'Send either ids or matching'],
      [{ ids: ['x'], status: 'Active' }, 'Must be a number'],
      [{ ids: [1], status: 'Sometimes' }, 'Active or Inactive'],
      [{ ids: [1] }, 'Active or Inactive'],
    ] as const) {
      const res = await env.post(amenity.bulkStatus.name, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    const res = await env.post(amenity.bulkDelete.name, { ids: 'all' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('ids must be a list of ids');
  });
});

describe('bulk delete of a master', () => {
  it('lets two overlapping deletes at once each delete a row once, and exports a selection', async () => {
    const ids = await amenities('Bulk Overlap', 6);
    const sheet = await readExport(
      await env.get(`/api/${amenity.list.name}/export?ids=${ids.slice(0, 2).join(',')}`),
    );
    expect(sheet.rows).toBe(2);
    const [a, b] = await Promise.all([
      env.post(amenity.bulkDelete.name, { ids: ids.slice(0, 4) }),
      env.post(amenity.bulkDelete.name, { ids: ids.slice(2) }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json().changed + b!.json().changed).toBe(6);
    // The two rows both chose are deleted by one and not found by the other, whichever came first.
    expect([...a!.json().refused, ...b!.json().refused].map((r) => r.reason)).toEqual([
      'not found',
      'not found',
    ]);
    expect(await statusesOf(ids)).toEqual([]);
  });

  it('deletes what nothing uses and refuses the rest, naming what uses them, audited', async () => {
    const where = await place(env.t, 'BulkDel');
    const free = await provinces(env.t, 'Bulkdel Free', 2);
    const since = await lastAudit();
    const answer = await bulk(province.bulkDelete.name, { ids: [...free, where.province_id] });
    expect(answer.message).toBe('2 changed, 1 refused: in use');
    expect(answer.refused).toEqual([
      { id: where.province_id, label: expect.any(String), reason: 'in use: 1 town' },
    ]);
    const { rows: left } = await sql<{ province_id: number }>`SELECT province_id FROM provinces
      WHERE province_id = ANY (${[...free, where.province_id]}::int[])`.execute(env.t.db);
    expect(left.map((r) => r.province_id)).toEqual([where.province_id]);
    const audit = await auditSince(since, 'bulkDeleteProvince');
    expect(audit.map((a) => [a.entity, Number(a.entity_id), a.action])).toEqual(
      free.map((id) => ['provinces', id, 'delete']),
    );
  });
});

/** A custom role named so, with `holders` users. */
async function customRole(name: string, holders = 0) {
  expect((await env.post('webSaveRole', { roleName: name })).statusCode).toBe(200);
  const { id } = await env.t.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < holders; i++) await env.t.createUser(id);
  return id;
}
const roleStatus = async (id: number) =>
  (await env.t.db.selectFrom('roles').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('bulk actions on roles', () => {
  it('changes the status of roles as webUpdateRole does: never Super Admin, never a rank as high', async () => {
    const a = await customRole('Bulk Role A');
    const b = await customRole('Bulk Role B');
    const since = await lastAudit();
    const answer = await bulk('bulkRoleStatus', { ids: [a, b, ROLE.SuperAdmin], status: 'Inactive' });
    expect(answer.changed).toBe(2);
    expect(answer.refused).toEqual([
      { id: ROLE.SuperAdmin, label: 'Super Admin', reason: 'The Super Admin role cannot be made inactive' },
    ]);
    expect([await roleStatus(a), await roleStatus(b)]).toEqual(['Inactive', 'Inactive']);
    expect((await auditSince(since, 'bulkRoleStatus')).map((r) => Number(r.entity_id))).toEqual([a, b]);

    const admin = await env.t.signedIn(ROLE.Admin);
    const byAdmin = await bulk('bulkRoleStatus', { ids: [a, ROLE.Admin], status: 'Active' }, admin.token);
    expect(byAdmin.refused).toEqual([
      {
        id: ROLE.Admin,
        label: 'Admin',
        reason: 'You cannot change a role that ranks as high as yours',
      },
    ]);
    expect(await roleStatus(a)).toBe('Active');
  });

  it('deletes roles no one holds; built-in roles and held roles are refused with the reason', async () => {
    const free = await customRole('Bulkdel Role Free');
    const held = await customRole('Bulkdel Role Held', 2);
    const since = await lastAudit();
    const answer = await bulk('bulkDeleteRoles', { matching: { searchText: 'bulkdel role' } });
    expect(answer).toMatchObject({ message: '1 changed, 1 refused: in use', changed: 1 });
    expect(answer.refused).toEqual([{ id: held, label: 'Bulkdel Role Held', reason: 'in use: 2 users' }]);
    expect(await env.t.db.selectFrom('roles').select('id').where('id', '=', free).execute()).toEqual([]);
    expect((await auditSince(since, 'bulkDeleteRoles')).filter((r) => r.entity === 'roles')).toMatchObject([
      { entity_id: String(free), action: 'delete' },
    ]);

    const builtIn = await bulk('bulkDeleteRoles', { ids: [ROLE.Operator] });
    expect(builtIn.message).toBe('0 changed, 1 refused: A built-in role cannot be deleted');
  });

  it('needs Edit Role and Delete Role, and plain input', async () => {
    const operator = await env.t.signedIn(ROLE.Operator);
    const role = await customRole('Bulk Role Denied');
    expect(
      (await env.post('bulkRoleStatus', { ids: [role], status: 'Inactive' }, operator.token)).statusCode,
    ).toBe(403);
    expect((await env.post('bulkDeleteRoles', { ids: [role] }, operator.token)).statusCode).toBe(403);
    const bad = await env.post('bulkDeleteRoles', { ids: [role], matching: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Send either ids or matching');
  });
});
