import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { HousekeepingTimes } from '../config.ts';
import type { Db } from '../db/index.ts';

/** Names this process in `housekeeping_runs.started_by`. */
const PROCESS = `${os.hostname()} pid ${process.pid}`;

/**
 * Claims, for this process, the jobs no process of the database has started within most of a round
 * (nine tenths, so that a process whose rounds fall a little early still finds them due); answers the
 * names claimed. One statement under each job's row lock: of processes claiming at once, one gets it,
 * and the others see its start time. Times are the database's, so machines' clocks need not agree.
 */
export async function claimJobs(db: Db, names: string[], everyMs: number): Promise<string[]> {
  const { rows } = await sql<{ job: string }>`
    INSERT INTO housekeeping_runs AS h (job, started_at, started_by)
    SELECT job, now(), ${PROCESS} FROM unnest(${names}::text[]) AS job
    ON CONFLICT (job) DO UPDATE SET started_at = now(), started_by = excluded.started_by
     WHERE h.started_at <= now() - make_interval(secs => ${(everyMs * 0.9) / 1000})
    RETURNING job`.execute(db);
  return rows.map((r) => r.job);
}

/**
 * Runs each job `firstMs` after start and then every `everyMs` (a minute, an hour), one run of a job at
 * a time, and once across every process on the database: a round runs the jobs this process claims
 * (claimJobs) and leaves the others to the process that started them (docs/decisions/0054). A failure
 * is logged and the job tried again at its next round. The app's close waits for runs under way.
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  db: Db,
  jobs: Record<string, () => Promise<string | void>>,
  { firstMs, everyMs }: HousekeepingTimes,
) {
  const running = new Map<string, Promise<void>>();
  let round: Promise<void> = Promise.resolve();
  const start = (name: string, job: () => Promise<string | void>) => {
    const run = job()
      .then((done) => {
        if (done) app.log.info(done);
      })
      .catch((err: unknown) => app.log.error({ err }, `${name} failed`))
      .finally(() => running.delete(name));
    running.set(name, run);
  };
  const runAll = async () => {
    const idle = Object.keys(jobs).filter((name) => !running.has(name));
    const claimed = await claimJobs(db, idle, everyMs);
    for (const name of claimed) start(name, jobs[name]!);
    const skipped = idle.filter((name) => !claimed.includes(name));
    app.log.info({ ran: claimed, skipped }, 'housekeeping round');
  };
  const next = () => {
    round = round
      .then(runAll)
      .catch((err: unknown) => app.log.error({ err }, 'housekeeping could not claim its jobs'));
  };
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    next();
    every = setInterval(next, everyMs).unref();
  }, firstMs).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await round;
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
