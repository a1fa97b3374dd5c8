import fs from 'node:fs';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type CompiledQuery,
  type LogEvent,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { Database } from './schema.ts';
import { VACUUMED_AFTER, migrationProvider } from './migrations/index.ts';
import { currentAuditContext, onReserveConnection } from './audit-context.ts';
import { guardPool, runTransaction } from './transaction.ts';
import { PreparingClient } from './prepared.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;

const urls = new WeakMap<Db, string>();
const pools = new WeakMap<Db, pg.Pool>();
/** The connection pool behind a database handle (for its usage metrics). */
export const poolOf = (db: Db): pg.Pool | undefined => pools.get(db);
/** The URL a database handle was created with, for a dedicated connection beside its pool (LISTEN). */
export const databaseUrlOf = (db: Db): string | undefined => urls.get(db);

/**
 * Settings of every connection. No JIT compilation: it pays off for queries that run for seconds, and
 * ours run for milliseconds; PostgreSQL starts it on cost estimates alone (a count over a million
 * listings), which added 7-25 ms of compiling to answers of 50-150 ms.
 */
export const CONNECTION_OPTIONS = '-c jit=off';

// Dates stay dates; bigint counts arrive as strings and are converted where read.
export function createDb(url: string, max = 10): Db {
  // A database host that stops answering must not hold requests for minutes: 503 after 10 s.
  const pool = new pg.Pool({
    connectionString: url,
    Client: PreparingClient,
    max,
    connectionTimeoutMillis: 10_000,
    options: CONNECTION_OPTIONS,
  });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  // So must one lost while in use: node-postgres emits it on the client, where no one listens while it is
  // checked out (an uncaught exception). Its query fails anyway (503) and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  guardPool(pool);
  const capture = process.env.BENCH_CAPTURE_SQL;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool, cursor: Cursor, onReserveConnection }),
    ...(capture ? { log: captureQueries(capture) } : {}),
  });
  urls.set(db, url);
  pools.set(db, pool);
  return db;
}

/**
 * Runs `fn` in a transaction, again after a serialization failure or deadlock (db/transaction.ts). `fn`
 * must query through the transaction it is given only: the pool refuses it a second connection.
 */
export const inTransaction = <T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> =>
  runTransaction(db, pools.get(db), fn);

/** PostgreSQL's code for a statement cancelled by its statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * What `read` answers when its statements each finish within `ms`; undefined when PostgreSQL cancels one
 * for taking longer (a write too, such as an Idempotency-Key's claim, which then changed nothing). The
 * limit holds for this transaction only: its connection goes back to the pool without it.
 */
export const readWithin = <T>(db: Db, ms: number, read: (trx: Trx) => Promise<T>): Promise<T | undefined> =>
  inTransaction(db, async (trx) => {
    await sql`SET LOCAL statement_timeout = ${sql.lit(ms)}`.execute(trx);
    return read(trx);
  }).catch((error: unknown) => {
    if ((error as { code?: string }).code === QUERY_CANCELED) return undefined;
    throw error;
  });

/** The rows of a statement planned with sorting off, in this transaction: an index that serves its order is walked. */
export async function unsorted<R>(trx: Trx, query: CompiledQuery<R>) {
  await sql`SET LOCAL enable_sort = off`.execute(trx);
  return trx.executeQuery(query);
}

/**
 * Benchmark and tests only (BENCH_CAPTURE_SQL=<file>, bench/bench.ts): appends every statement the
 * server runs, with its parameters, timing and call, to the file as a JSON line, so the benchmark can
 * time the same SQL directly.
 */
const captureQueries = (file: string) => (event: LogEvent) => {
  const { sql, parameters } = event.query;
  // When it ended and how long it took, so that the benchmark runs at once what the server ran at once.
  const [end, ms] = [performance.now(), event.queryDurationMillis];
  // The call that ran it (a save's, as named in its audit context), to tell a request's statements apart.
  const call = currentAuditContext()?.call;
  const line = JSON.stringify({ sql, parameters, end, ms, call }, (_, v: unknown) =>
    typeof v === 'bigint' ? String(v) : v,
  );
  fs.appendFileSync(file, `${line}\n`);
};

/** Brings the schema up to date; safe to run on every start and from several processes at once. */
export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  // Outside the migrations' transaction, which VACUUM cannot run in.
  for (const { migrationName } of results ?? [])
    for (const table of VACUUMED_AFTER[migrationName] ?? [])
      await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
}

/** The advisory lock server processes take while they prepare a database at start. */
const STARTUP_LOCK = 7_436_001;

/** Runs `fn` holding the startup lock: a process starting beside another waits until it is done. */
export async function whileStartingAlone<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await fn();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}
