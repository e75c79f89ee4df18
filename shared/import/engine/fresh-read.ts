/**
 * One read shared by the callers that need a read begun after they asked: the lookups of creates whose
 * answers were lost (run.ts). Each must see the service as it is after its own create, so a read already
 * under way when it asks is not enough; but the callers that ask within `gatherMs` of each other can
 * share one read. Reads begin at most once per `gatherMs` and may overlap, so a read held up (a page
 * answered 503 with Retry-After) holds up only those who share it, never the next. With one answer in
 * five failing, 100 lost creates among 500 then cost a few dozen lists of the run's records, not 100
 * (each up to three pages of 200 receipts).
 *
 * Each caller says from when it needs the service's records (`sinceMs`); a read covers the earliest
 * of the callers sharing it, so a caller whose record can only be recent asks for a short list (one
 * page, one round trip) while the run's earlier records are not listed again.
 */

/** Coalesces calls of `read`: each call resolves once a read that began at or after it was called has ended. */
export class FreshRead {
  /** The read that will begin shortly and that callers join until it does. */
  private pending: Promise<void> | null = null;
  /** The earliest `sinceMs` of the callers of the pending read. */
  private pendingSince = Number.POSITIVE_INFINITY;
  private lastBegan = Number.NEGATIVE_INFINITY;

  /**
   * @param read one read of the records changed after `sinceMs` (epoch milliseconds; -Infinity: all
   *   of them); its error goes to every caller sharing it.
   * @param gatherMs the least time between two reads beginning, milliseconds (the longest a caller
   *   waits for its read to begin).
   * @param now the clock, milliseconds (monotonic); default `performance.now()`.
   */
  constructor(
    private readonly read: (sinceMs: number) => Promise<void>,
    private readonly gatherMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Resolves (or rejects) with the first read that begins at or after this call and covers the records
   * changed after `sinceMs` (epoch milliseconds; default -Infinity: every record).
   */
  after(sinceMs = Number.NEGATIVE_INFINITY): Promise<void> {
    this.pendingSince = Math.min(this.pendingSince, sinceMs);
    if (this.pending) return this.pending;
    const wait = this.lastBegan + this.gatherMs - this.now();
    if (wait <= 0) return this.begin();
    this.pending = new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
      this.pending = null;
      return this.begin();
    });
    return this.pending;
  }

  private begin(): Promise<void> {
    const since = this.pendingSince;
    this.pendingSince = Number.POSITIVE_INFINITY;
    this.lastBegan = this.now();
    return this.read(since);
  }
}
