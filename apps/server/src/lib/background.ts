import type { FastifyRequest } from 'fastify';

const pending = new Set<Promise<void>>();

/**
 * Runs `work` once the answer is on its way (a mail whose making and sending must not show in the
 * answer's time: it starts on the next turn of the event loop, after the answer is written); a failure is
 * logged. The server's close waits for work under way, so a stop loses no mail.
 */
export function afterAnswer(req: FastifyRequest, what: string, work: () => Promise<void>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((err: unknown) => req.log.error({ err }, `${what} failed`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves when the work started so far has ended. */
export const backgroundSettled = async (): Promise<void> => {
  await Promise.all(pending);
};
