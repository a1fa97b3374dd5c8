import fsp from 'node:fs/promises';
import path from 'node:path';
import type { MediaStore } from './types.ts';

const TEMPORARY = '.tmp';
const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Media files in one folder: a temporary file is `<name>.tmp` beside the placed ones. */
export function diskStore(dir: string): MediaStore {
  const at = (name: string) => path.join(dir, name);
  const entries = () =>
    fsp.readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (missing(error)) return [];
      throw error;
    });
  return {
    location: dir,
    async writeTemporary(name, bytes) {
      await fsp.mkdir(dir, { recursive: true });
      await fsp.writeFile(at(name + TEMPORARY), bytes, { flag: 'wx' });
    },
    async place(name) {
      try {
        await fsp.rename(at(name + TEMPORARY), at(name));
      } catch (error) {
        // Placed already by a sweep running beside this request.
        const placed = await fsp.stat(at(name)).catch(() => null);
        if (!missing(error) || !placed) throw error;
      }
    },
    remove: (name) => fsp.rm(at(name), { force: true }),
    removeTemporary: (name) => fsp.rm(at(name + TEMPORARY), { force: true }),
    async temporaries() {
      const found = [];
      for (const entry of await entries()) {
        if (!entry.isFile() || !entry.name.endsWith(TEMPORARY)) continue;
        const stat = await fsp.stat(at(entry.name)).catch(() => null);
        if (stat) found.push({ name: entry.name.slice(0, -TEMPORARY.length), modified: stat.mtimeMs });
      }
      return found;
    },
    async *placed() {
      for (const entry of await entries()) {
        if (entry.isFile() && !entry.name.endsWith(TEMPORARY)) yield entry.name;
      }
    },
    async read(name) {
      const handle = await fsp.open(at(name)).catch((error: unknown) => {
        if (missing(error)) return null;
        throw error;
      });
      return handle && handle.createReadStream();
    },
    async importFile(name, file) {
      await fsp.mkdir(dir, { recursive: true });
      await fsp.rename(file, at(name)).catch(() => fsp.copyFile(file, at(name)));
    },
  };
}
