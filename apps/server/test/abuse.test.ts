import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MESSAGES } from '@app/contract';
import { backgroundSettled } from '../src/lib/background.ts';
import { createTestApp, PASSWORD, ROLE, type TestApp } from './helpers.ts';

/**
 * Abuse of the public calls and the approval code (docs/decisions/0026-abuse-throttling.md): who can be
 * locked out by whom, how many mails a stranger can have sent, and where a one-time code goes.
 */
let t: TestApp;
const log: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    log.push(chunk.toString());
    callback();
  },
});
beforeAll(async () => {
  t = await createTestApp({ logStream, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => t.close());

const outboxFiles = () => {
  const outbox = path.join(t.config.dataDir, 'outbox');
  return fs.existsSync(outbox)
    ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    : [];
};
const mailsTo = (to: string) => outboxFiles().filter((m) => m.includes(`To: ${to}`)).length;

describe('forget_password', () => {
  const forgot = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/forget_password',
      payload: { forget_email: email },
      remoteAddress: ip,
    });
  const sameAnswer = `200 ${JSON.stringify({ message: MESSAGES.forgotPasswordSent })}`;

  it('mails one address at most 3 times an hour, from however many client addresses, with one answer', async () => {
    const email = 'forgot.often@example.ph';
    await t.createUser(ROLE.Agent, email);
    const answers = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await forgot(email, `198.18.0.${i + 1}`);
      answers.add(`${res.statusCode} ${res.body}`);
    }
    for (let i = 0; i < 20; i++) {
      const res = await forgot('not.a.user@example.ph', `198.18.1.${i + 1}`);
      answers.add(`${res.statusCode} ${res.body}`);
    }
    await backgroundSettled();
    expect([...answers]).toEqual([sameAnswer]);
    expect(mailsTo(email)).toBe(3);

    // The hour passes: the address is mailed again.
    await t.db
      .updateTable('rate_limits')
      .set({ hits: sql`array(SELECT h - interval '61 minutes' FROM unnest(hits) h)` })
      .execute();
    await forgot(email, '198.18.2.1');
    await backgroundSettled();
    expect(mailsTo(email)).toBe(4);
  });

  it('mails at most 10 times an hour for one client address, whatever addresses it asks for', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 20; i++) {
      emails.push(`forgot.spray${i}@example.ph`);
      await t.createUser(ROLE.Agent, emails[i]);
    }
    const answers = new Set<string>();
    // Concurrently: the limit is one atomic statement, not a count and a later insert.
    const results = await Promise.all(emails.map((e) => forgot(e, '198.18.3.1')));
    for (const res of results) answers.add(`${res.statusCode} ${res.body}`);
    await backgroundSettled();
    expect([...answers]).toEqual([sameAnswer]);
    expect(emails.reduce((n, e) => n + mailsTo(e), 0)).toBe(10);
    // Another client address is not held back by it.
    await forgot(emails[19]!, '198.18.3.2');
    await backgroundSettled();
    expect(mailsTo(emails[19]!)).toBeGreaterThanOrEqual(1);
  });

  it('counts an IPv6 client by its /64', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 12; i++) {
      emails.push(`forgot.six${i}@example.ph`);
      await t.createUser(ROLE.Agent, emails[i]);
    }
    for (let i = 0; i < 12; i++) await forgot(emails[i]!, `2001:db8:5:7::${(i + 1).toString(16)}`);
    await backgroundSettled();
    expect(emails.reduce((n, e) => n + mailsTo(e), 0)).toBe(10);
  });
});

