import { sql, type SqlBool } from 'kysely';
import { NOTIFICATION_TYPES } from '@app/contract';
import type { Db } from '../db/index.ts';
import type { AnyDb } from './links.ts';
import { CHANNEL, type ChannelMessage } from './notifications.ts';

/** Tells the users' open streams, in every process, that their unread count changed (on commit). */
export const announceCount = (trx: AnyDb, userId: number) =>
  sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ c: [userId] } satisfies ChannelMessage)})`.execute(trx);

const icon = sql<string>`CASE n.notification_type ${sql.join(
  Object.values(NOTIFICATION_TYPES).map((t) => sql`WHEN ${t.type} THEN ${t.icon}::text`),
  sql` `,
)} ELSE 'mdi-bell' END`;

/** Notifications (alias `n`) as the wire has them (`Notification` in the contract). */
export const selectNotifications = (db: Db) =>
  db.selectFrom('notifications as n').select([
    // bigint arrives as a string; the wire has a number
    sql<number>`n.notification_id::float8`.as('notification_id'),
    'n.notification_type',
    icon.as('notification_type_icon'),
    'n.notification_subject',
    'n.notification_status',
    'n.entity',
    'n.entity_id',
    'n.created_at',
  ]);

/**
 * What the Notifications list's search asks of a notification: a type whose phrase holds the text (the
 * ten are known, so they are found here and asked for by equality, a key of the recipient's index,
 * decision 113) or a subject that does (`pattern`, the text as an ILIKE pattern).
 */
export function notificationMatches(pattern: string, text: string) {
  const wanted = text.toLowerCase();
  const types = Object.values(NOTIFICATION_TYPES)
    .map((t) => t.type)
    .filter((type) => type.toLowerCase().includes(wanted));
  return sql<SqlBool>`(${sql.join(
    [
      ...types.map((type) => sql`n.notification_type = ${type}`),
      sql`n.notification_subject ILIKE ${pattern}`,
    ],
    sql` OR `,
  )})`;
}

/** Unread counts of the users (0 for those with none): sums of the tallies the writes keep (0045). */
export async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const { rows } = await sql<{ user_id: number; n: number }>`
    SELECT user_id, sum(n)::int AS n FROM unread_tallies WHERE user_id = ANY(${[...userIds]}::int[])
    GROUP BY user_id`.execute(db);
  for (const r of rows) counts.set(r.user_id, r.n);
  return counts;
}

/** Folds the unread tallies into one row per user, so that a count stays a read of a row or a few. */
export async function compactUnreadTallies(db: Db) {
  await sql`SELECT compact_unread_tallies()`.execute(db);
}
