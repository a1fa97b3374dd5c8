import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import helmet, { type HelmetOptions } from 'helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { calls as allCalls } from './calls/index.ts';
import { allows, describeAccess, type AnyCall, type Services } from './calls/registry.ts';
import { badRequest, HttpError, isDatabaseUnavailable } from './lib/errors.ts';
import { isRetryable } from './db/transaction.ts';
import { answerMismatch, compileAnswer } from './lib/answers.ts';
import { assertPlainFileName, mediaDir, sweepMedia } from './lib/media.ts';
import { UPLOAD_LIMIT_BYTES } from '@app/contract';
import type { ZodError } from 'zod';
import { streamExport } from './lib/list/index.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from './lib/session.ts';
import { registerNotifications } from './lib/notification-hub.ts';
import { scheduleHousekeeping } from './lib/housekeeping.ts';
import { purgeThrottling } from './lib/throttle.ts';
import { backgroundSettled } from './lib/background.ts';
import { purgeReadNotifications } from './lib/notifications.ts';
import { purgeAuditLog } from './lib/audit-retention.ts';
import { compactListingTallies } from './calls/reports/overview.ts';
import { registerMetrics } from './lib/metrics.ts';
import { withAuditContext } from './lib/audit-context.ts';
import { ExportGate } from './lib/export-gate.ts';
import { databaseCheck } from './lib/health.ts';
import {
  answerOnce,
  IDEMPOTENCY_DOC,
  idempotencyKeyOf,
  purgeIdempotencyKeys,
  requestHash,
} from './lib/idempotency.ts';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** From now on readiness answers 503, so load balancers stop sending work; requests are still served. */
    stopTakingWork(): void;
  }
}

/** How long readiness waits for the database before calling it unavailable. */
const READINESS_TIMEOUT_MS = 3000;

/** Keeps the first of repeated query parameters (`page=1&page=1`), as old clients send them. */
function parseQuery(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) if (!(key in result)) result[key] = value;
  return result;
}

