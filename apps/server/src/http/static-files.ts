import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Services } from '../lib/call-context.ts';
import { mediaDir, sweepMedia } from '../lib/media.ts';
import { sweepMediaRemovals } from '../lib/media-removals.ts';
import { mediaStore } from '../lib/media-store/index.ts';
import { serveMedia } from './media-files.ts';

const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Uploaded media under /media/, the web app's build (when built) and the answer for what is not
 * found: a 404 for the API and media, else the web app's index.html (its routes are the client's).
 */
export async function serveFiles(app: FastifyInstance, { db, config }: Services) {
  // Uploaded media: random names, bytes checked and re-encoded on the way in (lib/media.ts).
  if (config.media.store === 'disk') fs.mkdirSync(mediaDir(config.dataDir), { recursive: true });
  // Uploads a crash interrupted are finished or removed before serving (and hourly, in housekeeping),
  // and the files its deletes had queued are removed.
  await sweepMedia(db, mediaStore(config))
    .then(() => sweepMediaRemovals(db, mediaStore(config)))
    .catch((err: unknown) => app.log.error({ err }, 'media sweep failed'));
  await serveMedia(app, config);

  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      // Vite names assets by content hash, so they never change; index.html must always be fresh.
      setHeaders: (reply, filePath) =>
        reply.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        ),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/media/') || req.method !== 'GET') {
      return reply.status(404).send({ message: 'Not found' });
    }
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      return reply.type('text/plain').send('The web app is not built yet: run npm run build');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
