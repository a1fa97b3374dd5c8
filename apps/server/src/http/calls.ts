import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { AnyCall } from '../calls/registry.ts';
import { allows, describeAccess } from '../lib/access.ts';
import type { Services } from '../lib/call-context.ts';
import { HttpError } from '../lib/errors.ts';
import { answerMismatch, compileAnswer } from '../lib/answers.ts';
import { exportIdsQuery } from '@app/contract';
import { narrowedTo, streamExport } from '../lib/list/index.ts';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../lib/session.ts';
import { withAuditContext } from '../db/audit-context.ts';
import { inTurn, type Gate } from '../lib/gate.ts';
import { answerOnce, IDEMPOTENCY_DOC, idempotencyKeyOf, requestHash } from '../lib/idempotency.ts';
import { zodValidationError } from './error-handler.ts';
import { readMultipart } from './uploads.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The signed-in user of a request, by its bearer token or else its session cookie. */
export async function identify(services: Services, req: FastifyRequest): Promise<SessionUser | null> {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S{10,200})$/i.exec(header);
    return match ? findSessionUser(services.db, match[1]!, 'bearer') : null;
  }
  const token = req.cookies[SESSION_COOKIE];
  return token && token.length <= 200 ? findSessionUser(services.db, token, 'cookie') : null;
}

const sessionSecurity: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const searchRefusal = (seconds: number) =>
  `Too many searches are running; try again in ${seconds} second${seconds === 1 ? '' : 's'}`;

/**
 * A call's route, `/api/<name>`: access checked before validation, multipart read where it takes
 * uploads, created records answered once per Idempotency-Key, writes attributed in the audit log;
 * and for a paged list, `/api/<name>/export`.
 */
export function registerCall(
  app: FastifyInstance,
  services: Services,
  call: AnyCall,
  gates: { exports: Gate; searches: Gate },
) {
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
        // A search of a large list takes its turn, so slow ones leave connections to the rest (decision 57).
        if (call.search || (call.list?.sortMatches && (input as { searchText?: string }).searchText))
          return inTurn(gates.searches, reply, searchRefusal, handle);
        if (key === null || !req.user) return handle();
        const request = { userId: req.user.user_id, key, hash: requestHash(call.name, input, files) };
        const keys = { db: services.db, abandonedMs: services.config.idempotencyAbandonedMs };
        return answerOnce(keys, request, reply, handle);
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
      handler: (req, reply) => {
        // A selection's rows only (`ids=1,2,3`), beside the list's own query and search.
        const selected = exportIdsQuery.safeParse(
          Object.fromEntries(new URL(req.raw.url ?? '', 'http://server').searchParams),
        );
        if (!selected.success) throw zodValidationError(selected.error);
        const ids = selected.data.ids;
        return streamExport(
          ids ? narrowedTo(list, ids) : list,
          { ...services, input: req.query, user: req.user!, files: {}, req, reply },
          gates.exports,
        );
      },
    });
  }
}
