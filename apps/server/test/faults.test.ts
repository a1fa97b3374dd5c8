import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { createTestApp, multipart, png, waitFor, type TestApp } from './helpers.ts';
import { adminForm, place, type Place } from './entity-fixtures.ts';
import {
  freePort,
  openStream,
  plainRequest,
  preparedDatabase,
  propertyForm,
  signIn,
  startServer,
  type Answer,
} from './process-fixtures.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { poolOf, type Db } from '../src/db/index.ts';

/**
 * Faults: a connection killed in the middle of a save, PostgreSQL restarted under load, the server
 * stopped under load, and a full media disk. Each leaves nothing half written and answers cleanly.
 */

const UNAVAILABLE = { message: 'The database is unavailable. Please try again shortly' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The row count of every table, to prove that a failed request changed nothing. */
async function tableCounts(db: Db) {
  const { rows: tables } = await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
    WHERE schemaname = 'public' ORDER BY tablename`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(name)}`.execute(db)).rows[0]!.n,
    );
  return counts;
}

/** The backends of this database waiting for a lock in a statement that inserts into `table`. */
async function waitingFor(client: pg.Client, table: string) {
  // Statistics views are a snapshot for the whole transaction unless cleared.
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
       AND wait_event_type = 'Lock' AND query ~* $1`,
    [`insert into "?${table}"?[ (]`],
  );
  return rows.map((r) => r.pid);
}

/**
 * Ends the connection of a waiting save (backend `pid`) and answers what the save answered. A save
 * made without a transaction gives its connection back to the pool before the end is read; the pool
 * drops it then, and this waits for that, so that the test's next query does not meet it.
 */
async function killSave(t: TestApp, locker: pg.Client, pid: number, saving: ReturnType<TestApp['call']>) {
  const pool = poolOf(t.db)!;
  const connections = pool.totalCount;
  await locker.query('SELECT pg_terminate_backend($1)', [pid]);
  const res = await saving;
  await waitFor('the pool to drop the killed connection', () =>
    pool.totalCount < connections ? true : undefined,
  );
  return res;
}

/** Once the events queued by the saves before are written out (after their commit): their rows counted. */
const fannedOut = (t: TestApp) =>
  waitFor("the earlier saves' notifications", async () =>
    (await t.db.selectFrom('notification_fan_outs').select('fan_out_id').execute()).length === 0
      ? true
      : undefined,
  );

const idOfProperty = (db: Db, name: string) =>
  db.selectFrom('properties').select('property_id').where('property_name', '=', name).executeTakeFirst();

describe('(a) the database connection killed in the middle of a save', () => {
  let t: TestApp;
  let token: string;
  let where: Place;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signedIn(ROLE.SuperAdmin)).token;
    where = await place(t, 'Kill');
  });
  afterAll(() => t?.close());

  const save = (name: string) =>
    t.call(token, { method: 'POST', url: '/api/saveproperty', payload: propertyForm(where, name) });

  it('writes nothing, answers 503 with a clear message, and the next save works', async () => {
    const before = await tableCounts(t.db);
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      // saveproperty writes the property, its history and its queued news in one statement, which
      // waits here for the queue's table. PostgreSQL shows the statement's first 1,024 bytes, which
      // name the properties table.
      await locker.query('LOCK TABLE notification_fan_outs IN EXCLUSIVE MODE');
      const saving = save('Half Written');
      const pid = await waitFor(
        'the save to wait for the queue',
        async () => (await waitingFor(locker, 'properties'))[0],
      );
      // It has begun: it holds the write lock of the properties table.
      const { rows: wrote } = await locker.query(
        `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
          WHERE l.pid = $1 AND c.relname = 'properties' AND l.mode = 'RowExclusiveLock' AND l.granted`,
        [pid],
      );
      expect(wrote).toHaveLength(1);
      const res = await killSave(t, locker, pid, saving);
      expect([res.statusCode, res.json()]).toEqual([503, UNAVAILABLE]);
      expect(res.headers['retry-after']).toBe('5');
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }

    expect(await tableCounts(t.db)).toEqual(before);
    expect(await idOfProperty(t.db, 'Half Written')).toBeUndefined();

    const next = await save('Written Whole');
    expect(next.statusCode, next.body).toBe(200);
    const saved = await idOfProperty(t.db, 'Written Whole');
    const history = await t.db
      .selectFrom('property_history')
      .select(['field', 'new_value'])
      .where('property_id', '=', saved!.property_id)
      .execute();
    expect(history).toEqual([{ field: 'status', new_value: 'Open' }]);
  });

  it("an Agent's new listing killed as it waits for its owner's place (decision 72): nothing written, the next save works", async () => {
    const agent = await t.signedIn(ROLE.Agent);
    const saveAsAgent = (name: string) =>
      t.call(agent.token, { method: 'POST', url: '/api/saveproperty', payload: propertyForm(where, name) });
    await fannedOut(t);
    const before = await tableCounts(t.db);
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      // What another save of the same owner holds while it counts and writes.
      await locker.query('SELECT take_open_listing_places(ARRAY[$1]::int[])', [agent.userId]);
      const saving = saveAsAgent('Agent Half Written');
      const pid = await waitFor(
        "the save to wait for its owner's place",
        async () => (await waitingFor(locker, 'properties'))[0],
      );
      const res = await killSave(t, locker, pid, saving);
      expect([res.statusCode, res.json()]).toEqual([503, UNAVAILABLE]);
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await idOfProperty(t.db, 'Agent Half Written')).toBeUndefined();
    expect((await saveAsAgent('Agent Written Whole')).statusCode).toBe(200);
  });
});

describe('(a) a new user, written in one statement with their links and its event', () => {
  let t: TestApp;
  let token: string;
  let where: Place;
  let locker: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signedIn(ROLE.SuperAdmin)).token;
    where = await place(t, 'Linked');
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
  });
  afterEach(() => locker.end());

  const newSkill = async (name: string) =>
    (
      await sql<{ id: number }>`INSERT INTO user_skills (user_skills) VALUES (${name})
      RETURNING user_skills_id AS id`.execute(t.db)
    ).rows[0]!.id;
  const save = (email: string, skillId: number) =>
    t.call(token, {
      method: 'POST',
      url: '/api/SaveUser',
      payload: { ...adminForm(where, 'Half', 'Linked', email), user_skills: String(skillId) },
    });
  /**
   * The backend of the save once it waits to write the user's skill. PostgreSQL shows the first 1,024
   * bytes of a statement, which name the users table, not the link's.
   */
  const waitingToLink = () =>
    waitFor('the save to wait to link the skill', async () => (await waitingFor(locker, 'users'))[0]);

  it('killed while it waits to link a skill: nothing of the user stays, 503, and the next save works', async () => {
    const skillId = await newSkill('Kill skill');
    const before = await tableCounts(t.db);
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE user_skill_links IN EXCLUSIVE MODE');
    const saving = save('half.linked@example.ph', skillId);
    const res = await killSave(t, locker, await waitingToLink(), saving);
    expect([res.statusCode, res.json()]).toEqual([503, UNAVAILABLE]);
    await locker.query('COMMIT');
    expect(await tableCounts(t.db)).toEqual(before);

    const next = await save('half.linked@example.ph', skillId);
    expect(next.statusCode, next.body).toBe(200);
    const links = await t.db
      .selectFrom('user_skill_links')
      .select('user_skills_id')
      .where('user_id', '=', next.json().user_id)
      .execute();
    expect(links).toEqual([{ user_skills_id: skillId }]);
  });

  it('a skill deleted while the save waits for it: 400 in plain words, and no user', async () => {
    const skillId = await newSkill('Vanishing skill');
    // The users saved before are told of after their commit: counted once that is done.
    await fannedOut(t);
    await locker.query('BEGIN');
    // Checked before the write, the skill is still there; the write waits for its row.
    await locker.query('DELETE FROM user_skills WHERE user_skills_id = $1', [skillId]);
    const before = await tableCounts(t.db);
    const saving = save('gone.skill@example.ph', skillId);
    await waitingToLink();
    await locker.query('COMMIT');
    const res = await saving;
    expect([res.statusCode, res.json().message]).toEqual([400, 'A chosen record no longer exists']);
    expect(await tableCounts(t.db)).toEqual({ ...before, user_skills: before.user_skills! - 1 });
  });
});

describe('(b) PostgreSQL restarted under load', () => {
  let dir: string;
  let embedded: EmbeddedDatabase;
  let t: TestApp;
  beforeAll(async () => {
    // Its own cluster, whatever DATABASE_URL says: this test stops and starts it.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-restart-'));
    fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its directory
    embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'), undefined, { port: await freePort() });
    t = await createTestApp({ databaseUrl: embedded.url });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await embedded?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 (never 500) while it is down and serves again after, with the same app', async () => {
    const { token } = await t.signedIn(ROLE.SuperAdmin);
    type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';
    let phase: Phase = 'up';
    const outcomes: { from: Phase; to: Phase; name?: string; status: number; body: unknown }[] = [];
    let running = true;
    let n = 0;
    const worker = async () => {
      while (running) {
        const from = phase;
        const name = ++n % 2 === 0 ? `Load ${n}` : undefined;
        const res = name
          ? await t.call(token, { method: 'POST', url: '/api/SaveCapability', payload: { Name: name } })
          : await t.call(token, { method: 'GET', url: '/api/GetCapability?page=1&limit=10' });
        outcomes.push({ from, to: phase, name, status: res.statusCode, body: res.json() });
        if (res.statusCode !== 200) await sleep(10);
      }
    };
    const count = (match: (o: (typeof outcomes)[number]) => boolean) => outcomes.filter(match).length;
    const workers = Array.from({ length: 6 }, worker);

    await waitFor('answers before the stop', () => (count((o) => o.to === 'up') >= 30 ? true : undefined));
    phase = 'stopping';
    await embedded.stop();
    phase = 'down';
    await waitFor('answers during the outage', () =>
      count((o) => o.from === 'down' && o.to === 'down') >= 30 ? true : undefined,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    phase = 'starting';
    await embedded.start();
    phase = 'back';
    await waitFor('answers after the restart', () =>
      count((o) => o.from === 'back' && o.status === 200) >= 30 ? true : undefined,
    );
    running = false;
    await Promise.all(workers);

    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(outcomes.filter((o) => o.status === 503 && !isEqual(o.body, UNAVAILABLE))).toEqual([]);
    const between = (from: Phase, to: Phase) => outcomes.filter((o) => o.from === from && o.to === to);
    expect(between('up', 'up').every((o) => o.status === 200)).toBe(true);
    expect(between('down', 'down').length).toBeGreaterThanOrEqual(30);
    expect(between('down', 'down').every((o) => o.status === 503)).toBe(true);

    // No connection was lost to the pool on the way (a leaked one would also make closing hang).
    const pool = poolOf(t.db)!;
    await waitFor(
      'every pool connection to be idle',
      () => (pool.idleCount === pool.totalCount ? true : undefined),
      2000,
    );

    // Recovered: the same app answers every request, and every save it confirmed is there.
    for (let i = 0; i < 10; i++) {
      const res = await t.call(token, {
        method: 'POST',
        url: '/api/SaveCapability',
        payload: { Name: `After ${i}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({
      status: 'ok',
    });
    const { rows } = await sql<{ name: string }>`SELECT capability_name AS name FROM capabilities`.execute(
      t.db,
    );
    const names = new Set(rows.map((r) => r.name));
    const confirmed = outcomes.filter((o) => o.name && o.status === 200).map((o) => o.name!);
    expect(confirmed.filter((name) => !names.has(name))).toEqual([]);
  }, 90_000);
});

