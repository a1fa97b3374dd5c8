import { describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { useTestApp } from './entity-fixtures.ts';
import { PASSWORD } from './helpers.ts';

/**
 * The words of the account calls and of a status change for what a form or an old client may send
 * (decision 97): each refusal names its field in plain words and changes nothing; a blank reason is none.
 */
const env = useTestApp();

const userRow = (userId: number) =>
  env.t.db
    .selectFrom('users')
    .select(['password_hash', 'user_status'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
const passwordHashOf = async (userId: number) => (await userRow(userId)).password_hash;
const statusOf = async (userId: number) => (await userRow(userId)).user_status;

describe('account calls', () => {
  it('a current password longer than any password answers so on its field, not that it is required', async () => {
    const { userId, email, token } = await env.t.signedIn(ROLE.Agent);
    const before = await passwordHashOf(userId);
    const long = `A1${'x'.repeat(200)}`;
    const change = await env.post(
      'change_password',
      { current_password: long, new_password: 'Better123', confirm_password: 'Better123' },
      token,
    );
    expect([change.statusCode, change.json().errors]).toEqual([
      400,
      { current_password: 'At most 128 characters' },
    ]);
    const profile = await env.post(
      'UpdateProfile',
      { firstName: 'Rosa', lastName: 'Santos', email, phone1: '09171234567', verify_password: long },
      token,
    );
    expect([profile.statusCode, profile.json().errors]).toEqual([
      400,
      { verify_password: 'At most 128 characters' },
    ]);
    expect(await passwordHashOf(userId)).toBe(before);
  });

  it('Account Details refuses free text holding a NUL character on its field, and stores nothing', async () => {
    const { userId, email, token } = await env.t.signedIn(ROLE.Agent);
    const stored = () =>
      env.t.db
        .selectFrom('users')
        .select(['nick_name', 'profile_statement', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    const before = await stored();
    const form = {
      firstName: 'Rosa',
      lastName: 'Santos',
      email,
      phone1: '09171234567',
      verify_password: PASSWORD,
    };
    for (const [field, name] of [
      ['nickName', 'nick_name'],
      ['profileStatement', 'profile_statement'],
    ] as const) {
      const res = await env.post('UpdateProfile', { ...form, [field]: 'Ro\u0000sa' }, token);
      expect([res.statusCode, res.json()]).toEqual([
        400,
        {
          message: `${name}: Holds a character that cannot be stored`,
          errors: { [name]: 'Holds a character that cannot be stored' },
        },
      ]);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('changeUserStatus', () => {
  it('takes a reason left null, blank or spaces as none, as the old list switch sends it', async () => {
    const reasonsOf = async (userId: number) => ({
      user: (
        await env.t.db
          .selectFrom('users')
          .select('status_reason')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).status_reason,
      history: (
        await env.t.db
          .selectFrom('user_status_history')
          .select('reason')
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute()
      ).map((h) => h.reason),
    });
    for (const reason of [null, '', '   ']) {
      const id = await env.t.createUser(ROLE.Agent);
      const res = await env.post('changeUserStatus', { user_id: id, status: 'Inactive', reason });
      expect([res.statusCode, res.json()], JSON.stringify(reason)).toEqual([
        200,
        { message: 'User status changed to Inactive' },
      ]);
      expect(await reasonsOf(id)).toEqual({ user: null, history: [null] });
    }
    // A reason of the wrong type, or too long, is refused on its field and changes nothing.
    const id = await env.t.createUser(ROLE.Agent);
    for (const [reason, message] of [
      [true, 'Must be text'],
      [['Away'], 'Must be text'],
      ['x'.repeat(501), 'At most 500 characters'],
      ['Left\u0000', 'Holds a character that cannot be stored'],
    ] as const) {
      const res = await env.post('changeUserStatus', { user_id: id, status: 'Inactive', reason });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { message: `reason: ${message}`, errors: { reason: message } },
      ]);
    }
    expect(await statusOf(id)).toBe('Active');
    expect(await reasonsOf(id)).toEqual({ user: null, history: [] });
  });
});
