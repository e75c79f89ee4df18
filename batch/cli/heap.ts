/**
 * The `shed` process's heap: how far V8 lets it grow past its live data before a full collection,
 * and the guard that stops a run cleanly before V8 runs out of heap.
 *
 * By default V8 lets the old generation grow to as much as four times what was live after the last
 * full collection, and an export or an import makes a great deal of short-lived garbage around a
 * live set of records: the process's peak memory was then mostly garbage not yet collected (the
 * ledger of 100,000 lines peaked at 465 MB with 70 MB live). Growing by at most half keeps the
 * peak near what is live: measured on that ledger, 292 MB for about 10% more time; the movements
 * export of 100,000 lines 350 → 260 MB in the same time (docs/performance.md, bench 3).
 *
 * A heap out of memory ends the process at once (no results, the run lock left behind), so an
 * import checks the {@link MemoryGuard} between rows and records and stops on its own before that:
 * with a typed error before anything is sent, or by sending no more records and writing the results.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The heap may grow this many percent past the live data between full collections (V8's `--heap-growing-percent`). */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Sets {@link HEAP_GROWING_PERCENT} in this process's V8. Called once as the process starts; V8
 * reads the setting at each full collection, so it holds from the next one. A Node whose V8 has no
 * such flag ignores it, and only memory is affected either way, never a result.
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/** Share of V8's heap limit (`heap_size_limit`) past which a run stops rather than risk running out. */
export const HEAP_WATERMARK = 0.8;

/** The environment variable that sets the watermark in MB instead (tests, or a machine that must leave room). */
export const MEMORY_LIMIT_ENV = 'SHED_MEMORY_LIMIT_MB';

/** Whether this process's heap is past a watermark, asked between rows and between records. */
export interface MemoryGuard {
  /** The heap in use (after a full collection, when it looked past) is over {@link limitBytes}. */
  over(): boolean;
  /** The watermark, in bytes of V8 heap in use. */
  readonly limitBytes: number;
  /** V8 heap in use now, in bytes (garbage not yet collected included). */
  used(): number;
}

const MB = 1024 * 1024;

let collect: (() => void) | null | undefined;

/** V8's full collection, made callable once (`--expose-gc` set at run time); null where that fails. */
function fullCollection(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    v8.setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  } catch {
    collect = null;
  }
  return collect;
}

/**
 * The guard on this process's V8 heap: past `SHED_MEMORY_LIMIT_MB` (from `env`) if set, else past
 * {@link HEAP_WATERMARK} of V8's heap limit. Heap in use counts garbage not yet collected, so a
 * look past the watermark runs a full collection and looks again before it says so.
 */
export function heapGuard(env: Readonly<Record<string, string | undefined>>): MemoryGuard {
  const set = Number(env[MEMORY_LIMIT_ENV]);
  const limitBytes =
    Number.isFinite(set) && set > 0 ? set * MB : v8.getHeapStatistics().heap_size_limit * HEAP_WATERMARK;
  const used = () => v8.getHeapStatistics().used_heap_size;
  return {
    limitBytes,
    used,
    over() {
      if (used() <= limitBytes) return false;
      fullCollection()?.();
      return used() > limitBytes;
    },
  };
}

/** A guard's watermark in words: `3,277 MB`. */
export function describeLimit(guard: MemoryGuard): string {
  return `${Math.round(guard.limitBytes / MB).toLocaleString('en-AU')} MB`;
}
