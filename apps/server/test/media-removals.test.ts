import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { backup } from '../src/lib/backup.ts';
import {
  MEDIA_REMOVAL_BATCH,
  MEDIA_REMOVAL_BATCHES_PER_RUN,
  QUEUED_MEDIA_GRACE_MS,
  sweepMediaRemovals,
} from '../src/lib/media-removals.ts';
import { mediaStore } from '../src/lib/media-store/index.ts';
import { adminForm, place, propertyIdOf, useTestApp, type Place } from './entity-fixtures.ts';
import { multipart, png } from './helpers.ts';
import { hasMedia, plantMedia, refuseRemoval } from './media-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Decision 104: a save that stops naming media files queues them in its own transaction; the request
 * removes them after its commit, and the media sweep removes those a crash or a failing store left.
 * Over the real server on a real database, on either store (test/s3/ runs it on a bucket).
 */
const env = useTestApp();
const store = () => mediaStore(env.t.config);
const exists = (name: string) => hasMedia(env.t.config, name);
const hex = (n: number) => n.toString(16).padStart(32, '0');
/** A sweep run once the queue's grace has passed. */
const laterSweep = () => sweepMediaRemovals(env.t.db, store(), Date.now() + QUEUED_MEDIA_GRACE_MS + 1000);
const queued = async () =>
  (await sql<{ file: string }>`SELECT file FROM media_removals ORDER BY file`.execute(env.t.db)).rows.map(
    (r) => r.file,
  );
const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

let p: Place;
beforeAll(async () => {
  p = await place(env.t, 'Media removals');
});

type Files = { file: string; thumbnail: string };

