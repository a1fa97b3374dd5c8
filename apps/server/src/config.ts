import path from 'node:path';
import { NOTIFICATION_RETENTION_DAYS } from '@app/contract';
import type { MediaSettings } from './lib/media-store/types.ts';

export interface HousekeepingTimes {
  /** The first round, after start. */
  firstMs: number;
  /** Every following round. */
  everyMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded media live: DATA_DIR/media (the default) or an S3-compatible bucket. */
  media: MediaSettings;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  sessionTtlHours: number;
  logLevel: string;
  trustProxy: boolean;
  /** Read notifications older than this many days are purged. */
  notificationRetentionDays: number;
  /** Audit log entries older than this many days are purged; 0 keeps them for ever. */
  auditRetentionDays: number;
  /** Rows each statement of the two retention purges deletes (RETENTION_BATCH_SIZE). */
  retentionBatchSize: number;
  /** How many .xlsx exports one process runs at once (each holds a database connection throughout). */
  exportConcurrency: number;
  /** How many more exports wait their turn; beyond them an export is refused with 429 and Retry-After. */
  exportQueue: number;
  /**
   * How many searches of the large lists (users, sellers, reports, audit log) one process runs at once,
   * so that slow ones leave connections to everything else (decision 57).
   */
  searchConcurrency: number;
  /** How many more searches wait their turn; beyond them a search is refused with 429 and Retry-After. */
  searchQueue: number;
  /** Prometheus metrics at /metrics (404 when off). */
  metrics: boolean;
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** After SIGTERM, how long readiness answers 503 while requests are still served (load balancer drain). */
  shutdownDelayMs: number;
  /**
   * Check every answer against its declaration before it is serialized, and fail the request when they
   * disagree (CHECK_ANSWERS=true: the tests and browser tests). The serializer would otherwise coerce a
   * value of another type without a sign (text where a number is declared, a null where a string is).
   */
  checkAnswers: boolean;
  /** Connections of this process's database pool (each process holds this many, plus two). */
  databasePoolSize: number;
  /** The hourly housekeeping's timing; its first round comes a minute after start unless a test says. */
  housekeeping: HousekeepingTimes;
  /**
   * How long a create's Idempotency-Key claim may go without its request saying it still runs before a
   * retry takes it over (the request says so every quarter of this).
   */
  idempotencyAbandonedMs: number;
}

/**
 * Two years: longer than the twelve months audit standards ask for (PCI DSS 10.5.1), so a dispute or an
 * investigation over last year's records still has them; bounded, because entries hold names, e-mail
 * and client addresses (Data Privacy Act: kept no longer than needed). docs/decisions/0032.
 */
export const AUDIT_RETENTION_DAYS = 730;

/**
 * Rows per statement of the retention purges: small enough that a statement holds few locks and
 * ends in tens of milliseconds beside the day's reads and inserts, large enough that a month of a
 * busy marketplace goes in under a minute (bench:retention; docs/decisions/0055).
 */
export const RETENTION_BATCH_SIZE = 5_000;

const int = (value: string | undefined, fallback: number, min = 1) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= min ? n : fallback;
};

/** Reads the environment once. Relative paths are taken from where `npm start` was typed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const base = env.INIT_CWD ?? process.cwd();
  const port = int(env.PORT, 3000);
  const poolSize = int(env.DATABASE_POOL_SIZE, 10);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(base, env.DATA_DIR ?? 'data'),
    media: mediaSettings(env),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Pinoy Property <no-reply@pinoyproperty.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sessionTtlHours: int(env.SESSION_TTL_HOURS, 12),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true',
    notificationRetentionDays: int(env.NOTIFICATION_RETENTION_DAYS, NOTIFICATION_RETENTION_DAYS),
    auditRetentionDays: int(env.AUDIT_RETENTION_DAYS, AUDIT_RETENTION_DAYS, 0),
    retentionBatchSize: int(env.RETENTION_BATCH_SIZE, RETENTION_BATCH_SIZE),
    exportConcurrency: int(env.EXPORT_CONCURRENCY, 2),
    exportQueue: int(env.EXPORT_QUEUE, 4, 0),
    searchConcurrency: int(env.SEARCH_CONCURRENCY, Math.max(1, Math.floor(poolSize / 4))),
    searchQueue: int(env.SEARCH_QUEUE, 100, 0),
    metrics: env.METRICS === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownDelayMs: int(env.SHUTDOWN_DELAY_MS, 0, 0),
    checkAnswers: env.CHECK_ANSWERS === 'true',
    databasePoolSize: poolSize,
    housekeeping: { firstMs: int(env.HOUSEKEEPING_FIRST_MS, 60_000, 0), everyMs: 3_600_000 },
    idempotencyAbandonedMs: int(env.IDEMPOTENCY_ABANDONED_MS, 60_000, 100),
  };
}

/** MEDIA_STORE=disk (the default) or s3 with its S3_* settings; a setting that cannot work stops the start. */
export function mediaSettings(env: NodeJS.ProcessEnv): MediaSettings {
  const store = env.MEDIA_STORE || 'disk';
  if (store === 'disk') return { store };
  if (store !== 's3') throw new Error(`MEDIA_STORE must be disk or s3, not "${store}"`);
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET, the name of the bucket that holds the media');
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither');
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error(`S3_ENDPOINT must be an http:// or https:// address, not "${endpoint}"`);
  }
  const forcePathStyle = env.S3_FORCE_PATH_STYLE || 'false';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') {
    throw new Error(`S3_FORCE_PATH_STYLE must be true or false, not "${forcePathStyle}"`);
  }
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    store,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: forcePathStyle === 'true',
    prefix: prefix ? `${prefix}/` : '',
  };
}
