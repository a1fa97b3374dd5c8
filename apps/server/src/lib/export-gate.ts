/** Lets an export run; call it once when the export has finished, failed or been abandoned. */
export type ExportTurn = () => void;

/**
 * How many .xlsx exports this process runs at once (each holds a pooled connection and a share of the
 * CPU for seconds): `limit` run, up to `queue` more wait their turn in order, and beyond that an export
 * is refused (the caller answers 429 with `retryAfterSeconds`). docs/decisions/0031.
 */
export class ExportGate {
  private running = 0;
  private readonly waiting: { start: () => void }[] = [];
  /** How long exports have been taking lately (a moving average): when a turn is likely to free up. */
  private averageMs = 10_000;

  constructor(
    private readonly limit: number,
    private readonly queue: number,
  ) {}

  /** Exports running now, and waiting their turn (for the metrics). */
  get counts() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Seconds after which a refused export is worth trying again. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.averageMs / 1000));
  }

  /**
   * A turn, at once or when one of the running exports ends; undefined when the queue is full, and
   * 'gone' when `gone` fires (the client left) while it waited, so no export runs for nobody.
   */
  take(gone: (leave: () => void) => void): Promise<ExportTurn | 'gone'> | undefined {
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

  private turn(): ExportTurn {
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