const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe('(c) the server stopped with SIGTERM under load', () => {
  it('finishes every request it accepted, loses no save, ends streams and exits 0', async () => {
    const database = await preparedDatabase();
    // One second in which readiness says 503 while requests are still served.
    const server = await startServer(database.url, { SHUTDOWN_DELAY_MS: '1000' });
    const locker = new pg.Client({ connectionString: database.url });
    try {
      const token = await signIn(server.base);
      const stream = await openStream(server.base, token);
      expect(stream.status).toBe(200);

      type Outcome = { name?: string; answer?: Answer; error?: string };
      const outcomes: Outcome[] = [];
      let exited = false;
      void server.exited.then(() => (exited = true));
      let n = 0;
      const attempt = async (name: string | undefined) => {
        try {
          const answer = await plainRequest(
            server.base,
            name
              ? { path: '/api/SaveCapability', body: { Name: name }, token }
              : { path: '/api/GetCapability?page=1&limit=5', token },
          );
          outcomes.push({ name, answer });
        } catch (error) {
          outcomes.push({ name, error: (error as NodeJS.ErrnoException).code ?? String(error) });
        }
      };
      // Readers keep going while savers wait for the lock below (the pool has 10 connections).
      const worker = async (saves: boolean) => {
        while (!exited) {
          await attempt(saves ? `Busy ${++n}` : undefined);
          await sleep(5);
        }
      };
      const workers = [true, true, true, false, false, false, false].map(worker);
      await waitFor('saves before the signal', () =>
        outcomes.filter((o) => o.name && o.answer?.status === 200).length >= 10 ? true : undefined,
      );

      // Saves that are surely in flight when the signal comes: they wait for this lock.
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE capabilities IN EXCLUSIVE MODE');
      const held = Array.from({ length: 4 }, (_, i) =>
        plainRequest(server.base, { path: '/api/SaveCapability', body: { Name: `Held ${i}` }, token }).then(
          (answer) => [answer.status, answer.json()],
          (error: Error) => error.message,
        ),
      );
      await waitFor('the held saves to wait', async () =>
        (await waitingFor(locker, 'capabilities')).length >= 4 ? true : undefined,
      );

      server.kill('SIGTERM');
      const notReady = await waitFor('readiness to turn 503', async () => {
        const res = await plainRequest(server.base, { path: '/api/health/ready' });
        return res.status === 503 ? res : undefined;
      });
      expect(notReady.json()).toEqual({ status: 'stopping' });
      // After the delay it refuses new connections, while the held saves are still running. (A
      // connection made just as it closes, before sending its request, is reset: try again.)
      await waitFor('new connections to be refused', () =>
        plainRequest(server.base, { path: '/api/health/live' }).then(
          () => undefined,
          (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? true : undefined),
        ),
      );
      expect(exited).toBe(false);
      await stream.ended;

      await locker.query('COMMIT');
      expect(await Promise.all(held)).toEqual(
        Array(4).fill([200, { message: 'Capability saved successfully' }]),
      );
      expect(await server.exited).toBe(0);
      await Promise.all(workers);

      // Every answer is a normal one. The other requests never got in: their connection was refused
      // or reset, or (reaching the server as it closed) Fastify refused them with its own 503.
      const refusedWhileClosing = (a: Answer) => a.status === 503 && a.body.includes('"Service Unavailable"');
      expect(
        outcomes.filter((o) => o.answer && o.answer.status !== 200 && !refusedWhileClosing(o.answer)),
      ).toEqual([]);
      expect(outcomes.filter((o) => o.error && !['ECONNREFUSED', 'ECONNRESET'].includes(o.error))).toEqual(
        [],
      );
      const confirmed = outcomes.filter((o) => o.name && o.answer?.status === 200).map((o) => o.name!);
      const { rows } = await locker.query<{ name: string }>(
        `SELECT capability_name AS name FROM capabilities WHERE capability_name ~ '^(Busy|Held) '`,
      );
      expect(rows.map((r) => r.name).sort()).toEqual(
        [...confirmed, 'Held 0', 'Held 1', 'Held 2', 'Held 3'].sort(),
      );
    } finally {
      server.kill('SIGKILL');
      await locker.end().catch(() => undefined);
      await database.drop();
    }
  }, 90_000);
});

