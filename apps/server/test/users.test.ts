import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_PERMISSIONS, listPage, messageAnswer, ROLE, userListRow } from '@app/contract';
import { sql } from 'kysely';
import { createTestApp, lockHolder, planWithoutTableScans, type TestApp } from './helpers.ts';
import { userMatches, type UserSearchField } from '../src/db/repositories/user-search.ts';

let t: TestApp;
let superAdmin: { userId: number; token: string };
let admin: { userId: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  // Stands in for the listings of issue 6: a table whose rows must keep their user.
  await sql`CREATE TABLE listings (id serial PRIMARY KEY, owner_id integer NOT NULL REFERENCES users (user_id))`.execute(
    t.db,
  );
  superAdmin = await t.signedIn(ROLE.SuperAdmin);
  admin = await t.signedIn(ROLE.Admin);
});
afterAll(() => t.close());

type Row = {
  user_id: number;
  full_name: string;
  role_name: string;
  user_status: string;
  phone_1: string | null;
};
/** The declared answer of GetUser and GetNewUser, with no field beyond the declared ones at any depth. */
const strictPage = z.object({ resultData: listPage(userListRow.strict()).strict() }).strict();
const list = async (call: string, query: string, token = superAdmin.token) => {
  const res = await t.call(token, { method: 'GET', url: `/api/${call}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(strictPage.safeParse(res.json()).error).toBeUndefined();
  return res.json().resultData as { data: Row[]; total: number };
};
const post = (call: string, payload: object, token = superAdmin.token) =>
  t.call(token, { method: 'POST', url: `/api/${call}`, payload });
const statusOf = async (userId: number) =>
  (
    await t.db
      .selectFrom('users')
      .select('user_status')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).user_status;

describe('GetUser', () => {
  it('lists users with role and phone, sorted by name, searchable by name, e-mail and phone', async () => {
    const id = await t.createUser(ROLE.Operator, 'maria.clara@example.ph');
    await t.db
      .updateTable('users')
      .set({ first_name: 'Maria', last_name: 'Clara', phone_1: '09171234567' })
      .where('user_id', '=', id)
      .execute();
    for (const search of ['maria cl', 'MARIA.CLARA@', '0917123']) {
      const page = await list('GetUser', `searchText=${encodeURIComponent(search)}`);
      expect(
        page.data.map((r) => r.full_name),
        search,
      ).toEqual(['Maria Clara']);
      expect(page.data[0]).toMatchObject({
        role_name: 'Operator',
        phone_1: '09171234567',
        user_status: 'Active',
      });
    }
    const sorted = await list('GetUser', 'itemsPerPage=50&sortColumn=full_name&sortOrder=desc');
    const names = sorted.data.map((r) => r.full_name);
    expect(names).toEqual([...names].sort().reverse());
    expect(
      (await t.call(superAdmin.token, { method: 'GET', url: '/api/GetUser?sortColumn=password_hash' }))
        .statusCode,
    ).toBe(400);
  });

  it("finds a user by what the list's fields hold, in any case, and by their new name once renamed", async () => {
    const id = await t.createUser(ROLE.Operator, 'ines.pena@example.ph');
    await t.db
      .updateTable('users')
      .set({ first_name: 'Inés', last_name: 'Peña', phone_1: '09181112222', phone_2: '09285553333' })
      .where('user_id', '=', id)
      .execute();
    const found = async (search: string, call = 'GetUser') => {
      const res = await t.call(superAdmin.token, {
        method: 'GET',
        url: `/api/${call}?itemsPerPage=50&searchText=${encodeURIComponent(search)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = (res.json() as { resultData: { data: { full_name: string }[] } }).resultData.data;
      return rows.map((row) => row.full_name);
    };
    for (const search of ['INÉS PEÑA', 'és pe', 'PENA@EXAMPLE', '0918111']) {
      expect(await found(search), search).toEqual(['Inés Peña']);
    }
    // The second phone is not a field of the Users list, but is one of the Users report's; text
    // across the name and the e-mail is in no field.
    expect(await found('0928555')).toEqual([]);
    expect(await found('0928555', 'GetUserReport')).toEqual(['Inés Peña']);
    expect(await found('peña ines.pena')).toEqual([]);
    expect(await found('peñaines')).toEqual([]);

    await t.db.updateTable('users').set({ last_name: 'Dela Cruz' }).where('user_id', '=', id).execute();
    expect(await found('peña')).toEqual([]);
    expect(await found('inés dela')).toEqual(['Inés Dela Cruz']);
  });

  it("reads the users' search text through its own index, and the other fields through theirs", async () => {
    const indexesRead = async (fields: UserSearchField[]) => {
      const plan = await planWithoutTableScans(
        t.db,
        sql`SELECT user_id FROM users u WHERE ${userMatches('%peña%', fields)}`,
      );
      return [...plan.matchAll(/on (users_\w+_trgm)/g)].map((m) => m[1]).sort();
    };
    expect(await indexesRead(['name', 'user_email', 'phone_1'])).toEqual(['users_search_text_trgm']);
    expect(await indexesRead(['name', 'phone_1', 'phone_2', 'user_email'])).toEqual([
      'users_phone_2_trgm',
      'users_search_text_trgm',
    ]);
    expect(await indexesRead(['name'])).toEqual(['users_full_name_trgm']);
  });

  it("walks one role's users newest first through the role's own index, not every user's role", async () => {
    // Count of properties by user type and the agents' lists ask this; at ten million listings the
    // agents came after 1.6 million other users in the users' own order (migration 0033).
    const plan = await planWithoutTableScans(
      t.db,
      sql`SELECT user_id FROM users u WHERE u.role_id = ${ROLE.Agent} ORDER BY u.user_id DESC LIMIT 7`,
    );
    expect(plan).toMatch(/Scan Backward using users_role_newest/);
    expect(plan).not.toMatch(/Filter|Sort/);
  });

  it('never answers password hashes or session data', async () => {
    const res = await t.call(superAdmin.token, { method: 'GET', url: '/api/GetUser?itemsPerPage=50' });
    expect(res.body).not.toMatch(/password|argon2|token/i);
  });
});

