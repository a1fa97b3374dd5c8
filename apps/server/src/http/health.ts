import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { databaseCheck } from '../lib/health.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on readiness answers 503, so load balancers stop sending work; requests are still served. */
    stopTakingWork(): void;
  }
}

/** How long readiness waits for the database before calling it unavailable. */
const READINESS_TIMEOUT_MS = 3000;

/** Readiness (/api/health, /api/health/ready), liveness (/api/health/live) and stopTakingWork. */
export function registerHealth(app: FastifyInstance, db: Db) {
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
}
