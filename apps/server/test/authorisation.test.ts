import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, ROLE } from '@app/contract';
import { calls } from '../src/calls/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let noPermissions: string; // a signed-in user whose role holds nothing
beforeAll(async () => {
  t = await createTestApp();
  const role = await t.db
    .insertInto('roles')
    .values({ name: 'Nothing', status: 'Active', created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  noPermissions = (await t.signedIn(role.id)).token;
});
afterAll(() => t.close());

const routesOf = (call: (typeof calls)[number]) => [
  { method: call.method, url: `/api/${call.name}` },
  ...(call.list ? [{ method: 'GET' as const, url: `/api/${call.name}/export` }] : []),
];
const guarded = calls.filter((c) => c.access !== 'public');

describe('the call registry', () => {
  it('declares who may make every call', () => {
    const valid = new Set<string>(['public', 'signed-in', ...ALL_PERMISSIONS]);
    for (const call of calls) {
      const names = typeof call.access === 'string' ? [call.access] : call.access;
      expect(names.length, call.name).toBeGreaterThan(0);
      for (const name of names) expect(valid.has(name), `${call.name}: ${name}`).toBe(true);
    }
    expect(new Set(calls.map((c) => c.name)).size).toBe(calls.length);
  });

  it('leaves public only the calls that must work before sign-in', () => {
    expect(
      calls
        .filter((c) => c.access === 'public')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['forget_password', 'reset_password', 'webValidateLogin'].sort());
  });

  it('serves every registered call', () => {
    for (const route of calls.flatMap(routesOf)) expect(t.app.hasRoute(route), route.url).toBe(true);
  });
});

describe.each(guarded.flatMap(routesOf))('$method $url', ({ method, url }) => {
  it('answers 401 without a session, whatever the input', async () => {
    for (const payload of [undefined, {}, { roleId: 1, roleName: 'x', isRoleActive: 'Active' }]) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe.each(
  guarded
    .filter((c) => c.access !== 'signed-in')
    .flatMap((c) => routesOf(c).map((r) => ({ ...r, access: c.access }))),
)('$method $url needs $access', ({ method, url }) => {
  it('answers 403 and no data to a user without the permission', async () => {
    const rolesBefore = await t.db.selectFrom('roles').selectAll().orderBy('id').execute();
    const res = await t.call(noPermissions, {
      method,
      url,
      ...(method === 'POST'
        ? { payload: { roleId: ROLE.Agent, roleName: 'Hijacked', isRoleActive: 'Inactive' } }
        : {}),
    });
    expect(res.statusCode).toBe(403);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(await t.db.selectFrom('roles').selectAll().orderBy('id').execute()).toEqual(rolesBefore);
  });
});

describe('Super Admin', () => {
  it('passes every permission check', async () => {
    const { token } = await t.signedIn(ROLE.SuperAdmin);
    for (const call of guarded.filter((c) => c.method === 'GET')) {
      const res = await t.call(token, { method: 'GET', url: `/api/${call.name}` });
      // Some lookups need a parent id (400); what matters is that authorisation let it through.
      expect([200, 400], `${call.name}: ${res.body}`).toContain(res.statusCode);
    }
  });
});

describe('a role made Inactive', () => {
  it('takes its permissions away from its users at once', async () => {
    const { token } = await t.signedIn(ROLE.Operator);
    expect((await t.call(token, { method: 'GET', url: '/api/webGetRoles' })).statusCode).toBe(200);
    await t.db.updateTable('roles').set({ status: 'Inactive' }).where('id', '=', ROLE.Operator).execute();
    expect((await t.call(token, { method: 'GET', url: '/api/webGetRoles' })).statusCode).toBe(403);
    await t.db.updateTable('roles').set({ status: 'Active' }).where('id', '=', ROLE.Operator).execute();
  });
});
