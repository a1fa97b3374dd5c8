import pg from 'pg';
import { CONNECTION_OPTIONS, databaseUrlOf, type Db } from '../db/index.ts';

/**
 * Asks the database whether it answers over a connection of its own (a pool of one, kept open) that
 * requests cannot take: readiness stays true while exports or a burst of calls hold the whole pool, and
 * turns false only when the database itself does not answer. docs/decisions/0031.
 */
export function databaseCheck(db: Db, timeoutMs: number) {
  const url = databaseUrlOf(db);
  if (!url) throw new Error('The readiness check needs a database made by createDb');
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 0, // kept open: a check never waits for a new connection while all is well
    connectionTimeoutMillis: timeoutMs,
    options: CONNECTION_OPTIONS,
    application_name: 'pp-health',
  });
  // A connection dropped by the server (restart) is replaced on the next check; never a crash.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    ask: async (): Promise<void> => {
      await pool.query('SELECT 1');
    },
    close: () => pool.end(),
  };
}
