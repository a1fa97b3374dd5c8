import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { PASSWORD, png } from './helpers.ts';
import { newBucket } from './media-fixtures.ts';
import {
  ADMIN,
  openStream,
  plainRequest,
  preparedDatabase,
  propertyForm,
  sharedMediaStore,
  signIn,
  startServer,
  type ServerProcess,
} from './process-fixtures.ts';
import { createDb } from '../src/db/index.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { claimJobs } from '../src/lib/housekeeping.ts';

/**
 * Two real server processes on one database and one media store (the shared disk, or one bucket), as behind a load balancer with no
 * sticky sessions (issue 23; docs/operations.md, Several server processes). Each starts its hourly
 * housekeeping at once (HOUSEKEEPING_FIRST_MS=0), so both try every job within the test.
 */

const JOBS = [
  'notification purge',
  'notification fan-out',
  'audit log purge',
  'listing tally compaction',
  'unread tally compaction',
  'throttling purge',
  'idempotency key purge',
  'media sweep',
];

let database: Awaited<ReturnType<typeof preparedDatabase>>;
let client: pg.Client;
const store = sharedMediaStore();
let a: ServerProcess;
let b: ServerProcess;
const otherAdmin = 'second.admin@example.ph';

beforeAll(async () => {
  database = await preparedDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // A second admin, to hear of what the first one does.
  await client.query(
    `INSERT INTO users (first_name, last_name, user_email, password_hash, role_id, user_status)
     VALUES ('Second', 'Admin', $1, $2, $3, 'Active')`,
    [otherAdmin, await hashPassword(PASSWORD), ROLE.Admin],
  );
  // test/s3/two-instances.test.ts runs the same with one bucket of the run's S3-protocol server.
  const bucket = process.env.TEST_MEDIA_STORE === 's3' ? await newBucket() : {};
  const env = { ...store.env, ...bucket, HOUSEKEEPING_FIRST_MS: '0', LOG_LEVEL: 'info' };
  [a, b] = await Promise.all([startServer(database.url, env), startServer(database.url, env)]);
}, 120_000);

afterAll(async () => {
  for (const server of [a, b]) {
    server?.kill('SIGTERM');
    expect(await server?.exited).toBe(0);
  }
  await client?.end();
  await database?.drop();
  store.remove();
});

/** The housekeeping rounds a process has logged so far. */
const rounds = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"housekeeping round"'))
    .map((line) => JSON.parse(line) as { ran: string[]; skipped: string[] });

