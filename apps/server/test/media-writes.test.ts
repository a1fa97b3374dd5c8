import path from 'node:path';
import * as tar from 'tar';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backup } from '../src/lib/backup.ts';
import { createMailer } from '../src/lib/mail.ts';
import { placeMedia, removeMedia, storeImage, sweepMedia } from '../src/lib/media.ts';
import { mediaStore } from '../src/lib/media-store/index.ts';
import { place, useTestApp, type Place } from './entity-fixtures.ts';
import { multipart, png } from './helpers.ts';
import { hasMedia, mediaFiles, plantMedia, unplaceMedia } from './media-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Issue 18, item 11: a crash during an upload must not leave files that nothing names. Files are written
 * under temporary names and placed once their row is committed; the sweep (at start and hourly) places
 * those a committed row names and removes the others once an hour old.
 */
const env = useTestApp();
const HOUR = 3_600_000;
const store = () => mediaStore(env.t.config);
const exists = (name: string) => hasMedia(env.t.config, name);
const hex = (n: number) => n.toString(16).padStart(32, '0');
/** A file of the media store last written `age` ms ago (`<name>.tmp`: a temporary one). */
const write = (name: string, age = 0) => plantMedia(env.t.config, name, age);

const nameUserPicture = (userId: number, file: string, thumbnail: string) =>
  env.t.db
    .updateTable('users')
    .set({ profile_image: file, profile_thumbnail: thumbnail })
    .where('user_id', '=', userId)
    .execute();

let p: Place;
beforeAll(async () => {
  p = await place(env.t, 'Media writes');
});

