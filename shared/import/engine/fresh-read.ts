/**
 * One read shared by every caller that needs a read begun after it asked: the lookups of creates whose
 * answers were lost (run.ts). Each of them must see the service as it is after its own create, so a read
 * already under way when one asks is not enough; but every caller that asks while it runs can share the
 * one next read. With one answer in five failing, 100 lost creates among 500 then cost a few dozen
 * lists of the run's records instead of 100 (each up to three pages of 200 receipts).
 */

/** Coalesces calls of `read`: each call resolves once a read that began after it was called has ended. */
export class FreshRead {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  /** `read` is called at most once at a time; its error goes to every caller sharing that read. */
  constructor(private readonly read: () => Promise<void>) {}

  /** Resolves (or rejects) with the first read that begins at or after this call. */
  after(): Promise<void> {
    if (!this.running) {
      this.running = this.read().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.after();
      });
    return this.next;
  }
}
