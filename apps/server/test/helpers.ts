import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ROLE } from '@app/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { sql, type RawBuilder } from 'kysely';
import { createDb, inTransaction, migrate, type Db } from '../src/db/index.ts';
import { seedReferenceData, seedReferenceMasters } from '../src/db/seed/index.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import { createMailer } from '../src/lib/mail.ts';
import type { AnyCall } from '../src/calls/registry.ts';
import { newBucket } from './media-fixtures.ts';

export const PASSWORD = 'Secret123';

/**
 * The plan PostgreSQL makes for `query`, as text, with scans of whole tables ruled out: the tests' tables
 * hold few rows, and an index is read only when a scan of the table is not an option.
 */
export const planWithoutTableScans = (db: Db, query: RawBuilder<unknown>): Promise<string> =>
  inTransaction(db, async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  });

/** A new, empty database on the run's server, with its URL; in the server's locale unless told another. */
export async function freshDatabase(locale?: 'C'): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = new URL(inject('serverUrl'));
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  const options = locale ? ` TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER libc LOCALE '${locale}'` : '';
  await admin.query(`CREATE DATABASE ${name}${options}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The test's own database. */
  databaseUrl: string;
  /** Creates an Active user of the role and returns its id. */
  createUser(roleId: number, email?: string, status?: 'New' | 'Active' | 'Inactive'): Promise<number>;
  /** Signs in through the API and returns a bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** An Active user of the role, signed in: its id and bearer token. */
  signedIn(roleId: number): Promise<{ userId: number; token: string; email: string }>;
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  /** The newest mail in the outbox to `to` (containing `text`), decoded; waits up to 2.5 s for it. */
  mailTo(to: string, text?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: NodeJS.ProcessEnv;
    extraCalls?: AnyCall[];
    logStream?: NodeJS.WritableStream;
    /** An empty database of the test's own (kept on close) instead of a fresh one on the run's server. */
    databaseUrl?: string;
  } = {},
) {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await freshDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-test-data-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ...(process.env.TEST_MEDIA_STORE === 's3' ? await newBucket() : {}),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // Every answer of every test is checked against its declaration (decision 36).
      CHECK_ANSWERS: 'true',
      ...options.env,
    }),
    dataDir,
  };
  const db = createDb(database.url, 5);
  await migrate(db);
  await seedReferenceData(db);
  await seedReferenceMasters(db);
  const { calls } = await import('../src/calls/index.ts');
  const app = await buildApp(
    { db, config, mailer: createMailer(config) },
    [...calls, ...(options.extraCalls ?? [])],
    options.logStream,
  );
  const passwordHash = await hashPassword(PASSWORD);
  let counter = 0;

  const t: TestApp = {
    app,
    db,
    config,
    databaseUrl: database.url,
    async createUser(roleId, email, status = 'Active') {
      counter += 1;
      const row = await db
        .insertInto('users')
        .values({
          first_name: 'Test',
          last_name: `User${counter}`,
          user_email: email ?? `user${counter}.${roleId}@example.com`,
          password_hash: passwordHash,
          role_id: roleId,
          user_status: status,
          created_by: null,
          updated_by: null,
          profile_image: null,
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      return row.user_id;
    },
    async login(email, password = PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webValidateLogin',
        payload: { email, password },
      });
      const body = res.json();
      if (body.result !== 'success') throw new Error(`login failed for ${email}: ${res.body}`);
      return body.token as string;
    },
    async signedIn(roleId) {
      const email = `signed${++counter}.${roleId}@example.com`;
      const userId = await t.createUser(roleId, email);
      return { userId, token: await t.login(email), email };
    },
    call(token, opts) {
      return app.inject({
        ...opts,
        headers: { ...opts.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async mailTo(to, text = '') {
      const outbox = path.join(config.dataDir, 'outbox');
      for (let i = 0; i < 50; i++) {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
        for (const f of files) {
          const mail = fs
            .readFileSync(path.join(outbox, f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replaceAll('=3D', '=');
          if (mail.includes(`To: ${to}`) && mail.includes(text)) return mail;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
    async close() {
      await app.close();
      await db.destroy();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

export { ROLE };

/**
 * Another server process on the test app's database, as a second machine would run it: its own pool
 * and app, listening on a real port. `base` is its address.
 */
export async function anotherInstance(t: TestApp) {
  const db = createDb(t.databaseUrl, 3);
  const { calls } = await import('../src/calls/index.ts');
  const app = await buildApp({ db, config: t.config, mailer: createMailer(t.config) }, calls);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    db,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** A multipart body with text fields and one file, as browsers send it, for `app.inject`. */
export function multipart(
  fields: Record<string, unknown>,
  file?: { name: string; bytes: Buffer; filename?: string; type?: string },
) {
  const boundary = `----test${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename ?? 'picture.png'}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small real PNG of one colour. */
export const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

export interface CapturedStatement {
  sql: string;
  parameters: unknown[];
  /** The call whose audit context ran it (db/index.ts). */
  call?: string;
}

/**
 * Every statement of the servers started inside `whileStarting` (db/index.ts, BENCH_CAPTURE_SQL), in a
 * file of its own: `mark()` where the statements from now on begin, `since(mark)` those statements.
 */
export function statementCapture(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`)), 'statements.jsonl');
  return {
    async whileStarting<T>(start: () => Promise<T>): Promise<T> {
      process.env.BENCH_CAPTURE_SQL = file;
      try {
        return await start();
      } finally {
        delete process.env.BENCH_CAPTURE_SQL;
      }
    },
    mark: () => (fs.existsSync(file) ? fs.statSync(file).size : 0),
    since: (mark: number): CapturedStatement[] =>
      fs.existsSync(file)
        ? fs
            .readFileSync(file)
            .subarray(mark)
            .toString('utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as CapturedStatement)
        : [],
    remove: () => fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  };
}

/**
 * A second instance of the server whose statements are captured (statementCapture), and a list asked
 * of it: its answer, and how many times it counted (runList's count statement).
 */
export async function countingInstance(t: TestApp, name: string) {
  const capture = statementCapture(name);
  const instance = await capture.whileStarting(() => anotherInstance(t));
  return {
    async list(token: string, url: string) {
      const mark = capture.mark();
      const res = await instance.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const statements = capture.since(mark);
      return {
        page: res.json().resultData as { total: number; total_is_estimate?: boolean; data: unknown[] },
        counts: statements.filter((q) => q.sql.startsWith('select count(*) as "n"')).length,
        statements,
      };
    },
    async close() {
      await instance.close();
      capture.remove();
    },
  };
}

/** One list call through another instance that records its statements: the answer, and what it ran. */
export async function listWithStatements(t: TestApp, name: string, token: string, url: string) {
  const other = await countingInstance(t, name);
  try {
    return await other.list(token, url);
  } finally {
    await other.close();
  }
}

/**
 * A connection of its own to the test's database, in a transaction: it holds row locks as a concurrent
 * save would, and `untilWaiting` resolves once another backend (or `atLeast` of them) waits for a lock in
 * a statement whose text matches `pattern` (a case-insensitive regular expression).
 */
export async function lockHolder(t: TestApp) {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  /**
   * Whether `condition` (SQL) holds, read on this connection: a check for `waitFor` that, unlike
   * `holds`, does not take a connection from the app's pool, where it would replace the last statement
   * that pg_stat_activity shows for the connection a request just put back.
   */
  const sees = async (condition: string, values?: unknown[]) => {
    // Statistics views are a snapshot for the whole transaction unless cleared.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ holds: boolean }>(`SELECT ${condition} AS holds`, values);
    return rows[0]!.holds || undefined;
  };
  return {
    query: (text: string, values?: unknown[]) => client.query(text, values),
    /** Resolves once `atLeast` backends wait so; fails after 15 s (a request that failed early). */
    untilWaiting: (pattern: string, atLeast = 1) =>
      waitFor(`${atLeast} waiting at ${pattern}`, () =>
        sees(
          `(SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()
            AND wait_event_type = 'Lock' AND query ~* $1) >= $2`,
          [pattern, atLeast],
        ),
      ),
    sees,
    commit: () => client.query('COMMIT'),
    end: () => client.end(),
  };
}

/**
 * Sends `act` while `change` (SQL, with `values`) is held uncommitted on a connection of its own, and
 * answers `act` once `change` commits: after `act` waits for a lock in a statement matching `waitsOn`.
 */
export async function duringChange<T>(
  t: TestApp,
  change: string,
  values: unknown[],
  waitsOn: string,
  act: () => Promise<T>,
): Promise<T> {
  const holder = await lockHolder(t);
  try {
    await holder.query(change, values);
    const answer = act();
    await holder.untilWaiting(waitsOn);
    await holder.commit();
    return await answer;
  } finally {
    await holder.end();
  }
}

/**
 * Runs `rename` (to a name of the words 'zqc' and 'zqa') while another transaction holds the new word
 * 'zqa' in `vocabulary`; once the rename waits for it (in a statement matching `waitsOn`), that
 * transaction adds 'zqc' too, within a 200 ms lock timeout, and commits. A rename that took its words
 * as a hash gives them ('zqc' first) would hold 'zqc' by then: each would wait for the other.
 */
export async function renameBesideNewWords(
  t: TestApp,
  vocabulary: 'property_name_vocabulary' | 'user_search_vocabulary',
  waitsOn: string,
  rename: () => Promise<unknown>,
) {
  const holder = await lockHolder(t);
  try {
    await holder.query(`INSERT INTO ${vocabulary} VALUES ('zqa')`);
    const renaming = rename();
    await holder.untilWaiting(waitsOn);
    await holder.query(`SET LOCAL lock_timeout = '200ms'`);
    await holder.query(`INSERT INTO ${vocabulary} VALUES ('zqc')`);
    await holder.commit();
    await renaming;
  } finally {
    await holder.end();
  }
}

/** True when `condition` holds in the test's database, undefined otherwise: a check for `waitFor`. */
export const holds = async (t: TestApp, condition: RawBuilder<boolean>) =>
  (await sql<{ holds: boolean }>`SELECT ${condition} AS holds`.execute(t.db)).rows[0]!.holds || undefined;

/** Polls `check` until it answers something (not undefined), for at most `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
