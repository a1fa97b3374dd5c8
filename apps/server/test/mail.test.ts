import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMailer } from '../src/lib/mail.ts';
import { anotherInstance, createTestApp, ROLE, type TestApp } from './helpers.ts';
import { adminForm, place } from './entity-fixtures.ts';

const received: { to: string[]; body: string }[] = [];
/** How long the SMTP server takes to accept a message, and the reason it refuses the next, if any. */
let acceptAfterMs = 0;
let refuseNext: string | undefined;
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
        if (refuseNext) {
          const reason = refuseNext;
          refuseNext = undefined;
          return callback(Object.assign(new Error(reason), { responseCode: 550 }));
        }
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

describe('the mailer', () => {
  it('rejects a mail the SMTP server refuses with its reason, and sends the next', async () => {
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'office@example.ph',
      dataDir: '',
    });
    refuseNext = 'Mailbox unavailable';
    const mail = { subject: 'Refused first', text: 'Hello' };
    await expect(mailer.send({ ...mail, to: 'refused@example.com' })).rejects.toThrow(/Mailbox unavailable/);
    await mailer.send({ ...mail, to: 'accepted@example.com' });
    expect(received.filter((m) => m.to.includes('refused@example.com'))).toHaveLength(0);
    expect(received.filter((m) => m.to.includes('accepted@example.com'))).toHaveLength(1);
  });

  it('holds a process open until its mail is written, and no longer', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
    const script = path.join(dataDir, 'send.ts');
    const mailer = new URL('../src/lib/mail.ts', import.meta.url).pathname;
    fs.writeFileSync(
      script,
      `import { createMailer } from ${JSON.stringify(mailer)};
      createMailer({ mailFrom: 'office@example.ph', dataDir: ${JSON.stringify(dataDir)} })
        .send({ to: 'last@example.com', subject: 'Before exit', text: 'Hello' });`,
    );
    // The script ends without awaiting the mail; the process must still write it, then exit by itself.
    await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 });
    const outbox = path.join(dataDir, 'outbox');
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(outbox, files[0]!), 'utf8')).toContain('Subject: Before exit');
    fs.rmSync(dataDir, { recursive: true });
  });
});
