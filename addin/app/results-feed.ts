/**
 * An import's results written into the sheet while the run goes on, so the ids of what was sent are
 * on their rows even if the pane closes mid-import: each record's rows are queued as its outcome is
 * known and written in batches, one write at a time and at most one batch per `everyMs`. A write
 * that fails mid-run (the sheet protected, a cell being edited) is not retried until the end; the
 * durable journal holds the ids meanwhile.
 */
import type { RowResult } from '../../shared/import/outcome.ts';

/** Writes one batch of results (row numbers as read at the start); `part` counts from 0. */
export type WritePart = (results: RowResult[], part: number) => Promise<void>;

/** Results queued during a run and written in batches; see the module comment. */
export class ResultsFeed {
  private pending: RowResult[] = [];
  /** What was written for each sheet row (as read at the start), to write at the end only what changed. */
  private readonly written = new Map<number, string>();
  private writing: Promise<void> = Promise.resolve();
  private lastStart = Number.NEGATIVE_INFINITY;
  private parts = 0;
  private failed = false;

  /**
   * @param write writes one batch (re-reading the sheet first, to find rows that moved).
   * @param everyMs least time between the starts of two writes during the run, milliseconds; 0 writes
   *   after every record (records that finish during a write go together in the next).
   * @param now the clock, milliseconds.
   */
  constructor(
    private readonly write: WritePart,
    private readonly everyMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Batches written (or tried) so far. */
  get partsWritten(): number {
    return this.parts;
  }

  /** Queues one record's rows; starts a write when none is under way and `everyMs` has passed. */
  add(results: readonly RowResult[]): void {
    this.pending.push(...results);
    if (!this.failed && this.pending.length > 0 && this.now() - this.lastStart >= this.everyMs) this.flush();
  }

  /** Takes the queued rows as one batch, written after the write under way (if any). */
  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.lastStart = this.now();
    this.writing = this.writing.then(async () => {
      if (this.failed) return;
      try {
        await this.write(batch, this.parts++);
        for (const result of batch) this.written.set(result.rowNumber, JSON.stringify(result));
      } catch {
        // Left for the end, when one more write is tried and its failure is the run's to report.
        this.failed = true;
      }
    });
  }

  /**
   * Waits for the write under way, then writes every row of `final` (the run's last word) not
   * written as it is now.
   * @throws whatever the last write throws (WorkbookError, an office-js error).
   */
  async finish(final: readonly RowResult[]): Promise<void> {
    await this.writing;
    const rest = final.filter((r) => this.written.get(r.rowNumber) !== JSON.stringify(r));
    if (rest.length === 0 && this.parts > 0) return;
    await this.write(rest, this.parts++);
    for (const result of rest) this.written.set(result.rowNumber, JSON.stringify(result));
  }
}
