import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { anotherInstance, createTestApp, ROLE, type TestApp } from './helpers.ts';
import { adminForm, place } from './entity-fixtures.ts';

const received: { to: string[]; body: string }[] = [];
/** How long the SMTP server takes to accept a message. */
let acceptAfterMs = 0;
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
          callback();
        }, acceptAfterMs);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://office.example.ph' },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail through SMTP_URL', () => {
  it('delivers the reset link to a real SMTP server', async () => {
    await t.createUser(ROLE.Agent, 'smtp.user@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forget_password',
      payload: { forget_email: 'smtp.user@example.com' },
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['smtp.user@example.com']);
    const body = received[0]!.body.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(body).toContain('Subject: Reset your Pinoy Property password');
    expect(body).toMatch(/https:\/\/office\.example\.ph\/reset-password\?token=[\w-]{40,}/);
  });

  it('a server stopped just after saving a new user still delivers their welcome mail', async () => {
    const admin = await t.signedIn(ROLE.SuperAdmin);
    const form = adminForm(await place(t, 'Mail'), 'Stopping', 'Server', 'stopping.server@example.com');
    const other = await anotherInstance(t);
    acceptAfterMs = 500;
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/SaveUser',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: form,
      });
      expect(res.statusCode, res.body).toBe(200);
      await other.close();
    } finally {
      acceptAfterMs = 0;
    }
    const welcome = received.filter((mail) => mail.to.includes(form.user_email));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.body).toContain('choose your password');
  });
});
