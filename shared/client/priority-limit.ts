/**
 * A limit on calls running at once with two queues: urgent calls waiting go before the others, each
 * queue first come, first served. The client's requests in flight use it (adaptive-limit.ts, and
 * `maxInFlight` in http.ts) so that a request something already under way waits for (a read, a retry)
 * does not queue behind fresh writes: in an import, a create whose answer was lost looks itself up in a
 * list of the run's records while the next records' creates wait for a place, and its look-up would
 * otherwise wait for every create queued before it. Like p-limit (whose place it takes here, having
 * no priorities), the limit may be changed while calls run; lowering it ends none.
 */

/** At most `concurrency` calls of {@link PriorityLimit.run} at once; urgent ones are started first. */
export class PriorityLimit {
  private active = 0;
  private readonly urgent: (() => void)[] = [];
  private readonly normal: (() => void)[] = [];

  /**
   * @param limit calls at once (1 and up).
   * @throws RangeError when `limit` is not a whole number from 1 up.
   */
  constructor(private limit: number) {
    checkLimit(limit);
  }

  /** Calls allowed at once. */
  get concurrency(): number {
    return this.limit;
  }

  /** Changes the calls allowed at once; waiting calls start at once if there is room. @throws RangeError as the constructor. */
  set concurrency(limit: number) {
    checkLimit(limit);
    this.limit = limit;
    this.startWaiting();
  }

  /** Calls running now. */
  get activeCount(): number {
    return this.active;
  }

  /** Calls waiting now. */
  get pendingCount(): number {
    return this.urgent.length + this.normal.length;
  }

  /** Runs `call` once there is room, before every waiting call that is not `urgent` when it is. */
  async run<T>(call: () => Promise<T>, urgent = false): Promise<T> {
    if (this.active < this.limit) this.active += 1;
    // The room is handed over by the call that ends (startWaiting), already counted.
    else await new Promise<void>((resolve) => (urgent ? this.urgent : this.normal).push(resolve));
    try {
      return await call();
    } finally {
      this.active -= 1;
      this.startWaiting();
    }
  }

  private startWaiting(): void {
    while (this.active < this.limit) {
      const next = this.urgent.shift() ?? this.normal.shift();
      if (!next) return;
      this.active += 1;
      next();
    }
  }
}

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`Expected the limit to be a whole number from 1 up, got ${limit}`);
}
