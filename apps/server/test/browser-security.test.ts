import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { calls } from '../src/calls/index.ts';
import { createMailer } from '../src/lib/mail.ts';
import { createTestApp, PASSWORD, ROLE, type TestApp } from './helpers.ts';

/**
 * Browser-facing guards, through real HTTP ports: one server behind a trusted TLS proxy
 * (TRUST_PROXY=true) and one that trusts no forwarding headers.
 */
let t: TestApp;
let behindProxy: string;
let direct: FastifyInstance;
let directBase: string;

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://backoffice.example.ph' } });
  behindProxy = await listen(t.app);
  const config = { ...t.config, trustProxy: false };
  direct = await buildApp({ db: t.db, config, mailer: createMailer(config) }, calls);
  directBase = await listen(direct);
});
afterAll(async () => {
  await direct.close();
  await t.close();
});

const overTls = { 'x-forwarded-proto': 'https' };

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Signs in as the web app does and answers the session cookie (name=value) and the raw answer. */
async function webLogin(email: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${behindProxy}/api/webValidateLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'web', ...headers },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, text: await res.text(), setCookie, cookie: setCookie.split(';')[0]! };
}

describe('Content-Security-Policy', () => {
  it('is strict on the HTML page and on API answers, including errors', async () => {
    const answers = [
      await fetch(`${behindProxy}/`),
      await fetch(`${behindProxy}/sellers/list`),
      await fetch(`${behindProxy}/api/health`),
      await fetch(`${behindProxy}/api/GetSeller`),
      await fetch(`${behindProxy}/api/webValidateLogin`, { method: 'POST', body: '{' }),
    ];
    for (const res of answers) {
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), res.url).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('HSTS', () => {
  it('is sent only when the request came over TLS through a trusted proxy', async () => {
    const tls = await fetch(`${behindProxy}/api/health`, { headers: overTls });
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plain = await fetch(`${behindProxy}/api/health`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // Without TRUST_PROXY anyone could send the header; it means nothing then.
    const untrusted = await fetch(`${directBase}/api/health`, { headers: overTls });
    expect(untrusted.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Strict, Secure over TLS, and the token is never in the body', async () => {
    const email = 'cookie.web@example.ph';
    await t.createUser(ROLE.Agent, email);
    const tls = await webLogin(email, overTls);
    expect(tls.res.status).toBe(200);
    const attributes = tls.setCookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'secure', 'path=/api']),
    );
    const token = tls.cookie.slice('sid='.length);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(tls.text).not.toContain(token);
    expect(JSON.parse(tls.text)).not.toHaveProperty('token');
    // Over plain http (a local install) the cookie must still be usable, so it is not Secure.
    const plain = await webLogin(email);
    expect(plain.setCookie.toLowerCase()).not.toContain('secure');
    expect(plain.setCookie.toLowerCase()).toContain('httponly');
  });
});

describe('CSRF', () => {
  let cookie: string;
  beforeAll(async () => {
    const email = 'csrf.admin@example.ph';
    await t.createUser(ROLE.SuperAdmin, email);
    cookie = (await webLogin(email)).cookie;
  });
  const roleNames = async () =>
    (await t.db.selectFrom('roles').select('name').execute()).map((r) => r.name).sort();
  const post = (headers: Record<string, string>, body: string) =>
    fetch(`${behindProxy}/api/webSaveRole`, { method: 'POST', headers: { cookie, ...headers }, body });

  it('refuses cross-site writes with the session cookie and changes nothing', async () => {
    const before = await roleNames();
    const evil = { origin: 'https://evil.example' };
    const attempts = [
      // What an HTML form on another site sends: no custom header, a form or text/plain body.
      post({ ...evil, 'content-type': 'application/x-www-form-urlencoded' }, 'roleName=Forged'),
      post({ ...evil, 'content-type': 'text/plain' }, JSON.stringify({ roleName: 'Forged' })),
      post({ ...evil, 'content-type': 'multipart/form-data; boundary=x' }, '--x--\r\n'),
      post({ 'content-type': 'application/json' }, JSON.stringify({ roleName: 'Forged' })),
      // With the header (which needs a CORS preflight we never grant) but another site's Origin.
      post(
        { ...evil, 'x-requested-with': 'web', 'content-type': 'application/json' },
        JSON.stringify({ roleName: 'Forged' }),
      ),
      post({ origin: 'null', 'x-requested-with': 'web', 'content-type': 'application/json' }, '{}'),
      fetch(`${behindProxy}/api/webLogout`, { method: 'POST', headers: { cookie, ...evil } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Cross-site request refused' });
    }
    expect(await roleNames()).toEqual(before);
    // The forged logout did not end the session either.
    const me = await fetch(`${behindProxy}/api/webGetLoggedUserDetailsWithRolesPermission`, {
      headers: { cookie },
    });
    expect(me.status).toBe(200);
  });

  it('accepts the web app’s own writes: same origin, the public address, or no Origin', async () => {
    const json = { 'x-requested-with': 'web', 'content-type': 'application/json' };
    const own = [
      { ...json, origin: behindProxy },
      { ...json, origin: 'https://backoffice.example.ph' },
      json,
    ];
    for (const [i, headers] of own.entries()) {
      const res = await post(headers, JSON.stringify({ roleName: `Own Role ${i}` }));
      expect(res.status, await res.text()).toBe(200);
    }
    expect(await roleNames()).toEqual(expect.arrayContaining(['Own Role 0', 'Own Role 1', 'Own Role 2']));
  });

  it('grants no CORS preflight or cross-origin read to another site', async () => {
    const preflight = await fetch(`${behindProxy}/api/webSaveRole`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-requested-with, content-type',
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    for (const name of ['allow-origin', 'allow-methods', 'allow-headers', 'allow-credentials']) {
      expect(preflight.headers.get(`access-control-${name}`)).toBeNull();
    }
    const read = await fetch(`${behindProxy}/api/webGetLoggedUserDetailsWithRolesPermission`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('does not apply to Bearer clients, which no browser sends on its own', async () => {
    const { token } = await t.signedIn(ROLE.SuperAdmin);
    const res = await fetch(`${behindProxy}/api/webSaveRole`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ roleName: 'Api Role' }),
    });
    expect(res.status).toBe(200);
  });
});
