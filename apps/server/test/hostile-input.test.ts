import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { createSession } from '../src/lib/session.ts';
import { createTestApp, multipart, png, type TestApp } from './helpers.ts';
import { agencyPayload, place } from './entity-fixtures.ts';
import { allRoutes, parametersOf, type JsonSchema, type Route } from './routes.ts';
import { watchWrites, type WriteWatch } from './write-watch.ts';

/**
 * Hostile input, generated with fast-check: every registered call and every export gets random and
 * malicious values for each of its parameters and for unknown ones, in every shape a client could
 * send (query strings with repeated keys and broken escapes, JSON with duplicated keys, deep JSON,
 * invalid UTF-8, wrong content types, multipart). Whatever arrives, the answer is never a 5xx, never
 * shows a stack trace, SQL or a server path, and a 4xx answer has committed nothing (write-watch.ts).
 *
 * FUZZ_REQUESTS (default 50,000) sets the number of generated requests, FUZZ_SEED the seed and
 * FUZZ_ONLY (a pattern) the routes; a failure names the seed and path that replay it.
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 50_000);
const SEED = Number(process.env.FUZZ_SEED ?? 9_2026);

/** The event stream never ends and takes no input: the matrix covers it. */
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? '');
const targets = allRoutes.filter(
  (r): r is Route & { call: NonNullable<Route['call']> } => !!r.call && ONLY.test(r.url),
);

// ---------------------------------------------------------------------------------------------------
// Values

const NASTY = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "1' UNION SELECT password_hash FROM users --",
  "'; SELECT pg_sleep(10); --",
  '1)) OR ((1=1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'C:\\x.jpg',
  '%00',
  '\u0000',
  'a\u0000b',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e-309',
  '0x10',
  ' 7 ',
  '١٢٣',
  '9'.repeat(40),
  '-9223372036854775809',
  '2147483648',
  '4294967296',
  '1.5',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '',
  ' ',
  '\t\r\n',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '😀',
  '\u202Eevil',
  'İ',
  '1,2,3',
  ',,,',
  '1,,2',
  '1,-1',
  '1,a',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '1969-12-31T23:59:59Z',
  'Active',
  'Inactive',
  'asc',
  'DESC',
  'Image',
  'Video',
  '%',
  '_',
  '\\',
  '%_\\',
] as const;

/** Any value at all, leaning to the dangerous ones. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY) },
  // Any code points, lone surrogates included (cheaper than fc.string's binary unit, which maps all of them).
  {
    weight: 3,
    arbitrary: fc.array(fc.nat(0x10ffff), { maxLength: 30 }).map((c) => String.fromCodePoint(...c)),
  },
  { weight: 2, arbitrary: fc.integer() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, -1e308, 0.5, Number.MAX_VALUE),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(300, 300, 5_000, 5_000, 70_000).map((n) => 'x'.repeat(n)) },
);

const typesOf = (s: JsonSchema): string[] => [
  ...(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []),
  ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(typesOf),
];

/** A value of the declared type, to get past the other fields and reach deeper checks. */
function plausible(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) return fc.integer({ min: 0, max: 40 });
  if (types.includes('boolean')) return fc.boolean();
  return fc.constantFrom('1', '2', '3', 'Test', 'Active', '1,2', 'a@b.ph', '09171234567', '2024-01-31');
}

/** A request body or query for the call: each parameter absent, plausible or hostile, plus unknown keys. */
function inputOf(route: Route & { call: NonNullable<Route['call']> }) {
  const { schemas } = parametersOf(route.call);
  const fields = [...schemas].map(([name, schema]) =>
    fc
      .option(fc.oneof({ weight: 3, arbitrary: plausible(schema) }, { weight: 2, arbitrary: hostile }), {
        nil: undefined,
        freq: 4,
      })
      .map((v) => [name, v] as const),
  );
  const unknown = fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'created_by',
        'user_id',
        'role_id',
        'password_hash',
        'a.b',
        'a[b]',
      ),
      fc.string({ maxLength: 8 }),
    ),
    hostile,
    { maxKeys: 3, noNullPrototype: true },
  );
  return fc.tuple(fc.tuple(...fields), unknown).map(([pairs, extra]) => {
    const input: Record<string, unknown> = { ...extra };
    for (const [k, v] of pairs) if (v !== undefined) input[k] = v;
    return input;
  });
}

// ---------------------------------------------------------------------------------------------------
// Encodings

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

