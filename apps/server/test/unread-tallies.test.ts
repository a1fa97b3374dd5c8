import pg from 'pg';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { databaseUrlOf } from '../src/db/index.ts';
import { compactUnreadTallies } from '../src/lib/notification-reads.ts';
import { useTestApp } from './entity-fixtures.ts';

// The bell's count reads the tallies the writes keep (migration 0045): after every kind of write, and
// with writes beside each other, it must say what counting the unread notifications says.
const env = useTestApp();
type Reader = { userId: number; token: string };
let readers: Reader[];

/** `count` unread notifications in one statement, spread over the readers in turn, as a fan-out writes. */
const notify = (count: number, subject: string, to: Reader[] = readers) =>
  sql`INSERT INTO notifications (user_id, notification_type, notification_subject)
    SELECT (${sql.val(to.map((r) => r.userId))}::int[])[1 + g % ${to.length}], 'Tally test', ${subject} || ' ' || g
    FROM generate_series(1, ${count}) g`;

const idsOf = async (reader: Reader, status: 'Active' | 'Inactive') =>
  (
    await sql<{ id: string }>`SELECT notification_id AS id FROM notifications
      WHERE user_id = ${reader.userId} AND notification_status = ${status} ORDER BY notification_id`.execute(
      env.t.db,
    )
  ).rows.map((r) => Number(r.id));

async function bellCount(reader: Reader) {
  const res = await env.get('/api/unreadNotifications', reader.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
}

/** What each reader's bell says, beside what counting their unread notifications says. */
async function expectTallied() {
  const counted = await sql<{ user_id: number; n: number }>`SELECT user_id, count(*)::int AS n
    FROM notifications WHERE notification_status = 'Active' AND user_id = ANY(${readers.map((r) => r.userId)})
    GROUP BY 1`.execute(env.t.db);
  const byUser = new Map(counted.rows.map((r) => [r.user_id, r.n]));
  const bells = await Promise.all(readers.map(bellCount));
  expect(bells).toEqual(readers.map((r) => byUser.get(r.userId) ?? 0));
  return bells;
}

const tallyRows = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM unread_tallies`.execute(env.t.db)).rows[0]!.n);

beforeAll(async () => {
  readers = await Promise.all([ROLE.Agent, ROLE.Agent, ROLE.Operator].map((role) => env.t.signedIn(role)));
});

describe('the unread tallies', () => {
  it('follow notifications written, read, unread and deleted, one or many at a time', async () => {
    await notify(30, 'First').execute(env.t.db);
    expect(await expectTallied()).toEqual([10, 10, 10]);

    const [first, second] = readers as [Reader, Reader];
    const [one, two, three] = await idsOf(first, 'Active');
    const status = (Id: number, to: 'Active' | 'Inactive', who = first) =>
      env.post('setNotificationStatus', { Id, status: to }, who.token);
    expect((await status(one!, 'Inactive')).statusCode).toBe(200);
    expect((await status(two!, 'Inactive')).statusCode).toBe(200);
    expect((await status(two!, 'Active')).statusCode).toBe(200);
    expect((await env.post('deleteNotification', { Id: three }, first.token)).statusCode).toBe(200);
    // Read ones deleted take nothing from the count.
    expect((await env.post('deleteNotification', { Id: one }, first.token)).statusCode).toBe(200);
    expect(await expectTallied()).toEqual([8, 10, 10]);

    const all = await env.post('markAllNotificationsRead', {}, second.token);
    expect(all.json()).toMatchObject({ count: 10 });
    expect(await expectTallied()).toEqual([8, 0, 10]);

    // A change to nothing they count adds nothing to them.
    const before = await tallyRows();
    await sql`UPDATE notifications SET notification_subject = 'Renamed'`.execute(env.t.db);
    expect(await tallyRows()).toBe(before);
  });

  it('answer the same once compacted to a row for each user with unread ones', async () => {
    const bells = await expectTallied();
    await compactUnreadTallies(env.t.db);
    const users = await sql<{ n: string }>`SELECT count(DISTINCT user_id) AS n FROM notifications
      WHERE notification_status = 'Active'`.execute(env.t.db);
    expect(await tallyRows()).toBe(Number(users.rows[0]!.n));
    expect(await expectTallied()).toEqual(bells);
  });

  it('lose nothing to many writers on one user at once, and never make one wait for another', async () => {
    const [first] = readers as [Reader];
    await notify(20, 'Crowd', [first]).execute(env.t.db);
    const unread = await idsOf(first, 'Active');
    // Each notification read and unread again, a fan-out, a compaction and the reader's "all read",
    // side by side: the sum must be what the notifications say once they are all done.
    await Promise.all([
      ...unread.map(async (Id) => {
        await env.post('setNotificationStatus', { Id, status: 'Inactive' }, first.token);
        await env.post('setNotificationStatus', { Id, status: 'Active' }, first.token);
      }),
      notify(40, 'Beside', readers).execute(env.t.db),
      compactUnreadTallies(env.t.db),
      env.post('markAllNotificationsRead', {}, first.token),
    ]);
    await expectTallied();

    // A fan-out held open (its tally row written, not committed) keeps no one waiting: the same user
    // marking theirs read, another fan-out to them, a compaction.
    const held = new pg.Client({ connectionString: databaseUrlOf(env.t.db) });
    await held.connect();
    try {
      await held.query('BEGIN');
      const fanOut = notify(3, 'Held', [first]).compile(env.t.db);
      await held.query(fanOut.sql, [...fanOut.parameters]);
      await env.t.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL lock_timeout = '2s'`.execute(trx);
        await notify(2, 'Meanwhile', [first]).execute(trx);
        await sql`UPDATE notifications SET notification_status = 'Inactive'
          WHERE user_id = ${first.userId} AND notification_subject LIKE 'Beside%'`.execute(trx);
        await sql`SELECT compact_unread_tallies()`.execute(trx);
      });
      await held.query('COMMIT');
    } finally {
      await held.end();
    }
    await expectTallied();
  });

  it('follow a user deleted with their notifications, and are emptied with the notifications', async () => {
    const gone = await env.t.signedIn(ROLE.Agent);
    await notify(5, 'Gone', [gone]).execute(env.t.db);
    await sql`DELETE FROM users WHERE user_id = ${gone.userId}`.execute(env.t.db);
    const left = await sql<{ n: number }>`SELECT coalesce(sum(n), 0)::int AS n FROM unread_tallies
      WHERE user_id = ${gone.userId}`.execute(env.t.db);
    expect(left.rows[0]!.n).toBe(0);

    await sql`TRUNCATE notifications`.execute(env.t.db);
    expect(await tallyRows()).toBe(0);
    expect(await expectTallied()).toEqual([0, 0, 0]);
  });
});
