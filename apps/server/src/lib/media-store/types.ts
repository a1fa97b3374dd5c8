import type { Readable } from 'node:stream';

/**
 * Where media files live: the data directory's media folder (the default) or an S3-compatible bucket
 * (MEDIA_STORE=s3), chosen by the settings alone so that several servers can share one bucket.
 * A file is written as a temporary first and placed under its name once the row naming it is committed
 * (lib/media.ts); only placed files are served and backed up. docs/decisions/0053-media-object-storage.md.
 */
export interface MediaStore {
  /** Where the files are, for messages: a folder or s3://bucket/prefix. */
  readonly location: string;
  writeTemporary(name: string, bytes: Buffer): Promise<void>;
  /** Gives a temporary file its name; fine when placed already (by a sweep beside the request). */
  place(name: string): Promise<void>;
  /** Removes a placed file; a missing one is fine. */
  remove(name: string): Promise<void>;
  removeTemporary(name: string): Promise<void>;
  /** The temporary files, by the name they will be placed under, with when they were written (ms). */
  temporaries(): Promise<{ name: string; modified: number }[]>;
  /** The names of the placed files. */
  placed(): AsyncIterable<string>;
  /** A placed file's bytes, or null when there is none. */
  read(name: string): Promise<Readable | null>;
  /** Stores a local file as a placed file (restore); the local file may be moved. */
  importFile(name: string, file: string): Promise<void>;
}

export type MediaSettings =
  | { store: 'disk' }
  | {
      store: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      /** Prepended to every key ('' or ending in '/'), so one bucket can hold several installations. */
      prefix: string;
    };
