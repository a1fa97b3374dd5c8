import type { FastifyRequest } from 'fastify';

const pending = new Set<Promise<void>>();

/**
 * Runs `work` without the answer waiting for it (a mail whose sending time must not show in the answer's
 * time); a failure is logged. The server's close waits for work under way, so a stop loses no mail.
 */
export function afterAnswer(req: FastifyRequest, what: string, work: () => Promise<void>): void {
  const run = work()
    .catch((err: unknown) => req.log.error({ err }, `${what} failed`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves when the work started so far has ended. */
export const backgroundSettled = async (): Promise<void> => {
  await Promise.all(pending);
};
