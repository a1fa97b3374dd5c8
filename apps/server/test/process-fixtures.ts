import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NotificationEvent } from '@app/contract';
import type { TestApp } from './helpers.ts';
import { freshDatabase } from './helpers.ts';
import { place, type Place } from './entity-fixtures.ts';
import { createDb, migrate } from '../src/db/index.ts';
import { seedReferenceData, seedReferenceMasters } from '../src/db/seed/index.ts';

/**
 * Real server processes for the fault and operations tests: started as `npm start` runs the product,
 * on a database prepared beforehand, and plain HTTP requests to them (one connection each).
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN = { email: 'boss@example.ph', password: 'BossPass123' };

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * A fresh database, migrated and seeded as the server would do it, with a place for addresses. The
 * place's province also tells the server the geography is loaded, so it starts in seconds.
 */
export async function preparedDatabase() {
  const database = await freshDatabase();
  const db = createDb(database.url, 2);
  await migrate(db);
  await seedReferenceData(db);
  await seedReferenceMasters(db);
  const where = await place({ db } as TestApp, 'Process');
  await db.destroy();
  return { ...database, place: where };
}

/**
 * Where the processes of a test keep media, the one place that says so: DATA_DIR (the disk store) on
 * a folder they share, and the media store settings of the test's own environment passed on as they are
 * (MEDIA_STORE=s3 with S3_ENDPOINT, S3_BUCKET and the rest: one bucket for all of them).
 */
export function sharedMediaStore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-shared-'));
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
  for (const [name, value] of Object.entries(process.env))
    if (name === 'MEDIA_STORE' || name.startsWith('S3_')) env[name] = value;
  return { env, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  base: string;
  pid: number;
  /** The exit code, once it exits. */
  exited: Promise<number | null>;
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/** Starts `src/main.ts` on the database and waits until it listens. */
export async function startServer(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  // A DATA_DIR the test gives is shared with other processes and left for the test to remove.
  const ownDir = env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'pp-process-'));
  const dataDir = env.DATA_DIR ?? ownDir!;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (ownDir) fs.rmSync(ownDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  for (let i = 0; i < 600 && !output.includes('/login') && child.exitCode === null; i++)
    await new Promise((r) => setTimeout(r, 100));
  if (!output.includes('/login')) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start:\n${output}`);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    exited,
    output: () => output,
    kill: (signal) => child.kill(signal),
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): Record<string, unknown>;
}

/** One request on its own connection (no keep-alive); rejects when no answer comes (refused, reset). */
export function plainRequest(
  base: string,
  options: {
    method?: 'GET' | 'POST';
    path: string;
    body?: object;
    token?: string;
    headers?: Record<string, string>;
  },
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${options.path}`,
      {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        agent: false,
        headers: {
          ...(payload !== undefined && { 'content-type': 'application/json' }),
          ...(options.token && { authorization: `Bearer ${options.token}` }),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body,
            json: () => JSON.parse(body) as Record<string, unknown>,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in through the API; answers the bearer token. */
export async function signIn(base: string, email = ADMIN.email, password = ADMIN.password) {
  const res = await plainRequest(base, { path: '/api/webValidateLogin', body: { email, password } });
  const token = res.json().token;
  if (typeof token !== 'string') throw new Error(`sign-in failed: ${res.body}`);
  return token;
}

/** A valid saveproperty form: a lot for sale at `where`. */
export const propertyForm = (where: Place, name: string) => ({
  property_name: name,
  property_headline: 'Quiet street, near IT Park',
  property_description: 'A lot with a garden.',
  property_classification_id: 4,
  product_category_id: 3,
  property_type_id: 1,
  land_area: '250',
  sale_price: '1000000',
  street_name: 'Gorordo Avenue',
  province_id: where.province_id,
  town_id: where.town_id,
  barangay_id: where.barangay_id,
  subdivison_id: where.subdivision_id,
  zipcode: '6000',
});

/** An open notification stream: the events received so far, and `ended` when the server closes it. */
export function openStream(base: string, token: string) {
  return new Promise<{
    status: number;
    events: NotificationEvent[];
    next(match: (e: NotificationEvent) => boolean, ms?: number): Promise<NotificationEvent>;
    ended: Promise<void>;
    close(): void;
  }>((resolve, reject) => {
    const events: NotificationEvent[] = [];
    let buffer = '';
    const req = http.get(
      `${base}/api/notifications/stream`,
      { headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const blocks = (buffer + chunk).split('\n\n');
          buffer = blocks.pop()!;
          for (const line of blocks.flatMap((b) => b.split('\n')))
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as NotificationEvent);
        });
        resolve({
          status: res.statusCode!,
          events,
          ended: new Promise((done) => res.on('close', () => done())),
          close: () => req.destroy(),
          async next(match, ms = 5000) {
            const until = Date.now() + ms;
            for (;;) {
              const found = events.find(match);
              if (found) return found;
              if (Date.now() > until) throw new Error(`no matching event within ${ms} ms`);
              await new Promise((r) => setTimeout(r, 20));
            }
          },
        });
      },
    );
    req.on('error', reject);
  });
}
