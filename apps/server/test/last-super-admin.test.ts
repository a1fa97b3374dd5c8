import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { place, useTestApp, type Place } from './entity-fixtures.ts';

/**
 * Some active Super Admin always stays: the last one is not deleted (deleteUser, bulkDeleteUsers),
 * deactivated (changeUserStatus, bulkUserStatus, UpdateUser) or given another type (UpdateUser),
 * however many such changes run at once: each counts the Super Admins after the ones before it.
 * One request alone never meets the rule: its sender is an active Super Admin who stays.
 */
const env = useTestApp();
const LAST = 'The last Super Admin cannot be deleted';
const ROUNDS = 8;
let where: Place;
beforeAll(async () => {
  where = await place(env.t, 'Super');
});

/** Two new Super Admins, the only ones: every other is made an Admin. */
async function onlyTwoSuperAdmins() {
  const pair = [await env.t.signedIn(ROLE.SuperAdmin), await env.t.signedIn(ROLE.SuperAdmin)] as const;
  await env.t.db
    .updateTable('users')
    .set({ role_id: ROLE.Admin })
    .where('role_id', '=', ROLE.SuperAdmin)
    .where(
      'user_id',
      'not in',
      pair.map((u) => u.userId),
    )
    .execute();
  return pair;
}

const superAdmins = async (status?: 'Active') =>
  (
    await env.t.db
      .selectFrom('users')
      .select('user_id')
      .where('role_id', '=', ROLE.SuperAdmin)
      .$if(status !== undefined, (q) => q.where('user_status', '=', status!))
      .execute()
  ).length;

/** The user's record as the edit form is filled from it (GetUserById), with `changes`. */
async function editForm(userId: number, changes: object, token: string) {
  const record = await env.get(`/api/GetUserById?user_id=${userId}`, token);
  expect(record.statusCode, record.body).toBe(200);
  // The test users' generated names, and no phone or address, would not pass the form.
  return {
    ...record.json().resultData[0],
    user_id: userId,
    last_name: 'Santos',
    phone_1: '09170001111',
    house_number: '1',
    street_name: 'Rizal Street',
    ...where,
    zip_code: '1209',
    ...changes,
  };
}

/** What a delete refused by the rule answers, or a delete whose sender was deleted before it was read. */
const refusedOrSignedOut = (res: { statusCode: number; body: string }) =>
  res.statusCode === 401 || (res.statusCode === 409 && JSON.parse(res.body).message === LAST);

describe('the last Super Admin', () => {
  it('two Super Admins deleting each other at once: one goes, the other stays', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await onlyTwoSuperAdmins();
      const answers = await Promise.all([
        env.post('deleteUser', { user_id: b.userId }, a.token),
        env.post('deleteUser', { user_id: a.userId }, b.token),
      ]);
      expect(
        answers.filter((res) => res.statusCode === 200),
        `round ${round}`,
      ).toHaveLength(1);
      expect(answers.filter(refusedOrSignedOut), `round ${round}`).toHaveLength(1);
      expect(await superAdmins()).toBe(1);
    }
  });

  it('two bulk deletes at once, each of the other Super Admin: one goes, the other stays', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await onlyTwoSuperAdmins();
      const answers = await Promise.all([
        env.post('bulkDeleteUsers', { ids: [b.userId] }, a.token),
        env.post('bulkDeleteUsers', { ids: [a.userId] }, b.token),
      ]);
      const deleted = answers.filter((res) => res.statusCode === 200 && JSON.parse(res.body).changed === 1);
      expect(deleted, `round ${round}`).toHaveLength(1);
      const other = answers.find((res) => !deleted.includes(res))!;
      expect(
        other.statusCode === 401 || JSON.parse(other.body).refused?.[0]?.reason === LAST,
        `round ${round}: ${other.body}`,
      ).toBe(true);
      expect(await superAdmins()).toBe(1);
    }
  });

  it('a delete and a bulk delete at once: one goes, the other stays', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await onlyTwoSuperAdmins();
      await Promise.all([
        env.post('deleteUser', { user_id: b.userId }, a.token),
        env.post('bulkDeleteUsers', { ids: [a.userId] }, b.token),
      ]);
      expect(await superAdmins(), `round ${round}`).toBe(1);
    }
  });

  it('two Super Admins deactivating or demoting each other at once: one active Super Admin stays', async () => {
    const change = {
      changeUserStatus: (target: number) => ({
        call: 'changeUserStatus',
        body: { user_id: target, status: 'Inactive', reason: 'Left' },
      }),
      bulkUserStatus: (target: number) => ({
        call: 'bulkUserStatus',
        body: { ids: [target], status: 'Inactive', reason: 'Left' },
      }),
    };
    for (const how of Object.values(change))
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await onlyTwoSuperAdmins();
        const [one, two] = [how(b.userId), how(a.userId)];
        await Promise.all([env.post(one.call, one.body, a.token), env.post(two.call, two.body, b.token)]);
        expect(await superAdmins('Active'), `${one.call}, round ${round}`).toBe(1);
      }
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await onlyTwoSuperAdmins();
      const forms = [
        await editForm(b.userId, { user_status: 'Inactive', reason: 'Left' }, a.token),
        await editForm(a.userId, { role_id: ROLE.Admin }, b.token),
      ];
      const answers = await Promise.all([
        env.post('UpdateUser', forms[0]!, a.token),
        env.post('UpdateUser', forms[1]!, b.token),
      ]);
      expect(await superAdmins('Active'), `UpdateUser, round ${round}`).toBe(1);
      for (const res of answers.filter((r) => r.statusCode !== 200))
        expect([401, 409], `UpdateUser, round ${round}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
