import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { purgeInBatches } from './housekeeping.ts';
import { RETENTION_BATCH_SIZE } from '../config.ts';

/**
 * Deletes audit log entries older than `retentionDays` (0: none), oldest first, a batch per statement
 * so that no transaction holds many rows or runs long; the only delete the append-only guard allows
 * (migration 0016). Returns how many were deleted.
 */
export async function purgeAuditLog(
  db: Db,
  retentionDays: number,
  batchSize = RETENTION_BATCH_SIZE,
): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
  return purgeInBatches(batchSize, async () => {
    const { rows } = await sql<{ n: number }>`SELECT audit_log_purge(${cutoff}, ${batchSize}) AS n`.execute(
      db,
    );
    return rows[0]?.n ?? 0;
  });
}