describe('sign-in throttling', () => {
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webValidateLogin',
      payload: { email, password },
      remoteAddress: ip,
    });
  const tooMany = [429, MESSAGES.tooManyAttempts];
  const answer = (res: { statusCode: number; json: () => { message?: string } }) => [
    res.statusCode,
    res.json().message,
  ];

  it('a locked account and address pair does not lock the account from another address', async () => {
    const email = 'pair.locked@example.ph';
    await t.createUser(ROLE.Agent, email);
    for (let i = 0; i < 5; i++) {
      expect((await login(email, 'Wrong1234', '203.0.113.10')).json().message).toBe(MESSAGES.invalidLogin);
    }
    expect(answer(await login(email, PASSWORD, '203.0.113.10'))).toEqual(tooMany);
    // An address that does not exist is locked the same way: the answer reveals nothing.
    for (let i = 0; i < 5; i++) await login('ghost.pair@example.ph', 'Wrong1234', '203.0.113.10');
    expect(answer(await login('ghost.pair@example.ph', 'Wrong1234', '203.0.113.10'))).toEqual(tooMany);

    expect((await login(email, PASSWORD, '203.0.113.11')).json().result).toBe('success');
    // The pair stays locked until its failures are 15 minutes old.
    expect((await login(email, PASSWORD, '203.0.113.10')).statusCode).toBe(429);
    await t.db
      .updateTable('login_attempts')
      .set({ at: sql`at - interval '15 minutes 1 second'` })
      .where('ip', '=', '203.0.113.10')
      .execute();
    expect((await login(email, PASSWORD, '203.0.113.10')).json().result).toBe('success');
  });

  it('the owner signs in from another address while attackers hammer the account, and they are slowed', async () => {
    const email = 'hammered@example.ph';
    await t.createUser(ROLE.Agent, email);
    // One address hammers; twelve others guess a few times each.
    for (let i = 0; i < 30; i++) await login(email, `Wrong${i}aaaa`, '203.0.113.20');
    for (let a = 0; a < 12; a++) {
      for (let i = 0; i < 2; i++) await login(email, `Guess${i}bbbb`, `203.0.113.${30 + a}`);
    }
    // From the tenth failure on the account, an address that guessed before waits out a back-off that
    // doubles with each failure, even with the right password (the lock's answer, as for a ghost).
    expect(answer(await login(email, PASSWORD, '203.0.113.30'))).toEqual(tooMany);
    // The owner, elsewhere, signs in at once.
    const owner = await login(email, PASSWORD, '192.0.2.77');
    expect(owner.json().result).toBe('success');
    // And a further wrong guess from the owner's address is checked, not locked out.
    expect((await login(email, 'Typo12345', '192.0.2.77')).json().message).toBe(MESSAGES.invalidLogin);
    expect((await login(email, PASSWORD, '192.0.2.77')).json().result).toBe('success');
  });

  it('guesses sent at once are counted as they come: five are checked, the rest refused', async () => {
    const email = 'burst@example.ph';
    await t.createUser(ROLE.Agent, email);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(email, `Burst${i}aaaa`, '203.0.113.60')),
    );
    const checked = answers.filter((res) => res.json().message === MESSAGES.invalidLogin);
    expect(checked).toHaveLength(5);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(10);
    // The right password too waits out the lock.
    expect(answer(await login(email, PASSWORD, '203.0.113.60'))).toEqual(tooMany);
  });

  it('a spray sent at once from one address: thirty accounts are tried, the rest refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(`burst.spray${i}@example.ph`, 'Summer2024', '203.0.113.61')),
    );
    expect(answers.filter((res) => res.json().message === MESSAGES.invalidLogin)).toHaveLength(30);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(10);
  });

  it('an address that sprays many accounts is refused for accounts that never signed in from it, for 15 minutes', async () => {
    const office = '203.0.113.50';
    const regular = 'works.here@example.ph';
    const newcomer = 'new.here@example.ph';
    await t.createUser(ROLE.Agent, regular);
    await t.createUser(ROLE.Agent, newcomer);
    expect((await login(regular, PASSWORD, office)).json().result).toBe('success');
    for (let i = 0; i < 30; i++) await login(`sprayed${i}@example.ph`, 'Summer2024', office);
    // Behind the same address: whoever signed in from it before keeps working...
    expect((await login(regular, PASSWORD, office)).json().result).toBe('success');
    // ...and the others wait (the answer reveals nothing: the same for a real account and a ghost).
    expect(answer(await login(newcomer, PASSWORD, office))).toEqual(tooMany);
    expect(answer(await login('never.existed@example.ph', 'Summer2024', office))).toEqual(tooMany);
    // From elsewhere the newcomer is not affected, and the refusals did not prolong the lock.
    expect((await login(newcomer, PASSWORD, '203.0.113.51')).json().result).toBe('success');
    await t.db
      .updateTable('login_attempts')
      .set({ at: sql`at - interval '15 minutes 1 second'` })
      .where('ip', '=', office)
      .where('succeeded', '=', false)
      .execute();
    expect((await login(newcomer, PASSWORD, office)).json().result).toBe('success');
  });
});