describe('two server processes on one database and one media store', () => {
  it('a session made on one process works on the other, and signing out there ends it on both', async () => {
    const token = await signIn(a.base);
    const me = await plainRequest(b.base, { path: '/api/webGetLoggedUserDetailsWithRolesPermission', token });
    expect(me.status, me.body).toBe(200);
    expect(me.json().userRole).toEqual(['Super Admin']);

    expect((await plainRequest(b.base, { path: '/api/webLogout', body: {}, token })).status).toBe(200);
    const after = await plainRequest(a.base, {
      path: '/api/webGetLoggedUserDetailsWithRolesPermission',
      token,
    });
    expect(after.status).toBe(401);
  });

  it('a cookie session from one process is accepted by the other, writes included', async () => {
    const web = { 'x-requested-with': 'web' };
    const login = await plainRequest(a.base, {
      path: '/api/webValidateLogin',
      body: { email: ADMIN.email, password: ADMIN.password },
      headers: web,
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/=\S{10,}/);
    const read = await plainRequest(b.base, { path: '/api/unreadNotifications', headers: { cookie } });
    expect(read.status, read.body).toBe(200);
    const write = await plainRequest(b.base, {
      path: '/api/markAllNotificationsRead',
      body: {},
      headers: { cookie, ...web },
    });
    expect(write.status, write.body).toBe(200);
  });

  it('a notification caused through one process reaches the event stream open on the other', async () => {
    const listener = await signIn(b.base, otherAdmin, PASSWORD);
    const stream = await openStream(b.base, listener);
    try {
      expect(stream.status).toBe(200);
      await stream.next((e) => e.kind === 'count');
      const actor = await signIn(a.base);
      const saved = await plainRequest(a.base, {
        path: '/api/saveproperty',
        body: propertyForm(database.place, 'Two Process House'),
        token: actor,
      });
      expect(saved.status, saved.body).toBe(200);
      const event = await stream.next((e) => e.kind === 'notification', 15_000);
      expect(event).toMatchObject({
        kind: 'notification',
        notification: { notification_subject: expect.stringContaining('Two Process House was listed by') },
      });
    } finally {
      stream.close();
    }
  });

  it('a new user saved through one process is written out once for each admin, and reaches the stream on the other', async () => {
    const listener = await signIn(b.base, otherAdmin, PASSWORD);
    const stream = await openStream(b.base, listener);
    try {
      await stream.next((e) => e.kind === 'count');
      const saved = await plainRequest(a.base, {
        path: '/api/SaveUser',
        token: await signIn(a.base),
        body: {
          first_name: 'Two',
          last_name: 'Process',
          role_id: ROLE.Operator,
          user_email: 'two.process@example.ph',
          phone_1: '09171234567',
          house_number: '5',
          street_name: 'Mabini St',
          province_id: database.place.province_id,
          town_id: database.place.town_id,
          barangay_id: database.place.barangay_id,
          zip_code: '6000',
          user_status: 'New',
        },
      });
      expect(saved.status, saved.body).toBe(200);
      const event = await stream.next((e) => e.kind === 'notification', 15_000);
      expect(event).toMatchObject({
        notification: {
          notification_subject: expect.stringMatching(/^Two Process \(Operator\) was created by/),
        },
      });
      const { rows } = await client.query<{ user_id: number; n: number }>(
        `SELECT user_id, count(*)::int AS n FROM notifications
         WHERE notification_subject LIKE 'Two Process (Operator)%' GROUP BY user_id`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('an image uploaded through one process is served by the other, thumbnail included', async () => {
    const token = await signIn(a.base);
    const saved = await plainRequest(a.base, {
      path: '/api/saveproperty',
      body: propertyForm(database.place, 'Shared Media House'),
      token,
    });
    expect(saved.status, saved.body).toBe(200);
    const { rows } = await client.query<{ id: number }>(
      `SELECT property_id AS id FROM properties WHERE property_name = 'Shared Media House'`,
    );
    const form = new FormData();
    for (const [k, v] of Object.entries({ type: 'Image', property_id: rows[0]!.id, description: 'Front' }))
      form.set(k, String(v));
    form.set('images_video', new Blob([await png(640, 480)], { type: 'image/png' }), 'front.png');
    const auth = { authorization: `Bearer ${token}` };
    const upload = await fetch(`${a.base}/api/saveimagesupload`, {
      method: 'POST',
      body: form,
      headers: auth,
    });
    expect(upload.status, await upload.text()).toBe(200);

    const gallery = await plainRequest(b.base, {
      path: `/api/showallimagesvideo?property_id=${rows[0]!.id}`,
      token,
    });
    expect(gallery.status, gallery.body).toBe(200);
    const [image] = gallery.json().resultdata as { images_video: string; thumbnail: string }[];
    const files = { [image!.images_video]: 'image/png', [image!.thumbnail]: 'image/jpeg' };
    for (const [url, type] of Object.entries(files)) {
      const [there, here] = await Promise.all([fetch(`${b.base}${url}`), fetch(`${a.base}${url}`)]);
      expect([url, there.status, there.headers.get('content-type')]).toEqual([url, 200, type]);
      expect(Buffer.from(await there.arrayBuffer())).toEqual(Buffer.from(await here.arrayBuffer()));
    }
  });

  it('each housekeeping job runs once across the two processes: one claims it, the other skips it', async () => {
    // Both processes log their first round (started with the server): wait until both have.
    const end = Date.now() + 30_000;
    while ((rounds(a).length === 0 || rounds(b).length === 0) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 50));
    const [first, second] = [rounds(a), rounds(b)];
    expect([first.length, second.length]).toEqual([1, 1]);
    for (const round of [first[0]!, second[0]!])
      expect([...round.ran, ...round.skipped].sort()).toEqual([...JOBS].sort());
    expect([...first[0]!.ran, ...second[0]!.ran].sort()).toEqual([...JOBS].sort());

    const { rows } = await client.query<{ job: string; started_by: string }>(
      'SELECT job, started_by FROM housekeeping_runs WHERE job = ANY($1) ORDER BY job',
      [JOBS],
    );
    const by = (server: ServerProcess) => (job: string) =>
      rows.find((r) => r.job === job)?.started_by.endsWith(` pid ${server.pid}`);
    expect(rows.map((r) => r.job)).toEqual([...JOBS].sort());
    expect([first[0]!.ran.every(by(a)), second[0]!.ran.every(by(b))]).toEqual([true, true]);
  });
});

describe('claiming housekeeping jobs', () => {
  const HOUR = 3_600_000;
  it('of twenty claims at the same moment one gets each job; it is due again after nine tenths of the hour', async () => {
    const db = createDb(database.url, 10);
    try {
      const jobs = ['claim test one', 'claim test two'];
      const claims = await Promise.all(Array.from({ length: 20 }, () => claimJobs(db, jobs, HOUR)));
      expect(claims.flat().sort()).toEqual(jobs);
      const age = (minutes: number) =>
        client.query(
          `UPDATE housekeeping_runs SET started_at = now() - make_interval(mins => $1) WHERE job = ANY($2)`,
          [minutes, jobs],
        );
      await age(50);
      expect(await claimJobs(db, jobs, HOUR)).toEqual([]);
      await age(55);
      expect((await claimJobs(db, jobs, HOUR)).sort()).toEqual(jobs);
    } finally {
      await db.destroy();
    }
  });
});
