import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { SESSION_COOKIE } from '../lib/session.ts';

/** The security headers of every answer, HSTS over https, and the CSRF check of cookie writes. */
export function registerSecurity(app: FastifyInstance, config: Config) {
  // The security headers are the same for every answer: worked out once by helmet, not per request
  // (@fastify/helmet builds the middleware again for each request).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(securityHeaders);
  });
  // HSTS only means something over TLS; sent when the request came in (or was forwarded) as https.
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
  // CSRF: a write carrying the session cookie must come from our own pages — with the header a
  // cross-site form cannot set, and no other site's Origin. Checked before any body is read.
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.headers.authorization !== undefined) return;
    if (!req.cookies[SESSION_COOKIE]) return;
    if (req.headers['x-requested-with'] !== 'web' || !fromOwnSite(req, config.publicUrl)) {
      throw new HttpError(403, 'Cross-site request refused');
    }
  });
}

/** The headers helmet's middleware sets with these options. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** No Origin header (some browsers, other clients) passes: the custom header is the first guard. */
function fromOwnSite(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const host = URL.canParse(origin) ? new URL(origin).host : null;
  return host !== null && (host === req.host || host === new URL(publicUrl).host);
}
