import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { GetObjectCommand, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { mediaDir, STORED_NAME } from '../lib/media.ts';
import { isMissing, mediaType, s3Store } from '../lib/media-store/s3.ts';
import { mediaStore } from '../lib/media-store/index.ts';

/** A date header as a Date; one that does not parse is ignored, as HTTP says of If-Modified-Since. */
const validDate = (value: string | undefined) => {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** Stored names are random and never reused, so a file never changes: cached for a year. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/**
 * Uploaded media at /media/<name>, from the data directory or streamed from the bucket with the same
 * headers (docs/decisions/0053-media-object-storage.md): addresses stay the server's, so old clients,
 * the Content-Security-Policy (img-src 'self') and the cache rules are unchanged.
 */
export async function serveMedia(app: FastifyInstance, config: Config) {
  if (config.media.store === 'disk') {
    await app.register(fastifyStatic, {
      root: mediaDir(config.dataDir),
      prefix: '/media/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('Cache-Control', CACHE_CONTROL);
        reply.header('X-Content-Type-Options', 'nosniff');
      },
    });
    return;
  }
  const store = mediaStore(config) as ReturnType<typeof s3Store>;
  const Bucket = config.media.bucket;
  // A wildcard, as the disk store's route: the same route label in the metrics.
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (req, reply) => {
    const name = req.params['*'];
    if (!STORED_NAME.test(name)) return reply.status(404).send({ message: 'Not found' });
    const header = (h: string) =>
      typeof req.headers[h] === 'string' ? (req.headers[h] as string) : undefined;
    let object;
    try {
      object = await store.client.send(
        new GetObjectCommand({
          Bucket,
          Key: store.key(name),
          Range: header('range'),
          IfNoneMatch: header('if-none-match'),
          IfModifiedSince: validDate(header('if-modified-since')),
        }),
      );
    } catch (error) {
      if (isMissing(error)) return reply.status(404).send({ message: 'Not found' });
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      if (status === 304) return reply.status(304).header('Cache-Control', CACHE_CONTROL).send();
      if (status === 416) return reply.status(416).header('Content-Range', 'bytes */*').send();
      throw error;
    }
    reply
      .status(object.ContentRange ? 206 : 200)
      .header('Content-Type', mediaType(name))
      .header('Cache-Control', CACHE_CONTROL)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Accept-Ranges', 'bytes');
    if (object.ContentLength !== undefined) reply.header('Content-Length', object.ContentLength);
    if (object.ContentRange) reply.header('Content-Range', object.ContentRange);
    if (object.ETag) reply.header('ETag', object.ETag);
    if (object.LastModified) reply.header('Last-Modified', object.LastModified.toUTCString());
    return reply.send(object.Body as Readable);
  });
}
