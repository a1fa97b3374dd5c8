import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { UPLOAD_LIMIT_BYTES } from '@app/contract';
import type { Db } from '../db/index.ts';
import { badRequest } from './errors.ts';
import type { MediaStore } from './media-store/index.ts';

/** Where uploaded media live, under the data directory (never inside the web root). */
export const mediaDir = (dataDir: string) => path.join(dataDir, 'media');

/** The names storeImage gives; a file of the media directory with another name is not a stored file. */
export const STORED_NAME = /^[0-9a-f]{32}(\.thumb)?\.(jpg|png)$/;
/*
 * A file is written as a temporary first and takes its stored name once the row naming it is committed
 * (placeMedia), so a crash leaves temporary files, which sweepMedia finishes or removes, and never a
 * stored file that nothing names (docs/decisions/0027-idempotency-keys.md, media writes).
 */
/** A temporary file this old whose row was never committed is left from a crash. */
export const ABANDONED_MEDIA_MS = 3_600_000;

/** Larger images than this many pixels are refused before decoding (a tiny file may declare 50,000²). */
export const MAX_PIXELS = 40_000_000;
const THUMBNAIL_WIDTH = 320;

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(PNG_SIGNATURE);

/** Markers of scripts and markup, which no photo needs (searched in the raw bytes, any case). */
const SCRIPT_OR_MARKUP = /<\?php|<script|<html|<body|<iframe|<svg[\s/>]|<object|<embed|<%@|javascript:/i;

/** Where the PNG's IEND chunk ends, or -1 when its chunks do not add up to one. */
function pngEnd(b: Buffer): number {
  let at = 8;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') return at <= b.length ? at : -1;
  }
  return -1;
}

/** Where the JPEG's image ends: just after its last end-of-image marker (FF D9), or -1. */
function jpegEnd(b: Buffer): number {
  const last = b.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return last < 0 ? -1 : last + 2;
}

/** What a client's file name may be: a plain name, no folders, no drive, no control characters. */
const isPlainFileName = (name: string) =>
  name.length <= 255 &&
  !name.startsWith('..') &&
  ![...name].some((c) => c === '/' || c === '\\' || c === ':' || c.charCodeAt(0) < 0x20 || c === '\x7f');

/**
 * Refuses a file name that carries a path ('../../x.jpg', 'C:\\x.jpg') or control characters. The
 * name is never used for storing, but a client that sends one is up to no good or broken.
 */
export function assertPlainFileName(field: string, fileName: string | undefined) {
  if (fileName === undefined || fileName === '') return;
  if (!isPlainFileName(fileName)) {
    const message = 'The file name must be a plain name, without folders';
    throw badRequest(message, { [field]: message });
  }
}

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

export const IMAGE_MESSAGES = {
  empty: 'The file is empty',
  tooManyPixels: `The image has too many pixels (at most ${MAX_PIXELS / 1_000_000} megapixels)`,
  damaged: 'The image could not be read: upload a valid .jpg or .png file',
  notOnlyAnImage: 'The file holds more than an image: upload a plain .jpg or .png file',
} as const;

/**
 * Checks an uploaded image by its bytes (JPEG or PNG only, at most 1 MB, a sane pixel count, nothing
 * before or after the image and no script or markup inside: polyglots are refused, fully decodable),
 * then stores a re-encoded copy and a thumbnail under random names, as temporary files: the caller
 * commits the row naming them, then calls placeMedia (or removeMedia when the save failed).
 * Re-encoding also drops metadata. The client's file name is never used.
 */
