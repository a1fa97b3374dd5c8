import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaSettings, MediaStore } from './types.ts';

type S3Settings = Extract<MediaSettings, { store: 's3' }>;

/** The content type of a stored name (storeImage gives .jpg and .png only). */
export const mediaType = (name: string) => (name.endsWith('.png') ? 'image/png' : 'image/jpeg');

/** S3's answer to an object that is not there (GetObject says NoSuchKey, HEAD and some servers 404). */
export const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** An error of the object store's SDK (unreachable, refused, failed): the store's fault, not the client's. */
export const isObjectStoreError = (error: unknown) =>
  typeof error === 'object' && error !== null && '$metadata' in error;

export function s3Client(settings: S3Settings) {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers refuse or mangle the
    // streamed (aws-chunked) checksums the SDK otherwise adds to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

/**
 * Media files in a bucket: a placed file is `<prefix><name>`, a temporary one `<prefix>tmp/<name>`, so the
 * sweep lists the temporaries alone, however many files are placed. Placing is a copy then a delete.
 */
export function s3Store(settings: S3Settings): MediaStore & { client: S3Client; key(name: string): string } {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const key = (name: string) => `${settings.prefix}${name}`;
  const temporary = (name: string) => `${settings.prefix}tmp/${name}`;

  async function* list(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      // One level only: the placed files' listing leaves out tmp/ (and anything else in folders).
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: '/', ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key!.slice(prefix.length);
        if (name) yield { name, modified: object.LastModified?.getTime() ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
  const put = (Key: string, Body: Buffer, name: string) =>
    client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType: mediaType(name) }));
  const remove = (Key: string) => client.send(new DeleteObjectCommand({ Bucket, Key })).then(() => {});

  return {
    client,
    key,
    location: `s3://${Bucket}/${settings.prefix}`,
    writeTemporary: (name, bytes) => put(temporary(name), bytes, name).then(() => {}),
    async place(name) {
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: key(name),
            CopySource: `${Bucket}/${encodeURIComponent(temporary(name)).replaceAll('%2F', '/')}`,
          }),
        );
      } catch (error) {
        // Placed already by a sweep running beside this request (which removed the temporary).
        const placed = await client.send(new HeadObjectCommand({ Bucket, Key: key(name) })).catch(() => null);
        if (!isMissing(error) || !placed) throw error;
        return;
      }
      await remove(temporary(name));
    },
    remove: (name) => remove(key(name)),
    removeTemporary: (name) => remove(temporary(name)),
    async temporaries() {
      const found = [];
      for await (const object of list(`${settings.prefix}tmp/`)) found.push(object);
      return found;
    },
    async *placed() {
      for await (const object of list(settings.prefix)) yield object.name;
    },
    async read(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async importFile(name, file) {
      // Stored files are small (re-encoded images of at most a few megabytes): sent whole.
      await put(key(name), await readFile(file), name);
    },
  };
}