/** A query string: arrays become repeated keys, and sometimes keys are sent twice or escapes broken. */
const queryOf = (input: Record<string, unknown>, garbage: string) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    for (const item of Array.isArray(v) ? v : [v]) q.append(k, asText(item));
  }
  return `${q.toString()}${garbage}`;
};
const QUERY_GARBAGE = [
  '',
  '',
  '',
  '&page=1&page=-5',
  '&sortColumn=x&sortColumn=y',
  '&%',
  '&%ZZ=1',
  '&a=%C0%AF',
  '&%FF%FE=%80',
];

/** Raw bytes that are not UTF-8, inside a JSON string. */
const invalidUtf8 = fc
  .uint8Array({ minLength: 1, maxLength: 24 })
  .map((bytes) => Buffer.from([0xc0, 0xaf, ...bytes, 0xff, 0xfe, 0xed, 0xa0, 0x80]));

type Shape =
  | { kind: 'json' }
  | { kind: 'duplicate-keys' }
  | { kind: 'deep'; depth: number; array: boolean }
  | { kind: 'invalid-utf8'; bytes: Buffer }
  | { kind: 'not-an-object'; body: string }
  | { kind: 'content-type'; type: string }
  | { kind: 'multipart'; file: 'png' | 'bytes' | 'none'; bytes: Uint8Array; filename: string };

const shapeOf = (route: Route): fc.Arbitrary<Shape> =>
  route.method === 'GET'
    ? fc.constant({ kind: 'json' })
    : fc.oneof(
        { weight: 10, arbitrary: fc.constant({ kind: 'json' as const }) },
        { weight: 2, arbitrary: fc.constant({ kind: 'duplicate-keys' as const }) },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('deep' as const),
            depth: fc.constantFrom(100, 2_000, 20_000),
            array: fc.boolean(),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('invalid-utf8' as const), bytes: invalidUtf8 }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('not-an-object' as const),
            body: fc.constantFrom('[]', '[1,2]', '"text"', '42', 'null', 'true', '', '{', '{"a":}', '\u0000'),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('content-type' as const),
            type: fc.constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'application/xml',
              'application/json; charset=utf-16',
              'multipart/form-data',
              'multipart/form-data; boundary=x',
              '',
            ),
          }),
        },
        {
          weight: route.call?.upload ? 4 : 1,
          arbitrary: fc.record({
            kind: fc.constant('multipart' as const),
            file: fc.constantFrom('png' as const, 'bytes' as const, 'none' as const),
            bytes: fc.uint8Array({ maxLength: 64 }),
            filename: fc.constantFrom('house.jpg', 'x.png', '', '../../x.jpg', 'C:\\x.jpg', 'a\u0000.png'),
          }),
        },
      );

let picture: Buffer;

