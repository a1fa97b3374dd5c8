import { sql } from 'kysely';
import type { Db } from '../index.ts';

/** Deletes the user's notification; answers whether there was one. */
export async function deleteNotificationOf(db: Db, userId: number, notificationId: string) {
  const deleted = await db
    .deleteFrom('notifications')
    .where('notification_id', '=', notificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * Marks the user's notification read (Inactive, keeping when it was first read) or unread (Active);
 * answers whether there was one.
 */
export async function setNotificationStatusOf(
  db: Db,
  userId: number,
  notificationId: string,
  status: 'Active' | 'Inactive',
) {
  const changed = await db
    .updateTable('notifications')
    .set({
      notification_status: status,
      read_at: status === 'Inactive' ? sql`coalesce(read_at, now())` : null,
    })
    .where('notification_id', '=', notificationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** Marks every unread notification of the user read; answers how many there were. */
export async function markAllReadOf(db: Db, userId: number) {
  const changed = await db
    .updateTable('notifications')
    .set({ notification_status: 'Inactive', read_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('notification_status', '=', 'Active')
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}
