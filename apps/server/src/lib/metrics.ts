import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolOf, type Db } from '../db/index.ts';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import type { Gate } from './gate.ts';

/** Why a request failed on the server's side (the answers are 500, 503 and 507). */
export type ServerErrorKind =
  'unexpected' | 'database_unavailable' | 'disk_full' | 'media_storage_unavailable';

export interface Metrics {
  countError(kind: ServerErrorKind): void;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at GET /metrics when METRICS=true (404 otherwise), behind METRICS_TOKEN when set.
 * Each app has its own registry, so several apps can run in one process (tests, a second instance).
 */
export function registerMetrics(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
  gates?: { exports: Gate; searches: Gate },
): Metrics {
  if (!config.metrics) {
    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) =>
      reply.status(404).send({ message: 'Not found' }),
    );
    return { countError: () => {} };
  }

  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const errors = new Counter({
    name: 'http_server_errors_total',
    help: 'Requests that failed on the server side, by cause',
    labelNames: ['kind'],
    registers,
  });
  for (const kind of [
    'unexpected',
    'database_unavailable',
    'disk_full',
    'media_storage_unavailable',
  ] as const)
    errors.inc({ kind }, 0);

  const pool = poolOf(db);
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the database pool: total (open) and idle',
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'total' }, pool?.totalCount ?? 0);
      this.set({ state: 'idle' }, pool?.idleCount ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a free connection of the database pool',
    registers,
    collect() {
      this.set(pool?.waitingCount ?? 0);
    },
  });

  for (const [kind, name, help] of [
    [
      'exports',
      'exports_in_progress',
      'Excel exports running, and waiting their turn (EXPORT_CONCURRENCY, EXPORT_QUEUE)',
    ],
    [
      'searches',
      'searches_in_progress',
      'Searches of the large lists running, and waiting their turn (SEARCH_CONCURRENCY, SEARCH_QUEUE)',
    ],
  ] as const)
    new Gauge({
      name,
      help,
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'running' }, gates?.[kind].counts.running ?? 0);
        this.set({ state: 'waiting' }, gates?.[kind].counts.waiting ?? 0);
      },
    });

  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the raw address, so the label set stays small.
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => registry.clear());

  const expected = config.metricsToken === undefined ? null : sha256(config.metricsToken);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (expected) {
      const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!given || !timingSafeEqual(sha256(given), expected)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw new HttpError(401, 'A valid metrics token is required');
      }
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  return { countError: (kind) => errors.inc({ kind }) };
}
