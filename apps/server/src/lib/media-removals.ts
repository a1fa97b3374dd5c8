import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { removeMedia } from './media.ts';
import type { MediaStore } from './media-store/index.ts';

/*
 * A save that stops naming media files (an image or listing deleted, a picture replaced, a user deleted)
 * queues them in media_removals in its own transaction, by triggers (migration 0044). After its commit
 * the request removes them and their queue rows; what a crash or a store outage leaves in the queue,
 * the hourly media sweep removes (docs/decisions/0104-media-removal-outbox.md).
 */

/** Queue rows younger than this belong to a request that may still be removing their files. */
export const QUEUED_MEDIA_GRACE_MS = 10 * 60_000;
/** Queue rows one statement of the sweep takes, and how many such batches one run does at most. */
export const MEDIA_REMOVAL_BATCH = 100;
export const MEDIA_REMOVAL_BATCHES_PER_RUN = 10;

const storedNames = (names: readonly (string | null | undefined)[]) => names.filter((n): n is string => !!n);

/** Removes each file and answers those removed (a store call that failed leaves its file queued). */
async function removeEach(store: MediaStore, names: string[]) {
  const results = await Promise.allSettled(names.map((name) => removeMedia(store, name)));
  return {
    removed: names.filter((_, i) => results[i]!.status === 'fulfilled'),
    failure: results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason as unknown,
  };
}

const dequeue = (db: Db, names: string[]) =>
  names.length === 0
    ? Promise.resolve()
    : sql`DELETE FROM media_removals WHERE file = ANY(${names}::text[])`.execute(db).then(() => {});

/**
 * After the commit that stopped naming these files: removes those the commit queued, then their queue
 * rows. Only queued files: the names a caller gathered in an attempt that was rolled back and retried
 * (a deadlock) may still be named. A store that fails (unreachable, refusing) is logged and no error for
 * the caller, whose save did commit: the files stay queued for the sweep.
 */
export async function removeUnnamedMedia(
  db: Db,
  store: MediaStore,
  log: FastifyBaseLogger,
  ...files: (string | null | undefined)[]
) {
  const asked = storedNames(files);
  if (asked.length === 0) return;
  const { rows } = await sql<{ file: string }>`
    SELECT file FROM media_removals WHERE file = ANY(${asked}::text[])`.execute(db);
  const names = rows.map((r) => r.file);
  const { removed, failure } = await removeEach(store, names);
  if (failure) log.error({ err: failure }, 'media files left queued for the sweep: the store failed');
  await dequeue(db, removed);
}

/**
 * The sweep of the queue: removes the files of rows older than QUEUED_MEDIA_GRACE_MS, oldest first, then
 * the rows; at most MEDIA_REMOVAL_BATCHES_PER_RUN batches of MEDIA_REMOVAL_BATCH rows a run. A file its
 * owner's row names (which no save does: names are never reused) is kept and only its row dropped.
 * Files that fail are queued again behind the others and the run stops (the store is likely down).
 * Two runs at once remove the same files twice, which is harmless (a missing file is no error).
 */
export async function sweepMediaRemovals(db: Db, store: MediaStore, now = Date.now()) {
  const swept = { removed: 0, kept: 0, failed: 0 };
  const before = new Date(now - QUEUED_MEDIA_GRACE_MS);
  for (let batch = 0; batch < MEDIA_REMOVAL_BATCHES_PER_RUN; batch += 1) {
    // The owner's key finds its row by an index (property_media has none on file).
    const { rows } = await sql<{ file: string; named: boolean }>`
      SELECT r.file,
             EXISTS (SELECT 1 FROM property_media m WHERE m.property_id = r.property_id
                        AND r.file IN (m.file, m.thumbnail))
          OR EXISTS (SELECT 1 FROM users u WHERE u.user_id = r.user_id
                        AND r.file IN (u.profile_image, u.profile_thumbnail)) AS named
        FROM media_removals r
       WHERE r.queued_at <= ${before}
       ORDER BY r.queued_at, r.file
       LIMIT ${MEDIA_REMOVAL_BATCH}`.execute(db);
    const named = rows.filter((r) => r.named).map((r) => r.file);
    const { removed, failure } = await removeEach(
      store,
      rows.filter((r) => !r.named).map((r) => r.file),
    );
    await dequeue(db, [...named, ...removed]);
    swept.removed += removed.length;
    swept.kept += named.length;
    if (failure) {
      const failed = rows.map((r) => r.file).filter((f) => !named.includes(f) && !removed.includes(f));
      await sql`UPDATE media_removals SET queued_at = now() WHERE file = ANY(${failed}::text[])`.execute(db);
      swept.failed += failed.length;
      throw new Error(`${failed.length} queued media files could not be removed`, { cause: failure });
    }
    if (rows.length < MEDIA_REMOVAL_BATCH) break;
  }
  return swept;
}
