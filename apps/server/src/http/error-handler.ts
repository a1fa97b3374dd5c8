import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { isRetryable } from '../db/transaction.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import { isObjectStoreError } from '../lib/media-store/s3.ts';
import type { Metrics } from '../lib/metrics.ts';

/** Every error's answer: its status and a message meant for the client; the unexpected are logged. */
export function registerErrorHandler(app: FastifyInstance, metrics: Metrics) {
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
    // Before the database's check: an unreachable bucket fails with the same network codes.
    if (isObjectStoreError(error)) {
      req.log.error({ err: error }, 'media storage failed');
      metrics.countError('media_storage_unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ message: 'The media storage is unavailable. Please try again shortly' });
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
export const zodValidationError = (error: ZodError) =>
  validationError(error.issues.map((i): [string, string] => [i.path.join('.'), i.message]));
