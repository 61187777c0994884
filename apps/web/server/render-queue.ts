export type QueueResult<T> = { admitted: true; value: T } | { admitted: false };

/**
 * Admission control for expensive work. At most `maxRunning` jobs run at once and at most
 * `maxWaiting` wait behind them; a caller beyond that is turned away at once, so a burst of
 * requests costs a quick refusal instead of piling up CPU work and memory for every one of them.
 */
export class RenderQueue {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(maxRunning) || maxRunning < 1) throw new RangeError("maxRunning must be >= 1");
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new RangeError("maxWaiting must be >= 0");
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `job` once a slot is free, or answers `{ admitted: false }` without running it when full. */
  async run<T>(job: () => Promise<T>): Promise<QueueResult<T>> {
    if (this.#running < this.maxRunning) {
      this.#running++;
    } else if (this.#waiting.length < this.maxWaiting) {
      // The finishing job hands its slot straight to us, so `#running` is not touched here.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      return { admitted: false };
    }
    try {
      return { admitted: true, value: await job() };
    } finally {
      this.#release();
    }
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }
}