/** The request for a route, an input and a shape. */
function requestOf(
  route: Route & { call: NonNullable<Route['call']> },
  input: Record<string, unknown>,
  shape: Shape,
  garbage: string,
): InjectOptions {
  if (route.method === 'GET') return { method: 'GET', url: `${route.url}?${queryOf(input, garbage)}` };
  const json = (payload: string | Buffer, type = 'application/json') => ({
    method: 'POST' as const,
    url: route.url,
    payload,
    headers: type ? { 'content-type': type } : {},
  });
  const entries = Object.entries(input);
  switch (shape.kind) {
    case 'json':
      return json(JSON.stringify(input));
    case 'duplicate-keys': {
      // Each key twice: a checker that reads the first and a writer that reads the last would disagree.
      const pairs = entries.flatMap(([k, v]) => [
        `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`,
        `${JSON.stringify(k)}:"1"`,
      ]);
      return json(`{${pairs.join(',')}}`);
    }
    case 'deep': {
      const [open, close] = shape.array ? ['[', ']'] : ['{"a":', '}'];
      const key = entries[0]?.[0] ?? 'x';
      return json(`{${JSON.stringify(key)}:${open.repeat(shape.depth)}1${close.repeat(shape.depth)}}`);
    }
    case 'invalid-utf8': {
      const key = entries[0]?.[0] ?? 'x';
      return json(Buffer.concat([Buffer.from(`{${JSON.stringify(key)}:"`), shape.bytes, Buffer.from('"}')]));
    }
    case 'not-an-object':
      return json(shape.body);
    case 'content-type':
      return json(
        shape.type.startsWith('application/x-www')
          ? new URLSearchParams(queryOf(input, '')).toString()
          : JSON.stringify(input),
        shape.type,
      );
    case 'multipart': {
      const field = route.call.upload?.files[0] ?? 'file';
      const bytes = shape.file === 'png' ? picture : Buffer.from(shape.bytes);
      const fields = Object.fromEntries(entries.map(([k, v]) => [k, asText(v)]));
      return {
        method: 'POST',
        url: route.url,
        ...multipart(
          fields,
          shape.file === 'none' ? undefined : { name: field, bytes, filename: shape.filename },
        ),
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// What an answer must never show

const STACK = /\n\s+at\s|\(\S+:\d+:\d+\)|node_modules|node:internal/;
const SERVER_PATH = new RegExp(path.resolve('.').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const SQL_TEXT =
  /\bselect\b[^.]*\bfrom\s+\w|\binsert\s+into\b|\bdelete\s+from\b|\bupdate\s+\w+\s+set\b|syntax error|violates|relation "|column "|duplicate key|SQLSTATE|\bpg_/i;

/** What is wrong with an answer, if anything (a 4xx is checked for committed writes separately). */
function faultOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json')) return res.statusCode >= 400 ? `error answer of type ${type}` : null;
  if (STACK.test(res.body) || SERVER_PATH.test(res.body)) return 'shows a stack trace or a server path';
  if (res.statusCode >= 400) {
    const body = res.json() as { message?: unknown };
    if (typeof body.message !== 'string') return 'error answer without a message';
    if (SQL_TEXT.test(res.body)) return 'error answer shows SQL';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------

let t: TestApp;
let watch: WriteWatch;
let sent = 0;

/** A Super Admin session the fuzzer uses; requests it sends may end it (a logout, a deactivation). */
interface Session {
  userId: number;
  token: string;
  via: 'bearer' | 'cookie';
}
const sessions: Session[] = [];

/** A new Active Super Admin with a session, made in the database (the login itself is fuzzed). */
async function renew(session: Session) {
  const alive = await t.db
    .selectFrom('users')
    .select('user_id')
    .where('user_id', '=', session.userId)
    .where('user_status', '=', 'Active')
    .where('role_id', '=', ROLE.SuperAdmin)
    .executeTakeFirst();
  if (!alive) session.userId = await t.createUser(ROLE.SuperAdmin);
  session.token = (await createSession(t.db, session.userId, 12, { ip: '127.0.0.1', userAgent: 'fuzz' }))!;
}

function authorise(options: InjectOptions, session: Session): InjectOptions {
  const headers = { ...(options.headers as Record<string, string>) };
  if (session.via === 'bearer') headers.authorization = `Bearer ${session.token}`;
  else headers['x-requested-with'] = 'web';
  return { ...options, headers, ...(session.via === 'cookie' ? { cookies: { sid: session.token } } : {}) };
}

/**
 * Sends one request; when the fuzzer's own session was ended by an earlier one (a logout, a
 * deactivation), renews it, calls `renewed` and sends it again.
 */
async function send(
  route: Route,
  options: InjectOptions,
  session: Session,
  ip: string,
  renewed = async () => {},
) {
  const go = () => t.app.inject({ ...authorise(options, session), remoteAddress: ip });
  const res = await go();
  if (route.access === 'public' || (res.statusCode !== 401 && res.statusCode !== 403)) return res;
  if (res.statusCode === 403 && res.json().message !== 'You do not have permission to do this') return res;
  await renew(session);
  await renewed();
  return go();
}

const WRITES_WHEN_REFUSED: Record<string, RegExp> = { webValidateLogin: /^(login_attempts|audit_log)$/ };
const writesOf = async (route: Route & { call: NonNullable<Route['call']> }) => {
  const allowed = WRITES_WHEN_REFUSED[route.call.name];
  return (await watch.writes()).filter((w) => !allowed?.test(w.table));
};

/**
 * Sends a batch at once (the server's own concurrency, and the time it waits for the database, are
 * used), then checks it. When the batch committed something and some of it was refused, each refused
 * request is sent again on its own, between a mark and a check, so that a write is pinned on its request.
 */
async function sendBatch(route: Route & { call: NonNullable<Route['call']> }, batch: Request[]) {
  const requests = batch.map((r) => ({
    options: requestOf(route, r.input, r.shape, r.garbage),
    session: sessions[r.cookie ? 1 : 0]!,
    ip: r.ip,
  }));
  sent += requests.length;
  const answers = await Promise.all(requests.map((r) => send(route, r.options, r.session, r.ip)));
  const writes = await writesOf(route);
  for (const [i, res] of answers.entries()) {
    const fault = faultOf(res);
    if (fault) throw new Error(`${fault}: ${res.statusCode} ${res.body.slice(0, 500)} (request ${i})`);
  }
  if (writes.length === 0) return;
  for (const [i, res] of answers.entries()) {
    if (res.statusCode < 400) continue;
    const r = requests[i]!;
    await watch.mark();
    const again = await send(route, r.options, r.session, r.ip, () => watch.mark());
    const own = await writesOf(route);
    const fault = faultOf(again);
    if (fault) throw new Error(`${fault}: ${again.statusCode} ${again.body.slice(0, 500)} (request ${i})`);
    if (again.statusCode >= 400 && own.length > 0) {
      throw new Error(
        `refused with ${again.statusCode} but committed ${JSON.stringify(own)}: ${again.body.slice(0, 300)} (request ${i})`,
      );
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  picture = await png(8, 8);
  // Records for random small ids to find.
  const admin = await t.signedIn(ROLE.SuperAdmin);
  const p = await place(t, 'Fuzz');
  for (const name of ['Fuzz Agency A', 'Fuzz Agency B']) {
    const res = await t.call(admin.token, {
      method: 'POST',
      url: '/api/saveagency',
      payload: agencyPayload(p, name),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const via of ['bearer', 'cookie'] as const) {
    const session = { userId: (await t.signedIn(ROLE.SuperAdmin)).userId, token: '', via };
    await renew(session);
    sessions.push(session);
  }
  watch = await watchWrites(t);
  await watch.mark();
}, 120_000);
afterAll(async () => {
  await watch?.close();
  await t?.close();
});

interface Request {
  input: Record<string, unknown>;
  shape: Shape;
  garbage: string;
  cookie: boolean;
  ip: string;
}
const BATCH = 4;

describe('hostile input', () => {
  // Each route's seed follows from its place among all routes, so FUZZ_ONLY replays the same requests.
  it.each(
    targets.map((route) => ({ route, i: allRoutes.indexOf(route), label: `${route.method} ${route.url}` })),
  )(
    '$label: never a 5xx or a leak, and a refusal changes nothing',
    async ({ route, i }) => {
      const request: fc.Arbitrary<Request> = fc.record({
        input: inputOf(route),
        shape: shapeOf(route),
        garbage: fc.constantFrom(...QUERY_GARBAGE),
        cookie: fc.boolean(),
        ip: fc.tuple(fc.nat(255), fc.nat(255)).map(([a, b]) => `10.9.${a}.${b}`),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: BATCH, maxLength: BATCH }), (batch) =>
          sendBatch(route, batch),
        ),
        { numRuns: Math.ceil(TOTAL / targets.length / BATCH), seed: SEED + i, endOnFailure: true },
      );
    },
    300_000,
  );

  it(`sent at least ${TOTAL} generated requests`, () => {
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
  });
});

describe('what the fuzzer found, kept as examples', () => {
  const admin = () => sessions[0]!;
  const expectRefusedCleanly = async (
    options: InjectOptions,
    route: Route & { call: NonNullable<Route['call']> },
  ) => {
    await watch.mark();
    const res = await send(route, options, admin(), '10.8.0.1');
    expect(res.statusCode, res.body).toBe(400);
    expect(faultOf(res)).toBeNull();
    expect(await writesOf(route)).toEqual([]);
    return res.json() as { message: string };
  };
  const routeOf = (url: string) => targets.find((r) => r.url === url)!;

  it('an id beyond PostgreSQL’s integer in a lookup (was a 500)', async () => {
    const route = routeOf('/api/GetSubdivisionWithoutPagination');
    await expectRefusedCleanly(
      { method: 'GET', url: `${route.url}?barangayId=4294967296&provinceId=4294967296` },
      route,
    );
  });

  it('a NUL character in a text field (was a 500)', async () => {
    const route = routeOf('/api/SaveZonningCode');
    await expectRefusedCleanly({ method: 'POST', url: route.url, payload: { Name: 'Zone\u0000A' } }, route);
  });

  it('a multipart body without a boundary, or with a wrong one (was a 500)', async () => {
    const route = routeOf('/api/saveimagesupload');
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const res = await expectRefusedCleanly(
        { method: 'POST', url: route.url, payload: '{"type":"Video"}', headers: { 'content-type': type } },
        route,
      );
      expect(res.message).toBe('The upload could not be read');
    }
  });
});