export async function buildApp(
  services: Services,
  calls: readonly AnyCall[] = allCalls,
  logStream?: NodeJS.WritableStream,
): Promise<FastifyInstance> {
  const { db, config } = services;
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream && { stream: logStream }) },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQuery },
    bodyLimit: 1_048_576 * 2,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);

  await app.register(cookie);
  await app.register(multipart, {
    // The client's file name as sent, path and all, so that one with a path is refused (lib/media.ts).
    preservePath: true,
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 5, fields: 200, fieldSize: 100_000, parts: 205 },
  });
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

  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: req.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        user: req.user?.user_id,
      },
      'request',
    );
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Pinoy Property back office API', version: process.env.npm_package_version ?? '0.1.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  const exportGate = new ExportGate(config.exportConcurrency, config.exportQueue);
  const metrics = registerMetrics(app, services, exportGate);

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue): [string, string] => [
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        issue.message ?? 'Invalid value',
      ]);
      const { statusCode, message, errors } = validationError(fields);
      return reply.status(statusCode).send({ message, errors });
    }
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn(`database unavailable: ${error.message}`);
      metrics.countError('database_unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ message: 'The database is unavailable. Please try again shortly' });
    }
    const pgCode = (error as { code?: string }).code;
    if (pgCode === 'ENOSPC' || pgCode === 'EDQUOT') {
      req.log.error({ err: error }, 'no space left to store a file');
      metrics.countError('disk_full');
      return reply
        .status(507)
        .send({ message: 'The server has no room left to store files. Please tell your administrator' });
    }
    if (pgCode && VALUE_REFUSED_BY_DATABASE.has(pgCode)) {
      return reply
        .status(400)
        .send({ message: 'A value holds a character or a number that cannot be stored' });
    }
    if (isRetryable(error)) {
      // Still colliding after inTransaction's retries: the save did nothing and may be sent again.
      return reply.status(409).send({
        message:
          'Someone else was saving the same record at that moment. Nothing was saved: please try again',
      });
    }
    if (pgCode === '23505') return reply.status(409).send({ message: 'This record already exists' });
    if (pgCode === '23503')
      return reply.status(409).send({ message: 'The record is in use by other records' });
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: clientErrorMessage(error) });
    }
    req.log.error({ err: error }, 'unexpected error');
    metrics.countError('unexpected');
    return reply.status(500).send({ message: 'Something went wrong' });
  });

  let stopping = false;
  app.decorate('stopTakingWork', () => {
    stopping = true;
  });
  app.addHook('preClose', async () => app.stopTakingWork());
  // Readiness asks over a connection of its own, which the requests' work cannot take.
  const healthCheck = databaseCheck(db, READINESS_TIMEOUT_MS);
  app.addHook('onClose', healthCheck.close);
  const databaseAnswers = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), READINESS_TIMEOUT_MS);
    });
    try {
      await Promise.race([healthCheck.ask(), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
  const readiness = async (_req: FastifyRequest, reply: FastifyReply) => {
    if (stopping) return reply.status(503).send({ status: 'stopping' });
    if (!(await databaseAnswers())) return reply.status(503).send({ status: 'unavailable' });
    return { status: 'ok' };
  };
  const system = (summary: string) => ({ schema: { tags: ['System'], summary } });
  app.get('/api/health', system('Ready: the same as /api/health/ready'), readiness);
  app.get(
    '/api/health/ready',
    system('Ready for requests: 200 when the database answers and the server is not stopping, else 503'),
    readiness,
  );
  app.get('/api/health/live', system('Alive: 200 while the process runs (no database check)'), async () => ({
    status: 'ok',
  }));

  for (const call of calls) registerCall(app, services, call, exportGate);
  // Mails a call sends after its answer are finished before the server stops.
  app.addHook('onClose', backgroundSettled);
  await registerNotifications(app, services, (req) => identify(services, req));
  scheduleHousekeeping(app, {
    'notification purge': async () => {
      const n = await purgeReadNotifications(db, config.notificationRetentionDays);
      if (n > 0) return `purged ${n} read notifications`;
    },
    'audit log purge': async () => {
      const n = await purgeAuditLog(db, config.auditRetentionDays);
      if (n > 0) return `purged ${n} audit log entries older than ${config.auditRetentionDays} days`;
    },
    'listing tally compaction': () => compactListingTallies(db),
    'throttling purge': () => purgeThrottling(db),
    'idempotency key purge': async () => {
      const n = await purgeIdempotencyKeys(db);
      if (n > 0) return `purged ${n} idempotency keys older than 24 hours`;
    },
    'media sweep': async () => {
      const { placed, removed } = await sweepMedia(db, config.dataDir);
      if (placed + removed > 0) return `media sweep: placed ${placed}, removed ${removed} temporary files`;
    },
  });

  // Uploaded media: random names, bytes checked and re-encoded on the way in (lib/media.ts).
  const media = mediaDir(config.dataDir);
  fs.mkdirSync(media, { recursive: true });
  // Uploads a crash interrupted are finished or removed before serving (and hourly, above).
  await sweepMedia(db, config.dataDir).catch((err: unknown) => app.log.error({ err }, 'media sweep failed'));
  await app.register(fastifyStatic, {
    root: media,
    prefix: '/media/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('Cache-Control', 'private, max-age=31536000, immutable');
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });

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

  return app;
}

/**
 * PostgreSQL's answers to a value it cannot take (a NUL character, bytes that are not UTF-8, a number
 * out of range, text that is not a number or a date): input that validation let through, so a 400.
 */
const VALUE_REFUSED_BY_DATABASE = new Set(['22021', '22P05', '22003', '22P02', '22001', '22007', '22008']);

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return 'Bad request';
  }
}

/** The 400 answer for invalid fields: the first one in the message, every one in `errors`. */
function validationError(fields: [string, string][]) {
  const errors: Record<string, string> = {};
  for (const [field, message] of fields) errors[field || 'body'] ??= message;
  const [field, message] = Object.entries(errors)[0] ?? ['body', 'Invalid request'];
  return badRequest(field === 'body' ? message : `${field}: ${message}`, errors);
}
const zodValidationError = (error: ZodError) =>
  validationError(error.issues.map((i): [string, string] => [i.path.join('.'), i.message]));

/** Reads a multipart body: the text fields (first value of each name) and the named files. */
/**
 * What a browser's FormData sends for a field the old clients appended as null or undefined: the same
 * empty field that JSON sends as null (nobody means the word 'null' as a phone number or a website).
 */
const EMPTY_PARTS = new Set(['null', 'undefined']);

