import type { FastifyInstance } from 'fastify';

const FIRST_MS = 60_000;
const EVERY_MS = 3_600_000;

/**
 * Runs each job a minute after start and then hourly, one run of a job at a time; a failure is logged
 * and the job tried again at its next hour. The app's close waits for runs under way.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  jobs: Record<string, () => Promise<string | void>>,
) {
  const running = new Map<string, Promise<void>>();
  const runAll = () => {
    for (const [name, job] of Object.entries(jobs)) {
      if (running.has(name)) continue;
      const run = job()
        .then((done) => {
          if (done) app.log.info(done);
        })
        .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
        .finally(() => running.delete(name));
      running.set(name, run);
    }
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    runAll();
    every = setInterval(runAll, EVERY_MS).unref();
  }, FIRST_MS).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await Promise.all(running.values());
  });
}

/**
 * Runs a purge a batch at a time, so that no statement holds many rows or runs long: `batch` deletes at
 * most `size` rows and answers how many; it runs until one deletes fewer. Answers the total.
 */
export async function purgeInBatches(size: number, batch: () => Promise<number>): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await batch();
    purged += deleted;
    if (deleted < size) return purged;
  }
}
