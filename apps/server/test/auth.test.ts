import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ALL_PERMISSIONS,
  DEFAULT_GRANTS,
  loggedUserDetails,
  loginError,
  loginSuccess,
  MESSAGES,
  messageAnswer,
  successAnswer,
} from '@app/contract';
import { createTestApp, PASSWORD, ROLE, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/webValidateLogin', payload: payload as object, headers });
const me = (token: string) =>
  t.call(token, { method: 'GET', url: '/api/webGetLoggedUserDetailsWithRolesPermission' });

/** The declared answers, with no field beyond the declared ones at any depth. */
const strictLogin = loginSuccess
  .extend({
    userData: loginSuccess.shape.userData.strict(),
    roleData: z.array(loginSuccess.shape.roleData.element.strict()),
  })
  .strict();
const strictDetails = loggedUserDetails
  .extend({ userData: loggedUserDetails.shape.userData.strict() })
  .strict();
const declares = (schema: z.ZodType, body: unknown) => expect(schema.safeParse(body).error).toBeUndefined();

describe('webValidateLogin', () => {
  it('answers the legacy envelope with a token, user and role', async () => {
    await t.createUser(ROLE.Agent, 'Agent.One@Example.com');
    const res = await login({ email: 'agent.one@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      result: 'success',
      userData: { first_name: 'Test', user_email: 'Agent.One@Example.com', profileImage: null },
      roleData: [{ name: 'Agent', role_id: 26 }],
    });
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    declares(strictLogin, body);
    expect(Object.keys(body)).toEqual(['result', 'message', 'token', 'userData', 'roleData']);
    const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash.toString('base64url') === body.token)).toBe(false);
  });

  it('gives one message for an unknown address and a wrong password', async () => {
    await t.createUser(ROLE.Operator, 'op.wrong@example.com');
    const unknown = (await login({ email: 'nobody@example.com', password: PASSWORD })).json();
    const wrong = (await login({ email: 'op.wrong@example.com', password: 'Wrong1234' })).json();
    expect(unknown).toEqual({ result: 'error', message: MESSAGES.invalidLogin });
    expect(wrong).toEqual(unknown);
    declares(loginError.strict(), wrong);
  });

  it('refuses New and Inactive accounts even with the right password', async () => {
    await t.createUser(ROLE.Agent, 'new.one@example.com', 'New');
    await t.createUser(ROLE.Agent, 'inactive.one@example.com', 'Inactive');
    for (const email of ['new.one@example.com', 'inactive.one@example.com']) {
      const body = (await login({ email, password: PASSWORD })).json();
      expect(body.result).toBe('error');
      expect(body.token).toBeUndefined();
    }
  });

  it('checks its input with the spec messages, answered as a failed login (HTTP 200)', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'error', message: MESSAGES.emailInvalid });
    const empty = await login({ email: 'someone@example.com', password: null });
    expect(empty.json()).toEqual({ result: 'error', message: MESSAGES.required });
  });

  it('says a login field sent as a number, a list or true must be text, not that it is missing', async () => {
    for (const body of [
      { email: 12, password: PASSWORD },
      { email: 'someone@example.com', password: 12345678 },
      { email: ['a@example.com'], password: PASSWORD },
      { email: 'someone@example.com', password: true },
    ]) {
      const res = await login(body);
      expect(res.statusCode).toBeLessThan(500);
      expect(JSON.stringify(res.json())).toContain('Must be text');
      expect(JSON.stringify(res.json())).not.toContain(MESSAGES.required);
    }
  });

  it('gives the web app an httpOnly SameSite=Strict cookie and no token in the body', async () => {
    await t.createUser(ROLE.Agent, 'web.user@example.com');
    const res = await login(
      { email: 'web.user@example.com', password: PASSWORD },
      { 'x-requested-with': 'web' },
    );
    expect(res.json().token).toBeUndefined();
    declares(strictLogin, res.json());
    expect(Object.keys(res.json())).toEqual(['result', 'message', 'userData', 'roleData']);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/webGetLoggedUserDetailsWithRolesPermission',
      cookies: { sid: cookie.value },
    });
    expect(details.statusCode).toBe(200);
    declares(strictDetails, details.json());
    // A cookie-authenticated POST without the header a cross-site form cannot send is refused.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/webLogout',
      cookies: { sid: cookie.value },
    });
    expect(forged.statusCode).toBe(403);
    const stillIn = await t.app.inject({
      method: 'GET',
      url: '/api/webGetLoggedUserDetailsWithRolesPermission',
      cookies: { sid: cookie.value },
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it('locks an address out from one IP after five failures, even for the right password, and counts per IP', async () => {
    await t.createUser(ROLE.Agent, 'locked@example.com');
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: 'locked@example.com', password: 'Wrong1234' })).json().result).toBe(
        'error',
      );
    }
    const locked = await login({ email: 'locked@example.com', password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MESSAGES.tooManyAttempts);
    // An address that does not exist is locked the same way: the answer reveals nothing.
    for (let i = 0; i < 5; i++) await login({ email: 'ghost@example.com', password: 'Wrong1234' });
    expect((await login({ email: 'ghost@example.com', password: 'Wrong1234' })).statusCode).toBe(429);

    const ip = '203.0.113.9';
    for (let i = 0; i < 30; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/webValidateLogin',
        payload: { email: `spray${i}@example.com`, password: 'Wrong1234' },
        remoteAddress: ip,
      });
    }
    await t.createUser(ROLE.Agent, 'victim@example.com');
    const fromIp = await t.app.inject({
      method: 'POST',
      url: '/api/webValidateLogin',
      payload: { email: 'victim@example.com', password: PASSWORD },
      remoteAddress: ip,
    });
    expect(fromIp.statusCode).toBe(429);
    expect((await login({ email: 'victim@example.com', password: PASSWORD })).json().result).toBe('success');
  });
});

