import { describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { useTestApp } from './entity-fixtures.ts';

/**
 * Some Super Admin always stays (deleteUser and bulkDeleteUsers refuse the last one), however many
 * deletes of Super Admins run at once: each counts the Super Admins after the ones before it are gone.
 */
const env = useTestApp();
const LAST = 'The last Super Admin cannot be deleted';
const ROUNDS = 8;

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

const superAdmins = async () =>
  (await env.t.db.selectFrom('users').select('user_id').where('role_id', '=', ROLE.SuperAdmin).execute())
    .length;

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
});
