import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { messageAnswer } from '@app/contract';
import { calls } from '../src/calls/index.ts';
import { defineCall } from '../src/calls/registry.ts';
import { inTransaction, migrate } from '../src/db/index.ts';
import { seedReferenceData } from '../src/db/seed/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(...chunk.toString().split('\n').filter(Boolean));
    callback();
  },
});
const explode = defineCall(
  { name: 'testExplode', method: 'GET', input: z.looseObject({}), response: messageAnswer },
  {
    access: 'public',
    tag: 'Test',
    summary: 'Fails the way a bug would',
    handle: async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/x.ts:12');
    },
  },
);
let conflictingRuns = 0;
const alwaysConflicts = defineCall(
  { name: 'testAlwaysConflicts', method: 'POST', input: z.looseObject({}), response: messageAnswer },
  {
    access: 'public',
    tag: 'Test',
    summary: 'A save whose transaction PostgreSQL fails as a serialization failure every time',
    handle: ({ db }) =>
      inTransaction(db, async (trx) => {
        conflictingRuns++;
        await sql`DO $$ BEGIN RAISE EXCEPTION 'could not serialize' USING ERRCODE = '40001'; END $$`.execute(
          trx,
        );
        return { message: 'Saved' };
      }),
  },
);
beforeAll(async () => {
  t = await createTestApp({ extraCalls: [explode, alwaysConflicts], logStream, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers 200 once the database is ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('errors', () => {
  it('answers an unexpected failure with a plain 500: no stack, no SQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/testExplode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong' });
  });

  it('runs a save that keeps colliding five times, then answers 409 in words: nothing was saved, try again', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/testAlwaysConflicts', payload: {} });
    expect(conflictingRuns).toBe(5);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Someone else was saving the same record at that moment. Nothing was saved: please try again',
    );
  });

  it('answers malformed JSON with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webValidateLogin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers an unknown call with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/NoSuchCall' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('logging', () => {
  it('writes one JSON line per request, with status and time, and no secrets', async () => {
    logLines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({
      method: 'POST',
      url: '/api/webValidateLogin',
      payload: { email: 'a@b.ph', password: 'Hunter22' },
    });
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.filter((e) => e.msg === 'request')).toEqual([
      expect.objectContaining({ method: 'GET', url: '/api/health', status: 200, ms: expect.any(Number) }),
      expect.objectContaining({ method: 'POST', url: '/api/webValidateLogin', status: 200 }),
    ]);
    expect(logLines.join('\n')).not.toContain('Hunter22');
  });

  it('logs the cause of an unexpected error on the server side only', async () => {
    logLines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/testExplode' });
    expect(logLines.join('\n')).toContain('secret_table');
  });
});

describe('browser security headers', () => {
  it('sends a strict Content-Security-Policy and HSTS only over TLS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every registered call from the registry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const call of calls) {
      const operation = doc.paths[`/api/${call.name}`]?.[call.method.toLowerCase()];
      expect(operation, call.name).toBeDefined();
      expect(operation.summary).toBe(call.summary);
    }
    expect(doc.paths['/api/webGetRoles'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'itemsPerPage', 'sortColumn', 'sortOrder', 'searchText']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});

describe('database connections', () => {
  it('run without JIT compilation, which costs more than the queries it would speed up', async () => {
    const { rows } = await sql<{ jit: string }>`SHOW jit`.execute(t.db);
    expect(rows[0]?.jit).toBe('off');
  });
});

describe('migrations and reference data', () => {
  it('can run again on every start without changing anything', async () => {
    const count = async () => ({
      roles: await t.db.selectFrom('roles').selectAll().execute(),
      grants: (await t.db.selectFrom('role_permissions').selectAll().execute()).length,
      permissions: (await t.db.selectFrom('permissions').selectAll().execute()).length,
    });
    const before = await count();
    await migrate(t.db);
    await seedReferenceData(t.db);
    expect(await count()).toEqual(before);
  });

  it('keeps grants changed on the Role Permissions screen across restarts', async () => {
    const listPermission = await t.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'Property List')
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('role_permissions')
      .where('role_id', '=', 30)
      .where('permission_id', '=', listPermission.id)
      .execute();
    await seedReferenceData(t.db);
    const row = await t.db
      .selectFrom('role_permissions')
      .selectAll()
      .where('role_id', '=', 30)
      .where('permission_id', '=', listPermission.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('ships the legacy role ids', async () => {
    const roles = await t.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('is_system', '=', true)
      .orderBy('id')
      .execute();
    expect(roles).toEqual([
      { id: 1, name: 'Super Admin' },
      { id: 3, name: 'Admin' },
      { id: 4, name: 'Operator' },
      { id: 26, name: 'Agent' },
      { id: 27, name: 'Owner-Agent' },
      { id: 30, name: 'Individual' },
    ]);
  });
});

describe('the web app', () => {
  it('is served at /, and every client route gets index.html, never cached; hashed assets are cached for good', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toContain('text/html');
    expect(root.headers['cache-control']).toBe('no-cache');
    const deep = await t.app.inject({ method: 'GET', url: '/home/master/role/role-master?page=2' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe(root.body);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(root.body)![1]!;
    const script = await t.app.inject({ method: 'GET', url: asset });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(root.body).not.toMatch(/<script>(?!<\/script>)/); // no inline scripts under the strict CSP
  });
});
