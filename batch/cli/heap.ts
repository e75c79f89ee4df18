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
 * Below {@link HEAP_GROWTH_FLOOR_MB} of heap in use V8 keeps its own growth: there the limit saved
 * little memory and cost full collections.
 *
 * A heap out of memory ends the process at once (no results, the run lock left behind), so an
 * import checks the {@link MemoryGuard} between rows and records and stops on its own before that:
 * with a typed error before anything is sent, or by sending no more records and writing the results.
 */
import v8 from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';

/** The heap may grow this many percent past the live data between full collections (V8's `--heap-growing-percent`). */
export const HEAP_GROWING_PERCENT = 50;

const MB = 1024 * 1024;

/**
 * Heap in use (MB) below which V8 keeps its own growth: a small run's garbage costs little memory,
 * and limiting its growth there only adds full collections (a cold 100,000-line CSV plan paid 2-3
 * of them, ~4% of its CPU). Past it the growth is limited. At 64 the .xlsx reads peaked 30-50 MB
 * higher (bench 2); at 32 for the same CSV gain the 100,000-line .xlsx read peaks as before
 * (~290 MB) and the 1,048,576-row refusal ~15 MB higher (~210 MB, of its 1,024 MB bound).
 */
export const HEAP_GROWTH_FLOOR_MB = 32;

/** V8's heap in use, in bytes (garbage not yet collected included). */
const heapInUse = () => v8.getHeapStatistics().used_heap_size;

/** Whether {@link limitHeapGrowth} was asked for, and whether the limit is set in V8 yet. */
const growth = { wanted: false, limited: false, observer: null as PerformanceObserver | null };

/**
 * Limits V8's heap growth to {@link HEAP_GROWING_PERCENT} once the heap in use passes
 * {@link HEAP_GROWTH_FLOOR_MB}. Called once as the process starts. V8 reads the setting at each full
 * collection, so it holds from the next one; the heap in use is looked at after each collection
 * (once the event loop turns) and by every {@link MemoryGuard} look, between rows and records. A
 * Node whose V8 has no such flag ignores it, and only memory is affected either way, never a result.
 */
export function limitHeapGrowth(): void {
  growth.wanted = true;
  if (heapGrowthLimited(heapInUse()) || growth.observer) return;
  const observer = new PerformanceObserver(() => {
    if (heapGrowthLimited(heapInUse())) observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
  growth.observer = observer;
}

/**
 * Whether the growth limit is set: sets it now when {@link limitHeapGrowth} asked for it and
 * `usedBytes` (V8's heap in use, as a guard just read it) is past {@link HEAP_GROWTH_FLOOR_MB}.
 */
export function heapGrowthLimited(usedBytes: number): boolean {
  if (growth.limited || !growth.wanted) return growth.limited;
  if (usedBytes < HEAP_GROWTH_FLOOR_MB * MB) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  growth.observer?.disconnect();
  growth.limited = true;
  return true;
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
  const used = heapInUse;
  return {
    limitBytes,
    used,
    over() {
      const now = used();
      heapGrowthLimited(now);
      if (now <= limitBytes) return false;
      fullCollection()?.();
      return used() > limitBytes;
    },
  };
}

/** A guard's watermark in words: `3,277 MB`. */
export function describeLimit(guard: MemoryGuard): string {
  return `${Math.round(guard.limitBytes / MB).toLocaleString('en-AU')} MB`;
}
