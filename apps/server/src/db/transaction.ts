import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type pg from 'pg';

/** The transaction a piece of code runs in: the pool it came from, and whether it is still open. */
interface OpenTransaction {
  pool: pg.Pool;
  open: boolean;
}

const current = new AsyncLocalStorage<OpenTransaction>();

/** Thrown when code inside a transaction asks the pool for a second connection (see guardPool). */
export class SecondConnectionError extends Error {
  constructor() {
    super(
      'A query inside a transaction asked the pool for another connection: pass it the transaction. ' +
        'Under load every pooled connection waits on this transaction, and it would wait for them.',
    );
  }
}

/**
 * Makes the pool refuse a connection to code running inside one of its own transactions. Such code
 * holds a connection (and perhaps a row lock) while it waits for another; with the pool full of requests
 * waiting on that lock, nobody moves until the pool's timeout (issue 18: eleven seconds, then 503s).
 */
export function guardPool(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const trx = current.getStore();
    if (trx?.open && trx.pool === pool) {
      const error = new SecondConnectionError();
      const callback = args[0];
      if (typeof callback === 'function') return void callback(error);
      return Promise.reject(error);
    }
    return connect(...args);
  }) as typeof pool.connect;
}

/** PostgreSQL's serialization failure and deadlock: the transaction did nothing and may be run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

export const isRetryable = (error: unknown) => RETRYABLE.has((error as { code?: string })?.code ?? '');

/**
 * Runs `attempt` again after a serialization failure or deadlock, up to five times in all, after a
 * random pause that doubles each time, so two writers that collided do not collide again. Such a failure
 * undid everything `attempt` wrote (a transaction, or a statement run on its own), so it must have no
 * effect outside the database before it returns.
 */
export async function retrying<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error) || tries === ATTEMPTS) throw error;
      await delay(Math.random() * 10 * 2 ** tries);
    }
  }
}

/**
 * Runs `fn` in one transaction on one connection of `pool` (through `inTransaction` in db/index.ts, the
 * only way this code base opens one: a lint rule forbids `.transaction()` elsewhere). `fn` receives the
 * transaction and must use nothing else: a query on the pool inside it fails at once (guardPool). A
 * serialization failure or deadlock runs `fn` again (retrying).
 */
export function runTransaction<DB, T>(
  db: Kysely<DB>,
  pool: pg.Pool | undefined,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return retrying(() =>
    // eslint-disable-next-line no-restricted-syntax -- the one place a transaction is opened
    db.transaction().execute(async (trx) => {
      const open = { pool: pool!, open: pool !== undefined };
      try {
        return await current.run(open, () => fn(trx));
      } finally {
        open.open = false;
      }
    }),
  );
}
