import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, messageAnswer, notification, ROLE, type ApiCall } from '@app/contract';
import { calls } from '../src/calls/index.ts';
import { defineCall } from '../src/calls/registry.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** A call that answers more than it declares, as a query that selects one column too many would. */
const leaky = defineCall(
  { name: 'testLeakyAnswer', method: 'GET', input: z.looseObject({}), response: messageAnswer },
  {
    access: 'public',
    tag: 'Test',
    summary: 'Answers a field its declaration leaves out',
    // Typed as the declaration allows, as a row read with a column too many would be.
    handle: async () => ({ message: 'Saved', password_hash: 'secret' }) as { message: string },
  },
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraCalls: [leaky] });
});
afterAll(() => t.close());

describe('declared answers (issue 19)', () => {
  it('registers exactly the calls the contract declares, each as declared there', () => {
    const declared: Partial<Record<string, ApiCall>> = api;
    const notDeclared = calls.filter((c) => {
      const d = declared[c.name];
      return !d || d.method !== c.method || d.input !== c.input || d.response !== c.response;
    });
    expect(notDeclared.map((c) => c.name)).toEqual([]);
    const registered = new Set(calls.map((c) => c.name));
    expect(Object.keys(api).filter((name) => !registered.has(name))).toEqual([]);
    expect(calls.every((c) => c.response)).toBe(true);
    console.info(`${calls.length} calls registered, each with the contract's request and answer`);
  });

  it('never sends a field the answer does not declare', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/testLeakyAnswer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Saved' });
  });

  it('sends exactly the declared fields, and the OpenAPI document shows them', async () => {
    const user = await t.signedIn(ROLE.Agent);
    await t.db
      .insertInto('notifications')
      .values({ user_id: user.userId, notification_type: 'Agent Sign Up', notification_subject: 'Hello' })
      .execute();
    const res = await t.call(user.token, { method: 'GET', url: '/api/unreadNotifications' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json().resultData;
    expect(notification.strict().safeParse(row).success).toBe(true);
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const answer = docs.paths['/api/getNotification'].get.responses['200'];
    expect(JSON.stringify(answer)).toContain('notification_subject');
  });
});
