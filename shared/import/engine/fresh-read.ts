/**
 * One read shared by the callers that need a read begun after they asked: the lookups of creates whose
 * answers were lost (run.ts). Each must see the service as it is after its own create, so a read already
 * under way when it asks is not enough; but the callers that ask within `gatherMs` of each other can
 * share one read. Reads begin at most once per `gatherMs` and may overlap, so a read held up (a page
 * answered 503 with Retry-After) holds up only those who share it, never the next. With one answer in
 * five failing, 100 lost creates among 500 then cost a few dozen lists of the run's records, not 100
 * (each up to three pages of 200 receipts).
 */

/** Coalesces calls of `read`: each call resolves once a read that began at or after it was called has ended. */
export class FreshRead {
  /** The read that will begin shortly and that callers join until it does. */
  private pending: Promise<void> | null = null;
  private lastBegan = Number.NEGATIVE_INFINITY;

  /**
   * @param read one read; its error goes to every caller sharing it.
   * @param gatherMs the least time between two reads beginning, milliseconds (the longest a caller
   *   waits for its read to begin).
   * @param now the clock, milliseconds (monotonic); default `performance.now()`.
   */
  constructor(
    private readonly read: () => Promise<void>,
    private readonly gatherMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Resolves (or rejects) with the first read that begins at or after this call. */
  after(): Promise<void> {
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
    this.lastBegan = this.now();
    return this.read();
  }
}
