/**
 * One read shared by the callers that need a read begun after they asked: the lookups of creates whose
 * answers were lost (run.ts). Each must see the service as it is after its own create, so a read already
 * under way when it asks is not enough; but the callers that ask within `gatherMs` of each other can
 * share one read. A read begins at once when none is under way; else when one under way ends, or
 * `gatherMs` after the latest began, whichever comes first (reads may overlap). Callers that come
 * while a read is under way gather for the next one, which waits no longer than the read before it:
 * at the end of a run, where one lost create alone holds the run open, its read begins at once. With
 * one answer in five failing, 100 lost creates among 500 then cost a few dozen lists of the run's
 * records, not 100.
 *
 * Each caller says from when it needs the service's records (`sinceMs`); a read covers the earliest
 * of the callers sharing it, so a caller whose record can only be recent asks for a short list (one
 * page, one round trip) while the run's earlier records are not listed again.
 *
 * A caller is answered by the first read that ends well among those begun after it asked and covering
 * its `sinceMs`, its own or a later one. A read held up (a page answered 503 with Retry-After: 1, a
 * page failing twice) then holds up only until a later read ends; and a caller whose read is still
 * under way after `hedgeMs` asks for one more read, so a lone caller at the end of a run is not held
 * a second by one page. A caller whose own read fails gets its error (unless a later read answered it
 * first): the record is then not sent again (run.ts).
 */

/** One caller waiting for a read. */
interface Waiter {
  sinceMs: number;
  /** Reads begun before the call: only reads numbered above this one may answer it. */
  readsBefore: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Coalesces calls of `read`: each call resolves once a read that began after it was called has ended well. */
export class FreshRead {
  /** The read that will begin shortly and that callers join until it does. */
  private pending: Promise<void> | null = null;
  /** The earliest `sinceMs` of the callers of the pending read. */
  private pendingSince = Number.POSITIVE_INFINITY;
  private lastBegan = Number.NEGATIVE_INFINITY;
  /** Reads begun so far. */
  private begun = 0;
  /** Reads begun and not yet ended. */
  private underWay = 0;
  /** Begins the pending read early: called when a read under way ends. */
  private wake: (() => void) | null = null;
  private readonly waiting = new Set<Waiter>();

  /**
   * @param read one read of the records changed after `sinceMs` (epoch milliseconds; -Infinity: all
   *   of them); its error goes to every caller whose own read it is and no other read answered.
   * @param gatherMs the least time between two reads beginning while one is under way, milliseconds
   *   (the longest a caller waits for its read to begin).
   * @param now the clock, milliseconds (monotonic); default `performance.now()`.
   * @param hedgeMs how long a caller waits for its read before asking for one more, milliseconds
   *   (default: never).
   */
  constructor(
    private readonly read: (sinceMs: number) => Promise<void>,
    private readonly gatherMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly hedgeMs = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Resolves once a read that began after this call and covers the records changed after `sinceMs`
   * (epoch milliseconds; default -Infinity: every record) has ended well; rejects with the error of
   * this call's own read (the first it joined) when that fails first.
   */
  after(sinceMs = Number.NEGATIVE_INFINITY): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let hedge: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        this.waiting.delete(waiter);
        if (hedge !== undefined) clearTimeout(hedge);
      };
      const waiter: Waiter = {
        sinceMs,
        readsBefore: this.begun,
        resolve: () => {
          done();
          resolve();
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
      this.waiting.add(waiter);
      this.join(sinceMs).catch((error: unknown) => {
        if (this.waiting.has(waiter)) waiter.reject(error);
      });
      if (Number.isFinite(this.hedgeMs)) {
        hedge = setTimeout(() => {
          hedge = undefined;
          // One more read; its end answers this caller like any other, its failure is nobody's but its own.
          if (this.waiting.has(waiter)) this.join(sinceMs).catch(() => {});
        }, this.hedgeMs);
      }
    });
  }

  /** The read that begins next (now, or once a read under way ends or the gather is over), covering `sinceMs`. */
  private join(sinceMs: number): Promise<void> {
    this.pendingSince = Math.min(this.pendingSince, sinceMs);
    if (this.pending) return this.pending;
    const wait = this.lastBegan + this.gatherMs - this.now();
    if (wait <= 0 || this.underWay === 0) return this.begin();
    this.pending = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      this.pending = null;
      this.wake = null;
      // Every caller answered meanwhile (a hedge's read gathered, then its caller's own read ended well):
      // a read now would be for no one.
      if (this.waiting.size === 0) {
        this.pendingSince = Number.POSITIVE_INFINITY;
        return;
      }
      return this.begin();
    });
    return this.pending;
  }

  private begin(): Promise<void> {
    const since = this.pendingSince;
    this.pendingSince = Number.POSITIVE_INFINITY;
    this.lastBegan = this.now();
    this.begun += 1;
    this.underWay += 1;
    const number = this.begun;
    // Any read ending begins the gathered one: a read held up by retries does not hold it the gather.
    const ended = () => {
      this.underWay -= 1;
      this.wake?.();
    };
    return this.read(since).then(
      () => {
        ended();
        for (const waiter of [...this.waiting]) {
          if (waiter.readsBefore < number && waiter.sinceMs >= since) waiter.resolve();
        }
      },
      (error: unknown) => {
        ended();
        throw error;
      },
    );
  }
}
