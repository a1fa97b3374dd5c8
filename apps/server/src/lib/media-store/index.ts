import path from 'node:path';
import type { Config } from '../../config.ts';
import { diskStore } from './disk.ts';
import { s3Store } from './s3.ts';
import type { MediaStore } from './types.ts';

export type { MediaSettings, MediaStore } from './types.ts';

const stores = new WeakMap<object, MediaStore>();

/** The store the settings name; one per settings object (the S3 client keeps its connections). */
export function mediaStore(config: Pick<Config, 'dataDir' | 'media'>): MediaStore {
  if (config.media.store === 'disk') return diskStore(path.join(config.dataDir, 'media'));
  let store = stores.get(config.media);
  if (!store) stores.set(config.media, (store = s3Store(config.media)));
  return store;
}
