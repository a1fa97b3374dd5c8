import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { purgeInBatches } from './housekeeping.ts';
import { RETENTION_BATCH_SIZE } from '../config.ts';

/**
 * Deletes read notifications read (or, without a read time, created) more than `retentionDays` ago,
 * in batches so a large purge never holds its locks for long. Answers how many it deleted.
 */
export async function purgeReadNotifications(
  db: Db,
  retentionDays: number,
  batchSize = RETENTION_BATCH_SIZE,
) {
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
  return purgeInBatches(batchSize, async () => {
    const result = await sql`DELETE FROM notifications WHERE notification_id IN (
      SELECT notification_id FROM notifications
      WHERE notification_status = 'Inactive'
        AND (read_at < ${cutoff} OR (read_at IS NULL AND created_at < ${cutoff}))
      LIMIT ${batchSize})`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
}
