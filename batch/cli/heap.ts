/**
 * How far the `shed` process lets V8's heap grow past its live data before a full collection.
 *
 * By default V8 lets the old generation grow to as much as four times what was live after the last
 * full collection, and an export or an import makes a great deal of short-lived garbage around a
 * live set of records: the process's peak memory was then mostly garbage not yet collected (the
 * ledger of 100,000 lines peaked at 465 MB with 70 MB live). Growing by at most half keeps the
 * peak near what is live: measured on that ledger, 292 MB for about 10% more time; the movements
 * export of 100,000 lines 350 → 260 MB in the same time (docs/performance.md, bench 3).
 */
import v8 from 'node:v8';

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
