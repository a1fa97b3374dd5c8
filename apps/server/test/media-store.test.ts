import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { backup } from '../src/lib/backup.ts';
import { restore } from '../src/lib/backup/restore.ts';
import { placeFiles, storeImage } from '../src/lib/media.ts';
import { mediaStore } from '../src/lib/media-store/index.ts';
import { freshDatabase, png, type TestApp, createTestApp } from './helpers.ts';
import { mediaBytes, mediaEnv, mediaFiles, newBucket } from './media-fixtures.ts';

/**
 * The media store itself: the one the settings name, served at /media/ with the same headers from
 * either store, and backed up and restored. Runs on the data directory, and on a bucket (test/s3/).
 */
const onS3 = process.env.TEST_MEDIA_STORE === 's3';
let t: TestApp;
let image: { file: string; thumbnail: string };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-media-store-'));

beforeAll(async () => {
  t = await createTestApp();
  image = await storeImage(mediaStore(t.config), await png(640, 480), {
    field: 'file',
    tooLarge: 'too large',
    wrongType: 'wrong type',
  });
  await placeFiles(mediaStore(t.config), image);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the media store', () => {
  it('is the one the settings name: a bucket leaves the data directory without media', async () => {
    expect(t.config.media.store).toBe(onS3 ? 's3' : 'disk');
    const local = path.join(t.config.dataDir, 'media');
    const onDisk = fs.existsSync(local) ? fs.readdirSync(local) : [];
    expect(onDisk.includes(image.file)).toBe(!onS3);
    expect(await mediaFiles(t.config)).toEqual([image.file, image.thumbnail].sort());
  });

  it('serves a stored file with the cache, type and security headers, ranges and revalidation', async () => {
    const bytes = (await mediaBytes(t.config, image.file))!;
    const res = await t.app.inject({ method: 'GET', url: `/media/${image.file}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();

    const part = await t.app.inject({
      method: 'GET',
      url: `/media/${image.file}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);

    const again = await t.app.inject({
      method: 'GET',
      url: `/media/${image.file}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const head = await t.app.inject({ method: 'HEAD', url: `/media/${image.file}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.rawPayload.length).toBe(0);
    const thumbnail = await t.app.inject({ method: 'GET', url: `/media/${image.thumbnail}` });
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
  });

  it('places a file placed already (by a sweep beside the request); a file never written is an error', async () => {
    const store = mediaStore(t.config);
    const name = `${'a'.repeat(32)}.jpg`;
    await store.writeTemporary(name, Buffer.from('image bytes'));
    await store.place(name);
    await store.place(name);
    expect(await mediaFiles(t.config)).toContain(name);
    expect(await mediaFiles(t.config)).not.toContain(`${name}.tmp`);
    await expect(store.place(`${'b'.repeat(32)}.jpg`)).rejects.toThrow();
    await store.remove(name);
    expect(await mediaFiles(t.config)).not.toContain(name);
  });

  it('answers 404 for a name that is not stored, never a 5xx', async () => {
    for (const url of [
      `/media/${'0'.repeat(32)}.png`,
      '/media/..%2F..%2Fpackage.json',
      '/media/notes.txt',
      `/media/${image.file}.tmp`,
      `/media/tmp/${image.file}`,
      `/media/pinoy/${image.file}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('ignores a date header that does not parse, as HTTP says', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/media/${image.file}`,
      headers: { 'if-modified-since': 'not a date' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 503 in plain words, never 500, while the bucket cannot be reached', async () => {
    const closed = await createTestApp({
      env: { ...(await newBucket()), S3_ENDPOINT: 'http://127.0.0.1:9' }, // nothing listens on port 9
    });
    try {
      const res = await closed.app.inject({ method: 'GET', url: `/media/${image.file}` });
      expect([res.statusCode, res.json().message]).toEqual([
        503,
        'The media storage is unavailable. Please try again shortly',
      ]);
    } finally {
      await closed.close();
    }
  });

  it('backs up the stored files and restores them into an empty store of the same kind only', async () => {
    const file = path.join(work, 'backup.tar.gz');
    const made = await backup({
      databaseUrl: t.databaseUrl,
      dataDir: t.config.dataDir,
      file,
      media: mediaStore(t.config),
    });
    expect(made.manifest.media.files).toBe(2);

    const target = {
      dataDir: path.join(work, 'restored'),
      media: loadConfig(onS3 ? await newBucket() : {}).media,
    };
    const database = await freshDatabase();
    try {
      await restore({ databaseUrl: database.url, dataDir: target.dataDir, file, media: mediaStore(target) });
      expect(await mediaFiles(target)).toEqual([image.file, image.thumbnail].sort());
      for (const name of [image.file, image.thumbnail]) {
        expect((await mediaBytes(target, name))!.equals((await mediaBytes(t.config, name))!)).toBe(true);
      }
      const other = await freshDatabase();
      await expect(
        restore({
          databaseUrl: other.url,
          dataDir: path.join(work, 'again'),
          file,
          media: mediaStore(target),
        }),
      ).rejects.toThrow(/media store .* is not empty/);
      await other.drop();
    } finally {
      await database.drop();
    }
  });
});

describe('the backup commands', () => {
  // On the data directory, backup.test.ts runs them.
  it.runIf(onS3)(
    'npm run backup and restore use the bucket the settings name',
    async () => {
      const npm = (args: string[], env: NodeJS.ProcessEnv) =>
        promisify(execFile)('npm', ['run', '--silent', ...args], {
          cwd: fileURLToPath(new URL('../../..', import.meta.url)),
          env: { ...process.env, ...env },
        });
      const file = path.join(work, 'command.tar.gz');
      const made = await npm(['backup', '--', file], {
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: t.config.dataDir,
        ...mediaEnv(t.config.media),
      });
      expect(made.stdout).toContain('media: 2 files');

      const target = { dataDir: path.join(work, 'by-command'), media: loadConfig(await newBucket()).media };
      const database = await freshDatabase();
      try {
        const restored = await npm(['restore', '--', file], {
          DATABASE_URL: database.url,
          DATA_DIR: target.dataDir,
          ...mediaEnv(target.media),
        });
        expect(restored.stdout).toContain(`media files are in ${mediaStore(target).location}`);
        expect(await mediaFiles(target)).toEqual([image.file, image.thumbnail].sort());
        expect(fs.existsSync(path.join(target.dataDir, 'media'))).toBe(false);
      } finally {
        await database.drop();
      }
    },
    90_000,
  );
});

describe('media settings', () => {
  it.skipIf(onS3)('stop the start with the plain message, before anything else', async () => {
    const server = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, MEDIA_STORE: 's3', S3_BUCKET: '', DATA_DIR: work },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(server.status, server.stderr).toBe(1);
    expect(server.stderr.trim()).toBe(
      'Cannot start: MEDIA_STORE=s3 needs S3_BUCKET, the name of the bucket that holds the media',
    );
  });

  it('refuses settings that cannot work, in plain words', () => {
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [{ MEDIA_STORE: 'ftp' }, /MEDIA_STORE must be disk or s3, not "ftp"/],
      [{ MEDIA_STORE: 's3' }, /MEDIA_STORE=s3 needs S3_BUCKET/],
      [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, /set both, or neither/],
      [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http/],
      [{ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, /must be true or false/],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env), message.source).toThrow(message);
    expect(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'S3_FORCE_PATH_STYLE must be true or false, not "yes"',
    );
    expect(loadConfig({}).media).toEqual({ store: 'disk' });
    expect(loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_PREFIX: '/pinoy/' }).media).toMatchObject({
      bucket: 'media',
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: 'pinoy/',
    });
  });
});
