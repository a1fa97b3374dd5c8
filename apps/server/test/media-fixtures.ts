import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { mediaSettings } from '../src/config.ts';
import { mediaStore } from '../src/lib/media-store/index.ts';
import { s3Client } from '../src/lib/media-store/s3.ts';
import type { Config } from '../src/config.ts';

/**
 * The media tests run once on the data directory and once on a bucket of the run's S3-protocol server
 * (test/s3/ runs them with TEST_MEDIA_STORE=s3). These helpers look into either store the same way.
 */

/** The settings of a new, empty bucket on the run's S3 server. */
export async function newBucket(): Promise<NodeJS.ProcessEnv> {
  const env = {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: inject('s3Endpoint'),
    S3_BUCKET: `media-${randomBytes(6).toString('hex')}`,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    // Under a folder of the bucket, as an installation sharing one would be.
    S3_PREFIX: 'pinoy',
  };
  const settings = mediaSettings(env);
  if (settings.store !== 's3') throw new Error('not an S3 setting');
  await s3Client(settings).send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return env;
}

type Media = Pick<Config, 'dataDir' | 'media'>;

/** The environment that names these media settings (for a command run in its own process). */
export function mediaEnv(media: Config['media']): NodeJS.ProcessEnv {
  if (media.store === 'disk') return { MEDIA_STORE: 'disk' };
  return {
    MEDIA_STORE: 's3',
    S3_BUCKET: media.bucket,
    S3_REGION: media.region,
    S3_ENDPOINT: media.endpoint,
    S3_ACCESS_KEY_ID: media.accessKeyId,
    S3_SECRET_ACCESS_KEY: media.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(media.forcePathStyle),
    S3_PREFIX: media.prefix,
  };
}

/** Every file of the store: placed ones by name, temporary ones as `<name>.tmp`, sorted. */
export async function mediaFiles(config: Media) {
  const store = mediaStore(config);
  const names = [];
  for await (const name of store.placed()) names.push(name);
  for (const t of await store.temporaries()) names.push(`${t.name}.tmp`);
  return names.sort();
}

export const hasMedia = async (config: Media, name: string) => (await mediaFiles(config)).includes(name);

/** A placed file's bytes, or null. */
export async function mediaBytes(config: Media, name: string) {
  const stream = await mediaStore(config).read(name);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes a file into the store (`<name>.tmp` for a temporary one) as if written `age` ms ago. */
export async function plantMedia(config: Media, name: string, age = 0) {
  const store = mediaStore(config);
  const temporary = name.endsWith('.tmp');
  const base = temporary ? name.slice(0, -4) : name;
  await store.writeTemporary(base, Buffer.from('image bytes'));
  if (!temporary) await store.place(base);
  const at = new Date(Date.now() - age);
  fs.utimesSync(backingFile(config, base, temporary), at, at);
}

/** Makes a placed file temporary again: what a crash between a commit and placing its files leaves. */
export async function unplaceMedia(config: Media, name: string) {
  const store = mediaStore(config);
  await store.writeTemporary(name, (await mediaBytes(config, name))!);
  await store.remove(name);
}

/** The local file behind a stored one: in the media folder, or where s3rver keeps the object. */
function backingFile(config: Media, name: string, temporary: boolean) {
  if (config.media.store === 'disk')
    return path.join(config.dataDir, 'media', temporary ? `${name}.tmp` : name);
  const key = `${config.media.prefix}${temporary ? 'tmp/' : ''}${name}`.split('/');
  const last = key.pop()!;
  return path.join(inject('s3Directory'), config.media.bucket, ...key, `${last}._S3rver_object`);
}

/**
 * Makes the store fail to remove one placed file until `release` is called, as a store that errs or is
 * out of reach would: folders stand where the file (in s3rver, the object and its checksum and metadata
 * files) was, which no plain removal takes away. What a crash between a commit and its removals leaves
 * is the same.
 */
export async function refuseRemoval(config: Media, name: string) {
  const object = backingFile(config, name, false);
  const s3rverFiles = (base: string) => ['object', 'object.md5', 'metadata.json'].map((s) => base + s);
  const blocked = config.media.store === 'disk' ? [object] : s3rverFiles(object.slice(0, -'object'.length));
  for (const file of blocked) {
    fs.renameSync(file, `${file}.aside`);
    fs.mkdirSync(file);
  }
  return () => {
    for (const file of blocked) {
      fs.rmdirSync(file);
      fs.renameSync(`${file}.aside`, file);
    }
  };
}
