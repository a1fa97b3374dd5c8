import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { calls as allCalls } from './calls/index.ts';
import type { AnyCall } from './calls/registry.ts';
import type { Services } from './lib/call-context.ts';
import { sweepMedia } from './lib/media.ts';
import { sweepMediaRemovals } from './lib/media-removals.ts';
import { mediaStore } from './lib/media-store/index.ts';
import { registerNotifications } from './lib/notification-hub.ts';
import { scheduleHousekeeping } from './lib/housekeeping.ts';
import { purgeThrottling } from './lib/throttle.ts';
import { backgroundSettled } from './lib/background.ts';
import { fanOutNotifications } from './lib/notifications.ts';
import { compactUnreadTallies } from './lib/notification-reads.ts';
import { purgeReadNotifications } from './lib/notification-retention.ts';
import { purgeAuditLog } from './lib/audit-retention.ts';
import { compactListingTallies } from './db/repositories/reports.ts';
import { registerMetrics } from './lib/metrics.ts';
import { Gate } from './lib/gate.ts';
import { purgeIdempotencyKeys } from './lib/idempotency.ts';
import { identify, registerCall } from './http/calls.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerHealth } from './http/health.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurity } from './http/security.ts';
import { serveFiles } from './http/static-files.ts';
import { registerUploads } from './http/uploads.ts';

/** Keeps the first of repeated query parameters (`page=1&page=1`), as old clients send them. */
function parseQuery(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) if (!(key in result)) result[key] = value;
  return result;
}

/**
 * The server: each part is a function of http/ called on this one instance, in this order (hooks and
 * the error handler apply to every route, so none is registered in a child context).
 */
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
  await registerUploads(app);
  registerSecurity(app, config);

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

  await registerOpenApi(app);
  const gates = {
    exports: new Gate(config.exportConcurrency, config.exportQueue),
    searches: new Gate(config.searchConcurrency, config.searchQueue, 1_000),
  };
  const metrics = registerMetrics(app, services, gates);
  registerErrorHandler(app, metrics);
  registerHealth(app, db);

  for (const call of calls) registerCall(app, services, call, gates);
  // Mails a call sends after its answer are finished before the server stops.
  app.addHook('onClose', backgroundSettled);
  await registerNotifications(app, services, (req) => identify(services, req));
  scheduleHousekeeping(
    app,
    db,
    {
      'notification purge': async () => {
        const n = await purgeReadNotifications(
          db,
          config.notificationRetentionDays,
          config.retentionBatchSize,
        );
        if (n > 0) return `purged ${n} read notifications`;
      },
      // Events whose writer stopped in the middle are otherwise written at the next event or start.
      'notification fan-out': async () => {
        const n = await fanOutNotifications(db);
        if (n > 0) return `wrote ${n} notifications of events left waiting`;
      },
      'audit log purge': async () => {
        const n = await purgeAuditLog(db, config.auditRetentionDays, config.retentionBatchSize);
        if (n > 0) return `purged ${n} audit log entries older than ${config.auditRetentionDays} days`;
      },
      'listing tally compaction': () => compactListingTallies(db),
      'unread tally compaction': () => compactUnreadTallies(db),
      'throttling purge': () => purgeThrottling(db),
      'idempotency key purge': async () => {
        const n = await purgeIdempotencyKeys(db);
        if (n > 0) return `purged ${n} idempotency keys older than 24 hours`;
      },
      'media sweep': async () => {
        const { placed, removed } = await sweepMedia(db, mediaStore(config));
        const queued = await sweepMediaRemovals(db, mediaStore(config));
        if (placed + removed + queued.removed > 0)
          return `media sweep: placed ${placed}, removed ${removed} temporary files and ${queued.removed} files no row names`;
      },
    },
    config.housekeeping,
  );

  await serveFiles(app, services);
  return app;
}
