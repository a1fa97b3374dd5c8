import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORED_NAME } from '../media.ts';
import type { MediaStore } from '../media-store/index.ts';

/** Names given by storeImage (lib/media.ts), looked for in the data to check the backup holds every file. */
const MEDIA_NAME = /[0-9a-f]{32}(?:\.thumb)?\.(?:jpg|png)/g;

/** Copies the placed media files of the store into `to`; returns their names and total size. */
export async function snapshotMedia(store: MediaStore, to: string) {
  await fsp.mkdir(to, { recursive: true });
  const names = new Set<string>();
  let bytes = 0;
  for await (const name of store.placed()) {
    // Stored files only (lib/media.ts).
    if (!STORED_NAME.test(name)) continue;
    const source = await store.read(name);
    if (!source) continue; // removed meanwhile
    const target = path.join(to, name);
    await pipeline(source, fs.createWriteStream(target));
    names.add(name);
    bytes += (await fsp.stat(target)).size;
  }
  return { names, bytes };
}

/** Collects the media file names that appear in a COPY stream passing through. */
export function mediaNamesIn(found: Set<string>) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // The server sends one row per chunk, so a name is never split across two.
      for (const match of chunk.toString('latin1').matchAll(MEDIA_NAME)) found.add(match[0]);
      done(null, chunk);
    },
  });
}
