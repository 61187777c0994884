export type QueueResult<T> = { admitted: true; value: T } | { admitted: false };

/**
 * Admission control for expensive work. At most `maxRunning` jobs run at once and at most
 * `maxWaiting` wait behind them; a caller beyond that is turned away at once, so a burst of
 * requests costs a quick refusal instead of piling up CPU work and memory for every one of them.
 *
 * Fair between clients: one client (an address) may hold at most `perClient` of the places,
 * running or waiting, and a freed slot goes to the clients in turn, not in arrival order. A flood
 * from one address thus waits behind itself: a shopper's page asking for its pictures meanwhile is
 * served after at most one of the flood's renders per client ahead of it, never after all of them.
 */
export class RenderQueue {
  #running = 0;
  #waitingCount = 0;
  /** Each client's waiting jobs, in the order the clients take turns. */
  readonly #waiting = new Map<string, Array<() => void>>();
  /** Places (running or waiting) each client holds. */
  readonly #held = new Map<string, number>();

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
    private readonly perClient: number = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(maxRunning) || maxRunning < 1) throw new RangeError("maxRunning must be >= 1");
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new RangeError("maxWaiting must be >= 0");
    if (!(perClient >= 1)) throw new RangeError("perClient must be >= 1");
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waitingCount;
  }

  /**
   * Runs `job` once a slot is free and it is `client`'s turn, or answers `{ admitted: false }`
   * without running it when the queue, or the client's share of it, is full.
   */
  async run<T>(job: () => Promise<T>, client = ""): Promise<QueueResult<T>> {
    const held = this.#held.get(client) ?? 0;
    if (held >= this.perClient) return { admitted: false };
    const runsNow = this.#running < this.maxRunning;
    if (!runsNow && this.#waitingCount >= this.maxWaiting) return { admitted: false };
    this.#held.set(client, held + 1);
    if (runsNow) {
      this.#running++;
    } else {
      this.#waitingCount++;
      // The finishing job hands its slot straight to us, so `#running` is not touched here.
      await new Promise<void>((resolve) => {
        const line = this.#waiting.get(client);
        if (line) line.push(resolve);
        else this.#waiting.set(client, [resolve]);
      });
    }
    try {
      return { admitted: true, value: await job() };
    } finally {
      const left = (this.#held.get(client) ?? 1) - 1;
      if (left > 0) this.#held.set(client, left);
      else this.#held.delete(client);
      this.#release();
    }
  }

  #release(): void {
    // The client first in turn gets the slot, then goes to the back of the turn order.
    const next = this.#waiting.entries().next();
    if (next.done) {
      this.#running--;
      return;
    }
    const [client, line] = next.value;
    const resolve = line.shift() as () => void;
    this.#waiting.delete(client);
    if (line.length > 0) this.#waiting.set(client, line);
    this.#waitingCount--;
    resolve();
  }
}
