/**
 * Reading an exporter's rows once, in order, from a sync or async iterable, with a look-ahead.
 */
import type { TableRow } from './table.ts';

/**
 * Rows read once: the first `size` are buffered (for widths), then all rows are replayed in order.
 * Works for sync and async iterables; an iterator that throws throws from `sample()` or `all()`.
 */
export function readAhead(
  rows: Iterable<TableRow> | AsyncIterable<TableRow>,
  size: number,
): { sample(): Promise<TableRow[]>; all(): AsyncIterable<TableRow> } {
  const iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  const head: TableRow[] = [];
  let done = false;
  return {
    async sample() {
      while (head.length < size) {
        const next = await iterator.next();
        if (next.done) {
          done = true;
          break;
        }
        head.push(next.value);
      }
      return head;
    },
    async *all() {
      try {
        yield* head;
        head.length = 0;
        while (!done) {
          const next = await iterator.next();
          done = next.done === true;
          if (!done) yield next.value as TableRow;
        }
      } finally {
        // Stopped early (a bad value): let the source close, e.g. a paginated fetch.
        if (!done) {
          try {
            await iterator.return?.();
          } catch {
            // the error that stopped the loop is the one to report
          }
        }
      }
    },
  };
}