/** Mounting a tmpfs needs root (CAP_SYS_ADMIN), which the sandbox and CI have. */
function canMount() {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}
const mountable = canMount();
if (!mountable) console.warn('faults (d) skipped: mounting a tmpfs needs root');

describe.skipIf(!mountable)('(d) the media disk full', () => {
  let t: TestApp;
  let token: string;
  let propertyId: number;
  let media: string;
  let where: Place;
  const filler = () => path.join(media, 'filler');
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signedIn(ROLE.SuperAdmin)).token;
    where = await place(t, 'Disk');
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/saveproperty',
      payload: propertyForm(where, 'Disk house'),
    });
    expect(res.statusCode, res.body).toBe(200);
    propertyId = (await idOfProperty(t.db, 'Disk house'))!.property_id;
    await fannedOut(t);
    media = path.join(t.config.dataDir, 'media');
    // A real, tiny file system as the media disk: 64 KiB.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0755', 'tmpfs', media]);
  });
  afterAll(async () => {
    if (media) execFileSync('umount', [media]);
    await t?.close();
  });

  /** Fills the disk so that only `freeBytes` stay free. */
  function fill(freeBytes: number) {
    fs.rmSync(filler(), { force: true });
    const { bavail, bsize } = fs.statfsSync(media);
    fs.writeFileSync(filler(), Buffer.alloc(bavail * bsize - freeBytes));
    expect(fs.statfsSync(media).bavail * bsize).toBe(freeBytes);
  }
  const upload = async () =>
    t.call(token, {
      method: 'POST',
      url: '/api/saveimagesupload',
      ...multipart(
        { type: 'Image', property_id: propertyId, description: 'Front' },
        { name: 'images_video', bytes: await png(64, 48) },
      ),
    });
  const mediaRows = () =>
    t.db
      .selectFrom('property_media')
      .select(['file', 'thumbnail'])
      .where('property_id', '=', propertyId)
      .execute();
  const DISK_FULL = { message: 'The server has no room left to store files. Please tell your administrator' };

  it.each([
    ['no room at all', 0],
    ['room for the image but not its thumbnail', 4096],
  ])('an upload with %s fails cleanly (507): no row, no file left behind', async (_, free) => {
    fill(free);
    const before = await tableCounts(t.db);
    const res = await upload();
    expect([res.statusCode, res.json()]).toEqual([507, DISK_FULL]);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(fs.readdirSync(media)).toEqual(['filler']);
  });

  it('a new user with a profile picture is not created when the picture cannot be stored', async () => {
    fill(0);
    const before = await tableCounts(t.db);
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/SaveUser',
      ...multipart(adminForm(where, 'Disk', 'Full', 'disk.full@example.ph'), {
        name: 'profile_image',
        bytes: await png(64, 48),
      }),
    });
    expect([res.statusCode, res.json()]).toEqual([507, DISK_FULL]);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(fs.readdirSync(media)).toEqual(['filler']);
  });

  it('once there is room again, the same upload is stored with its row', async () => {
    fs.rmSync(filler());
    const res = await upload();
    expect(res.statusCode, res.body).toBe(200);
    const rows = await mediaRows();
    expect(rows).toHaveLength(1);
    expect(fs.readdirSync(media).sort()).toEqual([rows[0]!.file, rows[0]!.thumbnail].sort());
  });
});
