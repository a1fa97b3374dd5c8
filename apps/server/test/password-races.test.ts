import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, ROLE, type TestApp } from './helpers.ts';

/** Password links and password changes against the changes made beside them (decision 78). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (token: string, call: string, payload: object) =>
  t.call(token, { method: 'POST', url: `/api/${call}`, payload });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/webValidateLogin', payload: { email, password } });

describe('a password link', () => {
  it('stops working once the address it was mailed to is no longer the account’s', async () => {
    const me = await t.signedIn(ROLE.Operator);
    await t.app.inject({ method: 'POST', url: '/api/forget_password', payload: { forget_email: me.email } });
    const link = /token=([\w-]+)/.exec(await t.mailTo(me.email))![1]!;
    const moved = await post(me.token, 'UpdateProfile', {
      firstName: 'Rosa',
      lastName: 'Santos',
      email: `moved.${me.email}`,
      phone1: '09998887777',
      verify_password: PASSWORD,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token: link, new_password: 'Hijack123', confirm_password: 'Hijack123' },
    });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(`moved.${me.email}`, 'Hijack123')).json().result).toBe('error');
    expect((await signIn(`moved.${me.email}`, PASSWORD)).json().result).toBe('success');
  });
});

describe('change_password', () => {
  it('takes two changes sent at once in turn: the second finds the current password changed or its session ended', async () => {
    for (let round = 0; round < 4; round++) {
      const { email, token } = await t.signedIn(ROLE.Agent);
      const other = await t.login(email);
      const change = (session: string, next: string) =>
        post(session, 'change_password', {
          current_password: PASSWORD,
          new_password: next,
          confirm_password: next,
        });
      const answers = await Promise.all([change(token, 'FirstNew123'), change(other, 'SecondNew123')]);
      // The winner signs the other session out, so the loser hears 401 when its session is checked
      // after that commit, or 400 when it had passed that check and waited for the user's lock.
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const won = answers[0]!.statusCode === 200 ? 'FirstNew123' : 'SecondNew123';
      const lost = won === 'FirstNew123' ? 'SecondNew123' : 'FirstNew123';
      const loser = answers.find((r) => r.statusCode !== 200)!;
      const heard = loser.statusCode === 400 ? loser.json().errors : loser.statusCode;
      expect([401, { current_password: 'Current password is incorrect' }]).toContainEqual(heard);
      expect((await signIn(email, won)).json().result).toBe('success');
      expect((await signIn(email, lost)).json().result).toBe('error');
    }
  });
});

describe('a sign-in beside a password change', () => {
  it('with the old password keeps no session once the change is done', async () => {
    for (let round = 0; round < 5; round++) {
      const { email, token } = await t.signedIn(ROLE.Agent);
      const change = post(token, 'change_password', {
        current_password: PASSWORD,
        new_password: 'Changed123',
        confirm_password: 'Changed123',
      });
      const signIns = Array.from({ length: 6 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 4));
        return signIn(email, PASSWORD);
      });
      expect((await change).statusCode).toBe(200);
      for (const answer of await Promise.all(signIns)) {
        const { token: session } = answer.json() as { token?: string };
        if (session === undefined) continue;
        const me = await t.call(session, { method: 'GET', url: '/api/webGetAccountDetails' });
        expect(me.statusCode, 'a session of the old password outlived the change').toBe(401);
      }
    }
  });
});
