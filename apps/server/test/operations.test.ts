import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLE, messageAnswer } from '@app/contract';
import { createTestApp, png, type TestApp } from './helpers.ts';
import { defineCall } from '../src/calls/registry.ts';

/** Health and readiness, and Prometheus metrics (several server processes: two-instances.test.ts). */

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('liveness, readiness and /api/health answer ok while the database answers', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const res = await get(url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 200, { status: 'ok' }]);
    }
  });

  it('readiness answers 503 once the server stops taking work; liveness stays 200', async () => {
    t.app.stopTakingWork();
    expect([(await get('/api/health/ready')).statusCode, (await get('/api/health/ready')).json()]).toEqual([
      503,
      { status: 'stopping' },
    ]);
    expect((await get('/api/health')).statusCode).toBe(503);
    expect((await get('/api/health/live')).json()).toEqual({ status: 'ok' });
  });
});

/** Parses the Prometheus text format: `name{labels} value` per sample. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      return { name: name!, labels, value: Number(value) };
    });
}

describe('Prometheus metrics', () => {
  let off: TestApp;
  let on: TestApp;
  let guarded: TestApp;
  const failing = defineCall(
    { name: 'testFails', method: 'GET', input: z.object({}), response: messageAnswer },
    {
      access: 'public',
      tag: 'Test',
      summary: 'Always fails unexpectedly',
      handle: async () => {
        throw new Error('boom');
      },
    },
  );
  beforeAll(async () => {
    // Several apps in one process, each with its own registry.
    [off, on, guarded] = await Promise.all([
      createTestApp(),
      createTestApp({ env: { METRICS: 'true' }, extraCalls: [failing] }),
      createTestApp({ env: { METRICS: 'true', METRICS_TOKEN: 'scrape-secret-123' } }),
    ]);
  });
  afterAll(() => Promise.all([off, on, guarded].map((t) => t?.close())));
  const scrape = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers });

  it('is 404 (not the web page) when METRICS is not true', async () => {
    const res = await scrape(off);
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Not found' }]);
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-secret' },
      { authorization: 'scrape-secret-123' },
    ];
    for (const headers of refused) {
      const res = await scrape(guarded, headers);
      expect([res.statusCode, res.json(), res.headers['www-authenticate']]).toEqual([
        401,
        { message: 'A valid metrics token is required' },
        'Bearer',
      ]);
    }
    const res = await scrape(guarded, { authorization: 'Bearer scrape-secret-123' });
    expect(res.statusCode).toBe(200);
  });

  it('counts requests and latency by method, route pattern and status; errors; pool; process', async () => {
    const { token } = await on.signedIn(ROLE.SuperAdmin);
    for (let i = 0; i < 3; i++) await on.call(token, { method: 'GET', url: '/api/webGetRoles?page=1' });
    await on.app.inject({ method: 'GET', url: '/api/no-such-call/record-qzx' });
    const stored = '0123456789abcdef0123456789abcdef.png';
    fs.writeFileSync(path.join(on.config.dataDir, 'media', stored), await png());
    expect((await on.app.inject({ method: 'GET', url: `/media/${stored}` })).statusCode).toBe(200);
    const missing = await on.app.inject({
      method: 'GET',
      url: '/media/fedcba9876543210fedcba9876543210.png',
    });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Not found' }]);
    const failed = await on.app.inject({ method: 'GET', url: '/api/testFails' });
    expect([failed.statusCode, failed.json()]).toEqual([500, { message: 'Something went wrong' }]);

    const res = await scrape(on);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const all = samples(res.body);
    const value = (name: string, labels: string) =>
      all.find((s) => s.name === name && s.labels === labels)?.value;

    expect(value('http_requests_total', 'method="GET",route="/api/webGetRoles",status="200"')).toBe(3);
    expect(
      value('http_request_duration_seconds_count', 'method="GET",route="/api/webGetRoles",status="200"'),
    ).toBe(3);
    expect(
      value(
        'http_request_duration_seconds_bucket',
        'le="+Inf",method="GET",route="/api/webGetRoles",status="200"',
      ),
    ).toBe(3);
    // Route patterns, never raw addresses: the label set stays small. (The addresses' marks hold
    // letters: a duration's digits once held 12345.)
    expect(value('http_requests_total', 'method="GET",route="unmatched",status="404"')).toBe(2);
    expect(value('http_requests_total', 'method="GET",route="/media/*",status="200"')).toBe(1);
    expect(res.body).not.toContain('record-qzx');
    expect(res.body).not.toContain('0123456789abcdef');
    expect(res.body).not.toContain('fedcba9876543210');

    expect(value('http_requests_total', 'method="GET",route="/api/testFails",status="500"')).toBe(1);
    expect(value('http_server_errors_total', 'kind="unexpected"')).toBe(1);
    expect(value('http_server_errors_total', 'kind="database_unavailable"')).toBe(0);
    expect(value('http_server_errors_total', 'kind="disk_full"')).toBe(0);

    expect(value('db_pool_connections', 'state="total"')).toBeGreaterThanOrEqual(1);
    expect(value('db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(0);
    expect(value('db_pool_waiting_requests', '')).toBe(0);
    expect(value('process_resident_memory_bytes', '')).toBeGreaterThan(0);
    expect(all.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });
});
