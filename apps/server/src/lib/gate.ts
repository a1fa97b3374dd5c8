import type { FastifyReply } from 'fastify';
import { HttpError } from './errors.ts';

/** Lets a request run; call it once when its work has finished, failed or been abandoned. */
export type Turn = () => void;

/**
 * How many requests of one heavy kind this process runs at once (.xlsx exports, searches of the large
 * lists: each holds pooled connections and a share of the CPU): `limit` run, up to `queue` more wait
 * their turn in order, and beyond that one is refused (the caller answers 429 with
 * `retryAfterSeconds`). docs/decisions/0031 and 0057.
 */
export class Gate {
  private running = 0;
  private readonly waiting: { start: () => void }[] = [];
  /** How long turns have been taking lately (a moving average): when one is likely to free up. */
  private averageMs: number;

  constructor(
    private readonly limit: number,
    private readonly queue: number,
    typicalMs = 10_000,
  ) {
    this.averageMs = typicalMs;
  }

  /** Requests running now, and waiting their turn (for the metrics). */
  get counts() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Seconds after which a refused request is worth trying again. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.averageMs / 1000));
  }

  /**
   * A turn, at once or when one of the running requests ends; undefined when the queue is full, and
   * 'gone' when `gone` fires (the client left) while it waited, so nothing runs for nobody.
   */
  take(gone: (leave: () => void) => void): Promise<Turn | 'gone'> | undefined {
    if (this.running < this.limit) return Promise.resolve(this.turn());
    if (this.waiting.length >= this.queue) return undefined;
    return new Promise((resolve) => {
      const waiter = { start: () => resolve(this.turn()) };
      this.waiting.push(waiter);
      gone(() => {
        const at = this.waiting.indexOf(waiter);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        resolve('gone');
      });
    });
  }

  private turn(): Turn {
    this.running += 1;
    const started = performance.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.averageMs = 0.7 * this.averageMs + 0.3 * (performance.now() - started);
      this.running -= 1;
      this.waiting.shift()?.start();
    };
  }
}

/**
 * Runs `work` in its turn at the gate: refused with 429 and Retry-After when the queue is full, and
 * not run at all (499, as nginx logs it) when the client leaves while it waits.
 */
export async function inTurn<T>(
  gate: Gate,
  reply: FastifyReply,
  refusal: (seconds: number) => string,
  work: () => Promise<T>,
): Promise<T> {
  const taking = gate.take((leave) => reply.raw.once('close', leave));
  if (!taking) {
    const seconds = gate.retryAfterSeconds;
    reply.header('Retry-After', String(seconds));
    throw new HttpError(429, refusal(seconds));
  }
  const turn = await taking;
  if (turn === 'gone') throw new HttpError(499, 'The client left before its turn came');
  try {
    return await work();
  } finally {
    turn();
  }
}