describe('sessions', () => {
  it('lists the permissions of the role, and every permission for Super Admin', async () => {
    const agent = await t.signedIn(ROLE.Agent);
    const body = (await me(agent.token)).json();
    expect(body).toMatchObject({ result: 'success', userRole: ['Agent'], userRoleId: 26 });
    expect([...body.userPermission].sort()).toEqual([...DEFAULT_GRANTS[ROLE.Agent]].sort());
    declares(strictDetails, body);
    const admin = await t.signedIn(ROLE.SuperAdmin);
    expect((await me(admin.token)).json().userPermission).toEqual(ALL_PERMISSIONS);
  });

  it('stops working after logout', async () => {
    const { token } = await t.signedIn(ROLE.Operator);
    const out = await t.call(token, { method: 'POST', url: '/api/webLogout' });
    expect(out.json()).toEqual({ result: 'success', message: 'Logged out successfully' });
    declares(successAnswer.strict(), out.json());
    expect((await me(token)).statusCode).toBe(401);
  });

  it('stops working when expired or when the user is deactivated', async () => {
    const a = await t.signedIn(ROLE.Operator);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', a.userId)
      .execute();
    expect((await me(a.token)).statusCode).toBe(401);
    const b = await t.signedIn(ROLE.Operator);
    await t.db
      .updateTable('users')
      .set({ user_status: 'Inactive' })
      .where('user_id', '=', b.userId)
      .execute();
    expect((await me(b.token)).statusCode).toBe(401);
  });

  it('rejects malformed and unknown tokens with 401', async () => {
    for (const authorization of [
      'Bearer nope',
      'Basic abc',
      `Bearer ${'x'.repeat(50)}`,
      'Bearer ' + 'y'.repeat(5000),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/webGetLoggedUserDetailsWithRolesPermission',
        headers: { authorization },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('change_password', () => {
  it('needs the current password and a strong new one, then signs out the other sessions', async () => {
    const { email, token } = await t.signedIn(ROLE.Agent);
    const other = await t.login(email);
    const wrong = await t.call(token, {
      method: 'POST',
      url: '/api/change_password',
      payload: { current_password: 'Nope12345', new_password: 'Better123', confirm_password: 'Better123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: 'Current password is incorrect' });
    const weak = await t.call(token, {
      method: 'POST',
      url: '/api/change_password',
      payload: { current_password: PASSWORD, new_password: 'short', confirm_password: 'different' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.new_password).toBe(MESSAGES.passwordRule);

    const ok = await t.call(token, {
      method: 'POST',
      url: '/api/change_password',
      payload: { current_password: PASSWORD, new_password: 'Better123', confirm_password: 'Better123' },
    });
    expect(ok.json()).toEqual({ message: 'Password changed successfully' });
    declares(messageAnswer.strict(), ok.json());
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login({ email, password: PASSWORD })).json().result).toBe('error');
    expect((await login({ email, password: 'Better123' })).json().result).toBe('success');
  });
});

describe('forget_password and reset_password', () => {
  it('answers the same whether or not the address exists, and mails a link only to a real one', async () => {
    await t.createUser(ROLE.Agent, 'forgetful@example.com');
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/forget_password',
      payload: { forget_email: 'forgetful@example.com' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/forget_password',
      payload: { forget_email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: MESSAGES.forgotPasswordSent });
    declares(messageAnswer.strict(), known.json());
    const mail = await t.mailTo('forgetful@example.com');
    expect(mail).not.toContain(PASSWORD);
    expect(mail).toMatch(/reset-password\?token=[\w-]+/);
  });

  it('sets a new password once with the link, signs out old sessions, and refuses reuse', async () => {
    const { email, token: oldSession } = await t.signedIn(ROLE.Agent);
    await t.app.inject({ method: 'POST', url: '/api/forget_password', payload: { forget_email: email } });
    const link = /token=([\w-]+)/.exec(await t.mailTo(email))![1]!;
    const reset = (new_password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reset_password',
        payload: { token: link, new_password, confirm_password: new_password },
      });
    const done = await reset('Renewed123');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password has been changed. You can sign in now' });
    declares(messageAnswer.strict(), done.json());
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await login({ email, password: 'Renewed123' })).json().result).toBe('success');
    const again = await reset('Another123');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('refuses a link older than one hour', async () => {
    const email = 'late@example.com';
    await t.createUser(ROLE.Agent, email);
    await t.app.inject({ method: 'POST', url: '/api/forget_password', payload: { forget_email: email } });
    const link = /token=([\w-]+)/.exec(await t.mailTo(email))![1]!;
    const row = await t.db
      .selectFrom('password_resets')
      .select(['created_at', 'expires_at'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeCloseTo(3_600_000, -4);
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset_password',
      payload: { token: link, new_password: 'Renewed123', confirm_password: 'Renewed123' },
    });
    expect(res.statusCode).toBe(400);
  });
});
