import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import { inTransaction, type Db } from '../db/index.ts';

/**
 * Limits against abuse of the public calls, counted in PostgreSQL so that they hold across every server
 * process on the database (docs/decisions/0026-abuse-throttling.md).
 */

/**
 * The client address a limit counts: IPv4 as it is (also when IPv6-mapped), IPv6 by its /64, which one
 * subscriber gets whole and may change at will.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Takes one of `limit` requests a key may make in any `windowMinutes`: true (and counted) when there is
 * one left, false (and not counted, so hammering does not prolong it) when there is not. One statement,
 * atomic under the row's lock, so concurrent requests cannot overrun the limit.
 */
export async function takeSlot(db: Db, bucket: string, limit: number, windowMinutes: number) {
  const since = sql`now() - make_interval(mins => ${windowMinutes})`;
  const taken = await sql`
    INSERT INTO rate_limits AS r (bucket, hits) VALUES (${bucket}, ARRAY[now()])
    ON CONFLICT (bucket) DO UPDATE
      SET hits = array(SELECT h FROM unnest(r.hits) h WHERE h > ${since} ORDER BY h) || now()
      WHERE (SELECT count(*) FROM unnest(r.hits) h WHERE h > ${since}) < ${limit}
    RETURNING 1`.execute(db);
  return taken.rows.length > 0;
}

// Sign-in (webValidateLogin). Attempts are counted per account (the lower-case address typed, whether
// or not it exists) and client address; refused attempts are not recorded, so they extend nothing.
/** Checked failures of one account from one address in 15 minutes (since its last success there). */
const PAIR_FAILURES = 5;
/** Failures of one account from all addresses in an hour after which its back-off starts. */
const BACKOFF_AFTER = 10;
/** The longest back-off, in seconds. */
const BACKOFF_CAP = 900;
/** Failures from one address for any accounts in 15 minutes: then it may try only accounts it knows. */
const ADDRESS_FAILURES = 30;
/** An address where an account signed in this recently is known to it. */
const KNOWN_FOR = '30 days';

/**
 * Whether a sign-in for `email` from `ip` is refused before its password is checked:
 * - the pair has 5 failures in 15 minutes since its last success (the attacker's own address);
 * - the account has 10 or more failures in the hour from all addresses, this address is one of them and
 *   has not signed in to it in 30 days, and 2^(failures - 10) seconds (at most 15 minutes) have not
 *   passed since the account's last failure (a slow, shared back-off for addresses that guessed);
 * - the address has 30 failures in 15 minutes for any accounts, and the account has not signed in
 *   from it in 30 days (a spray; the people who work behind that address keep signing in).
 * An address that has not failed on the account is never held back by the account's failures: the
 * owner, elsewhere, signs in while an attacker guesses.
 */
async function loginRefused(db: Db, email: string, ip: string): Promise<boolean> {
  const { rows } = await sql<{ refused: boolean }>`
    WITH account AS (
      SELECT ip, succeeded, at FROM login_attempts
      WHERE lower(email) = ${email} AND at > now() - ${KNOWN_FOR}::interval
    ), pair AS (
      SELECT succeeded, at FROM account WHERE ip = ${ip}
    ), facts AS (
      SELECT
        (SELECT max(at) FROM pair WHERE succeeded) AS pair_success,
        (SELECT count(*) FROM account WHERE NOT succeeded AND at > now() - interval '1 hour') AS account_failures,
        (SELECT max(at) FROM account WHERE NOT succeeded) AS account_last_failure,
        (SELECT count(*) FROM login_attempts
          WHERE ip = ${ip} AND NOT succeeded AND at > now() - interval '15 minutes') AS address_failures
    )
    SELECT
      (SELECT count(*) FROM pair WHERE NOT succeeded AND at > now() - interval '15 minutes'
          AND at > coalesce(pair_success, '-infinity')) >= ${PAIR_FAILURES}
      OR (pair_success IS NULL AND account_failures >= ${BACKOFF_AFTER}
          AND EXISTS (SELECT FROM pair WHERE NOT succeeded AND at > now() - interval '1 hour')
          AND now() < account_last_failure
            + make_interval(secs => least(power(2, account_failures - ${BACKOFF_AFTER}), ${BACKOFF_CAP})))
      OR (pair_success IS NULL AND address_failures >= ${ADDRESS_FAILURES}) AS refused
    FROM facts
  `.execute(db);
  return rows[0]!.refused;
}

/**
 * Takes a sign-in attempt for `email` from `ip` before its password is checked, unless loginRefused
 * refuses it: recorded as failed (loginSucceeded marks it otherwise), answered by its id; null when
 * refused. Attempts for one account, and from one address, are taken in turn (advisory locks, the
 * account's first) and each counts those taken before it, so that guesses sent at once are not all
 * checked: counted only after their passwords, each would have found fewer failures than the limit.
 */
export const takeLoginAttempt = (db: Db, email: string, ip: string) =>
  inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('sign-in account'), hashtext(${email}))`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(hashtext('sign-in address'), hashtext(${ip}))`.execute(trx);
    if (await loginRefused(trx, email, ip)) return null;
    const taken = await trx
      .insertInto('login_attempts')
      .values({ email, ip, succeeded: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    return taken.id;
  });

export const loginSucceeded = (db: Db, attemptId: string) =>
  db.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', attemptId).execute();

/** Drops what no limit looks at any more: attempts older than 30 days, keys idle for a day. */
export async function purgeThrottling(db: Db): Promise<string | void> {
  const attempts = await db
    .deleteFrom('login_attempts')
    .where('at', '<', sql<Date>`now() - ${KNOWN_FOR}::interval`)
    .executeTakeFirst();
  const keys = await db
    .deleteFrom('rate_limits')
    .where(sql<Date>`hits[array_upper(hits, 1)]`, '<', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  const n = Number(attempts.numDeletedRows) + Number(keys.numDeletedRows);
  if (n > 0) return `purged ${n} old sign-in attempts and request counts`;
}