describe('the approval code', () => {
  const post = (call: string, payload: object, token: string) =>
    t.call(token, { method: 'POST', url: `/api/${call}`, payload });
  const waitingSuperAdmin = async (email: string, phone: string) => {
    const userId = await t.createUser(ROLE.SuperAdmin, email, 'New');
    await t.db.updateTable('users').set({ phone_1: phone }).where('user_id', '=', userId).execute();
    return userId;
  };
  const codeIn = (text: string) => /verification code is (\d{6})/.exec(text)?.[1];

  it('is sent by e-mail and as a text message to DATA_DIR/outbox, and never written to the log', async () => {
    const approver = await t.signedIn(ROLE.SuperAdmin);
    const userId = await waitingSuperAdmin('chief.sms@example.ph', '09171234567');
    const sent = await post('sendVerifyOTP', { user_id: userId }, approver.token);
    expect(sent.json()).toMatchObject({ result: 'success' });
    const code = codeIn(await t.mailTo('chief.sms@example.ph', 'verification code is'))!;
    expect(code).toMatch(/^\d{6}$/);
    const sms = outboxFiles().filter((f) => f.includes('To: 09171234567'));
    expect(sms).toHaveLength(1);
    expect(codeIn(sms[0]!)).toBe(code);

    const logged = log.join('');
    expect(logged).toContain('sendVerifyOTP'); // the log was captured
    expect(logged).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(logged).not.toContain('verification code');
  });

  it('is sent at most 3 times an hour; a refused resend keeps the spent attempts', async () => {
    const approver = await t.signedIn(ROLE.SuperAdmin);
    const email = 'chief.resend@example.ph';
    const userId = await waitingSuperAdmin(email, '09179999999');
    const send = () => post('sendVerifyOTP', { user_id: userId }, approver.token);
    for (let i = 0; i < 3; i++) expect((await send()).json()).toMatchObject({ result: 'success' });
    const code = codeIn(await t.mailTo(email, 'verification code is'))!;
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      await post('WebVerifyOTP', { user_id: userId, verify_otp: wrong }, approver.token);

    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'This user was sent 3 codes in the last hour. Try again later, or verify the last code sent',
    );
    const still = await post('WebVerifyOTP', { user_id: userId, verify_otp: code }, approver.token);
    expect(still.json()).toEqual({ result: 'error', message: 'Too many wrong codes. Send a new code' });
    const row = await t.db
      .selectFrom('user_otps')
      .select('attempts')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);

    // An hour later a new code can be sent, and it works.
    await t.db
      .updateTable('rate_limits')
      .set({ hits: sql`array(SELECT h - interval '61 minutes' FROM unnest(hits) h)` })
      .execute();
    expect((await send()).json()).toMatchObject({ result: 'success' });
    const fresh = codeIn(await t.mailTo(email, 'verification code is'))!;
    const ok = await post('WebVerifyOTP', { user_id: userId, verify_otp: fresh }, approver.token);
    expect(ok.json()).toMatchObject({ result: 'success' });
  });
});