/** A Suspended listing with two images (the first the default); answers its id and its images' files. */
async function listingWithImages(name: string) {
  expect((await env.post('saveproperty', propertyForm(p, name))).statusCode).toBe(200);
  const id = await propertyIdOf(env.t, name);
  for (let i = 0; i < 2; i += 1) {
    const res = await env.t.call(env.admin.token, {
      method: 'POST',
      url: '/api/saveimagesupload',
      ...multipart(
        { type: 'Image', property_id: id, description: 'Front' },
        { name: 'images_video', filename: 'house.png', bytes: await png(200, 150) },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await env.t.db
    .updateTable('properties')
    .set({ status: 'Suspended' })
    .where('property_id', '=', id)
    .execute();
  const images = await env.t.db
    .selectFrom('property_media')
    .select(['id', 'file', 'thumbnail'])
    .where('property_id', '=', id)
    .orderBy('id')
    .execute();
  return { id, images: images as (Files & { id: number })[] };
}

const pictureSave = (form: object, user_id: number) => async () =>
  env.t.call(env.admin.token, {
    method: 'POST',
    url: '/api/UpdateUser',
    ...multipart({ ...form, user_id }, { name: 'profile_image', bytes: await png(90, 60) }),
  });

/** A user with a profile picture; answers the id, the picture's files and a save of a new picture. */
async function userWithPicture(first: string) {
  const form = adminForm(p, first, 'Reyes', `${first.toLowerCase()}${Date.now()}@example.ph`);
  const created = await env.post('SaveUser', form);
  expect(created.statusCode, created.body).toBe(200);
  const userId = (created.json() as { user_id: number }).user_id;
  const save = pictureSave(form, userId);
  expect((await save()).statusCode).toBe(200);
  const picture = async () => {
    const row = await env.t.db
      .selectFrom('users')
      .select(['profile_image', 'profile_thumbnail'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { file: row.profile_image!, thumbnail: row.profile_thumbnail! };
  };
  return { userId, files: await picture(), save };
}

/** Each save that stops naming files: what it stops naming, and the save. */
const paths: [string, () => Promise<{ files: Files; stop: () => Promise<{ statusCode: number }> }>][] = [
  [
    'an image deleted',
    async () => {
      const { id, images } = await listingWithImages(`Image deleted ${Date.now()}`);
      const plain = images[1]!;
      return {
        files: plain,
        stop: () => env.post('deletepropertyimages', { property_id: id, image_id: plain.id }),
      };
    },
  ],
  [
    'a listing deleted',
    async () => {
      const { id, images } = await listingWithImages(`Listing deleted ${Date.now()}`);
      return { files: images[0]!, stop: () => env.post('deleteproperty', { property_id: id }) };
    },
  ],
  [
    'listings deleted in bulk',
    async () => {
      const { id, images } = await listingWithImages(`Bulk deleted ${Date.now()}`);
      return { files: images[1]!, stop: () => env.post('bulkDeleteProperties', { ids: [id] }) };
    },
  ],
  [
    'a profile picture replaced',
    async () => {
      const { files, save } = await userWithPicture('Replaced');
      return { files, stop: save };
    },
  ],
  [
    'a user deleted',
    async () => {
      const { userId, files } = await userWithPicture('Deleted');
      return { files, stop: () => env.post('deleteUser', { user_id: userId }) };
    },
  ],
  [
    'users deleted in bulk',
    async () => {
      const { userId, files } = await userWithPicture('Bulk');
      return { files, stop: () => env.post('bulkDeleteUsers', { ids: [userId] }) };
    },
  ],
];

describe('a save that stops naming media files', () => {
  for (const [path, prepare] of paths) {
    it(`${path}: its files are removed at once and nothing stays queued`, async () => {
      const { files, stop } = await prepare();
      expect(await exists(files.file)).toBe(true);
      expect((await stop()).statusCode).toBe(200);
      expect(await exists(files.file)).toBe(false);
      expect(await exists(files.thumbnail)).toBe(false);
      expect(await queued()).toEqual([]);
    });

    it(`${path}: a removal that fails after the commit answers 200, and the sweep removes the file`, async () => {
      const { files, stop } = await prepare();
      const release = await refuseRemoval(env.t.config, files.file);
      let answer;
      try {
        answer = await stop();
      } finally {
        release();
      }
      // The save committed: what is left is the sweep's, not the client's.
      expect(answer.statusCode).toBe(200);
      expect(await exists(files.file)).toBe(true);
      expect(await exists(files.thumbnail)).toBe(false);
      expect(await queued()).toEqual([files.file]);
      // A request still under way may be removing it: the sweep leaves young rows alone.
      expect(await sweepMediaRemovals(env.t.db, store())).toEqual({ removed: 0, kept: 0, failed: 0 });
      expect(await laterSweep()).toEqual({ removed: 1, kept: 0, failed: 0 });
      expect(await exists(files.file)).toBe(false);
      expect(await queued()).toEqual([]);
    });
  }

  it('the same image deleted five times at once: one 200, no queue row and no file left', async () => {
    const { id, images } = await listingWithImages(`Five deletes ${Date.now()}`);
    const plain = images[1]!;
    const answers = await Promise.all(
      times(5, () => env.post('deletepropertyimages', { property_id: id, image_id: plain.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    expect(await exists(plain.file)).toBe(false);
    expect(await exists(plain.thumbnail)).toBe(false);
    expect(await queued()).toEqual([]);
  });
});

describe('the sweep of the queue', () => {
  const queue = (files: string[], propertyId = 987_654, minutesAgo = 60) =>
    sql`INSERT INTO media_removals (file, property_id, queued_at)
        SELECT f, ${propertyId}::int, now() - make_interval(mins => ${minutesAgo}) FROM unnest(${files}::text[]) AS f`.execute(
      env.t.db,
    );

  it('two sweeps at once (two instances) remove every queued file once and leave no row', async () => {
    const files = times(30, (i) => `${hex(0x5000 + i)}.jpg`);
    for (const f of files) await plantMedia(env.t.config, f);
    await queue(files);
    const runs = await Promise.all([laterSweep(), laterSweep()]);
    expect(runs.every((r) => r.failed === 0 && r.kept === 0)).toBe(true);
    expect(runs[0]!.removed + runs[1]!.removed).toBeGreaterThanOrEqual(30);
    for (const f of files) expect(await exists(f)).toBe(false);
    expect(await queued()).toEqual([]);
  });

  it('keeps a file its owner names still, dropping only its row', async () => {
    const { id, images } = await listingWithImages(`Still named ${Date.now()}`);
    await queue([images[0]!.file], id);
    expect(await laterSweep()).toEqual({ removed: 0, kept: 1, failed: 0 });
    expect(await exists(images[0]!.file)).toBe(true);
    expect(await queued()).toEqual([]);
  });

  it(`does at most ${MEDIA_REMOVAL_BATCHES_PER_RUN} batches of ${MEDIA_REMOVAL_BATCH} rows a run, oldest first`, async () => {
    const bound = MEDIA_REMOVAL_BATCH * MEDIA_REMOVAL_BATCHES_PER_RUN;
    // Files long gone from the store (a restored backup may lack them): removing them is no error.
    await queue(
      times(bound, (i) => `${hex(0x10000 + i)}.jpg`),
      987_654,
      120,
    );
    const newest = times(3, (i) => `${hex(0x20000 + i)}.jpg`);
    await queue(newest, 987_654, 30);
    expect(await laterSweep()).toEqual({ removed: bound, kept: 0, failed: 0 });
    expect(await queued()).toEqual(newest);
    expect(await laterSweep()).toEqual({ removed: 3, kept: 0, failed: 0 });
  });

  it('a file the store fails to remove stays queued for a later run, and the run says so', async () => {
    const [stuck, other] = [hex(0x30001) + '.jpg', hex(0x30002) + '.jpg'];
    for (const f of [stuck, other]) await plantMedia(env.t.config, f);
    await queue([stuck], 987_654, 120);
    const release = await refuseRemoval(env.t.config, stuck);
    try {
      await expect(laterSweep()).rejects.toThrow('1 queued media files could not be removed');
    } finally {
      release();
    }
    await queue([other], 987_654, 60);
    expect(await laterSweep()).toEqual({ removed: 2, kept: 0, failed: 0 });
    for (const f of [stuck, other]) expect(await exists(f)).toBe(false);
    expect(await queued()).toEqual([]);
  });

  it('a backup holds the queue and does not count its files, which may be gone, as missing', async () => {
    const gone = `${hex(0x40001)}.jpg`;
    await queue([gone]);
    const file = path.join(env.t.config.dataDir, 'queued.tar.gz');
    const made = await backup({
      databaseUrl: env.t.databaseUrl,
      dataDir: env.t.config.dataDir,
      file,
      media: store(),
    });
    expect(made.manifest.tables.find((t) => t.name === 'media_removals')?.rows).toBe(1);
    expect(made.manifest.missingMedia).not.toContain(gone);
    // The sweep drops its row: removing a missing file is no error.
    expect(await laterSweep()).toEqual({ removed: 1, kept: 0, failed: 0 });
  });
});
