/**
 * The order of list results (gaps row 14): ascending `updated_at`, then `id`. One index per
 * organisation and resource keeps its records' keys sorted, so a page after `updated_after` is a
 * binary search and a slice: O(log n + page size), never a sort per request.
 */

/** One entry: a record's `updated_at` in microseconds and its id. */
export interface IndexEntry {
  readonly us: number;
  readonly id: string;
}

function before(a: IndexEntry, us: number, id: string): boolean {
  return a.us < us || (a.us === us && a.id < id);
}

/** Keys of one organisation's records of one resource, sorted by (updated_at, id). */
export class OrderedIndex {
  private readonly entries: IndexEntry[] = [];

  get size(): number {
    return this.entries.length;
  }

  /** Adds a key. Appending (the usual case: a fresh `updated_at` is the latest) is O(1). */
  insert(us: number, id: string): void {
    const last = this.entries[this.entries.length - 1];
    if (!last || before(last, us, id)) {
      this.entries.push({ us, id });
      return;
    }
    this.entries.splice(this.position(us, id), 0, { us, id });
  }

  /** Removes a key (a record updated or deleted). O(log n) search plus one array move. */
  remove(us: number, id: string): void {
    const at = this.position(us, id);
    const entry = this.entries[at];
    if (entry && entry.us === us && entry.id === id) this.entries.splice(at, 1);
  }

  /** Index of the first entry whose `updated_at` is strictly after `us` (gaps row 14: strict). */
  firstAfter(us: number): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid]!.us <= us) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Ids of entries [start, end), in order. */
  ids(start: number, end: number): string[] {
    const out: string[] = [];
    const stop = Math.min(end, this.entries.length);
    for (let i = Math.max(0, start); i < stop; i++) out.push(this.entries[i]!.id);
    return out;
  }

  /** First index whose key is not before (us, id). */
  private position(us: number, id: string): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.entries[mid]!, us, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