describe('GetNewUser', () => {
  it('lists only New and Inactive users', async () => {
    const fresh = await t.createUser(ROLE.Agent, 'fresh.agent@example.ph', 'New');
    const off = await t.createUser(ROLE.Agent, 'off.agent@example.ph', 'Inactive');
    const page = await list('GetNewUser', 'itemsPerPage=50');
    const ids = page.data.map((r) => r.user_id);
    expect(ids).toEqual(expect.arrayContaining([fresh, off]));
    expect(page.data.every((r) => r.user_status !== 'Active')).toBe(true);
  });
});

describe('changeUserStatus', () => {
  it('approves a New user, records who did it and why, and lets them sign in', async () => {
    const id = await t.createUser(ROLE.Agent, 'approve.me@example.ph', 'New');
    const res = await post('changeUserStatus', { user_id: id, status: 'Active' });
    expect(res.json()).toEqual({ message: 'User status changed to Active' });
    expect(messageAnswer.strict().safeParse(res.json()).error).toBeUndefined();
    expect(await statusOf(id)).toBe('Active');
    expect(await t.login('approve.me@example.ph')).toBeTruthy();
    const history = await t.db
      .selectFrom('user_status_history')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ old_status: 'New', new_status: 'Active', changed_by: superAdmin.userId }),
    ]);
  });

  it('deactivating ends the user’s sessions and keeps the reason', async () => {
    const agent = await t.signedIn(ROLE.Agent);
    await post('changeUserStatus', { user_id: agent.userId, status: 'InActive', reason: 'Left the agency' });
    expect(await statusOf(agent.userId)).toBe('Inactive');
    const me = await t.call(agent.token, {
      method: 'GET',
      url: '/api/webGetLoggedUserDetailsWithRolesPermission',
    });
    expect(me.statusCode).toBe(401);
    const last = await t.db
      .selectFrom('user_status_history')
      .select('reason')
      .where('user_id', '=', agent.userId)
      .executeTakeFirstOrThrow();
    expect(last.reason).toBe('Left the agency');
  });

  it('judges who may act on the user as they are once locked: promoted to Admin meanwhile, they are refused', async () => {
    for (const [call, payload] of [
      ['changeUserStatus', (id: number) => ({ user_id: id, status: 'Inactive' })],
      ['deleteUser', (id: number) => ({ user_id: id })],
    ] as const) {
      const operator = await t.createUser(ROLE.Operator);
      const locker = await lockHolder(t);
      try {
        // A Super Admin's save, holding the user while it makes them an Admin.
        await locker.query('UPDATE users SET role_id = $1 WHERE user_id = $2', [ROLE.Admin, operator]);
        const acting = post(call, payload(operator), admin.token);
        await locker.untilWaiting('"users"');
        await locker.commit();
        expect((await acting).statusCode, call).toBe(403);
      } finally {
        await locker.end();
      }
      expect(await statusOf(operator), call).toBe('Active');
    }
  });

  it("needs the ChangeStatusof… permission of the target's role, and a role ranking below the caller's", async () => {
    const otherAdmin = await t.createUser(ROLE.Admin, 'other.admin@example.ph');
    const boss = await t.createUser(ROLE.SuperAdmin, 'other.boss@example.ph');
    // Admin holds ChangeStatusofAdmin, but another Admin ranks as high as it does (decision 25).
    const peer = await post('changeUserStatus', { user_id: otherAdmin, status: 'Inactive' }, admin.token);
    expect(peer.statusCode).toBe(403);
    expect(await statusOf(otherAdmin)).toBe('Active');
    expect((await post('changeUserStatus', { user_id: otherAdmin, status: 'Inactive' })).statusCode).toBe(
      200,
    );
    const denied = await post('changeUserStatus', { user_id: boss, status: 'Inactive' }, admin.token);
    expect(denied.statusCode).toBe(403);
    expect(await statusOf(boss)).toBe('Active');
    // An Agent holds none of them.
    const agent = await t.signedIn(ROLE.Agent);
    expect(
      (await post('changeUserStatus', { user_id: otherAdmin, status: 'Active' }, agent.token)).statusCode,
    ).toBe(403);
  });

  it('refuses your own account, unknown users and bad statuses', async () => {
    expect(
      (await post('changeUserStatus', { user_id: superAdmin.userId, status: 'Inactive' })).statusCode,
    ).toBe(409);
    expect((await post('changeUserStatus', { user_id: 999999, status: 'Active' })).statusCode).toBe(404);
    const bad = await post('changeUserStatus', { user_id: admin.userId, status: 'New' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toBe('Status must be Active or Inactive');
  });
});

