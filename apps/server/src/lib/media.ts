import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_LIMIT_BYTES } from '@app/contract';
import { badRequest } from './errors.ts';

/** Where uploaded media live, under the data directory (never inside the web root). */
export const mediaDir = (dataDir: string) => path.join(dataDir, 'media');

/** Larger images than this many pixels are refused before decoding (a tiny file may declare 50,000²). */
const MAX_PIXELS = 40_000_000;
const THUMBNAIL_WIDTH = 320;

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) =>
  b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

export interface StoredImage {
  /** File names under the media directory, served at /media/<name>. */
  file: string;
  thumbnail: string;
}

export interface ImageRules {
  field: string;
  tooLarge: string;
  wrongType: string;
}

/**
 * Checks an uploaded image by its bytes (JPEG or PNG only, at most 1 MB, a sane pixel count, fully
 * decodable), then stores a re-encoded copy and a thumbnail under random names. Re-encoding drops
 * anything appended to or hidden in the file (polyglots, metadata). The client's file name is never used.
 */
export async function storeImage(dataDir: string, bytes: Buffer, rules: ImageRules): Promise<StoredImage> {
  const refuse = (message: string) => badRequest(message, { [rules.field]: message });
  if (bytes.length === 0) throw refuse('The file is empty');
  if (bytes.length > UPLOAD_LIMIT_BYTES) throw refuse(rules.tooLarge);
  const format = isJpeg(bytes) ? 'jpeg' : isPng(bytes) ? 'png' : null;
  if (!format) throw refuse(rules.wrongType);

  let image: Buffer;
  let thumbnail: Buffer;
  try {
    const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).rotate();
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (meta.format !== format) throw new Error('format mismatch');
    image = await (
      format === 'jpeg' ? input().jpeg({ quality: 85, mozjpeg: true }) : input().png()
    ).toBuffer();
    thumbnail = await input()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    throw refuse('The image could not be read: upload a valid .jpg or .png file');
  }

  const dir = mediaDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const name = randomBytes(16).toString('hex');
  const stored = { file: `${name}.${format === 'jpeg' ? 'jpg' : 'png'}`, thumbnail: `${name}.thumb.jpg` };
  await fs.writeFile(path.join(dir, stored.file), image, { flag: 'wx' });
  await fs.writeFile(path.join(dir, stored.thumbnail), thumbnail, { flag: 'wx' });
  return stored;
}

/** Removes stored files (after the record pointing at them changed); missing files are fine. */
export async function removeMedia(dataDir: string, ...names: (string | null | undefined)[]) {
  await Promise.all(
    names
      .filter((n): n is string => !!n && /^[0-9a-f]{32}(\.thumb)?\.(jpg|png)$/.test(n))
      .map((n) => fs.rm(path.join(mediaDir(dataDir), n), { force: true })),
  );
}

/** The public address of a stored file. */
export const mediaUrl = (name: string | null | undefined) => (name ? `/media/${name}` : null);