describe('media writes', () => {
  it('stores an upload under temporary names: until its row is committed no stored file exists', async () => {
    const image = await storeImage(store(), await png(400, 300), {
      field: 'profile_image',
      tooLarge: 'too large',
      wrongType: 'wrong type',
    });
    expect(await exists(image.file)).toBe(false);
    expect(await exists(image.thumbnail)).toBe(false);
    expect(await exists(`${image.file}.tmp`)).toBe(true);
    expect(await exists(`${image.thumbnail}.tmp`)).toBe(true);
    // Never named by a row: what a crash before the commit leaves, removed once an hour old.
    const later = Date.now() + HOUR + 60_000;
    expect(await sweepMedia(env.t.db, store(), later)).toMatchObject({ removed: 2 });
    const files = await mediaFiles(env.t.config);
    expect(files.filter((n) => n.startsWith(image.file.slice(0, 32)))).toEqual([]);
  });

  it('sweeps a temporary file older than an hour that no row names, keeps a fresh one, never touches named files', async () => {
    const userId = await env.t.createUser(1);
    const [orphan, fresh, namedTemp, namedThumbTemp, stored, storedThumb] = [1, 2, 3, 4, 5, 6].map(hex);
    await write(`${orphan}.jpg.tmp`, 2 * HOUR);
    await write(`${orphan}.thumb.jpg.tmp`, 2 * HOUR);
    await write(`${fresh}.png.tmp`, 60_000);
    // A row committed, then a crash before its files were placed: the sweep finishes the save.
    await write(`${namedTemp}.jpg.tmp`, 2 * HOUR);
    await write(`${namedThumbTemp}.thumb.jpg.tmp`, 60_000);
    await nameUserPicture(userId, `${namedTemp}.jpg`, `${namedThumbTemp}.thumb.jpg`);
    // Placed files, named or not, are never the sweep's business.
    await write(`${stored}.jpg`, 48 * HOUR);
    await write(`${storedThumb}.thumb.jpg`, 48 * HOUR);
    await write('notes.txt', 48 * HOUR);

    expect(await sweepMedia(env.t.db, store())).toEqual({ placed: 2, removed: 2 });
    expect(await exists(`${orphan}.jpg.tmp`)).toBe(false);
    expect(await exists(`${orphan}.thumb.jpg.tmp`)).toBe(false);
    expect(await exists(`${fresh}.png.tmp`)).toBe(true);
    expect(await exists(`${namedTemp}.jpg`)).toBe(true);
    expect(await exists(`${namedThumbTemp}.thumb.jpg`)).toBe(true);
    expect(await exists(`${namedTemp}.jpg.tmp`)).toBe(false);
    for (const name of [`${stored}.jpg`, `${storedThumb}.thumb.jpg`, 'notes.txt'])
      expect(await exists(name)).toBe(true);
  });

  it('places a listing image whose row was committed by a request that stopped before placing it', async () => {
    const saved = await env.post('saveproperty', propertyForm(p, 'Crash house'));
    expect(saved.statusCode, saved.body).toBe(200);
    const { property_id } = await env.t.db
      .selectFrom('properties')
      .select('property_id')
      .where('property_name', '=', 'Crash house')
      .executeTakeFirstOrThrow();
    const res = await env.t.call(env.admin.token, {
      method: 'POST',
      url: '/api/saveimagesupload',
      ...multipart(
        { type: 'Image', property_id, description: 'Front' },
        { name: 'images_video', type: 'image/png', filename: 'house.png', bytes: await png(640, 480) },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const media = await env.t.db
      .selectFrom('property_media')
      .select(['file', 'thumbnail'])
      .where('property_id', '=', property_id)
      .executeTakeFirstOrThrow();
    // A completed upload leaves its files placed and no temporary file.
    const files = await mediaFiles(env.t.config);
    expect(files).toContain(media.file!);
    expect(files).toContain(media.thumbnail!);
    expect(files).not.toContain(`${media.file}.tmp`);
    expect(files).not.toContain(`${media.thumbnail}.tmp`);

    // What a crash between the commit and placing the files leaves behind:
    for (const name of [media.file!, media.thumbnail!]) await unplaceMedia(env.t.config, name);
    // The next start sweeps before serving.
    const services = { db: env.t.db, config: env.t.config, mailer: createMailer(env.t.config) };
    const restarted = await buildApp(services, []);
    await restarted.close();
    expect(await exists(media.file!)).toBe(true);
    expect(await exists(media.thumbnail!)).toBe(true);
  });

  it('places nothing that another save stopped naming before it was placed, and answers no error', async () => {
    // Two saves of one picture: the first commits, the second replaces it and removes its files while the
    // first has not placed them yet (decision 101). Either way round, no file outlives its row.
    const userId = await env.t.createUser(1);
    for (const removedFirst of ['temporary', 'placed'] as const) {
      const image = await storeImage(store(), await png(120, 90), {
        field: 'profile_image',
        tooLarge: 'too large',
        wrongType: 'wrong type',
      });
      await nameUserPicture(userId, image.file, image.thumbnail);
      // The second save's commit: the row names another picture.
      await nameUserPicture(userId, `${hex(9)}.jpg`, `${hex(9)}.thumb.jpg`);
      if (removedFirst === 'temporary') {
        // Its removal ran whole before the first save placed: nothing is left to place.
        await removeMedia(store(), image.file, image.thumbnail);
        await placeMedia(env.t.db, store(), image, { userId });
      } else {
        // Its removal of the placed files ran before the placing, of the temporaries after it.
        for (const name of [image.file, image.thumbnail]) await store().remove(name);
        await placeMedia(env.t.db, store(), image, { userId });
        for (const name of [image.file, image.thumbnail]) await store().removeTemporary(name);
      }
      const files = await mediaFiles(env.t.config);
      expect(files.filter((n) => n.startsWith(image.file.slice(0, 32)))).toEqual([]);
    }
  });

  it('leaves temporary files out of backups', async () => {
    await write(`${hex(7)}.jpg`);
    await write(`${hex(8)}.jpg.tmp`);
    const file = path.join(env.t.config.dataDir, 'backup.tar.gz');
    await backup({ databaseUrl: env.t.databaseUrl, dataDir: env.t.config.dataDir, file, media: store() });
    const entries: string[] = [];
    await tar.t({ file, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toContain(`media/${hex(7)}.jpg`);
    expect(entries.filter((e) => e.endsWith('.tmp'))).toEqual([]);
  });
});
