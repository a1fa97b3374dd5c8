import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backup } from '../src/lib/backup.ts';
import { createMailer } from '../src/lib/mail.ts';
import { mediaDir, storeImage, sweepMedia } from '../src/lib/media.ts';
import { place, useTestApp, type Place } from './entity-fixtures.ts';
import { multipart, png } from './helpers.ts';
import { propertyForm } from './process-fixtures.ts';

/**
 * Issue 18, item 11: a crash during an upload must not leave files that nothing names. Files are written
 * under temporary names and placed once their row is committed; the sweep (at start and hourly) places
 * those a committed row names and removes the others once an hour old.
 */
const env = useTestApp();
const HOUR = 3_600_000;
const dir = () => mediaDir(env.t.config.dataDir);
const exists = (name: string) => fs.existsSync(path.join(dir(), name));
const hex = (n: number) => n.toString(16).padStart(32, '0');

/** A file of the media directory last written `age` ms ago. */
function write(name: string, age = 0) {
  fs.mkdirSync(dir(), { recursive: true });
  const file = path.join(dir(), name);
  fs.writeFileSync(file, 'image bytes');
  const at = new Date(Date.now() - age);
  fs.utimesSync(file, at, at);
}

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
    const image = await storeImage(env.t.config.dataDir, await png(400, 300), {
      field: 'profile_image',
      tooLarge: 'too large',
      wrongType: 'wrong type',
    });
    expect(exists(image.file)).toBe(false);
    expect(exists(image.thumbnail)).toBe(false);
    expect(exists(`${image.file}.tmp`)).toBe(true);
    expect(exists(`${image.thumbnail}.tmp`)).toBe(true);
    // Never named by a row: what a crash before the commit leaves, removed once an hour old.
    const later = Date.now() + HOUR + 60_000;
    expect(await sweepMedia(env.t.db, env.t.config.dataDir, later)).toMatchObject({ removed: 2 });
    expect(fs.readdirSync(dir()).filter((n) => n.startsWith(image.file.slice(0, 32)))).toEqual([]);
  });

  it('sweeps a temporary file older than an hour that no row names, keeps a fresh one, never touches named files', async () => {
    const userId = await env.t.createUser(1);
    const [orphan, fresh, namedTemp, namedThumbTemp, stored, storedThumb] = [1, 2, 3, 4, 5, 6].map(hex);
    write(`${orphan}.jpg.tmp`, 2 * HOUR);
    write(`${orphan}.thumb.jpg.tmp`, 2 * HOUR);
    write(`${fresh}.png.tmp`, 60_000);
    // A row committed, then a crash before its files were placed: the sweep finishes the save.
    write(`${namedTemp}.jpg.tmp`, 2 * HOUR);
    write(`${namedThumbTemp}.thumb.jpg.tmp`, 60_000);
    await nameUserPicture(userId, `${namedTemp}.jpg`, `${namedThumbTemp}.thumb.jpg`);
    // Placed files, named or not, are never the sweep's business.
    write(`${stored}.jpg`, 48 * HOUR);
    write(`${storedThumb}.thumb.jpg`, 48 * HOUR);
    write('notes.txt', 48 * HOUR);

    expect(await sweepMedia(env.t.db, env.t.config.dataDir)).toEqual({ placed: 2, removed: 2 });
    expect(exists(`${orphan}.jpg.tmp`)).toBe(false);
    expect(exists(`${orphan}.thumb.jpg.tmp`)).toBe(false);
    expect(exists(`${fresh}.png.tmp`)).toBe(true);
    expect(exists(`${namedTemp}.jpg`)).toBe(true);
    expect(exists(`${namedThumbTemp}.thumb.jpg`)).toBe(true);
    expect(exists(`${namedTemp}.jpg.tmp`)).toBe(false);
    for (const name of [`${stored}.jpg`, `${storedThumb}.thumb.jpg`, 'notes.txt'])
      expect(exists(name)).toBe(true);
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
    expect(exists(media.file!) && exists(media.thumbnail!)).toBe(true);
    expect(exists(`${media.file}.tmp`) || exists(`${media.thumbnail}.tmp`)).toBe(false);

    // What a crash between the commit and placing the files leaves behind:
    for (const name of [media.file!, media.thumbnail!]) {
      fs.renameSync(path.join(dir(), name), path.join(dir(), `${name}.tmp`));
    }
    // The next start sweeps before serving.
    const services = { db: env.t.db, config: env.t.config, mailer: createMailer(env.t.config) };
    const restarted = await buildApp(services, []);
    await restarted.close();
    expect(exists(media.file!) && exists(media.thumbnail!)).toBe(true);
  });

  it('leaves temporary files out of backups', async () => {
    write(`${hex(7)}.jpg`);
    write(`${hex(8)}.jpg.tmp`);
    const file = path.join(env.t.config.dataDir, 'backup.tar.gz');
    await backup({ databaseUrl: env.t.databaseUrl, dataDir: env.t.config.dataDir, file });
    const entries: string[] = [];
    await tar.t({ file, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toContain(`media/${hex(7)}.jpg`);
    expect(entries.filter((e) => e.endsWith('.tmp'))).toEqual([]);
  });
});
