import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { STORED_NAME } from '../media.ts';

/** Names given by storeImage (lib/media.ts), looked for in the data to check the backup holds every file. */
const MEDIA_NAME = /[0-9a-f]{32}(?:\.thumb)?\.(?:jpg|png)/g;

/** Hard-links (or copies, across file systems) the media files into `to`; returns their count and size. */
export async function snapshotMedia(from: string, to: string) {
  await fsp.mkdir(to, { recursive: true });
  const entries = await fsp.readdir(from, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const names = new Set<string>();
  let bytes = 0;
  for (const entry of entries) {
    // Stored files only: not the temporary ones of uploads under way (lib/media.ts).
    if (!entry.isFile() || !STORED_NAME.test(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    try {
      await fsp.link(source, target).catch(() => fsp.copyFile(source, target));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile
      throw error;
    }
    names.add(entry.name);
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
