/**
 * Where a create whose answer was lost looks for itself (run.ts): among the records changed since the
 * newest create of the run answered before it was sent, less the margin, in lists shared with the
 * other lost creates of the moment (fresh-read.ts).
 */
import type { ExistingRecords, ServiceRecord } from './existing.ts';
import { FreshRead } from './fresh-read.ts';
import { LOST_LOOKUP_GATHER_MS, LOST_LOOKUP_HEDGE_MS, RECONCILE_MARGIN_MS } from './run-options.ts';

/** The look-ups of one run's lost creates; found records join `existing` (unclaimed). */
export class LostLookup<R extends ServiceRecord> {
  /**
   * The newest `updated_at` a create of this run was answered with, epoch milliseconds (the run's
   * cursor before the first): a record sent after that answer came is stamped after it, less the
   * margin (the assumption the run's cursor already makes of the records read before the run: gaps
   * row 14, ties, is what the margin is for).
   */
  private newestCreatedMs: number;
  /** The `updated_at` of each create of this run answered so far, epoch milliseconds, in the order answered. */
  private readonly createdMs: number[] = [];
  private readonly lists: FreshRead;

  /**
   * @param listSince the records changed after an ISO time (null: all), at least `expectedRecords` of
   *   them, as `ImportOps.listSince`.
   * @param cursor the newest `updated_at` of the records read before the run (null: none).
   */
  constructor(
    listSince: (updatedAfter: string | null, expectedRecords: number) => Promise<R[]>,
    private readonly existing: ExistingRecords<R>,
    cursor: string | null,
  ) {
    this.newestCreatedMs = cursor ? Date.parse(cursor) : Number.NEGATIVE_INFINITY;
    const read = async (sinceMs: number) => {
      const fromMs = sinceMs - RECONCILE_MARGIN_MS;
      const since = Number.isFinite(fromMs) ? new Date(fromMs).toISOString() : null;
      for (const record of await listSince(since, this.createdSince(fromMs))) {
        if (!this.existing.byId(record.id)) this.existing.add(record, false);
      }
    };
    this.lists = new FreshRead(read, LOST_LOOKUP_GATHER_MS, undefined, LOST_LOOKUP_HEDGE_MS);
  }

  /** Where a create about to be sent will be looked for if its answer is lost, epoch milliseconds (before the margin). */
  beforeSend(): number {
    return this.newestCreatedMs;
  }

  /** Notes a create's answer: the creates sent after it are stamped after it. */
  answered(record: R): void {
    const ms = Date.parse(record.updated_at);
    this.createdMs.push(ms);
    if (ms > this.newestCreatedMs) this.newestCreatedMs = ms;
  }

  /**
   * How many of this run's creates were stamped after `fromMs` (epoch milliseconds): records a list since
   * then holds at least, so its pages can be asked for at once. Counted from the newest answers back:
   * answers come about in stamp order, and a count a little off costs only a page asked for or not.
   */
  private createdSince(fromMs: number): number {
    let count = 0;
    for (let i = this.createdMs.length - 1; i >= 0; i--) {
      if (this.createdMs[i]! > fromMs) count += 1;
      else if (this.createdMs[i]! < fromMs - RECONCILE_MARGIN_MS) break;
    }
    return count;
  }

  /**
   * A record with this identity among those changed since `sentAfterMs` (from {@link beforeSend}, less
   * the margin; a list begun after the lost create), or known before, not yet taken.
   * @throws the list's error when it could not be read (the create is then not sent again).
   */
  async find(identity: string, sentAfterMs: number): Promise<R | undefined> {
    await this.lists.after(sentAfterMs);
    return this.existing.takeTwin(identity);
  }
}