describe('deleteUser', () => {
  it('deletes a user and ends their sessions', async () => {
    const agent = await t.signedIn(ROLE.Agent);
    const deleted = (await post('deleteUser', { user_id: agent.userId })).json();
    expect(deleted).toEqual({ message: 'User deleted successfully' });
    expect(messageAnswer.strict().safeParse(deleted).error).toBeUndefined();
    expect(
      await t.db.selectFrom('users').select('user_id').where('user_id', '=', agent.userId).executeTakeFirst(),
    ).toBeUndefined();
    const me = await t.call(agent.token, {
      method: 'GET',
      url: '/api/webGetLoggedUserDetailsWithRolesPermission',
    });
    expect(me.statusCode).toBe(401);
    expect((await post('deleteUser', { user_id: agent.userId })).statusCode).toBe(404);
  });

  it('refuses a user who still owns listings, saying so, and keeps their sessions', async () => {
    const agent = await t.signedIn(ROLE.Agent);
    await sql`INSERT INTO listings (owner_id) VALUES (${agent.userId}), (${agent.userId})`.execute(t.db);
    const res = await post('deleteUser', { user_id: agent.userId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^User : Test User\d+ is used by 2 listings and cannot be deleted$/);
    const me = await t.call(agent.token, {
      method: 'GET',
      url: '/api/webGetLoggedUserDetailsWithRolesPermission',
    });
    expect(me.statusCode).toBe(200);
  });

  it('is not blocked by records the user created (created_by is cleared)', async () => {
    const operator = await t.signedIn(ROLE.Operator);
    await t.db
      .updateTable('roles')
      .set({ created_by: operator.userId })
      .where('id', '=', ROLE.Individual)
      .execute();
    expect((await post('deleteUser', { user_id: operator.userId })).statusCode).toBe(200);
  });

  it('refuses yourself and, for an Admin, a Super Admin', async () => {
    expect((await post('deleteUser', { user_id: superAdmin.userId })).statusCode).toBe(409);
    const boss = await t.createUser(ROLE.SuperAdmin, 'boss.two@example.ph');
    expect((await post('deleteUser', { user_id: boss }, admin.token)).statusCode).toBe(403);
  });
});

describe('role permissions', () => {
  const assignment = async (roleId: number) => {
    const res = await t.call(superAdmin.token, {
      method: 'GET',
      url: `/api/getAssignedUnAssignedPermission?roleId=${roleId}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().roleData.data as {
      permission_id: number;
      permission_name: string;
      Module: string;
      is_permission_assigned: 0 | 1;
    }[];
  };

  it('lists every permission with its module and whether the role holds it', async () => {
    const rows = await assignment(ROLE.Individual);
    expect(rows).toHaveLength(ALL_PERMISSIONS.length);
    expect(rows.find((r) => r.permission_name === 'Property List')).toMatchObject({
      Module: 'Property Menu Level',
      is_permission_assigned: 1,
    });
    expect(rows.find((r) => r.permission_name === 'Users')).toMatchObject({
      Module: 'Entity Menu Level',
      is_permission_assigned: 0,
    });
    expect((await assignment(ROLE.SuperAdmin)).every((r) => r.is_permission_assigned === 1)).toBe(true);
  });

  it('replaces the role’s grants, which take effect on the next request', async () => {
    const agent = await t.signedIn(ROLE.Agent);
    const rows = await assignment(ROLE.Agent);
    const usersPermission = rows.find((r) => r.permission_name === 'Users')!;
    const assigned = rows.filter((r) => r.is_permission_assigned).map((r) => r.permission_id);
    expect((await t.call(agent.token, { method: 'GET', url: '/api/GetUser' })).statusCode).toBe(403);
    const res = await post('webAssignPermissionRoleWise', {
      roleId: ROLE.Agent,
      permissionId: [...assigned, usersPermission.permission_id],
    });
    expect(res.json()).toEqual({ message: 'Record Saved' });
    expect((await t.call(agent.token, { method: 'GET', url: '/api/GetUser' })).statusCode).toBe(200);
    await post('webAssignPermissionRoleWise', { roleId: ROLE.Agent, permissionId: assigned });
    expect((await t.call(agent.token, { method: 'GET', url: '/api/GetUser' })).statusCode).toBe(403);
  });

  it('never lets anyone grant a permission they do not hold, nor change the Super Admin role', async () => {
    const rows = await assignment(ROLE.Operator);
    const superuser = rows.find((r) => r.permission_name === 'ChangeStatusofSuperuser')!;
    const before = rows.filter((r) => r.is_permission_assigned).map((r) => r.permission_id);
    const res = await post(
      'webAssignPermissionRoleWise',
      { roleId: ROLE.Operator, permissionId: [...before, superuser.permission_id] },
      admin.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('ChangeStatusofSuperuser');
    expect(
      (await assignment(ROLE.Operator)).filter((r) => r.is_permission_assigned).map((r) => r.permission_id),
    ).toEqual(before);
    const own = await post('webAssignPermissionRoleWise', { roleId: ROLE.SuperAdmin, permissionId: [] });
    expect(own.statusCode).toBe(409);
    expect(
      (await post('webAssignPermissionRoleWise', { roleId: ROLE.Operator, permissionId: '1,2' })).statusCode,
    ).toBe(400);
    expect(
      (await post('webAssignPermissionRoleWise', { roleId: ROLE.Operator, permissionId: [999999] }))
        .statusCode,
    ).toBe(400);
    expect((await post('webAssignPermissionRoleWise', { roleId: 424242, permissionId: [] })).statusCode).toBe(
      404,
    );
  });
});