export async function storeImage(store: MediaStore, bytes: Buffer, rules: ImageRules): Promise<StoredImage> {
  const refuse = (message: string) => badRequest(message, { [rules.field]: message });
  if (bytes.length === 0) throw refuse(IMAGE_MESSAGES.empty);
  if (bytes.length > UPLOAD_LIMIT_BYTES) throw refuse(rules.tooLarge);
  const format = isJpeg(bytes) ? 'jpeg' : isPng(bytes) ? 'png' : null;
  if (!format) throw refuse(rules.wrongType);

  // The header alone: the pixel count is checked before anything is decoded.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta) throw refuse(IMAGE_MESSAGES.damaged);
  if (meta.format !== format) throw refuse(IMAGE_MESSAGES.damaged);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) throw refuse(IMAGE_MESSAGES.tooManyPixels);
  if (SCRIPT_OR_MARKUP.test(bytes.toString('latin1'))) throw refuse(IMAGE_MESSAGES.notOnlyAnImage);
  const end = format === 'png' ? pngEnd(bytes) : jpegEnd(bytes);
  if (end < 0) throw refuse(IMAGE_MESSAGES.damaged);
  if (end < bytes.length) throw refuse(IMAGE_MESSAGES.notOnlyAnImage);

  let image: Buffer;
  let thumbnail: Buffer;
  try {
    const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).rotate();
    image = await (
      format === 'jpeg' ? input().jpeg({ quality: 85, mozjpeg: true }) : input().png()
    ).toBuffer();
    thumbnail = await input()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    throw refuse(IMAGE_MESSAGES.damaged);
  }

  const name = randomBytes(16).toString('hex');
  const stored = { file: `${name}.${format === 'jpeg' ? 'jpg' : 'png'}`, thumbnail: `${name}.thumb.jpg` };
  try {
    await store.writeTemporary(stored.file, image);
    await store.writeTemporary(stored.thumbnail, thumbnail);
  } catch (error) {
    await removeMedia(store, stored.file, stored.thumbnail);
    throw error;
  }
  return stored;
}

/** Gives a stored image's files their names (all that decides it: the demo seed, a test). */
export async function placeFiles(store: MediaStore, image: StoredImage) {
  for (const name of [image.file, image.thumbnail]) await store.place(name);
}

/** Whose image it is: a listing's, or a user's picture. */
export type MediaOwner = { propertyId: number } | { userId: number };

/** Whether the owner's row names the file still (one look by the owner's key). */
async function namedBy(db: Db, owner: MediaOwner, file: string) {
  const look =
    'propertyId' in owner
      ? sql`SELECT 1 FROM property_media WHERE property_id = ${owner.propertyId} AND file = ${file}`
      : sql`SELECT 1 FROM users WHERE user_id = ${owner.userId} AND profile_image = ${file}`;
  return (await look.execute(db)).rows.length > 0;
}

/**
 * Places a saved image's files once the owner's row naming them is committed. Another save may have
 * stopped naming them meanwhile (a picture replaced, an image or listing deleted) and removed them
 * around this placing: its removal comes after its commit, so a look at the row after placing sees the
 * change, and removes what this placed (decision 101). A file whose temporary is gone is no error then.
 */
export async function placeMedia(db: Db, store: MediaStore, image: StoredImage, owner: MediaOwner) {
  try {
    await placeFiles(store, image);
  } catch (error) {
    if (await namedBy(db, owner, image.file)) throw error;
    return removeMedia(store, image.file, image.thumbnail);
  }
  if (!(await namedBy(db, owner, image.file))) await removeMedia(store, image.file, image.thumbnail);
}

/** Removes stored files, placed or not (after the record pointing at them changed); missing files are fine. */
export async function removeMedia(store: MediaStore, ...names: (string | null | undefined)[]) {
  await Promise.all(
    names
      .filter((n): n is string => !!n && STORED_NAME.test(n))
      .flatMap((n) => [store.remove(n), store.removeTemporary(n)]),
  );
}

/**
 * The temporary files of the media store: those a committed row names are placed (their request
 * stopped between its commit and placeMedia), the others are removed once an hour old (their request
 * stopped before its commit). Younger ones belong to uploads under way. Run at start and hourly.
 */
export async function sweepMedia(db: Db, store: MediaStore, now = Date.now()) {
  const found = (await store.temporaries()).filter((t) => STORED_NAME.test(t.name));
  const temporaries = found.map((t) => t.name);
  const swept = { placed: 0, removed: 0 };
  if (temporaries.length === 0) return swept;
  const { rows } = await sql<{ a: string | null; b: string | null }>`
    SELECT file AS a, thumbnail AS b FROM property_media
     WHERE file = ANY(${temporaries}::text[]) OR thumbnail = ANY(${temporaries}::text[])
    UNION ALL
    SELECT profile_image, profile_thumbnail FROM users
     WHERE profile_image = ANY(${temporaries}::text[]) OR profile_thumbnail = ANY(${temporaries}::text[])`.execute(
    db,
  );
  const named = new Set(rows.flatMap((r) => [r.a, r.b]));
  for (const { name, modified } of found) {
    if (named.has(name)) {
      await store.place(name);
      swept.placed += 1;
    } else if (now - modified > ABANDONED_MEDIA_MS) {
      await store.removeTemporary(name);
      swept.removed += 1;
    }
  }
  return swept;
}

/** The public address of a stored file. */
export const mediaUrl = (name: string | null | undefined) => (name ? `/media/${name}` : null);