async function readMultipart(req: FastifyRequest, upload: NonNullable<AnyCall['upload']>) {
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer> = {};
  const fileNames: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (upload.files.includes(part.fieldname) && !(part.fieldname in files)) {
          files[part.fieldname] = await part.toBuffer();
          fileNames[part.fieldname] = part.filename;
        } else {
          part.file.resume();
        }
      } else if (!(part.fieldname in fields)) {
        fields[part.fieldname] = EMPTY_PARTS.has(part.value as string) ? null : part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(upload.tooLarge);
    // Whatever else stops the reading (no boundary, a truncated or malformed body) is the sender's.
    throw badRequest('The upload could not be read');
  }
  for (const [field, name] of Object.entries(fileNames)) assertPlainFileName(field, name);
  return { fields, files };
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

async function identify(services: Services, req: FastifyRequest): Promise<SessionUser | null> {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S{10,200})$/i.exec(header);
    return match ? findSessionUser(services.db, match[1]!, 'bearer') : null;
  }
  const token = req.cookies[SESSION_COOKIE];
  return token && token.length <= 200 ? findSessionUser(services.db, token, 'cookie') : null;
}

const sessionSecurity: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

function registerCall(app: FastifyInstance, services: Services, call: AnyCall, exportGate: ExportGate) {
  const inputKey = call.method === 'GET' ? 'querystring' : 'body';
  const upload = call.upload;
  const schema: FastifySchema = {
    // Multipart calls are validated in the handler, after the upload has been read.
    ...(upload ? { consumes: ['multipart/form-data', 'application/json'] } : { [inputKey]: call.input }),
    tags: [call.tag],
    summary: call.summary,
    description:
      (call.access === 'public' ? 'No session needed.' : `Requires: ${describeAccess(call.access)}.`) +
      (call.create ? ` ${IDEMPOTENCY_DOC}` : ''),
    security: call.access === 'public' ? [] : sessionSecurity,
  };

  const authorize = async (req: FastifyRequest) => {
    if (call.access === 'public') return;
    const user = await identify(services, req);
    if (!user) throw new HttpError(401, 'You are not signed in or your session has ended');
    req.user = user;
    if (!allows(call.access, user)) {
      throw new HttpError(403, 'You do not have permission to do this');
    }
  };

  app.route({
    method: call.method,
    url: `/api/${call.name}`,
    schema: { ...schema, response: { 200: call.response } },
    serializerCompiler: compileAnswer,
    preValidation: authorize,
    ...(services.config.checkAnswers && {
      preSerialization: async (_req: FastifyRequest, reply: FastifyReply, answer: unknown) => {
        const mismatch = reply.statusCode === 200 && answerMismatch(call.response, answer);
        if (mismatch) throw new Error(`${call.name} answered what it does not declare:\n${mismatch}`);
        return answer;
      },
    }),
    handler: async (req, reply) => {
      const key = call.create ? idempotencyKeyOf(req) : null;
      const run = async () => {
        let input: unknown = req[inputKey === 'body' ? 'body' : 'query'];
        let files: Record<string, Buffer> = {};
        if (upload) {
          const read = req.isMultipart()
            ? await readMultipart(req, upload)
            : { fields: req.body ?? {}, files: {} };
          const parsed = call.input.safeParse(read.fields);
          if (!parsed.success) throw zodValidationError(parsed.error);
          [input, files] = [parsed.data, read.files];
        }
        const handle = () => call.handle({ ...services, input, user: req.user, files, req, reply });
        if (key === null || !req.user) return handle();
        const request = { userId: req.user.user_id, key, hash: requestHash(call.name, input, files) };
        return answerOnce(services.db, request, reply, handle);
      };
      // Writes happen in POST calls; their rows in the audit log name the user, address and call.
      return call.method === 'GET'
        ? run()
        : withAuditContext({ actorId: req.user?.user_id ?? null, ip: req.ip, call: call.name }, run);
    },
  });

  const list = call.list;
  if (list) {
    app.route({
      method: 'GET',
      url: `/api/${call.name}/export`,
      schema: { ...schema, summary: `${call.summary}: the whole filtered list as .xlsx` },
      preValidation: authorize,
      handler: (req, reply) =>
        streamExport(
          list,
          { ...services, input: req.query, user: req.user!, files: {}, req, reply },
          exportGate,
        ),
    });
  }
}
